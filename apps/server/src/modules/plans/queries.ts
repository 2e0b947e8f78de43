/** What the plans module answers to reads (GET /api/plans, GET /api/vendors/:id/plans/:planId). */
import { PLAN_MANAGE_MESSAGES, type CustomerPlan, type VendorPlan } from '@stg/domain/api/plans';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { presentCustomerPlan, presentVendorPlan } from './presenter';
import { findPlan, listPlansOfUser, listVisitsOfPlan, listVisitsOfPlans } from './repo';
import { priceProposalOf, vendorPricingNow } from './price-proposal';

/** The user's plans, newest first, each with its visits in order. */
export async function customerPlans(db: Db, userId: number): Promise<CustomerPlan[]> {
  const rows = await listPlansOfUser(db, userId);
  const visits = await listVisitsOfPlans(
    db,
    rows.map((r) => r.plan.id),
  );
  const vendorIds = [...new Set(rows.map((r) => r.plan.vendorId))];
  const pricing = new Map(
    await Promise.all(vendorIds.map(async (id) => [id, await vendorPricingNow(db, id)] as const)),
  );
  return rows.map((r) => {
    const own = visits.filter((v) => v.planId === r.plan.id);
    const now = pricing.get(r.plan.vendorId) ?? null;
    return presentCustomerPlan(
      r.plan,
      r.vendorName,
      own,
      now?.offers ?? [],
      priceProposalOf(r.plan, now, own),
    );
  });
}

/** One of the vendor's plans with its visits in order; another vendor's (or none) is 404, its existence untold. */
export async function vendorPlan(db: Db, vendorId: number, planId: number): Promise<VendorPlan> {
  const plan = await findPlan(db, planId);
  if (!plan || plan.vendorId !== vendorId) throw notFound(PLAN_MANAGE_MESSAGES.planNotFound);
  return presentVendorPlan(plan, await listVisitsOfPlan(db, plan.id));
}
