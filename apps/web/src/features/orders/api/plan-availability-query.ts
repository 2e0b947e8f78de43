import { queryOptions } from '@tanstack/react-query';
import { plansApi } from '@stg/domain/api/plans.endpoints';
import { call } from '../../../lib/api-client';
import { availabilityKeyOf } from '../../../lib/availability-query';

/**
 * GET /api/plans/{id}/availability (ADR 0037): the plan's vendor's free starts for the plan's visit length,
 * as the provider page shows them. With a visit, its own time is free (rescheduling it); without, the
 * plan's visits not yet charged are free (changing the usual time). Under the vendor's availability key, so
 * a refused time refreshes it with every other answer of that vendor; always fetched fresh.
 */
export const planAvailabilityQueryOptions = (
  plan: { id: number; vendorId: number },
  visitId: number | null,
) =>
  queryOptions({
    queryKey: [...availabilityKeyOf(plan.vendorId), { planId: plan.id, visitId }],
    queryFn: () =>
      call(plansApi.availability, {
        params: { id: plan.id },
        query: visitId === null ? {} : { visit_id: String(visitId) },
      }),
    staleTime: 0,
  });
