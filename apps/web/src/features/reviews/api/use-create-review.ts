import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reviewResponseSchema, type CreateReviewRequest } from '@stg/domain/api/reviews';
import { api } from '../../../lib/api-client';
import { refreshAfterReview } from './reviews-query';

/** POST /api/vendors/{id}/reviews {review: {body, score}} → 201 {review}, or 4xx {errors}. */
export function useCreateReview(vendorId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (review: { body: string; score: number }) => {
      const request: CreateReviewRequest = { review };
      const answer = await api.post(`/api/vendors/${vendorId}/reviews`, request);
      return reviewResponseSchema.parse(answer).review;
    },
    onSuccess: () => {
      void refreshAfterReview(queryClient, vendorId);
    },
  });
}
