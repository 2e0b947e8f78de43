/**
 * Checkout on Stripe (issue 10): the real `stripe` SDK against a local server that speaks Stripe's API,
 * with webhooks signed the way Stripe signs them. The browser's part (Stripe.js confirming with the
 * client secret) is played against the fake; everything else goes through the app.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { orders, refunds, vendorCalendars, vendors } from '../src/db/schema';
import { createPricedVendor } from './pricing-fixtures';
import { confirmPayment, createIntent, scheduledBooking, signedUpCustomer } from './checkout-fixtures';
import type { PayableVendor } from './payable-vendor';
import {
  eventFor,
  signedWebhook,
  startFakeStripe,
  type FakeStripe,
  type FakeStripeEvent,
} from './fake-stripe';
import { createTestApp } from './test-app';
import { JobWorker } from '../src/modules/jobs/worker';
import { paymentJobHandlers } from '../src/modules/payments/service';

const clock = new Date('2026-11-23T15:00:00Z');
let fake: FakeStripe;
let app: FastifyInstance;
let vendor: PayableVendor;
let accountId: string;
const CONNECT_SECRET = 'whsec_connect_endpoint_test';

beforeAll(async () => {
  fake = await startFakeStripe();
  // The platform's endpoint secret and a second one (Stripe Connect's endpoint for vendors' accounts).
  app = await createTestApp({
    now: () => clock,
    payments: fake.provider({ webhookSecret: `${fake.webhookSecret},${CONNECT_SECRET}` }),
  });
  vendor = await createPricedVendor(app, { email: 'stripe-vendor@example.com' });
  const account = await app.deps.payments.createConnectedAccount({
    vendorId: vendor.vendorId,
    email: 'stripe-vendor@example.com',
    idempotencyKey: `acct-test-${vendor.vendorId}`,
  });
  accountId = account.id;
  await app.deps.db
    .update(vendors)
    .set({ paymentAccountId: account.id, stripeIntegrated: 'onboarding' })
    .where(eq(vendors.id, vendor.vendorId));
  await app.deps.db.insert(vendorCalendars).values({ vendorId: vendor.vendorId, bookingWindowStartDays: 1 });
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

const nineOn = (day: number) => new Date(Date.UTC(2026, 10, day, 16, 0, 0)).toISOString();

function webhook(event: FakeStripeEvent, secret = fake.webhookSecret) {
  const { body, headers } = signedWebhook(secret, event);
  return app.inject({ method: 'POST', url: '/api/payments/webhook', headers, payload: body });
}

const eventOf = (type: string, objectId: string) =>
  [...fake.events]
    .reverse()
    .find((e) => e.type === type && (e.data.object as { id?: string }).id === objectId)!;

describe('Stripe', () => {
  it("account.updated turns the vendor's payouts on", async () => {
    fake.completeOnboarding(accountId, { last4: '6789', bankName: 'STG Credit Union' });
    // Connect events come from their own endpoint, signed with its own secret.
    const res = await webhook(eventOf('account.updated', accountId), CONNECT_SECRET);
    expect(res.statusCode).toBe(200);
    const [row] = await app.deps.db.select().from(vendors).where(eq(vendors.id, vendor.vendorId));
    expect(row).toMatchObject({ stripeIntegrated: 'active', payoutLast4: '6789' });
  });

  it('pays through the Payment Element flow: the signed webhook makes one order, replays and the client change nothing', async () => {
    const { client } = await signedUpCustomer(app, 'stripe');
    const booking = await scheduledBooking(client, vendor, nineOn(25));
    const res = await createIntent(client, booking.id);
    expect(res.statusCode).toBe(200);
    const intent = res.json();
    expect(intent).toMatchObject({ provider: 'stripe', publishableKey: fake.publishableKey });
    expect(fake.paymentIntents.get(intent.paymentIntentId)).toMatchObject({
      amount: Math.round(intent.price * 100),
      currency: 'usd',
    });

    const declined = await fake.confirmAsBrowser(intent.clientSecret, 'pm_card_chargeDeclined');
    expect(declined.status).toBe(402);
    const failed = (await confirmPayment(client, intent.paymentIntentId)).json();
    expect(failed).toMatchObject({ status: 'requires_payment_method', order: null });

    const paid = await fake.confirmAsBrowser(intent.clientSecret, 'pm_card_visa', { setupFutureUsage: true });
    expect(paid.status).toBe(200);
    // Stripe's event (the card only as an id): the server asks Stripe for the intent and makes the order.
    const succeeded = eventOf('payment_intent.succeeded', intent.paymentIntentId);
    const first = await webhook(succeeded);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    const replays = await Promise.all(Array.from({ length: 10 }, () => webhook(succeeded)));
    expect(replays.every((r) => r.statusCode === 200 && r.json().duplicate === true)).toBe(true);
    const made = await app.deps.db.select().from(orders).where(eq(orders.bookingId, booking.id));
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      paymentProvider: 'stripe',
      paymentMethodLast4: '4242',
      paymentMethodBrand: 'visa',
    });
    const confirmed = (await confirmPayment(client, intent.paymentIntentId)).json();
    expect(confirmed).toMatchObject({ status: 'succeeded', order: { id: made[0]!.id } });

    // The saved card is offered next time.
    const next = await scheduledBooking(client, vendor, nineOn(26));
    expect((await createIntent(client, next.id)).json().paymentMethods[0].card).toMatchObject({
      last4: '4242',
    });
  });

  it('refuses a webhook Stripe did not sign', async () => {
    const event = eventFor('payment_intent.succeeded', { id: 'pi_forged', object: 'payment_intent' });
    expect((await webhook(event, 'whsec_wrong')).statusCode).toBe(400);
    const { body, headers } = signedWebhook(fake.webhookSecret, event);
    const tampered = await app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers,
      payload: body.replace('pi_forged', 'pi_forgex'),
    });
    expect(tampered.statusCode).toBe(400);
  });

  it("a customer's cancel refunds the whole amount at Stripe, once", async () => {
    const { client } = await signedUpCustomer(app, 'stripe-cancel');
    const booking = await scheduledBooking(client, vendor, nineOn(27));
    const intent = (await createIntent(client, booking.id)).json();
    await fake.confirmAsBrowser(intent.clientSecret, 'pm_card_visa');
    const order = (await confirmPayment(client, intent.paymentIntentId)).json().order;
    const cancel = () =>
      client.request({
        method: 'PATCH',
        url: `/api/orders/${order.id}/cancel-order`,
        payload: { cancelReason: 'Moving' },
      });
    expect((await cancel()).statusCode).toBe(200);
    expect((await cancel()).statusCode).toBe(200);
    await app.deps.background.drain();
    const atStripe = [...fake.refunds.values()].filter((r) => r.payment_intent === intent.paymentIntentId);
    expect(atStripe).toHaveLength(1);
    expect(atStripe[0]!.amount).toBe(Math.round(intent.price * 100));
    const [ours] = await app.deps.db
      .select()
      .from(refunds)
      .where(and(eq(refunds.orderId, order.id), eq(refunds.kind, 'cancel')));
    expect(ours).toMatchObject({ status: 'succeeded', providerRefundId: atStripe[0]!.id });
  });

  it('a refund the bank has not finished stays pending and is looked at again until it succeeds', async () => {
    const { client } = await signedUpCustomer(app, 'stripe-slow-refund');
    const booking = await scheduledBooking(client, vendor, nineOn(31));
    const intent = (await createIntent(client, booking.id)).json();
    await fake.confirmAsBrowser(intent.clientSecret, 'pm_card_visa');
    const order = (await confirmPayment(client, intent.paymentIntentId)).json().order;
    fake.nextRefundStatus = 'pending';
    const res = await client.request({
      method: 'PATCH',
      url: `/api/orders/${order.id}/cancel-order`,
      payload: { cancelReason: 'Schedule conflict' },
    });
    expect(res.json().order.paymentStatus).toBe('refunded');
    await app.deps.background.drain();
    const [waiting] = await app.deps.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(waiting).toMatchObject({ status: 'pending' });
    expect(waiting!.providerRefundId).toMatch(/^re_/);
    const worker = (at: number) =>
      new JobWorker({ db: app.deps.db, handlers: paymentJobHandlers(app.deps), now: () => new Date(at) });
    await worker(clock.getTime() + 2 * 60_000).runOnce(); // still pending at Stripe: looked at again later
    const [still] = await app.deps.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(still!.status).toBe('pending');
    fake.refunds.get(waiting!.providerRefundId!)!.status = 'succeeded';
    await worker(clock.getTime() + 15 * 60_000).runOnce();
    const [done] = await app.deps.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(done!.status).toBe('succeeded');
    expect(
      [...fake.refunds.values()].filter((r) => r.payment_intent === intent.paymentIntentId),
    ).toHaveLength(1);
  });

  it('a dispute marks the order disputed with payment pending', async () => {
    const { client } = await signedUpCustomer(app, 'stripe-dispute');
    const booking = await scheduledBooking(client, vendor, nineOn(30));
    const intent = (await createIntent(client, booking.id)).json();
    await fake.confirmAsBrowser(intent.clientSecret, 'pm_card_visa');
    await webhook(eventOf('payment_intent.succeeded', intent.paymentIntentId));
    const dispute = eventFor('charge.dispute.created', {
      id: 'dp_1',
      object: 'dispute',
      amount: Math.round(intent.price * 100),
      payment_intent: intent.paymentIntentId,
      reason: 'fraudulent',
    });
    expect((await webhook(dispute)).statusCode).toBe(200);
    const [row] = await app.deps.db.select().from(orders).where(eq(orders.bookingId, booking.id));
    expect(row).toMatchObject({ fulfillmentStatus: 'disputed', paymentStatus: 'pending' });
  });
});
