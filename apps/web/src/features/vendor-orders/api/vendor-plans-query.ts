import { infiniteQueryOptions } from '@tanstack/react-query';
import type { VendorPlanFilter, VendorPlansPage } from '@stg/domain/api/plans';
import { plansApi } from '@stg/domain/api/plans.endpoints';
import { call } from '../../../lib/api-client';
import { vendorPlansKeyOf } from './vendor-plan-query';

/** Plans per page (as Order History's orders). */
export const VENDOR_PLANS_PAGE_SIZE = 50;

/**
 * GET /api/vendors/{id}/plans?status=&limit=&cursor= (ADR 0037): the vendor's plans under one filter,
 * newest first, a page at a time ("Load more" follows nextCursor).
 */
export const vendorPlansQueryOptions = (vendorId: number, status: VendorPlanFilter) =>
  infiniteQueryOptions({
    queryKey: [...vendorPlansKeyOf(vendorId), 'list', status],
    queryFn: ({ pageParam, signal }): Promise<VendorPlansPage> =>
      call(
        plansApi.vendorPlans,
        {
          params: { id: vendorId },
          query: { status, limit: VENDOR_PLANS_PAGE_SIZE, cursor: pageParam ?? undefined },
        },
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last: VendorPlansPage) => last.nextCursor ?? undefined,
    staleTime: 30_000,
  });
