/** Plans, their visits and their append-only event log (ADR 0037): the only place they meet Drizzle. */
import { and, asc, desc, eq, gt, gte, inArray, lt, lte, notInArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { oneRow } from '../../db/one-row';
import { planEvents, plans, planVisits, timeClaims, users, vendors } from '../../db/schema';

export type PlanRow = typeof plans.$inferSelect;
export type NewPlan = typeof plans.$inferInsert;
export type PlanVisitRow = typeof planVisits.$inferSelect;
export type NewPlanVisit = typeof planVisits.$inferInsert;
export type NewPlanEvent = typeof planEvents.$inferInsert;

export async function insertPlan(tx: Tx, values: NewPlan): Promise<PlanRow> {
  return oneRow(await tx.insert(plans).values(values).returning(), 'plan');
}

/** The plan row, locked for the rest of the transaction (every change to a plan or its visits takes it first). */
export async function lockPlan(tx: Tx, id: number): Promise<PlanRow | null> {
  const [row] = await tx.select().from(plans).where(eq(plans.id, id)).for('update').limit(1);
  return row ?? null;
}

/**
 * The plan of visit `visitId`, locked (lockPlan's lock, found by the visit in the same statement: a visit's
 * plan never changes). The visit row itself is not locked: take it next with lockPlanVisit (plan first).
 */
export async function lockPlanOfVisit(tx: Tx, visitId: number): Promise<PlanRow | null> {
  const planOfVisit = tx.select({ id: planVisits.planId }).from(planVisits).where(eq(planVisits.id, visitId));
  const [row] = await tx.select().from(plans).where(inArray(plans.id, planOfVisit)).for('update').limit(1);
  return row ?? null;
}

/** lockPlanOfVisit with the plan's vendor read in the same statement (its row not locked). */
export async function lockPlanOfVisitWithVendor(tx: Tx, visitId: number) {
  const planOfVisit = tx.select({ id: planVisits.planId }).from(planVisits).where(eq(planVisits.id, visitId));
  const [row] = await tx
    .select({ plan: plans, vendor: vendors })
    .from(plans)
    .innerJoin(vendors, eq(vendors.id, plans.vendorId))
    .where(inArray(plans.id, planOfVisit))
    .for('update', { of: plans })
    .limit(1);
  return row ?? null;
}

/**
 * The visit and its plan, both locked, in one statement: `for update of plans, plan_visits` locks each row
 * found in that order (PostgreSQL takes a statement's row locks in its FOR UPDATE OF list's order), plan then
 * visit as everywhere else.
 */
export async function lockPlanAndVisit(tx: Tx, visitId: number) {
  const [row] = await tx
    .select({ plan: plans, visit: planVisits })
    .from(planVisits)
    .innerJoin(plans, eq(plans.id, planVisits.planId))
    .where(eq(planVisits.id, visitId))
    .for('update', { of: [plans, planVisits] })
    .limit(1);
  return row ?? null;
}

export async function findPlanVisit(db: Db | Tx, id: number): Promise<PlanVisitRow | null> {
  const [row] = await db.select().from(planVisits).where(eq(planVisits.id, id)).limit(1);
  return row ?? null;
}

export async function lockPlanVisit(tx: Tx, id: number): Promise<PlanVisitRow | null> {
  const [row] = await tx.select().from(planVisits).where(eq(planVisits.id, id)).for('update').limit(1);
  return row ?? null;
}

export async function findVisitBySequence(db: Db | Tx, planId: number, sequence: number) {
  const [row] = await db
    .select()
    .from(planVisits)
    .where(and(eq(planVisits.planId, planId), eq(planVisits.sequence, sequence)))
    .limit(1);
  return row ?? null;
}

/** Inserts a visit; a held-like one claims its time by trigger (SQLSTATE 23P01 when the time is taken). */
export async function insertPlanVisit(tx: Tx, values: NewPlanVisit): Promise<PlanVisitRow> {
  return oneRow(await tx.insert(planVisits).values(values).returning(), 'plan visit');
}

/**
 * A held visit whose charge time has come becomes `charging` with its next try's idempotency key
 * (`plan-visit-charge:<visit id>:<try>`, ADR 0037), in one guarded update that takes its row lock (the
 * caller holds its plan's). Null when it is not held or not due: the caller reads it under lock then.
 */
export async function startHeldVisitCharge(tx: Tx, visitId: number, now: Date): Promise<PlanVisitRow | null> {
  const [row] = await tx
    .update(planVisits)
    .set({
      status: 'charging',
      attempts: sql`${planVisits.attempts} + 1`,
      idempotencyKey: sql`'plan-visit-charge:' || ${planVisits.id} || ':' || (${planVisits.attempts} + 1)`,
      updatedAt: now,
    })
    .where(and(eq(planVisits.id, visitId), eq(planVisits.status, 'held'), lte(planVisits.chargeAt, now)))
    .returning();
  return row ?? null;
}

export async function updatePlanVisit(
  tx: Tx,
  id: number,
  values: Partial<NewPlanVisit>,
): Promise<PlanVisitRow> {
  return oneRow(
    await tx.update(planVisits).set(values).where(eq(planVisits.id, id)).returning(),
    'plan visit',
  );
}

export async function addPlanEvent(tx: Tx, event: NewPlanEvent) {
  await tx.insert(planEvents).values(event);
}

/** Several events in one insert, logged in this order. */
/**
 * updatePlanVisit and addPlanEvents in one statement (a data-modifying WITH: both or neither), for a caller
 * holding the visit's row lock, which knows the row it writes (nothing else changes it meanwhile).
 */
export async function updatePlanVisitAndLog(
  tx: Tx,
  id: number,
  values: Partial<NewPlanVisit>,
  events: NewPlanEvent[],
) {
  const update = tx.update(planVisits).set(values).where(eq(planVisits.id, id));
  if (events.length === 0) return void (await update);
  await tx.execute(
    sql`with updated as (${update.getSQL()}) ${tx.insert(planEvents).values(events).getSQL()}`,
  );
}

export async function addPlanEvents(tx: Tx, events: NewPlanEvent[]) {
  if (events.length > 0) await tx.insert(planEvents).values(events);
}

export async function listPlanEvents(db: Db | Tx, planId: number) {
  return db.select().from(planEvents).where(eq(planEvents.planId, planId)).orderBy(planEvents.id);
}

/** The time a visit claims (null: none), as the claims table holds it. */
export async function findVisitClaim(db: Db | Tx, planVisitId: number) {
  const [row] = await db.select().from(timeClaims).where(eq(timeClaims.planVisitId, planVisitId)).limit(1);
  return row ?? null;
}

export async function findPlan(db: Db | Tx, id: number): Promise<PlanRow | null> {
  const [row] = await db.select().from(plans).where(eq(plans.id, id)).limit(1);
  return row ?? null;
}

/** The plans that still hold visits (active, or paused until a date), by id after `afterId`: the horizon job's pages. */
export async function listLivePlanIds(db: Db | Tx, afterId: number, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: plans.id })
    .from(plans)
    .where(and(inArray(plans.status, ['active', 'paused']), gt(plans.id, afterId)))
    .orderBy(plans.id)
    .limit(limit);
  return rows.map((r) => r.id);
}

