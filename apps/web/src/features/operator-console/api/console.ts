/**
 * The operator's console (issue 25 §3; contract: @stg/domain/api/operator): the dashboard's figures, the
 * paged lists and the actions on refunds that gave up. Answers are parsed with the shared schemas.
 */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarkRefundHandledRequest } from '@stg/domain/api/operator';
import { operatorApi } from '@stg/domain/api/operator.endpoints';
import { call } from '../../../lib/api-client';

export const CONSOLE_KEY = ['operator', 'console'] as const;

/** GET /api/operator/dashboard: fresh on each visit (orders, refunds and payouts move all day). */
export const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: [...CONSOLE_KEY, 'dashboard'],
    queryFn: () => call(operatorApi.dashboard),
    staleTime: 0,
  });

export const payoutsDueQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...CONSOLE_KEY, 'payouts-due', page],
    queryFn: () => call(operatorApi.payoutsDue, { query: { page } }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const failedRefundsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...CONSOLE_KEY, 'refunds-failed', page],
    queryFn: () => call(operatorApi.failedRefunds, { query: { page } }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const openDisputesQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...CONSOLE_KEY, 'disputes', page],
    queryFn: () => call(operatorApi.openDisputes, { query: { page } }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

/** After an action the refunds list and the dashboard's counts are read again. */
function useRefreshConsole() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: CONSOLE_KEY });
}

/** POST /api/operator/refunds/{refundId}/retry */
export function useRetryRefund() {
  const refresh = useRefreshConsole();
  return useMutation({
    mutationFn: (refundId: number) => call(operatorApi.retryRefund, { params: { refundId } }),
    onSettled: refresh,
  });
}

/** POST /api/operator/refunds/{refundId}/mark-handled {note} */
export function useMarkRefundHandled(refundId: number) {
  const refresh = useRefreshConsole();
  return useMutation({
    mutationFn: (request: MarkRefundHandledRequest) =>
      call(operatorApi.markRefundHandled, { params: { refundId }, body: request }),
    onSettled: refresh,
  });
}
