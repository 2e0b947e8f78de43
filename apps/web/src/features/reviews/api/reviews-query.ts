import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { VendorReviewsResponse } from '@stg/domain/api/reviews';
import { call } from '../../../lib/api-client';
import { reviewsApi } from '@stg/domain/api/reviews.endpoints';
import { vendorsQueryOptions } from '../../../lib/vendors/vendors-query';
import { vendorQueryOptions } from '../../../lib/vendors/vendor-query';
import { reviewsKeyOf } from '../../../lib/query-keys';

export { reviewsKeyOf };

/**
 * GET /api/vendors/{id}/reviews: the vendor's reviews and whether the visitor may review it now. The
 * visitor is part of the key (the eligibility is theirs), and the key is outside 'vendors', which a
 * sign-out keeps. The contract loads with the answer, so zod stays out of the provider page's first bundle.
 */
export const vendorReviewsQueryOptions = (vendorId: number, userId: number | null) =>
  queryOptions({
    queryKey: [...reviewsKeyOf(vendorId), { userId }],
    queryFn: (): Promise<VendorReviewsResponse> =>
      call(reviewsApi.vendorReviews, { params: { id: vendorId } }),
    staleTime: 30_000,
  });

/**
 * After a review is written or deleted: the vendor (its avgRating, reviewCount and reviews), its reviews
 * and eligibility, and the catalog's cards are read again, so every figure changes at once.
 */
export function refreshAfterReview(queryClient: QueryClient, vendorId: number): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: vendorQueryOptions(vendorId).queryKey, exact: true }),
    queryClient.invalidateQueries({ queryKey: vendorsQueryOptions().queryKey, exact: true }),
    queryClient.invalidateQueries({ queryKey: reviewsKeyOf(vendorId) }),
  ]);
}
