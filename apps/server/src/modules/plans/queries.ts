/** What the plans module answers to reads (GET /api/plans). */
import type { CustomerPlan } from '@stg/domain/api/plans';
import type { Db } from '../../db/client';
import { presentCustomerPlan } from './presenter';
import { listPlansOfUser, listVisitsOfPlans } from './repo';
import { vendorPlanOffers } from '../plan-offers/service';

/** The user's plans, newest first, each with its visits in order. */
export async function customerPlans(db: Db, userId: number): Promise<CustomerPlan[]> {
  const rows = await listPlansOfUser(db, userId);
  const visits = await listVisitsOfPlans(
    db,
    rows.map((r) => r.plan.id),
  );
  const vendorIds = [...new Set(rows.map((r) => r.plan.vendorId))];
  const offers = new Map(
    await Promise.all(vendorIds.map(async (id) => [id, await vendorPlanOffers(db, id)] as const)),
  );
  return rows.map((r) =>
    presentCustomerPlan(
      r.plan,
      r.vendorName,
      visits.filter((v) => v.planId === r.plan.id),
      offers.get(r.plan.vendorId) ?? [],
    ),
  );
}
