/**
 * Transfers the payout job gave up on (ADR 0017): when the provider cannot be reached through every try,
 * the payout stays `sending` and is marked for review with its `payout_failed` event; operators list it
 * and retry it. A retry runs the job again at once with the same idempotency key (and, begun more than 23
 * hours ago, looks the transfer up first), so the provider never pays twice; two retries at once queue the
 * job once and log one request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PAYOUT_MESSAGES } from '@stg/domain/api/payouts';
import { ORDER_MESSAGES } from '@stg/domain/order-actions';
import { PaymentProviderError } from '../../adapters/payments/payment-provider';
import { jobs, orderEvents, orders, payouts, sandboxObjects, users, vendors } from '../../db/schema';
import { createTestApp, TestClient } from '../../../test/test-app';
import { payFor, scheduledBooking, signedUpCustomer } from '../../../test/checkout-fixtures';
import { createPayableVendor, type PayableVendor } from '../../../test/payable-vendor';
import { JobWorker } from '../jobs/worker';
import { paymentJobHandlers } from '../payments/service';
import { schedulePayout } from '../orders/payout-schedule';
import { payoutJobHandlers } from './service';

// Monday, November 23rd 2026, 8:00 in St George (MST, UTC-7).
const START = new Date('2026-11-23T15:00:00Z');
const HOUR = 3_600_000;
let clock = START;
let app: FastifyInstance;
let vendor: PayableVendor;
let operator: TestClient;
let operatorId: number;
let someone: TestClient;

beforeAll(async () => {
  app = await createTestApp({ now: () => clock });
  vendor = await createPayableVendor(app, 'review-vendor@example.com');
  await app.deps.db
    .update(vendors)
    .set({ priceToDurationRateCents: 25_000 })
    .where(eq(vendors.id, vendor.vendorId));
  const op = await signedUpCustomer(app, 'operator');
  await app.deps.db.update(users).set({ isOperator: true }).where(eq(users.id, op.userId));
  operator = op.client;
  operatorId = op.userId;
  someone = (await signedUpCustomer(app, 'someone')).client;
});
afterAll(() => app.close());

const at = (day: number, hour: number) => new Date(Date.UTC(2026, 10, day, hour + 7, 0, 0));

let nextSlot = 0;
async function paidOrder() {
  clock = START;
  const slot = nextSlot++;
  const start = at(24 + Math.floor(slot / 6), 9 + (slot % 6));
  const { client } = await signedUpCustomer(app, 'payout');
  const booking = await scheduledBooking(client, vendor, start.toISOString());
  const res = await payFor(client, booking.id);
  expect(res.json().status).toBe('succeeded');
  await app.deps.background.drain();
  const [order] = await app.deps.db.select().from(orders).where(eq(orders.bookingId, booking.id));
  return order!;
}

/** Fulfilled an hour after its appointment, the payout scheduled; the clock set to when it is due. */
async function fulfilAndWait(order: { id: number; appointmentAt: Date }) {
  const when = new Date(order.appointmentAt.getTime() + HOUR);
  await app.deps.db.transaction(async (tx) => {
    await tx
      .update(orders)
      .set({ fulfillmentStatus: 'fulfilled', fulfilledAt: when, updatedAt: when })
      .where(eq(orders.id, order.id));
    await schedulePayout(tx, { orderId: order.id, fulfilledAt: when });
  });
  clock = new Date(when.getTime() + 72 * HOUR);
}

const worker = () =>
  new JobWorker({
    db: app.deps.db,
    handlers: { ...paymentJobHandlers(app.deps), ...payoutJobHandlers(app.deps) },
    now: () => clock,
  });

const payoutJob = async (orderId: number) =>
  app.deps.db
    .select()
    .from(jobs)
    .where(eq(jobs.uniqueKey, `payout:${orderId}`));

const payoutOf = async (orderId: number) =>
  (await app.deps.db.select().from(payouts).where(eq(payouts.orderId, orderId)))[0]!;

