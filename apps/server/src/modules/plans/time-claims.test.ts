/**
 * ADR 0037 "Holding the vendor's time": one exclusion constraint (time_claims) for live orders and plans' held
 * visits, kept by triggers. Runs on PGlite and, with DATABASE_URL, on PostgreSQL with two connections.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { migrationsFolder, queryRows, wrapPostgres, type Database, type Tx } from '../../db/client';
import { sqlStateOf } from '../../db/sql-state';
import {
  HELD_VISIT_STATUSES,
  orders,
  planEvents,
  planVisits,
  PLAN_VISIT_STATUSES,
  timeClaims,
} from '../../db/schema';
import { createTestDatabase } from '../../../test/test-db';
import { insertPlan, listPlanEvents, type PlanRow } from './repo';
import { holdVisits, isTimeClash, markVisitOrdered, releaseVisit, type VisitToHold } from './service';

let database: Database & { url?: string };
/** A second pool on the same database (PostgreSQL); PGlite has one connection, so the same one. */
let second: Database;
const VENDOR = 1;
/** Before every visit of these tests. */
const NOW = new Date('2029-12-01T00:00:00Z');
const OTHER_VENDOR = 2;

beforeAll(async () => {
  database = await createTestDatabase();
  second = database.url ? wrapPostgres(database.url, 4) : database;
  const { db } = database;
  await db.execute(sql`
    insert into vendors (id, name, category, phone_number, email) overriding system value
      values (1, 'V', 'house_cleaning', '4355550000', 'v@example.com'),
             (2, 'W', 'house_cleaning', '4355550009', 'w@example.com')`);
  await db.execute(sql`
    insert into users (id, first_name, last_name, email, phone_number, password_digest) overriding system value
      values (1, 'C', 'U', 'c@example.com', '4355550001', 'x')`);
  await db.execute(sql`
    insert into addresses (id, user_id, street_address, city, zip_code) overriding system value
      values (1, 1, '1 Main', 'St George', '84770')`);
}, 60_000);
afterAll(async () => {
  if (second !== database) await second.close();
  await database.close();
});

let confirmations = 0;
function newOrder(start: string, end: string, extra: Partial<typeof orders.$inferInsert> = {}) {
  return {
    confirmationId: `TC-${++confirmations}`,
    vendorId: VENDOR,
    userId: 1,
    addressId: 1,
    appointmentAt: new Date(start),
    appointmentEndAt: new Date(end),
    durationMins: Math.round((Date.parse(end) - Date.parse(start)) / 60_000),
    totalCollectedCents: 10255,
    serviceFeeCents: 255,
    commissionCents: 1000,
    vendorPayoutCents: 9000,
    ...extra,
  };
}
const insertOrder = (start: string, end: string, extra: Partial<typeof orders.$inferInsert> = {}) =>
  database.db
    .insert(orders)
    .values(newOrder(start, end, extra))
    .returning()
    .then((rows) => rows[0]!);

async function newPlan(vendorId = VENDOR): Promise<PlanRow> {
  return database.db.transaction((tx) =>
    insertPlan(tx, {
      userId: 1,
      vendorId,
      addressId: 1,
      frequency: 'every_2_weeks',
      anchorLocalDate: '2030-01-07',
      anchorStartMinutes: 540,
      durationMins: 60,
      baseSubtotalCents: 10000,
      discountPercent: 10,
      subtotalCents: 9000,
      serviceFeeCents: 255,
      paymentProvider: 'sandbox',
      consentText: 'We charge $92.55 a visit when its cancellation window closes.',
      consentedAt: new Date('2029-12-01T00:00:00Z'),
    }),
  );
}

/** A visit of 60 minutes at `start` (ISO), charged a day before. */
function visit(sequence: number, start: string): VisitToHold {
  const at = new Date(start);
  return {
    sequence,
    localDate: start.slice(0, 10),
    appointmentAt: at,
    appointmentEndAt: new Date(at.getTime() + 3_600_000),
    chargeAt: new Date(at.getTime() - 86_400_000),
  };
}

