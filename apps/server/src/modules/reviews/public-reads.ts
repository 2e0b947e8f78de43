/**
 * GET /api/vendors/{id}/reviews as the API answers it: the part every visitor sees alike is cached until
 * a write changes it in any process (ADR 0022); a guest's whole answer is made once per cached page;
 * a signed-in visitor's eligibility is their own (a personal answer).
 */
import { vendorReviewsResponseSchema } from '@stg/domain/api/reviews';
import type { UserRow } from '../../db/rows';
import type { AppDeps } from '../../deps';
import {
  publicReadCache,
  representation,
  serializeWith,
  type Representation,
} from '../public-read-cache/cache';
import {
  eligibilityOf,
  GUEST_ELIGIBILITY,
  loadReviewsPage,
  reviewsAnswer,
  visiblePage,
  type ReviewsPage,
} from './service';

export async function reviewsReader(deps: Pick<AppDeps, 'database' | 'db'>) {
  const { db } = deps;
  const cache = await publicReadCache(deps.database);
  const serializeReviews = serializeWith(vendorReviewsResponseSchema);
  /** A guest's whole answer, made once per cached page. */
  const guestAnswers = new WeakMap<ReviewsPage, Representation>();

  return async function read(
    vendorId: number,
    user: UserRow | null,
    /** The public reads' version the request read already (req.publicReadVersion), if any. */
    version?: number | null,
  ): Promise<{ rep: Representation; personal: boolean }> {
    const page = visiblePage(
      await cache.get(`reviews:${vendorId}`, () => loadReviewsPage(db, vendorId), version),
      vendorId,
      user,
    );
    if (!user) {
      let guest = guestAnswers.get(page);
      if (!guest) {
        guest = representation(serializeReviews(reviewsAnswer(page, GUEST_ELIGIBILITY)));
        guestAnswers.set(page, guest);
      }
      return { rep: guest, personal: false };
    }
    const answer = reviewsAnswer(page, await eligibilityOf(db, vendorId, user));
    return { rep: representation(serializeReviews(answer)), personal: true };
  };
}
