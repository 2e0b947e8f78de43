/**
 * Payouts on Stripe (issue 12; ADR 0017): the real `stripe` SDK against the local fake. The transfer is
 * funded from the order's charge (source_transaction) with the order's idempotency key; a lost answer, a
 * failed commit and even a key Stripe has forgotten never make a second transfer; a dispute holds the
 * payout until Stripe says it was won.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { jobs, orders, payouts, vendorCalendars, vendors } from '../src/db/schema';
import { JobWorker } from '../src/modules/jobs/worker';
import { paymentJobHandlers } from '../src/modules/payments/service';
import { schedulePayout } from '../src/modules/orders/payout-schedule';
import { payoutJobHandlers, payoutKey } from '../src/modules/payouts/service';
import { confirmPayment, createIntent, scheduledBooking, signedUpCustomer } from './checkout-fixtures';
import { signedWebhook, startFakeStripe, type FakeStripe, type FakeStripeEvent } from './fake-stripe';
import type { PayableVendor } from './payable-vendor';
import { createPricedVendor } from './pricing-fixtures';
import { createTestApp } from './test-app';

const START = new Date('2026-11-23T15:00:00Z');
const HOUR = 3_600_000;
let clock = START;
let fake: FakeStripe;
let app: FastifyInstance;
let vendor: PayableVendor;
let accountId: string;

beforeAll(async () => {
  fake = await startFakeStripe();
  fake.now = () => clock.getTime();
  app = await createTestApp({ now: () => clock, payments: fake.provider() });
  vendor = await createPricedVendor(app, { email: 'stripe-payout-vendor@example.com' });
  const account = await app.deps.payments.createConnectedAccount({
    vendorId: vendor.vendorId,
    email: 'stripe-payout-vendor@example.com',
    idempotencyKey: `acct-payout-test-${vendor.vendorId}`,
  });
  accountId = account.id;
  fake.completeOnboarding(accountId, { last4: '6789', bankName: 'STG Credit Union' });
  await app.deps.db
    .update(vendors)
    .set({
      paymentAccountId: accountId,
      stripeIntegrated: 'active',
      payoutLast4: '6789',
      payoutBankName: 'STG Credit Union',
      // About 40-minute jobs: one an hour fits a morning.
      priceToDurationRateCents: 25_000,
    })
    .where(eq(vendors.id, vendor.vendorId));
  await app.deps.db.insert(vendorCalendars).values({
    vendorId: vendor.vendorId,
    workdayStartMinutes: 8 * 60,
    workdayEndMinutes: 17 * 60,
    driveTimeBufferMins: 0,
    bookingWindowStartDays: 1,
    bookingWindowEndDays: 60,
  });
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

let slot = 0;
/** A paid order on Stripe (the browser confirms at the fake, the client tells the server). */
async function paidOrder() {
  clock = START;
  const n = slot++;
  const start = new Date(Date.UTC(2026, 10, 24 + Math.floor(n / 6), 16 + (n % 6)));
  const { client } = await signedUpCustomer(app, 'stripe-payout');
  const booking = await scheduledBooking(client, vendor, start.toISOString());
  const intent = (await createIntent(client, booking.id)).json();
  expect((await fake.confirmAsBrowser(intent.clientSecret, 'pm_card_visa')).status).toBe(200);
  const { order } = (await confirmPayment(client, intent.paymentIntentId)).json();
  await app.deps.background.drain();
  const [row] = await app.deps.db.select().from(orders).where(eq(orders.id, order.id));
  return row!;
}

/** What mark-as-fulfilled does: fulfilled an hour after the start, the payout scheduled; the clock 72 h on. */
async function fulfilAndWait(order: typeof orders.$inferSelect) {
  const fulfilledAt = new Date(order.appointmentAt.getTime() + HOUR);
  await app.deps.db.transaction(async (tx) => {
    await tx
      .update(orders)
      .set({ fulfillmentStatus: 'fulfilled', fulfilledAt })
      .where(eq(orders.id, order.id));
    await schedulePayout(tx, { orderId: order.id, fulfilledAt });
  });
  clock = new Date(fulfilledAt.getTime() + 72 * HOUR);
}

const worker = () =>
  new JobWorker({
    db: app.deps.db,
    handlers: { ...paymentJobHandlers(app.deps), ...payoutJobHandlers(app.deps) },
    now: () => clock,
  });

const transfersOf = (orderId: number) =>
  [...fake.transfers.values()].filter((t) => t.metadata.orderId === String(orderId));
const transferRequests = (orderId: number) =>
  fake.requests.filter((r) => r.path === '/v1/transfers' && r.idempotencyKey === payoutKey(orderId));

async function orderRow(id: number) {
  return (await app.deps.db.select().from(orders).where(eq(orders.id, id)))[0]!;
}
async function payoutJob(orderId: number) {
  return (
    await app.deps.db
      .select()
      .from(jobs)
      .where(eq(jobs.uniqueKey, `payout:${orderId}`))
  )[0]!;
}