/** The claims overlapping [start, end) of the vendor: who owns each. */
async function claimsAt(start: string, end: string, vendorId = VENDOR) {
  return queryRows<{ order_id: number | null; plan_visit_id: number | null }>(
    database.db,
    sql`select order_id, plan_visit_id from time_claims
      where vendor_id = ${vendorId} and during && tstzrange(${start}::timestamptz, ${end}::timestamptz, '[)')
      order by id`,
  );
}

async function failure(p: Promise<unknown>) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, 'the database accepted it').toBeInstanceOf(Error);
  const cause = (err as { cause?: { code?: string; constraint?: string } }).cause;
  return { code: cause?.code, constraint: cause?.constraint };
}

const scheduleVersion = async (vendorId = VENDOR) =>
  Number(
    (
      await queryRows<{ version: string }>(
        database.db,
        sql`select version::text from cache_versions where scope = ${`schedule:${vendorId}`}`,
      )
    )[0]?.version ?? 0,
  );

describe('time claims of orders (by trigger)', () => {
  it('claims an order’s time, moves the claim with it, releases it on cancel; a clash is 23P01', async () => {
    const order = await insertOrder('2030-01-07T16:00Z', '2030-01-07T17:00Z');
    expect(await claimsAt('2030-01-07T16:00Z', '2030-01-07T17:00Z')).toEqual([
      { order_id: order.id, plan_visit_id: null },
    ]);
    expect(await failure(insertOrder('2030-01-07T16:30Z', '2030-01-07T17:30Z'))).toMatchObject({
      code: '23P01',
    });
    // Rescheduled: the claim moves.
    await database.db
      .update(orders)
      .set({ appointmentAt: new Date('2030-01-07T18:00Z'), appointmentEndAt: new Date('2030-01-07T19:00Z') })
      .where(eq(orders.id, order.id));
    expect(await claimsAt('2030-01-07T16:00Z', '2030-01-07T17:00Z')).toEqual([]);
    expect(await claimsAt('2030-01-07T18:00Z', '2030-01-07T19:00Z')).toEqual([
      { order_id: order.id, plan_visit_id: null },
    ]);
    // Fulfilled keeps it; cancelled frees it.
    await database.db.update(orders).set({ fulfillmentStatus: 'fulfilled' }).where(eq(orders.id, order.id));
    expect(await claimsAt('2030-01-07T18:00Z', '2030-01-07T19:00Z')).toHaveLength(1);
    await database.db.update(orders).set({ fulfillmentStatus: 'cancelled' }).where(eq(orders.id, order.id));
    expect(await claimsAt('2030-01-07T18:00Z', '2030-01-07T19:00Z')).toEqual([]);
    await insertOrder('2030-01-07T18:00Z', '2030-01-07T19:00Z');
    // A move onto another order's time fails as before (orders_no_overlap or the claim: 23P01 either way).
    const other = await insertOrder('2030-01-07T20:00Z', '2030-01-07T21:00Z');
    expect(
      await failure(
        database.db
          .update(orders)
          .set({
            appointmentAt: new Date('2030-01-07T18:30Z'),
            appointmentEndAt: new Date('2030-01-07T19:30Z'),
          })
          .where(eq(orders.id, other.id)),
      ),
    ).toMatchObject({ code: '23P01' });
    // Another vendor's time is its own.
    await insertOrder('2030-01-07T18:00Z', '2030-01-07T19:00Z', { vendorId: OTHER_VENDOR });
  });

  it('every live order has exactly one claim, and no cancelled order has one', async () => {
    expect(await orderClaimsOutOfStep()).toEqual({ missing: 0, extra: 0 });
  });

  it('the migration’s backfill gives every live order that exists its claim', async () => {
    // The migration whose exclusion constraint this is (found by content: its number may change).
    const file = fs
      .readdirSync(migrationsFolder)
      .filter((f) => f.endsWith('.sql'))
      .map((f) => fs.readFileSync(path.join(migrationsFolder, f), 'utf8'))
      .find((text) => text.includes('ADD CONSTRAINT "time_claims_no_overlap"'));
    const backfill = file
      ?.split('--> statement-breakpoint')
      .find((statement) => /INSERT INTO "time_claims"[^;]*FROM "orders"/.test(statement));
    expect(backfill).toBeDefined();
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`delete from time_claims where order_id is not null`);
      expect((await orderClaimsOutOfStep(tx)).missing).toBeGreaterThan(0);
      await tx.execute(sql.raw(backfill!));
      expect(await orderClaimsOutOfStep(tx)).toEqual({ missing: 0, extra: 0 });
    });
  });
});

