import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshAfterReview } from './reviews-query';

/** DELETE /api/reviews/{id} by its author; a failure is only logged (spec §8). */
export function useDeleteReview(vendorId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reviewId: number) => api.delete(`/api/reviews/${reviewId}`),
    onSuccess: () => {
      void refreshAfterReview(queryClient, vendorId);
    },
    onError: (error) => console.error('Review delete failed', error),
  });
}
