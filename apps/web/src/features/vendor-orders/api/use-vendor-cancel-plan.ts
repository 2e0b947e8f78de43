import { useMutation, useQueryClient } from '@tanstack/react-query';
import { plansApi } from '@stg/domain/api/plans.endpoints';
import { call } from '../../../lib/api-client';
import { availabilityKeyOf } from '../../../lib/availability-query';
import { vendorOrdersKeyOf } from './vendor-orders-query';
import { vendorPlansKeyOf } from './vendor-plan-query';

/**
 * POST /api/plans/{id}/cancel {reason, confirmed: true} by the plan's vendor (ADR 0037): its held visits
 * are released (their times free at once); visits already charged stay orders. Then the plan, the Plans
 * list, the orders and the vendor's free times are read again.
 */
export function useVendorCancelPlan(vendorId: number, planId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (reason: string) =>
      (await call(plansApi.cancel, { params: { id: planId }, body: { reason, confirmed: true } })).plan,
    onSuccess: () => {
      // The plan and the Plans list's pages.
      void queryClient.invalidateQueries({ queryKey: vendorPlansKeyOf(vendorId) });
      void queryClient.invalidateQueries({ queryKey: vendorOrdersKeyOf(vendorId) });
      void queryClient.invalidateQueries({ queryKey: availabilityKeyOf(vendorId) });
    },
  });
}
