/**
 * Reviews (spec §5 Review, §6): who may review a vendor, writing one (once per customer per vendor,
 * the unique index deciding under concurrency) and deleting one's own.
 */
import type { ReviewEligibility, ReviewJson } from '@stg/domain/api/reviews';
import { REVIEW_MESSAGES, reviewFormProblem } from '@stg/domain/api/reviews';
import { MESSAGES } from '@stg/domain/validation';
import type { Db } from '../../db/client';
import { forbidden, HttpError, notFound, unauthorized, unprocessable } from '../../http/errors';
import type { UserRow } from '../../db/rows';
import {
  deleteOwnReview,
  findOwnReview,
  findVendorListingStatus,
  hasLiveOrder,
  insertProductReview,
  isSecondReview,
  listVendorReviews,
  type ReviewRow,
} from './repo';
import { productRating } from './rating';

/** A review as the API shows it (the same shape as the provider page's `vendor.reviews`). */
export function presentReview(r: ReviewRow): ReviewJson {
  return {
    id: r.id,
    userId: r.userId,
    body: r.body,
    score: r.score,
    author: { firstName: r.authorFirstName, lastName: r.authorLastName },
    authorImage: r.authorImageUrl,
    reviewType: r.reviewType,
    url: r.url,
    createdAt: r.createdAt.toISOString(),
  };
}

const isVisibleTo = (listingStatus: string, vendorId: number, user: UserRow | null) =>
  listingStatus === 'active' || user?.vendorId === vendorId;

/** The vendor, visible to this visitor: active listings to all, any listing to its owner; else 404. */
async function visibleVendor(db: Db, vendorId: number, user: UserRow | null) {
  const listingStatus = await findVendorListingStatus(db, vendorId);
  if (!listingStatus || !isVisibleTo(listingStatus, vendorId, user)) throw notFound(MESSAGES.vendorNotFound);
}

/** A guest's eligibility: the same for every guest. */
export const GUEST_ELIGIBILITY: ReviewEligibility = {
  canReview: false,
  reason: REVIEW_MESSAGES.signInToReview,
  ownReviewId: null,
};

/**
 * Whether `user` may review the vendor now: guests sign in first; vendors never review (their own page
 * included); one review per customer; and only after an order that was not cancelled (ADR 0018).
 */
export async function eligibilityOf(
  db: Db,
  vendorId: number,
  user: UserRow | null,
): Promise<ReviewEligibility> {
  if (!user) return GUEST_ELIGIBILITY;
  if (user.userType === 'vendor' || user.vendorId !== null)
    return { canReview: false, reason: REVIEW_MESSAGES.vendorsCannotReview, ownReviewId: null };
  const own = await findOwnReview(db, vendorId, user.id);
  if (own) return { canReview: false, reason: REVIEW_MESSAGES.alreadyReviewed, ownReviewId: own.id };
  if (!(await hasLiveOrder(db, vendorId, user.id)))
    return { canReview: false, reason: REVIEW_MESSAGES.noOrder, ownReviewId: null };
  return { canReview: true, reason: null, ownReviewId: null };
}

/**
 * What GET /api/vendors/{id}/reviews shows every visitor alike (the same for all, so it may be cached,
 * ADR 0022): the vendor's listing status, its reviews newest first and its figures; null when there is no
 * such vendor. Two statements at once; the figures are counted from the reviews read anyway.
 */
export async function loadReviewsPage(db: Db, vendorId: number) {
  const [listingStatus, rows] = await Promise.all([
    findVendorListingStatus(db, vendorId),
    listVendorReviews(db, vendorId),
  ]);
  if (!listingStatus) return null;
  return { listingStatus, reviews: rows.map(presentReview), ...productRating(rows) };
}
export type ReviewsPage = NonNullable<Awaited<ReturnType<typeof loadReviewsPage>>>;

/** The page as this visitor may see it: 404 for a listing that is not active unless it is theirs. */
export function visiblePage(page: ReviewsPage | null, vendorId: number, user: UserRow | null): ReviewsPage {
  if (!page || !isVisibleTo(page.listingStatus, vendorId, user)) throw notFound(MESSAGES.vendorNotFound);
  return page;
}

/** The GET answer: the page's shared part and this visitor's eligibility. */
export function reviewsAnswer(page: ReviewsPage, eligibility: ReviewEligibility) {
  return {
    reviews: page.reviews,
    eligibility,
    avgRating: page.avgRating,
    reviewCount: page.reviewCount,
  };
}

/** The answer's status for an eligibility refusal: sign in 401, a second review 409, the rest 403. */
function refusal(reason: string): HttpError {
  if (reason === REVIEW_MESSAGES.signInToReview) return unauthorized(reason);
  if (reason === REVIEW_MESSAGES.alreadyReviewed) return new HttpError(409, [reason]);
  return forbidden(reason);
}

export async function createReview(
  db: Db,
  q: { vendorId: number; user: UserRow | null; body: string; score: number | null | undefined; now: Date },
): Promise<ReviewJson> {
  await visibleVendor(db, q.vendorId, q.user);
  const eligibility = await eligibilityOf(db, q.vendorId, q.user);
  if (!eligibility.canReview) throw refusal(eligibility.reason!);
  const problem = reviewFormProblem({ score: q.score, body: q.body });
  if (problem) throw unprocessable(problem);
  const user = q.user!;
  try {
    const row = await insertProductReview(db, {
      vendorId: q.vendorId,
      userId: user.id,
      body: q.body.trim(),
      score: q.score!,
      firstName: user.firstName,
      lastName: user.lastName,
      createdAt: q.now,
    });
    return presentReview(row);
  } catch (err) {
    // Concurrent posts by one customer: the unique index lets one through.
    if (isSecondReview(err)) throw refusal(REVIEW_MESSAGES.alreadyReviewed);
    throw err;
  }
}

/** Only the author deletes their review; anyone else's (and every Google review) is unknown here. */
export async function deleteReview(db: Db, q: { reviewId: number; user: UserRow }): Promise<void> {
  if (!(await deleteOwnReview(db, q.reviewId, q.user.id))) throw notFound(REVIEW_MESSAGES.reviewNotFound);
}
