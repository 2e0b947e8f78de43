/**
 * Payouts on the sandbox provider (spec §1, §9; issue 12; ADR 0017): due 72 hours after fulfilment and
 * not before, one transfer per order however many workers run and whatever crashes between the transfer
 * and its recording, funded from the order's own charge; nothing to send when everything was refunded;
 * Paper Check for a vendor without active payouts (and the operator's list and mark-paid); a dispute
 * holds the payout until it is won.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PAYOUT_MESSAGES } from '@stg/domain/api/payouts';
import { jobs, orderEvents, orders, payouts, sandboxObjects, users, vendors } from '../../db/schema';
import { createTestApp, TestClient } from '../../../test/test-app';
import { ledger, payFor, scheduledBooking, signedUpCustomer } from '../../../test/checkout-fixtures';
import { createPayableVendor, type PayableVendor } from '../../../test/payable-vendor';
import { JobWorker } from '../jobs/worker';
import { paymentJobHandlers } from '../payments/service';
import { handlePaymentEvent } from '../payments/settle';
import { PAYOUT_JOB, schedulePayout } from '../orders/payout-schedule';
import { payoutJobHandlers, payoutKey, runPayout } from './service';

// Monday, November 23rd 2026, 8:00 in St George (MST, UTC-7).
const START = new Date('2026-11-23T15:00:00Z');
const HOUR = 3_600_000;
let clock = START;
let app: FastifyInstance;
let vendor: PayableVendor;
let accountId: string;

beforeAll(async () => {
  app = await createTestApp({ now: () => clock });
  vendor = await createPayableVendor(app, 'payout-vendor@example.com');
  // About 40-minute jobs: one an hour fits every weekday morning.
  await app.deps.db
    .update(vendors)
    .set({ priceToDurationRateCents: 25_000 })
    .where(eq(vendors.id, vendor.vendorId));
  const [row] = await app.deps.db.select().from(vendors).where(eq(vendors.id, vendor.vendorId));
  accountId = row!.paymentAccountId!;
});
afterAll(() => app.close());

/** A St George (MST) time in November 2026. */
const at = (day: number, hour: number) => new Date(Date.UTC(2026, 10, day, hour + 7, 0, 0));

let nextSlot = 0;
/** A paid order (a real sandbox charge) on a free weekday morning, with the clock set back to START. */
async function paidOrder() {
  clock = START;
  const slot = nextSlot++;
  const day = 24 + Math.floor(slot / 6);
  const start = at(day, 9 + (slot % 6));
  const { client } = await signedUpCustomer(app, 'payout');
  const booking = await scheduledBooking(client, vendor, start.toISOString());
  const res = await payFor(client, booking.id);
  expect(res.json().status).toBe('succeeded');
  await app.deps.background.drain();
  const [order] = await app.deps.db.select().from(orders).where(eq(orders.bookingId, booking.id));
  return order!;
}

/** What mark-as-fulfilled does (the orders module): fulfilled at `when`, the payout scheduled. */
async function fulfil(orderId: number, when: Date) {
  await app.deps.db.transaction(async (tx) => {
    await tx
      .update(orders)
      .set({ fulfillmentStatus: 'fulfilled', fulfilledAt: when, updatedAt: when })
      .where(eq(orders.id, orderId));
    await schedulePayout(tx, { orderId, fulfilledAt: when });
  });
}

const worker = () =>
  new JobWorker({
    db: app.deps.db,
    handlers: { ...paymentJobHandlers(app.deps), ...payoutJobHandlers(app.deps) },
    now: () => clock,
  });

