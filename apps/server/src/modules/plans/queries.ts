/** What the plans module answers to reads (GET /api/plans, GET /api/vendors/:id/plans/:planId). */
import {
  PLAN_MANAGE_MESSAGES,
  type CustomerPlan,
  type VendorPlan,
  type VendorPlanFilter,
  type VendorPlansPage,
  type VendorPlansQuery,
} from '@stg/domain/api/plans';
import type { Db } from '../../db/client';
import { notFound, unprocessable } from '../../http/errors';
import { presentCustomerPlan, presentVendorPlan, presentVendorPlanSummary } from './presenter';
import {
  findCustomerNameOfPlan,
  findPlan,
  listNextVisitsOfPlans,
  listPlansOfUser,
  listVendorPlansPage,
  listVisitsOfPlan,
  listVisitsOfPlans,
} from './repo';
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
  const [name, visits] = await Promise.all([
    findCustomerNameOfPlan(db, plan.userId),
    listVisitsOfPlan(db, plan.id),
  ]);
  return presentVendorPlan(plan, name, visits);
}

/** The Plans list's page cursor: the filter and the last plan's id, opaque to the client (base64url). */
const encodePlansCursor = (status: VendorPlanFilter, id: number) =>
  Buffer.from(`${status}:${id}`, 'utf8').toString('base64url');

function decodePlansCursor(status: VendorPlanFilter, cursor: string): number | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) return null;
  const match = /^(all|active|paused|cancelled):([1-9]\d{0,9})$/.exec(
    Buffer.from(cursor, 'base64url').toString('utf8'),
  );
  if (!match || match[1] !== status) return null;
  const id = Number(match[2]);
  return id > 2_147_483_647 ? null : id;
}

/**
 * A page of the vendor's plans (GET /api/vendors/:id/plans), newest first, each with its customer and its
 * next visit from `now`. A cursor of another filter, or one that does not parse, is 422.
 */
export async function vendorPlansPage(
  db: Db,
  vendorId: number,
  query: VendorPlansQuery,
  now: Date,
): Promise<VendorPlansPage> {
  const beforeId = query.cursor ? decodePlansCursor(query.status, query.cursor) : null;
  if (query.cursor && beforeId === null) throw unprocessable(PLAN_MANAGE_MESSAGES.cursorInvalid);
  const rows = await listVendorPlansPage(db, {
    vendorId,
    status: query.status === 'all' ? null : query.status,
    limit: query.limit,
    beforeId,
  });
  const page = rows.slice(0, query.limit);
  const next = new Map(
    (
      await listNextVisitsOfPlans(
        db,
        page.map((r) => r.plan.id),
        now,
      )
    ).map((v) => [v.planId, v]),
  );
  const last = page[page.length - 1];
  return {
    plans: page.map((r) =>
      presentVendorPlanSummary(
        r.plan,
        `${r.firstName} ${r.lastName}`.trim(),
        r.plan.status === 'cancelled' ? null : (next.get(r.plan.id) ?? null),
      ),
    ),
    nextCursor: rows.length > query.limit && last ? encodePlansCursor(query.status, last.plan.id) : null,
  };
}