/** Live orders without exactly their claim, and claims of cancelled orders. */
async function orderClaimsOutOfStep(db: Database['db'] | Tx = database.db) {
  const [row] = await queryRows<{ missing: number; extra: number }>(
    db,
    sql`select
        (select count(*)::int from orders o where o.fulfillment_status <> 'cancelled'
          and (select count(*) from time_claims c where c.order_id = o.id
            and c.during = tstzrange(o.appointment_at, o.appointment_end_at, '[)') and c.vendor_id = o.vendor_id) <> 1) as missing,
        (select count(*)::int from time_claims c join orders o on o.id = c.order_id
          where o.fulfillment_status = 'cancelled') as extra`,
  );
  return row!;
}

describe('held plan visits', () => {
  it('a held visit blocks an order at its time and an order blocks a visit; one clash spares the rest', async () => {
    const plan = await newPlan();
    const outcomes = await database.db.transaction((tx) =>
      holdVisits(tx, plan, [visit(1, '2030-02-04T16:00:00Z'), visit(2, '2030-02-18T16:00:00Z')], {
        now: NOW,
      }),
    );
    expect(outcomes.map((o) => o.outcome)).toEqual(['held', 'held']);
    const first = outcomes[0]!.outcome === 'held' ? outcomes[0]!.visit : null;
    expect(await claimsAt('2030-02-04T16:00Z', '2030-02-04T17:00Z')).toEqual([
      { order_id: null, plan_visit_id: first!.id },
    ]);
    expect(await failure(insertOrder('2030-02-04T16:30Z', '2030-02-04T17:30Z'))).toEqual({
      code: '23P01',
      constraint: 'time_claims_no_overlap',
    });
    // Back to back is fine.
    await insertOrder('2030-02-04T17:00Z', '2030-02-04T18:00Z');

    // An order in the way of the 3rd visit: the 3rd is busy, the 4th is held all the same.
    await insertOrder('2030-03-04T16:30Z', '2030-03-04T17:30Z');
    const more = await database.db.transaction((tx) =>
      holdVisits(
        tx,
        plan,
        [
          visit(3, '2030-03-04T16:00:00Z'),
          visit(4, '2030-03-18T16:00:00Z'),
          visit(1, '2030-02-04T16:00:00Z'),
        ],
        { now: NOW },
      ),
    );
    expect(more.map((o) => o.outcome)).toEqual(['busy', 'held', 'exists']);
    const visits = await database.db.select().from(planVisits).where(eq(planVisits.planId, plan.id));
    expect(visits.map((v) => v.sequence).sort()).toEqual([1, 2, 4]);
    const events = await listPlanEvents(database.db, plan.id);
    expect(events.map((e) => e.action)).toEqual(['visit_held', 'visit_held', 'visit_held']);
  });

  it('releasing a visit frees its time in the same transaction, once', async () => {
    const plan = await newPlan();
    const [held] = await database.db.transaction((tx) =>
      holdVisits(tx, plan, [visit(1, '2030-04-01T16:00:00Z')], { now: NOW }),
    );
    if (held?.outcome !== 'held') throw new Error('not held');
    const before = await scheduleVersion();
    const first = await database.db.transaction((tx) => releaseVisit(tx, held.visit.id, { to: 'skipped' }));
    expect(first).toMatchObject({ released: true, visit: { status: 'skipped' } });
    // The vendor's cached availability is invalidated by the release (ADR 0024 schedule version).
    expect(await scheduleVersion()).toBeGreaterThan(before);
    expect(await claimsAt('2030-04-01T16:00Z', '2030-04-01T17:00Z')).toEqual([]);
    await insertOrder('2030-04-01T16:00Z', '2030-04-01T17:00Z');
    const again = await database.db.transaction((tx) => releaseVisit(tx, held.visit.id));
    expect(again).toMatchObject({ released: false, visit: { status: 'skipped' } });
    expect((await listPlanEvents(database.db, plan.id)).map((e) => e.action)).toEqual([
      'visit_held',
      'visit_skipped',
    ]);
  });

  it('a hold bumps the vendor’s schedule version (cached availability is renewed), not another vendor’s', async () => {
    const plan = await newPlan();
    const before = await scheduleVersion();
    const other = await scheduleVersion(OTHER_VENDOR);
    await database.db.transaction((tx) =>
      holdVisits(tx, plan, [visit(1, '2030-04-08T16:00:00Z')], { now: NOW }),
    );
    expect(await scheduleVersion()).toBe(before + 1);
    expect(await scheduleVersion(OTHER_VENDOR)).toBe(other);
  });

  it('keeps a claim exactly while the visit is held-like, and moves it with the visit', async () => {
    const plan = await newPlan();
    const [held] = await database.db.transaction((tx) =>
      holdVisits(tx, plan, [visit(1, '2030-05-06T16:00:00Z')], { now: NOW }),
    );
    if (held?.outcome !== 'held') throw new Error('not held');
    const id = held.visit.id;
    for (const status of PLAN_VISIT_STATUSES.filter((s) => s !== 'ordered')) {
      await database.db.update(planVisits).set({ status }).where(eq(planVisits.id, id));
      const claims = await database.db.select().from(timeClaims).where(eq(timeClaims.planVisitId, id));
      expect(claims.length, status).toBe((HELD_VISIT_STATUSES as readonly string[]).includes(status) ? 1 : 0);
    }
    await database.db
      .update(planVisits)
      .set({
        status: 'held',
        appointmentAt: new Date('2030-05-06T18:00:00Z'),
        appointmentEndAt: new Date('2030-05-06T19:00:00Z'),
      })
      .where(eq(planVisits.id, id));
    expect(await claimsAt('2030-05-06T16:00Z', '2030-05-06T17:00Z')).toEqual([]);
    expect(await claimsAt('2030-05-06T18:00Z', '2030-05-06T19:00Z')).toEqual([
      { order_id: null, plan_visit_id: id },
    ]);
  });

  it('a visit turned into an order in one transaction keeps its time claimed exactly once', async () => {
    const plan = await newPlan();
    const [held] = await database.db.transaction((tx) =>
      holdVisits(tx, plan, [visit(1, '2030-06-03T16:00:00Z')], { now: NOW }),
    );
    if (held?.outcome !== 'held') throw new Error('not held');
    const order = await database.db.transaction(async (tx) => {
      await tx.update(planVisits).set({ status: 'charging' }).where(eq(planVisits.id, held.visit.id));
      const [made] = await tx
        .insert(orders)
        .values(
          newOrder('2030-06-03T16:00Z', '2030-06-03T17:00Z', {
            planId: plan.id,
            planVisitId: held.visit.id,
            planFrequency: 'every_2_weeks',
          }),
        )
        .returning();
      await markVisitOrdered(tx, held.visit.id, made!.id);
      return made!;
    });
    expect(await claimsAt('2030-06-03T16:00Z', '2030-06-03T17:00Z')).toEqual([
      { order_id: order.id, plan_visit_id: null },
    ]);
    const [v] = await database.db.select().from(planVisits).where(eq(planVisits.id, held.visit.id));
    expect(v).toMatchObject({ status: 'ordered', orderId: order.id });
    // Idempotent; and the order's cancellation frees the time as any order's.
    await database.db.transaction((tx) => markVisitOrdered(tx, held.visit.id, order.id));
    await database.db.update(orders).set({ fulfillmentStatus: 'cancelled' }).where(eq(orders.id, order.id));
    expect(await claimsAt('2030-06-03T16:00Z', '2030-06-03T17:00Z')).toEqual([]);
  });

  it('a visit is never held on a vendor’s time twice (two plans)', async () => {
    const a = await newPlan();
    const b = await newPlan();
    await database.db.transaction((tx) =>
      holdVisits(tx, a, [visit(1, '2030-07-01T16:00:00Z')], { now: NOW }),
    );
    const [outcome] = await database.db.transaction((tx) =>
      holdVisits(tx, b, [visit(1, '2030-07-01T16:30:00Z')], { now: NOW }),
    );
    expect(outcome?.outcome).toBe('busy');
    // Written around the busy check (a bug, a row written by hand), the constraint still refuses it.
    expect(
      await failure(
        database.db.insert(planVisits).values({
          planId: b.id,
          sequence: 2,
          localDate: '2030-07-01',
          appointmentAt: new Date('2030-07-01T16:30:00Z'),
          appointmentEndAt: new Date('2030-07-01T17:30:00Z'),
          chargeAt: NOW,
        }),
      ),
    ).toEqual({ code: '23P01', constraint: 'time_claims_no_overlap' });
  });

  it('holds nothing for a cancelled plan', async () => {
    const plan = await newPlan();
    await database.db.execute(
      sql`update plans set status = 'cancelled', cancelled_at = now(), cancelled_by = 'customer' where id = ${plan.id}`,
    );
    const outcomes = await database.db.transaction((tx) =>
      holdVisits(tx, plan, [visit(1, '2030-07-08T16:00:00Z')], { now: NOW }),
    );
    expect(outcomes).toEqual([{ sequence: 1, outcome: 'plan_cancelled' }]);
  });
});

