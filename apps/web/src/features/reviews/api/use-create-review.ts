import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateReviewRequest } from '@stg/domain/api/reviews';
import { reviewsApi } from '@stg/domain/api/reviews.endpoints';
import { call } from '../../../lib/api-client';
import { refreshAfterReview } from './reviews-query';

/** POST /api/vendors/{id}/reviews {review: {body, score}} → 201 {review}, or 4xx {errors}. */
export function useCreateReview(vendorId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (review: { body: string; score: number }) => {
      const request: CreateReviewRequest = { review };
      return (await call(reviewsApi.create, { params: { id: vendorId }, body: request })).review;
    },
    onSuccess: () => {
      void refreshAfterReview(queryClient, vendorId);
    },
  });
}
