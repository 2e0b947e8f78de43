import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { EarningsPayoutsPage } from '@stg/domain/api/earnings';
import { earningsApi } from '@stg/domain/api/earnings.endpoints';
import { call } from '../../../lib/api-client';

/** Payouts per page of the list ("Load more" follows nextCursor). */
export const EARNINGS_PAGE_SIZE = 25;

export const earningsKeyOf = (vendorId: number) => ['vendors', vendorId, 'earnings'] as const;

/** GET /api/vendors/{id}/earnings: the totals and the weekly and monthly series. */
export const earningsSummaryQueryOptions = (vendorId: number) =>
  queryOptions({
    queryKey: [...earningsKeyOf(vendorId), 'summary'],
    queryFn: ({ signal }) => call(earningsApi.summary, { params: { id: vendorId } }, { signal }),
    staleTime: 30_000,
  });

/** GET /api/vendors/{id}/earnings/payouts: the vendor's orders with their payout, latest first. */
export const earningsPayoutsQueryOptions = (vendorId: number) =>
  infiniteQueryOptions({
    queryKey: [...earningsKeyOf(vendorId), 'payouts'],
    queryFn: ({ pageParam, signal }) =>
      call(
        earningsApi.payouts,
        { params: { id: vendorId }, query: { limit: EARNINGS_PAGE_SIZE, cursor: pageParam ?? undefined } },
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last: EarningsPayoutsPage) => last.nextCursor ?? undefined,
    staleTime: 30_000,
  });

/** POST /api/vendors/{id}/earnings/stripe-payouts: a session for Stripe's payouts component (Stripe mode). */
export const stripePayoutsSession = (vendorId: number) =>
  call(earningsApi.stripePayouts, { params: { id: vendorId } });
