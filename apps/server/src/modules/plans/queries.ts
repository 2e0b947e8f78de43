/** What the plans module answers to reads (GET /api/plans, GET /api/vendors/:id/plans/:planId). */
import { PLAN_MANAGE_MESSAGES, type CustomerPlan, type VendorPlan } from '@stg/domain/api/plans';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { presentCustomerPlan, presentVendorPlan } from './presenter';
import { findPlan, listPlansOfUser, listVisitsOfPlan, listVisitsOfPlans } from './repo';

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

/** One of the vendor's plans with its visits in order; another vendor's (or none) is 404, its existence untold. */
export async function vendorPlan(db: Db, vendorId: number, planId: number): Promise<VendorPlan> {
  const plan = await findPlan(db, planId);
  if (!plan || plan.vendorId !== vendorId) throw notFound(PLAN_MANAGE_MESSAGES.planNotFound);
  return presentVendorPlan(plan, await listVisitsOfPlan(db, plan.id));
}
