/**
 * Reviews (spec §3 Review, §5 Review, §6, §7 GET/POST /api/vendors/{id}/reviews, DELETE /api/reviews/{id}):
 * the contract and the rules both the review form and the server run.
 */
import { z } from 'zod';
import { LIMITS } from '../constants';
import { reviewSchema } from './vendors';

export const REVIEW_MESSAGES = {
  bodyTooShort: `Please provide a review with at least ${LIMITS.reviewBodyMin} characters.`,
  scoreMissing: 'Please provide a score.',
  both: `Please provide a score and a review with at least ${LIMITS.reviewBodyMin} characters.`,
  alreadyReviewed: "You've already reviewed this vendor",
  noOrder: 'You must place an order with this vendor to leave them a review',
  vendorsCannotReview: 'Vendors cannot leave reviews.',
  signInToReview: 'Sign in to leave a review.',
  bodyTooLong: 'Please keep your review under 5000 characters.',
  reviewNotFound: 'Review not found',
} as const;

export const REVIEW_BODY_MAX = 5000;

/**
 * Spec §5 Review: at least 10 characters and a score of 1-5, with its three messages (both missing →
 * the combined one). Null when the review can be sent.
 */
export function reviewFormProblem(input: { score: number | null | undefined; body: string }): string | null {
  const scoreOk =
    typeof input.score === 'number' && Number.isInteger(input.score) && input.score >= 1 && input.score <= 5;
  const body = input.body.trim();
  const bodyOk = body.length >= LIMITS.reviewBodyMin;
  if (!scoreOk && !bodyOk) return REVIEW_MESSAGES.both;
  if (!scoreOk) return REVIEW_MESSAGES.scoreMissing;
  if (!bodyOk) return REVIEW_MESSAGES.bodyTooShort;
  if (body.length > REVIEW_BODY_MAX) return REVIEW_MESSAGES.bodyTooLong;
  return null;
}

/** POST /api/vendors/{id}/reviews — spec §7 `{review: userId, body, score}` (userId is the session's; ignored). */
export const createReviewRequestSchema = z.object({
  review: z.object({
    userId: z.union([z.number(), z.string()]).optional(),
    body: z.string().optional().default(''),
    score: z.number().nullable().optional(),
  }),
});
export type CreateReviewRequest = z.input<typeof createReviewRequestSchema>;

/** One review as the API shows it (the provider page's `vendor.reviews` items have the same shape). */
export type ReviewJson = z.infer<typeof reviewSchema>;

export const reviewResponseSchema = z.object({ review: reviewSchema });
export const reviewsResponseSchema = z.object({ reviews: z.array(reviewSchema) });

/**
 * Whether the signed-in visitor may review this vendor now (GET /api/vendors/{id}/reviews answers it
 * beside the list): `reason` is the spec's disabled-button message when not.
 */
export const reviewEligibilitySchema = z.object({
  canReview: z.boolean(),
  reason: z.string().nullable(),
  /** The visitor's own review of this vendor, if any (only its author sees Delete Your Review). */
  ownReviewId: z.number().int().nullable(),
});
export type ReviewEligibility = z.infer<typeof reviewEligibilitySchema>;

export const vendorReviewsResponseSchema = reviewsResponseSchema.extend({
  eligibility: reviewEligibilitySchema,
  avgRating: z.number().nullable(),
  reviewCount: z.number().int(),
});
export type VendorReviewsResponse = z.infer<typeof vendorReviewsResponseSchema>;

/** GET /api/google-reviews: whether this server fetches Google reviews (off without a Places API key). */
export const googleReviewsStatusSchema = z.object({ enabled: z.boolean(), message: z.string().nullable() });
export type GoogleReviewsStatus = z.infer<typeof googleReviewsStatusSchema>;

/** DELETE /api/reviews/{id} answers 204 with no body. */
export const noContentSchema = z.null().describe('No content');