/** The next recording of a sent payout fails, as if the process died before its commit. */
async function failNextRecording(run: () => Promise<unknown>) {
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
    await run();
  } finally {
    await app.deps.db.execute(sql`drop trigger fail_payout_recording on payouts`);
    await app.deps.db.execute(sql`drop function fail_payout_recording()`);
  }
}

function webhook(event: FakeStripeEvent) {
  const { body, headers } = signedWebhook(fake.webhookSecret, event);
  return app.inject({ method: 'POST', url: '/api/payments/webhook', headers, payload: body });
}
const lastEvent = (type: string, objectId: string) =>
  [...fake.events]
    .reverse()
    .find((e) => e.type === type && (e.data.object as { id?: string }).id === objectId)!;

describe('payouts on Stripe', () => {
  it("transfers the vendor's payout from the order's charge, keyed by the order", async () => {
    const order = await paidOrder();
    await fulfilAndWait(order);
    await worker().runOnce();
    const [transfer, ...more] = transfersOf(order.id);
    expect(more).toHaveLength(0);
    const charge = fake.paymentIntents.get(order.paymentIntentId!)!.latest_charge;
    expect(transfer).toMatchObject({
      amount: order.vendorPayoutCents,
      currency: 'usd',
      destination: accountId,
      source_transaction: charge,
      metadata: {
        orderId: String(order.id),
        confirmationId: order.confirmationId,
        payoutKey: payoutKey(order.id),
      },
    });
    expect(transferRequests(order.id)).toHaveLength(1);
    expect(await orderRow(order.id)).toMatchObject({
      paymentStatus: 'processed',
      transferId: transfer!.id,
      paidOutAt: clock,
    });
  });

  it('an answer lost on the way back: the retry is answered with the same transfer', async () => {
    const order = await paidOrder();
    await fulfilAndWait(order);
    // Made at Stripe, the answer cut; the SDK's own retry of a closed connection meets Stripe's 500.
    fake.failNextOn('/v1/transfers', 'drop_after_processing', 'api_error');
    await worker().runOnce();
    expect(transfersOf(order.id)).toHaveLength(1);
    const job = await payoutJob(order.id);
    expect(job).toMatchObject({ status: 'queued', attempts: 1 });
    expect((await orderRow(order.id)).transferId).toBeNull();

    clock = new Date(job.runAt.getTime() + 1_000);
    await worker().runOnce();
    const requests = transferRequests(order.id);
    expect(requests.map((r) => [r.status, r.replayed])).toEqual([
      [-1, false],
      [500, false],
      [200, true],
    ]);
    expect(transfersOf(order.id)).toHaveLength(1);
    expect((await orderRow(order.id)).transferId).toBe(transfersOf(order.id)[0]!.id);
  });

  it('a crash between the transfer and the commit: the retry gets the same transfer from Stripe', async () => {
    const order = await paidOrder();
    await fulfilAndWait(order);
    await failNextRecording(() => worker().runOnce());
    expect(transfersOf(order.id)).toHaveLength(1);
    const job = await payoutJob(order.id);
    clock = new Date(job.runAt.getTime() + 1_000);
    await worker().runOnce();
    expect(transferRequests(order.id).map((r) => r.replayed)).toEqual([false, true]);
    expect(transfersOf(order.id)).toHaveLength(1);
    expect(await orderRow(order.id)).toMatchObject({
      transferId: transfersOf(order.id)[0]!.id,
      paymentStatus: 'processed',
    });
  });

  it('after Stripe forgot the key (24 hours), the transfer made before is found, not made again', async () => {
    const order = await paidOrder();
    await fulfilAndWait(order);
    await failNextRecording(() => worker().runOnce());
    expect(transfersOf(order.id)).toHaveLength(1);
    fake.forgetIdempotencyKeys();
    clock = new Date(clock.getTime() + 30 * HOUR);
    await worker().runOnce();
    expect(transferRequests(order.id)).toHaveLength(1);
    expect(transfersOf(order.id)).toHaveLength(1);
    expect(fake.count('/v1/transfers', 'GET')).toBeGreaterThanOrEqual(1);
    const [payout] = await app.deps.db.select().from(payouts).where(eq(payouts.orderId, order.id));
    expect(payout).toMatchObject({ status: 'sent', transferId: transfersOf(order.id)[0]!.id });
  });

  it('a dispute holds the payout; when Stripe says it was won, the vendor is paid', async () => {
    const order = await paidOrder();
    await fulfilAndWait(order);
    const dispute = fake.createDispute(order.paymentIntentId!);
    expect((await webhook(lastEvent('charge.dispute.created', dispute.id))).statusCode).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({
      fulfillmentStatus: 'disputed',
      paymentStatus: 'pending',
    });
    await worker().runOnce();
    expect(transfersOf(order.id)).toHaveLength(0);

    fake.closeDispute(dispute.id, 'won');
    expect((await webhook(lastEvent('charge.dispute.closed', dispute.id))).statusCode).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({
      fulfillmentStatus: 'fulfilled',
      paymentStatus: 'collected',
    });
    await worker().runOnce();
    expect(transfersOf(order.id)).toHaveLength(1);
    expect((await orderRow(order.id)).paymentStatus).toBe('processed');
  });
});
