import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CustomerPlan } from '@stg/domain/api/plans';
import type { PlanFrequency } from '@stg/domain/plans';
import { plansApi } from '@stg/domain/api/plans.endpoints';
import { call } from '../../../lib/api-client';
import { availabilityKeyOf } from '../../../lib/availability-query';
import { ORDERS_QUERY_KEY } from './orders-query';
import { PLANS_QUERY_KEY } from './plans-query';

/** The answered plan replaces its old self at once; then the plans, orders and the vendor's free times. */
function refreshAfterPlanChange(queryClient: QueryClient, plan: CustomerPlan): void {
  queryClient.setQueryData<CustomerPlan[]>(PLANS_QUERY_KEY, (plans) =>
    plans?.map((p) => (p.id === plan.id ? plan : p)),
  );
  void queryClient.invalidateQueries({ queryKey: PLANS_QUERY_KEY });
  void queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY });
  void queryClient.invalidateQueries({ queryKey: availabilityKeyOf(plan.vendorId) });
}

/** POST /api/plans/{id}/visits/{visitId}/skip (ADR 0037): a held visit before its window closes. */
export function useSkipVisit(planId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (visitId: number) =>
      (await call(plansApi.skipVisit, { params: { id: planId, visitId } })).plan,
    onSuccess: (plan) => refreshAfterPlanChange(queryClient, plan),
  });
}

/** POST /api/plans/{id}/pause {until}: visits before that St George date are skipped. */
export function usePausePlan(planId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (until: string) =>
      (await call(plansApi.pause, { params: { id: planId }, body: { until } })).plan,
    onSuccess: (plan) => refreshAfterPlanChange(queryClient, plan),
  });
}

/** POST /api/plans/{id}/cancel: every held visit released; charged visits stay orders. */
export function useCancelPlan(planId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (reason: string) =>
      (await call(plansApi.cancel, { params: { id: planId }, body: reason ? { reason } : {} })).plan,
    onSuccess: (plan) => refreshAfterPlanChange(queryClient, plan),
  });
}

/** POST /api/plans/{id}/visits/{visitId}/reschedule: a held visit (or one that needs a time) to a free start. */
export function useRescheduleVisit(planId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ visitId, appointmentAt }: { visitId: number; appointmentAt: string }) =>
      (await call(plansApi.rescheduleVisit, { params: { id: planId, visitId }, body: { appointmentAt } }))
        .plan,
    onSuccess: (plan) => refreshAfterPlanChange(queryClient, plan),
  });
}

/** POST /api/plans/{id}/schedule: a new frequency and/or usual day and time, from a first visit. */
export function useChangeSchedule(planId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { frequency: PlanFrequency; firstVisitAt: string }) =>
      (await call(plansApi.changeSchedule, { params: { id: planId }, body })).plan,
    onSuccess: (plan) => refreshAfterPlanChange(queryClient, plan),
  });
}

/**
 * POST /api/plans/{id}/accept-price {version} (ADR 0037 step 3d): the new price from the next visit not yet
 * charged. A refusal (the provider's price changed again) refreshes the plans, so the card shows the new one.
 */
export function useAcceptPlanPrice(planId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (version: string) =>
      (await call(plansApi.acceptPrice, { params: { id: planId }, body: { version } })).plan,
    onSuccess: (plan) => refreshAfterPlanChange(queryClient, plan),
    onError: () => void queryClient.invalidateQueries({ queryKey: PLANS_QUERY_KEY }),
  });
}
