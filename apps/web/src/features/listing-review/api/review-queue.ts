/**
 * The operators' listing review (issue 11; contract: @stg/domain/api/vendors): the queue of listings
 * under review, and Approve / Reject with a reason. Answers are parsed with the shared schemas.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewQueueItem, SendBackItem } from '@stg/domain/api/vendors';
import { listingReviewApi } from '@stg/domain/api/listing-review.endpoints';
import { call } from '../../../lib/api-client';

export const REVIEW_QUEUE_KEY = ['operator', 'listings'] as const;

/** Oldest submission first (the server sends them so; kept so whatever the answer's order). */
export function oldestFirst(listings: readonly ReviewQueueItem[]): ReviewQueueItem[] {
  const time = (item: ReviewQueueItem) =>
    item.submittedAt ? Date.parse(item.submittedAt) : Number.POSITIVE_INFINITY;
  return [...listings].sort((a, b) => time(a) - time(b));
}

/** GET /api/operator/listings */
export const reviewQueueQueryOptions = () =>
  queryOptions({
    queryKey: REVIEW_QUEUE_KEY,
    queryFn: async () => oldestFirst((await call(listingReviewApi.queue)).listings),
    // Other operators decide too: fetch again on each visit.
    staleTime: 0,
  });

export type ListingDecision =
  { kind: 'approve' } | { kind: 'reject'; reason: string; fixes: readonly SendBackItem[] };

/**
 * POST /api/operator/listings/{id}/approve, or /reject {reason, fixes}. The decided listing leaves the queue at
 * once; the queue and the catalog (an approved listing joins it) are then fetched again. A listing another
 * operator already decided answers 409: the queue is fetched again too.
 */
export function useListingDecision(vendorId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: ListingDecision) =>
      decision.kind === 'approve'
        ? call(listingReviewApi.approve, { params: { id: vendorId } })
        : call(listingReviewApi.reject, {
            params: { id: vendorId },
            body: { reason: decision.reason, fixes: [...decision.fixes] },
          }),
    onSuccess: () => {
      queryClient.setQueryData<ReviewQueueItem[]>(REVIEW_QUEUE_KEY, (current) =>
        current?.filter((item) => item.vendor.id !== vendorId),
      );
      void queryClient.invalidateQueries({ queryKey: ['vendors'] });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: REVIEW_QUEUE_KEY }),
  });
}