/** The visit a mailed pay link names (by its token's hash). */
export async function findVisitByTokenHash(db: Db | Tx, hash: string): Promise<PlanVisitRow | null> {
  const [row] = await db.select().from(planVisits).where(eq(planVisits.payTokenHash, hash)).limit(1);
  return row ?? null;
}

/** The visit whose charge (or pay link) made this provider intent. */
export async function findVisitByIntent(db: Db | Tx, intentId: string): Promise<PlanVisitRow | null> {
  const [row] = await db.select().from(planVisits).where(eq(planVisits.paymentIntentId, intentId)).limit(1);
  return row ?? null;
}

/** A customer's plans, newest first, with the vendor's name (GET /api/plans). */
export async function listPlansOfUser(db: Db | Tx, userId: number) {
  return db
    .select({ plan: plans, vendorName: vendors.name })
    .from(plans)
    .innerJoin(vendors, eq(vendors.id, plans.vendorId))
    .where(eq(plans.userId, userId))
    .orderBy(desc(plans.createdAt), desc(plans.id));
}

/** The visits of these plans, in order. */
export async function listVisitsOfPlans(db: Db | Tx, planIds: readonly number[]) {
  if (planIds.length === 0) return [];
  return db
    .select()
    .from(planVisits)
    .where(inArray(planVisits.planId, [...planIds]))
    .orderBy(planVisits.planId, planVisits.sequence);
}

