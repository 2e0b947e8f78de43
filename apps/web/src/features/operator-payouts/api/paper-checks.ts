/**
 * The operators' Paper Checks (spec §1, §3: a payout destination of none means Paper Check; ADR 0017;
 * contract: @stg/domain/api/payouts): what is owed, oldest first, and recording a check as sent. Answers
 * are parsed with the shared schemas.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  markPaperCheckPaidResponseSchema,
  paperChecksOwedResponseSchema,
  type MarkPaperCheckPaidRequest,
  type PaperChecksOwedResponse,
} from '@stg/domain/api/payouts';
import { centsToDollars, dollarsToCents } from '@stg/domain/money';
import { api } from '../../../lib/api-client';

export const PAPER_CHECKS_KEY = ['operator', 'payouts', 'paper-checks'] as const;
export const PAPER_CHECKS_PATH = '/api/operator/payouts/paper-checks';

/** GET /api/operator/payouts/paper-checks */
export const paperChecksQueryOptions = () =>
  queryOptions({
    queryKey: PAPER_CHECKS_KEY,
    queryFn: async () => paperChecksOwedResponseSchema.parse(await api.get(PAPER_CHECKS_PATH)),
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
    mutationFn: async (request: MarkPaperCheckPaidRequest) =>
      markPaperCheckPaidResponseSchema.parse(
        await api.post(`${PAPER_CHECKS_PATH}/${orderId}/mark-paid`, request),
      ),
    onSuccess: () => {
      queryClient.setQueryData<PaperChecksOwedResponse>(PAPER_CHECKS_KEY, (current) =>
        current ? withoutOrder(current, orderId) : current,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: PAPER_CHECKS_KEY }),
  });
}
