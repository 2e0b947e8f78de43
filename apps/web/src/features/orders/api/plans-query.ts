import { queryOptions } from '@tanstack/react-query';
import type { CustomerPlan } from '@stg/domain/api/plans';
import { plansApi } from '@stg/domain/api/plans.endpoints';
import { call } from '../../../lib/api-client';

export const PLANS_QUERY_KEY = ['plans'] as const;

/** GET /api/plans (ADR 0037): the signed-in customer's service plans, newest first, with their visits. */
export async function fetchPlans(): Promise<CustomerPlan[]> {
  return (await call(plansApi.customerPlans)).plans;
}

export const plansQueryOptions = () => queryOptions({ queryKey: PLANS_QUERY_KEY, queryFn: fetchPlans });