describe('plan constraints', () => {
  it('refuses a discount over 50 %, negative cents, unknown statuses, and edits of the plan log', async () => {
    const plan = await newPlan();
    expect(
      await failure(database.db.execute(sql`update plans set discount_percent = 51 where id = ${plan.id}`)),
    ).toMatchObject({ code: '23514', constraint: 'plans_money_check' });
    expect(
      await failure(database.db.execute(sql`update plans set subtotal_cents = -1 where id = ${plan.id}`)),
    ).toMatchObject({ code: '23514', constraint: 'plans_money_check' });
    expect(
      await failure(database.db.execute(sql`update plans set status = 'stopped' where id = ${plan.id}`)),
    ).toMatchObject({ code: '23514', constraint: 'plans_status_check' });
    await database.db.insert(planEvents).values({ planId: plan.id, actorRole: 'system', action: 'created' });
    expect(
      await failure(
        database.db.execute(sql`update plan_events set action = 'paused' where plan_id = ${plan.id}`),
      ),
    ).toMatchObject({ code: 'P0001' });
    expect(
      await failure(database.db.execute(sql`delete from plan_events where plan_id = ${plan.id}`)),
    ).toMatchObject({ code: 'P0001' });
    // A plan visit's order carries its plan's frequency, and only a plan visit's order does (ADR 0037).
    expect(
      await failure(
        database.db
          .insert(orders)
          .values(newOrder('2031-02-03T16:00Z', '2031-02-03T17:00Z', { planId: plan.id })),
      ),
    ).toMatchObject({ code: '23514', constraint: 'orders_plan_frequency_check' });
    expect(
      await failure(
        database.db
          .insert(orders)
          .values(newOrder('2031-02-03T16:00Z', '2031-02-03T17:00Z', { planFrequency: 'weekly' })),
      ),
    ).toMatchObject({ code: '23514', constraint: 'orders_plan_frequency_check' });
    // A claim has exactly one owner.
    expect(
      await failure(
        database.db.execute(
          sql`insert into time_claims (vendor_id, during) values (1, tstzrange('2031-01-01T16:00Z', '2031-01-01T17:00Z'))`,
        ),
      ),
    ).toMatchObject({ code: '23514', constraint: 'time_claims_one_owner' });
  });
});