export async function updatePlan(tx: Tx, id: number, values: Partial<NewPlan>): Promise<PlanRow> {
  return oneRow(await tx.update(plans).set(values).where(eq(plans.id, id)).returning(), 'plan');
}

/** The plan's visits in order (the manage actions release the held ones among them). */
export async function listVisitsOfPlan(db: Db | Tx, planId: number): Promise<PlanVisitRow[]> {
  return db.select().from(planVisits).where(eq(planVisits.planId, planId)).orderBy(planVisits.sequence);
}

/** The name of a plan's customer. */
export async function findCustomerNameOfPlan(db: Db | Tx, userId: number): Promise<string> {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ? `${row.firstName} ${row.lastName}`.trim() : '';
}

/**
 * One page of a vendor's plans (the Plans list), newest first, keyset-paged on the id (plans_vendor_idx
 * finds the vendor's, filtered by status when asked). Answers `limit + 1` rows at most: the extra one says
 * there is a next page.
 */
export async function listVendorPlansPage(
  db: Db | Tx,
  q: {
    vendorId: number;
    status: 'active' | 'paused' | 'cancelled' | null;
    limit: number;
    beforeId: number | null;
  },
) {
  const conditions = [eq(plans.vendorId, q.vendorId)];
  if (q.status) conditions.push(eq(plans.status, q.status));
  if (q.beforeId !== null) conditions.push(lt(plans.id, q.beforeId));
  return db
    .select({ plan: plans, firstName: users.firstName, lastName: users.lastName })
    .from(plans)
    .innerJoin(users, eq(users.id, plans.userId))
    .where(and(...conditions))
    .orderBy(desc(plans.id))
    .limit(q.limit + 1);
}

/** Each plan's next visit from `now` that will happen or needs the customer (not skipped or cancelled). */
export async function listNextVisitsOfPlans(
  db: Db | Tx,
  planIds: readonly number[],
  now: Date,
): Promise<PlanVisitRow[]> {
  if (planIds.length === 0) return [];
  return db
    .selectDistinctOn([planVisits.planId])
    .from(planVisits)
    .where(
      and(
        inArray(planVisits.planId, [...planIds]),
        gte(planVisits.appointmentAt, now),
        notInArray(planVisits.status, ['skipped', 'cancelled']),
      ),
    )
    .orderBy(planVisits.planId, asc(planVisits.appointmentAt), asc(planVisits.sequence));
}

/** A vendor's plans that still hold visits (active or paused): the price check's plans. */
export async function listLivePlanIdsOfVendor(db: Db | Tx, vendorId: number): Promise<number[]> {
  const rows = await db
    .select({ id: plans.id })
    .from(plans)
    .where(and(eq(plans.vendorId, vendorId), inArray(plans.status, ['active', 'paused'])))
    .orderBy(plans.id);
  return rows.map((r) => r.id);
}

/** Whether the plan's customer was already told of this price proposal (its `price_proposed` event). */
export async function hasPriceProposedEvent(db: Db | Tx, planId: number, version: string): Promise<boolean> {
  const [row] = await db
    .select({ id: planEvents.id })
    .from(planEvents)
    .where(
      and(
        eq(planEvents.planId, planId),
        eq(planEvents.action, 'price_proposed'),
        sql`${planEvents.details}->>'version' = ${version}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}
