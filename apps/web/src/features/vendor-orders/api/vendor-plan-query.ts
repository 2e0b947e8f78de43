import { queryOptions } from '@tanstack/react-query';
import type { VendorPlan } from '@stg/domain/api/plans';
import { plansApi } from '@stg/domain/api/plans.endpoints';
import { call } from '../../../lib/api-client';

/** Every cached answer about a vendor's plans (each plan, the Plans list's pages), for refreshing. */
export const vendorPlansKeyOf = (vendorId: number) => ['vendors', vendorId, 'plans'] as const;

/** A vendor's plan (not under the orders' key: an order action's cache update must never meet it). */
export const vendorPlanKeyOf = (vendorId: number, planId: number) =>
  [...vendorPlansKeyOf(vendorId), planId] as const;

/**
 * GET /api/vendors/{id}/plans/{planId} (ADR 0037): one of the vendor's plans with every visit, read when a
 * plan visit's order is opened in Order History.
 */
export const vendorPlanQueryOptions = (vendorId: number, planId: number) =>
  queryOptions({
    queryKey: vendorPlanKeyOf(vendorId, planId),
    queryFn: async ({ signal }): Promise<VendorPlan> =>
      (await call(plansApi.vendorPlan, { params: { id: vendorId, planId } }, { signal })).plan,
    staleTime: 30_000,
  });