async function orderRow(id: number) {
  const [row] = await app.deps.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

async function payoutOf(orderId: number) {
  const [row] = await app.deps.db.select().from(payouts).where(eq(payouts.orderId, orderId));
  return row ?? null;
}

/** The sandbox's transfers made for an order. */
async function transfersFor(orderId: number) {
  const rows = await app.deps.db
    .select({ data: sandboxObjects.data })
    .from(sandboxObjects)
    .where(
      and(
        eq(sandboxObjects.object, 'transfer'),
        sql`${sandboxObjects.data}->'metadata'->>'orderId' = ${String(orderId)}`,
      ),
    );
  return rows.map(
    (r) => r.data as { id: string; amount: number; destination: string; source_transaction: string },
  );
}

async function eventsOf(orderId: number, action?: string) {
  const rows = await app.deps.db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(orderEvents.id);
  return action ? rows.filter((e) => e.action === action) : rows;
}

async function payoutJob(orderId: number) {
  const [row] = await app.deps.db
    .select()
    .from(jobs)
    .where(eq(jobs.uniqueKey, `payout:${orderId}`));
  return row!;
}

async function intentCharge(intentId: string) {
  const [row] = await app.deps.db.select().from(sandboxObjects).where(eq(sandboxObjects.id, intentId));
  return (row!.data as { latest_charge: string }).latest_charge;
}

describe('the payout job', () => {
  it('is not due before 72 hours after fulfilment, and then transfers the payout from the order’s charge once', async () => {
    const order = await paidOrder();
    const fulfilledAt = new Date(order.appointmentAt.getTime() + 3 * HOUR);
    await fulfil(order.id, fulfilledAt);

    clock = new Date(fulfilledAt.getTime() + 72 * HOUR - 60_000);
    await worker().runOnce();
    expect(await transfersFor(order.id)).toHaveLength(0);
    expect((await payoutJob(order.id)).status).toBe('queued');
    // Run by hand before it is due (a job made too early), it still waits.
    expect(await runPayout(app.deps, order.id)).toMatchObject({ kind: 'not_due' });
    expect(await payoutOf(order.id)).toBeNull();
    expect((await orderRow(order.id)).paymentStatus).toBe('collected');

    clock = new Date(fulfilledAt.getTime() + 72 * HOUR);
    expect(await worker().runOnce()).toBeGreaterThanOrEqual(1);
    const transfers = await transfersFor(order.id);
    expect(transfers).toHaveLength(1);
    expect(transfers[0]).toMatchObject({
      amount: order.vendorPayoutCents,
      destination: accountId,
      source_transaction: await intentCharge(order.paymentIntentId!),
    });
    const paid = await orderRow(order.id);
    expect(paid).toMatchObject({
      paymentStatus: 'processed',
      fulfillmentStatus: 'fulfilled',
      transferId: transfers[0]!.id,
      paidOutAt: clock,
      payoutLast4: '6789',
    });
    expect(await payoutOf(order.id)).toMatchObject({
      method: 'transfer',
      status: 'sent',
      amountCents: order.vendorPayoutCents,
      transferId: transfers[0]!.id,
      idempotencyKey: payoutKey(order.id),
    });
    const sent = await eventsOf(order.id, 'payout_sent');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ actorRole: 'system', amountCents: order.vendorPayoutCents });
    expect((await payoutJob(order.id)).status).toBe('done');

    // Run again (a stale job, a replay): nothing more.
    expect(await runPayout(app.deps, order.id)).toEqual({ kind: 'skipped', reason: 'paid' });
    expect(await transfersFor(order.id)).toHaveLength(1);
    const books = await ledger(app);
    expect(books.collected).toBe(books.parts);
  });

  it('pays what is left after partial refunds', async () => {
    const order = await paidOrder();
    // A partial refund of 12.34 came out of the payout (the orders module's figures after one).
    await app.deps.db
      .update(orders)
      .set({
        vendorPayoutCents: order.vendorPayoutCents - 1_234,
        refundAmountCents: 1_234,
        paymentStatus: 'partially_refunded',
      })
      .where(eq(orders.id, order.id));
    const fulfilledAt = new Date(order.appointmentAt.getTime() + HOUR);
    await fulfil(order.id, fulfilledAt);
    clock = new Date(fulfilledAt.getTime() + 73 * HOUR);
    await worker().runOnce();
    const [transfer] = await transfersFor(order.id);
    expect(transfer!.amount).toBe(order.vendorPayoutCents - 1_234);
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: 'processed', refundAmountCents: 1_234 });
  });

  it('two workers at once make one transfer, and so do two runs of the same payout', async () => {
    const a = await paidOrder();
    const b = await paidOrder();
    const fulfilledAt = new Date(b.appointmentAt.getTime() + HOUR);
    await fulfil(a.id, fulfilledAt);
    clock = new Date(fulfilledAt.getTime() + 72 * HOUR);

    const ran = await Promise.all([worker().runOnce(), worker().runOnce()]);
    expect(ran.reduce((x, y) => x + y, 0)).toBeGreaterThanOrEqual(1);
    expect(await transfersFor(a.id)).toHaveLength(1);
    expect(await eventsOf(a.id, 'payout_sent')).toHaveLength(1);

    // The same payout run twice at once (a job requeued while the first run was still at the provider):
    // the second waits for the order's lock, carries on the payout under way with the same key, gets the
    // same transfer, and finds it recorded.
    await fulfil(b.id, fulfilledAt);
    const twice = await Promise.all([runPayout(app.deps, b.id), runPayout(app.deps, b.id)]);
    const transfers = await transfersFor(b.id);
    expect(transfers).toHaveLength(1);
    expect(twice).toEqual(
      expect.arrayContaining([
        {
          kind: 'transferred',
          transferId: transfers[0]!.id,
          amountCents: b.vendorPayoutCents,
          recorded: true,
        },
      ]),
    );
    expect(twice.filter((o) => o.kind === 'transferred' && o.recorded)).toHaveLength(1);
    expect(await eventsOf(b.id, 'payout_sent')).toHaveLength(1);
  });

  it('a crash between the transfer and its commit: the retry gets the same transfer, never a second', async () => {
    const order = await paidOrder();
    const fulfilledAt = new Date(order.appointmentAt.getTime() + HOUR);
    await fulfil(order.id, fulfilledAt);
    clock = new Date(fulfilledAt.getTime() + 72 * HOUR);
    // The transaction that records the transfer fails (as if the process died before its commit).
    await app.deps.db.execute(sql`
      create or replace function fail_payout_recording() returns trigger language plpgsql as $$
      begin
        if new.status = 'sent' then raise exception 'simulated crash before the commit'; end if;
        return new;
      end $$`);
    await app.deps.db.execute(sql`
      create trigger fail_payout_recording before update on payouts
      for each row execute function fail_payout_recording()`);
    try {
      await worker().runOnce();
    } finally {
      await app.deps.db.execute(sql`drop trigger fail_payout_recording on payouts`);
      await app.deps.db.execute(sql`drop function fail_payout_recording()`);
    }
    const made = await transfersFor(order.id);
    expect(made).toHaveLength(1);
    const job = await payoutJob(order.id);
    expect(job).toMatchObject({ status: 'queued', attempts: 1 });
    expect(job.lastError).toContain('update "payouts"');
    // The payout is frozen and under way: the order takes no partial refund meanwhile.
    expect(await payoutOf(order.id)).toMatchObject({ status: 'sending', transferId: null });
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: 'processed', transferId: null });

    clock = new Date(job.runAt.getTime() + 1_000);
    await worker().runOnce();
    expect(await transfersFor(order.id)).toHaveLength(1);
    expect(await orderRow(order.id)).toMatchObject({ transferId: made[0]!.id, paymentStatus: 'processed' });
    expect(await payoutOf(order.id)).toMatchObject({ status: 'sent', transferId: made[0]!.id });
    expect(await eventsOf(order.id, 'payout_sent')).toHaveLength(1);
    expect((await payoutJob(order.id)).status).toBe('done');
  });

  it('marks a payout of 0 (everything refunded) processed without a transfer', async () => {
    const order = await paidOrder();
    await app.deps.db
      .update(orders)
      .set({
        vendorPayoutCents: 0,
        refundAmountCents: order.vendorPayoutCents,
        paymentStatus: 'partially_refunded',
      })
      .where(eq(orders.id, order.id));
    const fulfilledAt = new Date(order.appointmentAt.getTime() + HOUR);
    await fulfil(order.id, fulfilledAt);
    clock = new Date(fulfilledAt.getTime() + 72 * HOUR);
    await worker().runOnce();
    expect(await transfersFor(order.id)).toHaveLength(0);
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: 'processed', paidOutAt: clock });
    expect(await payoutOf(order.id)).toMatchObject({ method: 'none', status: 'sent', amountCents: 0 });
  });

  it('skips a cancelled or refunded order, and one already processed', async () => {
    const cancelled = await paidOrder();
    const fulfilledAt = new Date(cancelled.appointmentAt.getTime() + HOUR);
    await fulfil(cancelled.id, fulfilledAt);
    await app.deps.db
      .update(orders)
      .set({
        fulfillmentStatus: 'cancelled',
        paymentStatus: 'refunded',
        refundAmountCents: cancelled.totalCollectedCents,
        serviceFeeCents: 0,
        commissionCents: 0,
        vendorPayoutCents: 0,
      })
      .where(eq(orders.id, cancelled.id));
    clock = new Date(fulfilledAt.getTime() + 72 * HOUR);
    expect(await runPayout(app.deps, cancelled.id)).toEqual({ kind: 'skipped', reason: 'cancelled' });
    await app.deps.db
      .update(orders)
      .set({ fulfillmentStatus: 'fulfilled' })
      .where(eq(orders.id, cancelled.id));
    expect(await runPayout(app.deps, cancelled.id)).toEqual({ kind: 'skipped', reason: 'refunded' });
    await app.deps.db.update(orders).set({ paymentStatus: 'processed' }).where(eq(orders.id, cancelled.id));
    expect(await runPayout(app.deps, cancelled.id)).toEqual({ kind: 'skipped', reason: 'paid' });
    expect(await transfersFor(cancelled.id)).toHaveLength(0);
    expect(await payoutOf(cancelled.id)).toBeNull();
  });
});