async function eventsOf(orderId: number, action: string) {
  return app.deps.db
    .select()
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.action, action)))
    .orderBy(orderEvents.id);
}

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
  return rows.map((r) => r.data as { id: string; amount: number });
}

/**
 * The provider unreachable while `run` runs: every transfer request fails as a timeout would. With
 * `lostAnswer`, the provider makes the transfer and the answer is lost on the way back.
 */
async function providerDown<T>(run: () => Promise<T>, opts: { lostAnswer?: boolean } = {}) {
  const payments = app.deps.payments;
  const real = payments.createTransfer;
  payments.createTransfer = async (input) => {
    if (opts.lostAnswer) await real.call(payments, input);
    throw new PaymentProviderError('connect ETIMEDOUT api.stripe.com:443', 'network_error', true);
  };
  try {
    return await run();
  } finally {
    payments.createTransfer = real;
  }
}

/** The payout job's last try (its earlier ones spent) fails: it gives up. */
async function lastTryFails(orderId: number, opts: { lostAnswer?: boolean } = {}) {
  await app.deps.db
    .update(jobs)
    .set({ attempts: 19 })
    .where(eq(jobs.uniqueKey, `payout:${orderId}`));
  await providerDown(() => worker().runOnce(), opts);
}

const list = (client: TestClient) =>
  client.request({ method: 'GET', url: '/api/operator/payouts/needing-review' });
const retry = (client: TestClient, orderId: number | string) =>
  client.request({ method: 'POST', url: `/api/operator/payouts/${orderId}/retry` });

