/**
 * The operators' Paper Checks (spec §1, §3: a payout destination of none means Paper Check; ADR 0017;
 * contract: @stg/domain/api/payouts): what is owed, oldest first, and recording a check as sent. Answers
 * are parsed with the shared schemas.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarkPaperCheckPaidRequest, PaperChecksOwedResponse } from '@stg/domain/api/payouts';
import { payoutsApi } from '@stg/domain/api/payouts.endpoints';
import { centsToDollars, dollarsToCents } from '@stg/domain/money';
import { call } from '../../../lib/api-client';

export const PAPER_CHECKS_KEY = ['operator', 'payouts', 'paper-checks'] as const;

/** GET /api/operator/payouts/paper-checks */
export const paperChecksQueryOptions = () =>
  queryOptions({
    queryKey: PAPER_CHECKS_KEY,
    queryFn: () => call(payoutsApi.paperChecks),
    // Payouts fall due and other operators record checks: fetch again on each visit.
    staleTime: 0,
  });

/** The list without one order, its amount taken off the total (in cents, so no binary noise). */
export function withoutOrder(data: PaperChecksOwedResponse, orderId: number): PaperChecksOwedResponse {
  const gone = data.payouts.find((payout) => payout.orderId === orderId);
  if (!gone) return data;
  return {
    payouts: data.payouts.filter((payout) => payout.orderId !== orderId),
    totalOwed: centsToDollars(Math.max(0, dollarsToCents(data.totalOwed) - dollarsToCents(gone.amount))),
  };
}

/**
 * POST /api/operator/payouts/paper-checks/{orderId}/mark-paid {checkReference?, note?}. The order leaves the
 * list at once; the list is then fetched again (also after a refusal: 404 means another operator recorded
 * it, or it is no longer owed).
 */
export function useMarkPaperCheckPaid(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: MarkPaperCheckPaidRequest) =>
      call(payoutsApi.markPaperCheckPaid, { params: { orderId }, body: request }),
    onSuccess: () => {
      queryClient.setQueryData<PaperChecksOwedResponse>(PAPER_CHECKS_KEY, (current) =>
        current ? withoutOrder(current, orderId) : current,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: PAPER_CHECKS_KEY }),
  });
}
