import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reviewsApi } from '@stg/domain/api/reviews.endpoints';
import { call } from '../../../lib/api-client';
import { refreshAfterReview } from './reviews-query';

/** DELETE /api/reviews/{id} by its author; a failure is only logged (spec §8). */
export function useDeleteReview(vendorId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reviewId: number) => call(reviewsApi.delete, { params: { id: reviewId } }),
    onSuccess: () => {
      void refreshAfterReview(queryClient, vendorId);
    },
    onError: (error) => console.error('Review delete failed', error),
  });
}