describe('Paper Check', () => {
  let operator: TestClient;
  let someone: TestClient;

  beforeAll(async () => {
    const op = await signedUpCustomer(app, 'operator');
    await app.deps.db.update(users).set({ isOperator: true }).where(eq(users.id, op.userId));
    operator = op.client;
    someone = (await signedUpCustomer(app, 'someone')).client;
  });

  const owed = (client: TestClient) =>
    client.request({ method: 'GET', url: '/api/operator/payouts/paper-checks' });
  const markPaid = (client: TestClient, orderId: number, body: Record<string, unknown> = {}) =>
    client.request({
      method: 'POST',
      url: `/api/operator/payouts/paper-checks/${orderId}/mark-paid`,
      payload: body,
    });

  it('pays a vendor without an active payout account by Paper Check; the operator lists it and records the check', async () => {
    const order = await paidOrder();
    const fulfilledAt = new Date(order.appointmentAt.getTime() + 2 * HOUR);
    await fulfil(order.id, fulfilledAt);
    // The vendor's payouts were switched off since (stripeIntegrated inactive).
    await app.deps.db
      .update(vendors)
      .set({ stripeIntegrated: 'inactive' })
      .where(eq(vendors.id, vendor.vendorId));
    try {
      clock = new Date(fulfilledAt.getTime() + 72 * HOUR);
      await worker().runOnce();
    } finally {
      await app.deps.db
        .update(vendors)
        .set({ stripeIntegrated: 'active' })
        .where(eq(vendors.id, vendor.vendorId));
    }
    expect(await transfersFor(order.id)).toHaveLength(0);
    // The order says Paper Check (no payout destination, spec §3) and is not processed until it is sent.
    expect(await orderRow(order.id)).toMatchObject({
      paymentStatus: 'collected',
      payoutLast4: null,
      payoutBankName: null,
      transferId: null,
      paidOutAt: null,
    });
    expect(await payoutOf(order.id)).toMatchObject({
      method: 'paper_check',
      status: 'owed',
      reason: 'no_payout_account',
    });
    expect((await eventsOf(order.id, 'payout_scheduled')).at(-1)).toMatchObject({
      details: { method: 'paper_check', reason: 'no_payout_account' },
    });

    expect((await owed(new TestClient(app))).statusCode).toBe(401);
    expect((await owed(someone)).statusCode).toBe(403);
    const list = await owed(operator);
    expect(list.statusCode).toBe(200);
    const item = list.json().payouts.find((p: { orderId: number }) => p.orderId === order.id);
    expect(item).toEqual({
      orderId: order.id,
      confirmationId: order.confirmationId,
      vendor: {
        id: vendor.vendorId,
        name: 'Vendor payout-vendor@example.com',
        email: 'payout-vendor@example.com',
        phoneNumber: '4355550100',
        address: null,
      },
      amount: order.vendorPayoutCents / 100,
      fulfilledAt: fulfilledAt.toISOString(),
      owedSince: clock.toISOString(),
      reason: 'no_payout_account',
      failureMessage: null,
    });
    expect(list.json().totalOwed).toBeGreaterThanOrEqual(order.vendorPayoutCents / 100);

    expect((await markPaid(someone, order.id)).statusCode).toBe(403);
    const paid = await markPaid(operator, order.id, { checkReference: ' 10042 ', note: 'Mailed Monday' });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toEqual({
      payout: {
        orderId: order.id,
        confirmationId: order.confirmationId,
        method: 'paper_check',
        amount: order.vendorPayoutCents / 100,
        paidAt: clock.toISOString(),
        checkReference: '10042',
        recorded: true,
      },
    });
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: 'processed', paidOutAt: clock });
    const sent = await eventsOf(order.id, 'payout_sent');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      actorRole: 'admin',
      amountCents: order.vendorPayoutCents,
      details: { method: 'paper_check', checkReference: '10042', note: 'Mailed Monday' },
    });
    // A double click records nothing more; the list no longer shows it.
    const repeat = await markPaid(operator, order.id, { checkReference: '99999' });
    expect(repeat.json().payout).toMatchObject({ recorded: false, checkReference: '10042' });
    expect(await eventsOf(order.id, 'payout_sent')).toHaveLength(1);
    expect(
      (await owed(operator)).json().payouts.some((p: { orderId: number }) => p.orderId === order.id),
    ).toBe(false);
    // The payout job of the order finds nothing more to do.
    expect(await runPayout(app.deps, order.id)).toEqual({ kind: 'skipped', reason: 'paid' });
  });

  it('refuses mark-paid for an order that owes no check, an unknown order, and a too-long reference', async () => {
    const res = await markPaid(operator, 999_999);
    expect(res.statusCode).toBe(404);
    const order = await paidOrder();
    expect((await markPaid(operator, order.id)).json()).toMatchObject({ errors: [PAYOUT_MESSAGES.notOwed] });
    expect((await markPaid(operator, order.id, { checkReference: 'x'.repeat(41) })).statusCode).toBe(422);
  });

  it('a transfer the provider refuses becomes a Paper Check owed, and the order is open to refunds again', async () => {
    const order = await paidOrder();
    const fulfilledAt = new Date(order.appointmentAt.getTime() + HOUR);
    await fulfil(order.id, fulfilledAt);
    // The vendor's connected account is not one the provider knows (resource_missing: not retryable).
    await app.deps.db
      .update(vendors)
      .set({ paymentAccountId: 'acct_sbx_gone' })
      .where(eq(vendors.id, vendor.vendorId));
    try {
      clock = new Date(fulfilledAt.getTime() + 72 * HOUR);
      await worker().runOnce();
    } finally {
      await app.deps.db
        .update(vendors)
        .set({ paymentAccountId: accountId })
        .where(eq(vendors.id, vendor.vendorId));
    }
    expect(await transfersFor(order.id)).toHaveLength(0);
    expect(await payoutOf(order.id)).toMatchObject({
      method: 'paper_check',
      status: 'owed',
      reason: 'transfer_refused',
    });
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: 'collected', payoutLast4: null });
    expect(await eventsOf(order.id, 'payout_failed')).toHaveLength(1);
    expect((await payoutJob(order.id)).status).toBe('done');
    const item = (await owed(operator))
      .json()
      .payouts.find((p: { orderId: number }) => p.orderId === order.id);
    expect(item).toMatchObject({
      reason: 'transfer_refused',
      failureMessage: expect.stringContaining('acct_sbx_gone'),
    });
  });
});

