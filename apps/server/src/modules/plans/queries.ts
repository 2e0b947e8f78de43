/** What the plans module answers to reads (GET /api/plans). */
import type { CustomerPlan } from '@stg/domain/api/plans';
import type { Db } from '../../db/client';
import { presentCustomerPlan } from './presenter';
import { listPlansOfUser, listVisitsOfPlans } from './repo';

/** The user's plans, newest first, each with its visits in order. */
export async function customerPlans(db: Db, userId: number): Promise<CustomerPlan[]> {
  const rows = await listPlansOfUser(db, userId);
  const visits = await listVisitsOfPlans(
    db,
    rows.map((r) => r.plan.id),
  );
  return rows.map((r) =>
    presentCustomerPlan(
      r.plan,
      r.vendorName,
      visits.filter((v) => v.planId === r.plan.id),
    ),
  );
}