describe('transfers the payout job gave up on', () => {
  it('are marked with their failure, listed for operators, and a retry after the provider came back records the one transfer made', async () => {
    const order = await paidOrder();
    await fulfilAndWait(order);
    // A try that fails before the last: retried by the job, not marked.
    await providerDown(() => worker().runOnce());
    expect((await payoutOf(order.id)).needsReviewAt).toBeNull();
    expect((await payoutJob(order.id))[0]).toMatchObject({ status: 'queued', attempts: 1 });

    // The last try: the provider made the transfer, but its answer never came back.
    clock = new Date(clock.getTime() + HOUR);
    const gaveUpAt = clock;
    await lastTryFails(order.id, { lostAnswer: true });
    expect(await transfersFor(order.id)).toHaveLength(1);
    expect((await payoutJob(order.id))[0]).toMatchObject({ status: 'failed' });
    const payout = await payoutOf(order.id);
    expect(payout).toMatchObject({
      method: 'transfer',
      status: 'sending',
      transferId: null,
      needsReviewAt: gaveUpAt,
      lastError: 'connect ETIMEDOUT api.stripe.com:443',
    });
    expect(await eventsOf(order.id, 'payout_failed')).toEqual([
      expect.objectContaining({
        actorRole: 'system',
        details: { error: 'connect ETIMEDOUT api.stripe.com:443', needsReview: true },
      }),
    ]);
    const [row] = await app.deps.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ paymentStatus: 'processed', transferId: null });

    // Operators only.
    expect((await list(new TestClient(app))).statusCode).toBe(401);
    expect((await list(someone)).statusCode).toBe(403);
    const listed = await list(operator);
    expect(listed.statusCode).toBe(200);
    expect(listed.headers['cache-control']).toBe('no-store');
    expect(listed.json().payouts).toEqual([
      {
        orderId: order.id,
        confirmationId: order.confirmationId,
        vendor: {
          id: vendor.vendorId,
          name: 'Vendor review-vendor@example.com',
          email: 'review-vendor@example.com',
          phoneNumber: '4355550100',
        },
        amount: order.vendorPayoutCents / 100,
        destinationAccountId: payout.destinationAccountId,
        transferKey: `payout-order-${order.id}`,
        startedAt: payout.startedAt.toISOString(),
        needsReviewSince: gaveUpAt.toISOString(),
        attempts: payout.attempts,
        lastError: 'connect ETIMEDOUT api.stripe.com:443',
      },
    ]);
    expect((await retry(new TestClient(app), order.id)).statusCode).toBe(403);
    expect((await retry(someone, order.id)).statusCode).toBe(403);
    expect(await eventsOf(order.id, 'payout_retry_requested')).toHaveLength(0);

    // The next day the provider is back; the operator retries (a double click: two requests at once).
    clock = new Date(clock.getTime() + 26 * HOUR);
    const retriedAt = clock;
    const [a, b] = await Promise.all([retry(operator, order.id), retry(operator, order.id)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect([a.json().retry.requested, b.json().retry.requested].sort()).toEqual([false, true]);
    expect(a.json().retry).toMatchObject({ orderId: order.id, confirmationId: order.confirmationId });
    const requested = await eventsOf(order.id, 'payout_retry_requested');
    expect(requested).toHaveLength(1);
    expect(requested[0]).toMatchObject({
      actorUserId: operatorId,
      actorRole: 'admin',
      amountCents: payout.amountCents,
      details: { method: 'transfer', idempotencyKey: `payout-order-${order.id}` },
    });
    const queued = await payoutJob(order.id);
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ status: 'queued', attempts: 0, runAt: retriedAt });
    expect((await payoutOf(order.id)).needsReviewAt).toBeNull();
    expect((await list(operator)).json().payouts).toEqual([]);

    // The job runs: it began more than 23 hours ago, so the transfer is looked up and found, not made again.
    await worker().runOnce();
    const transfers = await transfersFor(order.id);
    expect(transfers).toHaveLength(1);
    expect(await payoutOf(order.id)).toMatchObject({
      status: 'sent',
      transferId: transfers[0]!.id,
      needsReviewAt: null,
    });
    expect(await eventsOf(order.id, 'payout_sent')).toHaveLength(1);
    expect((await payoutJob(order.id))[0]).toMatchObject({ status: 'done' });

    // Retried again once sent: nothing to do.
    const again = await retry(operator, order.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ errors: [PAYOUT_MESSAGES.transferAlreadySent] });
    expect(await eventsOf(order.id, 'payout_retry_requested')).toHaveLength(1);
  });

  it('a transfer never made reaches the provider once when retried; a payout not given up on is refused with 409', async () => {
    const order = await paidOrder();
    await fulfilAndWait(order);
    await lastTryFails(order.id);
    expect(await transfersFor(order.id)).toHaveLength(0);
    expect((await list(operator)).json().payouts.map((p: { orderId: number }) => p.orderId)).toEqual([
      order.id,
    ]);

    // Orders whose payout was not given up on: none begun, and an unknown order.
    const other = await paidOrder();
    clock = new Date(START.getTime() + 80 * HOUR);
    const refused = await retry(operator, other.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ errors: [PAYOUT_MESSAGES.retryNotNeeded] });
    expect((await retry(operator, 999_999)).json()).toMatchObject({ errors: [ORDER_MESSAGES.orderNotFound] });
    expect((await retry(operator, 'abc')).statusCode).toBe(404);

    expect((await retry(operator, order.id)).json().retry.requested).toBe(true);
    // Still pending: a repeat answers the same and queues nothing more.
    expect((await retry(operator, order.id)).json().retry.requested).toBe(false);
    await worker().runOnce();
    const transfers = await transfersFor(order.id);
    expect(transfers).toHaveLength(1);
    expect(transfers[0]!.amount).toBe(order.vendorPayoutCents);
    expect(await payoutOf(order.id)).toMatchObject({ status: 'sent', transferId: transfers[0]!.id });
    expect(await eventsOf(order.id, 'payout_sent')).toHaveLength(1);
    expect(await eventsOf(order.id, 'payout_retry_requested')).toHaveLength(1);
  });

  it('the mark is only on a transfer under way (the database refuses it elsewhere)', async () => {
    const order = await paidOrder();
    await expect(
      app.deps.db.insert(payouts).values({
        orderId: order.id,
        vendorId: vendor.vendorId,
        method: 'paper_check',
        status: 'owed',
        amountCents: 100,
        idempotencyKey: `review-check-${order.id}`,
        reason: 'no_payout_account',
        needsReviewAt: clock,
        startedAt: clock,
      }),
    ).rejects.toThrow();
  });
});