describe('holds and checkouts at once', () => {
  it('of a hold and an order on the same slot, never both win (two connections)', async () => {
    const plan = await newPlan();
    const rounds = 8;
    for (let i = 0; i < rounds; i++) {
      const day = String(10 + i).padStart(2, '0');
      const start = `2030-09-${day}T16:00:00Z`;
      const hold = database.db.transaction((tx: Tx) =>
        holdVisits(tx, plan, [visit(i + 1, start)], { now: NOW }),
      );
      const checkout = second.db
        .insert(orders)
        .values(newOrder(`2030-09-${day}T16:30Z`, `2030-09-${day}T17:30Z`))
        .returning();
      const [h, c] = await Promise.allSettled([hold, checkout]);
      const held = h.status === 'fulfilled' && h.value[0]?.outcome === 'held';
      const ordered = c.status === 'fulfilled';
      // Two claims written at the same moment each wait for the other's transaction while checking the
      // exclusion constraint: PostgreSQL ends one of them as a deadlock (40P01, rolled back), and the other
      // wins. Otherwise the hold tells a clash as its outcome, and the order fails with 23P01.
      const deadlocked = (reason: unknown) => sqlStateOf(reason) === '40P01';
      if (h.status === 'rejected' && !deadlocked(h.reason)) throw h.reason;
      if (c.status === 'rejected') expect(isTimeClash(c.reason) || deadlocked(c.reason)).toBe(true);
      expect([held, ordered].filter(Boolean)).toHaveLength(1);
      expect(await claimsAt(`2030-09-${day}T16:00Z`, `2030-09-${day}T17:30Z`)).toHaveLength(1);
    }
    // Both sides won some rounds or not: either way each slot is claimed once (checked above).
    const counts = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from ${planVisits} where plan_id = ${plan.id}`,
    );
    expect(counts[0]!.n).toBeLessThanOrEqual(rounds);
    expect(
      await database.db
        .select()
        .from(timeClaims)
        .where(
          and(
            eq(timeClaims.vendorId, VENDOR),
            sql`${timeClaims.during} && tstzrange('2030-09-10', '2030-09-20')`,
          ),
        ),
    ).toHaveLength(rounds);
  });

  it('a write that meets the other side’s uncommitted claim waits for it, then loses', async () => {
    const plan = await newPlan();
    // A hold not yet committed; an order for the same time on the other connection must wait, then fail.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const holdingNow = new Promise<void>((resolve) => (holding = resolve));
    const hold = database.db.transaction(async (tx) => {
      const outcomes = await holdVisits(tx, plan, [visit(20, '2030-10-07T16:00:00Z')], { now: NOW });
      holding();
      await gate;
      return outcomes;
    });
    await holdingNow;
    const order = second.db
      .insert(orders)
      .values(newOrder('2030-10-07T16:00Z', '2030-10-07T17:00Z'))
      .returning();
    release();
    expect((await hold)[0]?.outcome).toBe('held');
    expect(
      isTimeClash(
        await order.then(
          () => null,
          (e: unknown) => e,
        ),
      ),
    ).toBe(true);

    // An order not yet committed; a hold for the same time on the other connection waits, then clashes.
    let release2!: () => void;
    const gate2 = new Promise<void>((resolve) => (release2 = resolve));
    let ordering!: () => void;
    const orderingNow = new Promise<void>((resolve) => (ordering = resolve));
    const checkout = database.db.transaction(async (tx) => {
      await tx.insert(orders).values(newOrder('2030-10-14T16:00Z', '2030-10-14T17:00Z'));
      ordering();
      await gate2;
    });
    await orderingNow;
    const hold2 = second.db.transaction((tx) =>
      holdVisits(tx, plan, [visit(21, '2030-10-14T16:00:00Z')], { now: NOW }),
    );
    release2();
    await checkout;
    // PostgreSQL: the busy check cannot see the uncommitted order, the claim waits for it and clashes;
    // PGlite (one connection) runs the hold after the commit, and the busy check sees the order.
    expect(['clash', 'busy']).toContain((await hold2)[0]?.outcome);
    expect(await claimsAt('2030-10-07T16:00Z', '2030-10-07T17:00Z')).toHaveLength(1);
    expect(await claimsAt('2030-10-14T16:00Z', '2030-10-14T17:00Z')).toHaveLength(1);
  });
});