describe('disputes', () => {
  const dispute = (intentId: string, type: 'created' | 'closed', status = 'won') =>
    handlePaymentEvent(
      app.deps,
      type === 'created'
        ? {
            id: `evt_dispute_${intentId}_${type}`,
            type: 'charge.dispute.created',
            paymentIntentId: intentId,
            amountCents: 1000,
            reason: 'fraudulent',
          }
        : {
            id: `evt_dispute_${intentId}_${type}_${status}`,
            type: 'charge.dispute.closed',
            paymentIntentId: intentId,
            amountCents: 1000,
            status,
          },
    );

  it('holds the payout while disputed; won, the order is fulfilled again and paid', async () => {
    const order = await paidOrder();
    const fulfilledAt = new Date(order.appointmentAt.getTime() + HOUR);
    await fulfil(order.id, fulfilledAt);
    await dispute(order.paymentIntentId!, 'created');
    expect(await orderRow(order.id)).toMatchObject({
      fulfillmentStatus: 'disputed',
      paymentStatus: 'pending',
    });

    clock = new Date(fulfilledAt.getTime() + 72 * HOUR);
    await worker().runOnce();
    expect(await transfersFor(order.id)).toHaveLength(0);
    expect(await payoutOf(order.id)).toBeNull();
    expect((await payoutJob(order.id)).status).toBe('done');
    expect(await runPayout(app.deps, order.id)).toEqual({ kind: 'held', reason: 'disputed' });

    clock = new Date(clock.getTime() + 10 * 24 * HOUR);
    await dispute(order.paymentIntentId!, 'closed', 'won');
    expect(await orderRow(order.id)).toMatchObject({
      fulfillmentStatus: 'fulfilled',
      paymentStatus: 'collected',
    });
    expect(await payoutJob(order.id)).toMatchObject({ status: 'queued', attempts: 0, runAt: clock });
    await worker().runOnce();
    expect(await transfersFor(order.id)).toHaveLength(1);
    expect(await orderRow(order.id)).toMatchObject({
      paymentStatus: 'processed',
      fulfillmentStatus: 'fulfilled',
    });
  });

  it('a dispute lost leaves the order disputed and unpaid', async () => {
    const order = await paidOrder();
    const fulfilledAt = new Date(order.appointmentAt.getTime() + HOUR);
    await fulfil(order.id, fulfilledAt);
    await dispute(order.paymentIntentId!, 'created');
    await dispute(order.paymentIntentId!, 'closed', 'lost');
    clock = new Date(fulfilledAt.getTime() + 80 * HOUR);
    await worker().runOnce();
    expect(await transfersFor(order.id)).toHaveLength(0);
    expect(await orderRow(order.id)).toMatchObject({
      fulfillmentStatus: 'disputed',
      paymentStatus: 'pending',
    });
    expect((await eventsOf(order.id, 'disputed')).at(-1)).toMatchObject({
      details: { closed: true, status: 'lost' },
    });
  });

  it('a dispute won before the payout was due leaves the job for its time', async () => {
    const order = await paidOrder();
    const fulfilledAt = new Date(order.appointmentAt.getTime() + HOUR);
    await fulfil(order.id, fulfilledAt);
    clock = new Date(fulfilledAt.getTime() + 5 * HOUR);
    await dispute(order.paymentIntentId!, 'created');
    await dispute(order.paymentIntentId!, 'closed', 'won');
    expect(await orderRow(order.id)).toMatchObject({
      fulfillmentStatus: 'fulfilled',
      paymentStatus: 'collected',
    });
    expect((await payoutJob(order.id)).runAt).toEqual(new Date(fulfilledAt.getTime() + 72 * HOUR));
    expect(PAYOUT_JOB).toBe('order-payout');
  });
});
