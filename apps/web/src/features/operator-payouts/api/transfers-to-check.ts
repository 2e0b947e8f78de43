/**
 * The operators' transfers to check (ADR 0017; contract: @stg/domain/api/payouts): transfers the payout job
 * gave up on (the provider unreachable through every try; the transfer may or may not exist), oldest first,
 * and retrying one. The retry runs the payout job again with the same idempotency key, so the provider never
 * pays twice. Answers are parsed with the shared schemas.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TransfersNeedingReviewResponse } from '@stg/domain/api/payouts';
import { payoutsApi } from '@stg/domain/api/payouts.endpoints';
import { call } from '../../../lib/api-client';

export const TRANSFERS_TO_CHECK_KEY = ['operator', 'payouts', 'needing-review'] as const;

/** GET /api/operator/payouts/needing-review */
export const transfersToCheckQueryOptions = () =>
  queryOptions({
    queryKey: TRANSFERS_TO_CHECK_KEY,
    queryFn: () => call(payoutsApi.needingReview),
    staleTime: 0,
  });

/**
 * POST /api/operator/payouts/{orderId}/retry. The order leaves the list at once; the list is then fetched
 * again (also after a refusal: 409 means it was sent, or is no longer waiting to be checked).
 */
export function useRetryTransfer(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(payoutsApi.retry, { params: { orderId } }),
    onSuccess: () => {
      queryClient.setQueryData<TransfersNeedingReviewResponse>(TRANSFERS_TO_CHECK_KEY, (current) =>
        current ? { payouts: current.payouts.filter((p) => p.orderId !== orderId) } : current,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: TRANSFERS_TO_CHECK_KEY }),
  });
}
