/**
 * Checkout end to end on the sandbox provider (spec §4 Booking flow, §7 create-payment-intent, §8;
 * ARCHITECTURE §5a): holds, card outcomes, 3-D Secure, settlement into one order, refunds on a lost
 * race, events processed once, hold expiry with reconciliation, and the ledger on every path.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CHECKOUT_MESSAGES } from '@stg/domain/checkout';
import { HOLD_EXPIRY_JOB } from './checkout';
import { SCHEDULING_MESSAGES } from '@stg/domain/scheduling-preferences';
import {
  bookings,
  jobs,
  orderEvents,
  orders,
  payments,
  refunds,
  sandboxObjects,
  vendors,
} from '../../db/schema';
import { createTestApp, outbox, TestClient } from '../../../test/test-app';
import {
  CARDS,
  confirmPayment,
  createIntent,
  ledger,
  sandboxConfirm,
  scheduledBooking,
  insertCheckoutHold,
  signedUpCustomer,
} from '../../../test/checkout-fixtures';
import { createPayableVendor, type PayableVendor } from '../../../test/payable-vendor';
import { PaymentProviderError } from '../../adapters/payments/payment-provider';
import { expireHold, PAYMENTS_UNAVAILABLE } from './holds';
import { deliverSandboxEvent } from './service';
import { handlePaymentEvent } from './settle';

// Monday, November 23rd 2026, 8:00 in St George (MST, UTC-7).
const START = new Date('2026-11-23T15:00:00Z');
let clock = START;
let app: FastifyInstance;
let vendor: PayableVendor;

beforeAll(async () => {
  app = await createTestApp({ now: () => clock });
  vendor = await createPayableVendor(app, 'pay-vendor@example.com');
});
afterAll(() => app.close());

/** A St George (MST) time in November 2026; days past 30 run into December. */
const at = (day: number, hour: number) => new Date(Date.UTC(2026, 10, day, hour + 7, 0, 0)).toISOString(); // hour in MST

/** Runs `fn` with a provider that answers cancels without cancelling (a lost cancel). */
async function withLostCancels<T>(fn: () => Promise<T>): Promise<T> {
  const provider = app.deps.payments;
  const cancel = provider.cancelIntent.bind(provider);
  provider.cancelIntent = (id: string) => provider.retrieveIntent(id);
  try {
    return await fn();
  } finally {
    provider.cancelIntent = cancel;
  }
}

async function settled() {
  await app.deps.background.drain();
}

/**
 * A customer whose booking, scheduled at `chosen`, now stands at `time` (as if chosen just before another
 * customer held it): the time is read again under the vendor's lock.
 */
async function bookingMovedTo(time: string, chosen: string) {
  const customer = await signedUpCustomer(app);
  const booking = await scheduledBooking(customer.client, vendor, chosen);
  await app.deps.db
    .update(bookings)
    .set({ appointmentAt: new Date(time) })
    .where(eq(bookings.id, booking.id));
  return { ...customer, booking };
}

/** Another customer's running hold (10 minutes from the clock) on `time`, written straight to the table. */
async function heldByAnother(time: string, name?: string) {
  const other = await signedUpCustomer(app, name);
  await insertCheckoutHold(app, {
    vendorId: vendor.vendorId,
    userId: other.userId,
    addressId: other.addressId,
    appointmentAt: new Date(time),
    holdExpiresAt: new Date(clock.getTime() + 10 * 60_000),
  });
}

/** The sandbox's intents for a booking (their metadata names it), by status. */
async function intentsOfBooking(bookingId: number) {
  const rows = await app.deps.db
    .select()
    .from(sandboxObjects)
    .where(
      and(
        eq(sandboxObjects.object, 'payment_intent'),
        sql`${sandboxObjects.data}->'metadata'->>'bookingId' = ${String(bookingId)}`,
      ),
    );
  return rows.map((r) => ({ id: r.id, status: (r.data as { status: string }).status }));
}

describe('POST /api/payments/create-payment-intent', () => {
  it('tells a guest to sign in first (not_logged_in, 401)', async () => {
    const guest = new TestClient(app);
    await guest.session();
    const res = await createIntent(guest, 1);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      error_type: 'not_logged_in',
      errors: [CHECKOUT_MESSAGES.notLoggedIn],
    });
  });

  it("holds the time: the server's price plus the service charge, the same intent on a double click, and nobody else can pay for it", async () => {
    const { client } = await signedUpCustomer(app);
    const booking = await scheduledBooking(client, vendor, at(25, 9));
    // Both clicks read the booking before either holds: the provider answers neither until both asked.
    const provider = app.deps.payments;
    const createIntentOf = provider.createIntent.bind(provider);
    let asking = 0;
    let bothAsked!: () => void;
    const gate = new Promise<void>((resolve) => (bothAsked = resolve));
    provider.createIntent = async (terms) => {
      if (++asking === 2) bothAsked();
      await gate;
      return createIntentOf(terms);
    };
    const [first, second] = await Promise.all([
      createIntent(client, booking.id),
      createIntent(client, booking.id),
    ]).finally(() => (provider.createIntent = createIntentOf));
    expect(asking).toBe(2);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    const body = first.json();
    expect(second.json().paymentIntentId).toBe(body.paymentIntentId);
    // Both clicks asked the provider for an intent before the hold (issue 27: a first attempt's): the one
    // that lost the hold to the other has its intent cancelled; the customer's stays payable.
    await settled();
    const asked = await intentsOfBooking(booking.id);
    expect(asked.find((i) => i.id === body.paymentIntentId)?.status).toBe('requires_payment_method');
    expect(asked.filter((i) => i.id !== body.paymentIntentId).every((i) => i.status === 'canceled')).toBe(
      true,
    );
    expect(body).toMatchObject({
      provider: 'sandbox',
      publishableKey: null,
      subtotal: booking.price,
      serviceCharge: 2.55,
      paymentMethods: [],
      saveCard: false,
    });
    expect(body.price).toBeCloseTo(booking.price + 2.55, 2);
    expect(body.confirmationId).toMatch(/^SG-[A-Z0-9]{10}$/);
    expect(new Date(body.holdExpiresAt).getTime()).toBe(clock.getTime() + 10 * 60_000);
    const [row] = await app.deps.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row!.status).toBe('pending');
    expect(row!.holdExpiresAt?.toISOString()).toBe(body.holdExpiresAt);
    // The hold's expiry job, written in the same statement as the payment (issue 27): one, at the expiry.
    const [held] = await app.deps.db
      .select()
      .from(payments)
      .where(eq(payments.intentId, body.paymentIntentId));
    const expiry = await app.deps.db
      .select()
      .from(jobs)
      .where(
        and(eq(jobs.kind, 'checkout-hold-expiry'), sql`${jobs.payload}->>'paymentId' = ${String(held!.id)}`),
      );
    expect(expiry).toHaveLength(1);
    expect(expiry[0]).toMatchObject({
      status: 'queued',
      payload: { paymentId: held!.id },
      uniqueKey: `checkout-hold-expiry:${held!.id}:${held!.holdExpiresAt.getTime()}`,
      maxAttempts: 8,
    });
    expect(expiry[0]!.runAt.getTime()).toBe(held!.holdExpiresAt.getTime());

    // Another customer is neither offered the time nor allowed to pay for it.
    const other = await signedUpCustomer(app);
    const theirs = await scheduledBooking(other.client, vendor, at(39, 9));
    const availability = await other.client.request({
      method: 'GET',
      url: `/api/vendors/${vendor.vendorId}/vendor_calendars?duration=5`,
    });
    const wed = availability.json().days.find((d: { date: string }) => d.date === '2026-11-25');
    const offered = (wed?.ranges ?? []).some(
      (r: { start_time: string; end_time: string }) =>
        Date.parse(r.start_time) <= Date.parse(at(25, 9)) && Date.parse(r.end_time) >= Date.parse(at(25, 9)),
    );
    expect(offered).toBe(false);
    const sameTime = await other.client.request({
      method: 'PUT',
      url: `/api/bookings/${theirs.id}`,
      payload: { booking: { appointmentAt: at(25, 9) } },
    });
    expect(sameTime.statusCode).toBe(422);
    expect(sameTime.json().errors).toEqual([SCHEDULING_MESSAGES.appointmentUnavailable]);
  });

  it('pressing Checkout again later renews the running hold: the same intent, a later expiry on the payment and the booking, and its expiry job (issue 27: one statement)', async () => {
    const { client } = await signedUpCustomer(app);
    const booking = await scheduledBooking(client, vendor, at(52, 9));
    const first = await createIntent(client, booking.id);
    expect(first.statusCode).toBe(200);
    clock = new Date(clock.getTime() + 2 * 60_000);
    const again = await createIntent(client, booking.id);
    expect(again.statusCode).toBe(200);
    const body = again.json();
    expect(body.paymentIntentId).toBe(first.json().paymentIntentId);
    expect(new Date(body.holdExpiresAt).getTime()).toBe(clock.getTime() + 10 * 60_000);
    const [row] = await app.deps.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ status: 'pending' });
    expect(row!.holdExpiresAt?.toISOString()).toBe(body.holdExpiresAt);
    const [held] = await app.deps.db
      .select()
      .from(payments)
      .where(eq(payments.intentId, body.paymentIntentId));
    expect(held).toMatchObject({ status: 'open' });
    expect(held!.holdExpiresAt.toISOString()).toBe(body.holdExpiresAt);
    const expiry = await app.deps.db
      .select()
      .from(jobs)
      .where(
        and(eq(jobs.kind, 'checkout-hold-expiry'), sql`${jobs.payload}->>'paymentId' = ${String(held!.id)}`),
      );
    expect(expiry.map((j) => j.runAt.toISOString()).sort()).toEqual(
      [first.json().holdExpiresAt, body.holdExpiresAt].sort(),
    );
    expect(expiry.find((j) => j.runAt.toISOString() === body.holdExpiresAt)).toMatchObject({
      status: 'queued',
      payload: { paymentId: held!.id },
      uniqueKey: `checkout-hold-expiry:${held!.id}:${held!.holdExpiresAt.getTime()}`,
    });
  });

  it('refuses a vendor whose payouts are not set up, and a booking that is not the caller’s', async () => {
    const lonely = await createPayableVendor(app, 'no-payouts@example.com');
    await app.deps.db
      .update(vendors)
      .set({ stripeIntegrated: 'inactive' })
      .where(eq(vendors.id, lonely.vendorId));
    const { client } = await signedUpCustomer(app);
    const booking = await scheduledBooking(client, lonely, at(26, 9));
    const res = await createIntent(client, booking.id);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      error_type: 'vendor_payment_setup_incomplete',
      message: CHECKOUT_MESSAGES.vendorPaymentSetupIncomplete,
    });
    const stranger = await signedUpCustomer(app);
    expect((await createIntent(stranger.client, booking.id)).statusCode).toBe(404);
  });

  it('a time taken by another hold refuses the checkout and cancels the intent asked for beside the checks', async () => {
    const first = await signedUpCustomer(app);
    const held = await scheduledBooking(first.client, vendor, at(53, 9));
    expect((await createIntent(first.client, held.id)).statusCode).toBe(200);
    const { booking: late, ...second } = await bookingMovedTo(at(53, 9), at(54, 9));
    const res = await createIntent(second.client, late.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error_type: 'appointment_unavailable',
      message: SCHEDULING_MESSAGES.appointmentUnavailable,
    });
    await settled();
    const asked = await intentsOfBooking(late.id);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.status).toBe('canceled');
    const [row] = await app.deps.db.select().from(bookings).where(eq(bookings.id, late.id));
    expect(row!.status).toBe('scheduled');
    expect(await app.deps.db.select().from(payments).where(eq(payments.bookingId, late.id))).toHaveLength(0);
  });

  it('a booking changed, paid or gone while its first intent was being asked for is refused under the lock, and nothing of the hold is left (issue 27: one statement, rolled back)', async () => {
    const provider = app.deps.payments;
    const createIntentOf = provider.createIntent.bind(provider);
    /** create-payment-intent with `change` made to the booking while the provider is asked (after the read). */
    const checkoutWhile = async (day: number, change: (id: number) => Promise<unknown>) => {
      const { client } = await signedUpCustomer(app);
      const booking = await scheduledBooking(client, vendor, at(day, 9));
      provider.createIntent = async (terms) => {
        await change(booking.id);
        return createIntentOf(terms);
      };
      const res = await createIntent(client, booking.id).finally(
        () => (provider.createIntent = createIntentOf),
      );
      expect(res.statusCode).toBe(422);
      await settled();
      const left = await app.deps.db.select().from(payments).where(eq(payments.bookingId, booking.id));
      expect(left).toHaveLength(0);
      const asked = await intentsOfBooking(booking.id);
      expect(asked.map((i) => i.status)).toEqual(['canceled']);
      return { res, booking };
    };
    const jobsBefore = await app.deps.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(eq(jobs.kind, HOLD_EXPIRY_JOB));

    const moved = await checkoutWhile(59, (id) =>
      app.deps.db.update(bookings).set({ priceCents: 99_99 }).where(eq(bookings.id, id)),
    );
    expect(moved.res.json().errors).toEqual([CHECKOUT_MESSAGES.bookingChanged]);
    const [row] = await app.deps.db.select().from(bookings).where(eq(bookings.id, moved.booking.id));
    expect(row).toMatchObject({ status: 'scheduled', holdExpiresAt: null });

    const paid = await checkoutWhile(60, (id) =>
      app.deps.db.update(bookings).set({ status: 'paid' }).where(eq(bookings.id, id)),
    );
    expect(paid.res.json().errors).toEqual([CHECKOUT_MESSAGES.bookingAlreadyPaid]);

    // Gone: the payment's foreign key refuses the one statement; the whole hold then tells it.
    const gone = await checkoutWhile(61, (id) => app.deps.db.delete(bookings).where(eq(bookings.id, id)));
    expect(gone.res.json().errors).toEqual([CHECKOUT_MESSAGES.bookingAlreadyPaid]);

    const jobsAfter = await app.deps.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(eq(jobs.kind, HOLD_EXPIRY_JOB));
    expect(jobsAfter).toHaveLength(jobsBefore.length);
  });

  it('the provider refusing the intent holds nothing: unavailable for now (503) or, refused outright, the vendor’s setup (422); then it pays', async () => {
    const { client } = await signedUpCustomer(app);
    const booking = await scheduledBooking(client, vendor, at(55, 9));
    const provider = app.deps.payments;
    const createIntentOf = provider.createIntent.bind(provider);
    try {
      for (const [err, status] of [
        [
          new PaymentProviderError(
            'Could not connect to the payment provider.',
            'api_connection_error',
            true,
          ),
          503,
        ],
        [new PaymentProviderError('This account cannot take payments.', 'account_invalid', false), 422],
      ] as const) {
        provider.createIntent = () => Promise.reject(err);
        const res = await createIntent(client, booking.id);
        expect(res.statusCode).toBe(status);
        if (status === 503) expect(res.json().errors).toEqual([PAYMENTS_UNAVAILABLE]);
        else expect(res.json().error_type).toBe('vendor_payment_setup_incomplete');
        const [row] = await app.deps.db.select().from(bookings).where(eq(bookings.id, booking.id));
        expect(row!.status).toBe('scheduled');
        const open = await app.deps.db
          .select()
          .from(payments)
          .where(and(eq(payments.bookingId, booking.id), eq(payments.status, 'open')));
        expect(open).toHaveLength(0);
      }
    } finally {
      provider.createIntent = createIntentOf;
    }
    const res = await createIntent(client, booking.id);
    expect(res.statusCode).toBe(200);
    await sandboxConfirm(client, res.json().clientSecret, CARDS.visa);
    expect((await confirmPayment(client, res.json().paymentIntentId)).json().status).toBe('succeeded');
  });

  it('answers invalid_price when the vendor changed the price since the customer saw it', async () => {
    const { client } = await signedUpCustomer(app);
    const booking = await scheduledBooking(client, vendor, at(26, 9));
    await app.deps.db.update(bookings).set({ priceCents: 1 }).where(eq(bookings.id, booking.id));
    const res = await createIntent(client, booking.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().error_type).toBe('invalid_price');
    expect(res.json().message).toMatch(/The price of this service is now \$[\d,]+\.\d\d/);
  });
});

describe('paying in the sandbox', () => {
  it('4242…: one order with the money split, the booking paid, the event logged, mails sent; confirming again changes nothing', async () => {
    const { client, email } = await signedUpCustomer(app);
    const booking = await scheduledBooking(client, vendor, at(30, 9));
    const intent = (await createIntent(client, booking.id)).json();
    const paid = await sandboxConfirm(client, intent.clientSecret, CARDS.visa);
    expect(paid.json()).toEqual({ status: 'succeeded', error: null, redirectUrl: null });
    const res = await confirmPayment(client, intent.paymentIntentId);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: 'succeeded',
      message: 'Payment success!',
      confirmationId: intent.confirmationId,
    });
    expect(body.order).toMatchObject({
      confirmationId: intent.confirmationId,
      fulfillmentStatus: 'unfulfilled',
      paymentStatus: 'collected',
      paymentMethod: { last4: '4242', brand: 'visa' },
      totalCollected: intent.price,
      serviceFee: 2.55,
      subtotal: intent.subtotal,
      appointmentAt: at(30, 9),
    });
    const [order] = await app.deps.db
      .select()
      .from(orders)
      .where(eq(orders.confirmationId, intent.confirmationId));
    const subtotal = Math.round(intent.subtotal * 100);
    expect(order!.commissionCents).toBe(Math.round(subtotal * 0.1));
    expect(order!.vendorPayoutCents).toBe(subtotal - order!.commissionCents);
    expect(order!.payoutLast4).toBe('6789');
    const [b] = await app.deps.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(b!.status).toBe('paid');
    const events = await app.deps.db.select().from(orderEvents).where(eq(orderEvents.orderId, order!.id));
    expect(events.map((e) => e.action)).toEqual(['created']);
    expect(events[0]).toMatchObject({ actorRole: 'customer', amountCents: order!.totalCollectedCents });
    expect(events[0]!.details).toMatchObject({ confirmationId: intent.confirmationId });
    // The settlement's writes (issue 27: one statement): the payment settled, the reminder queued.
    const [settledRow] = await app.deps.db.select().from(payments).where(eq(payments.orderId, order!.id));
    expect(settledRow).toMatchObject({
      status: 'succeeded',
      paymentMethodLast4: '4242',
      failureMessage: null,
    });
    const reminder = await app.deps.db
      .select()
      .from(jobs)
      .where(eq(jobs.uniqueKey, `order-reminder:${order!.id}:${order!.appointmentAt.getTime()}`));
    expect(reminder).toHaveLength(1);

    // The client's confirmation and the sandbox's event both arrive: still one order.
    await settled();
    expect((await confirmPayment(client, intent.paymentIntentId)).json().order.id).toBe(order!.id);
    expect(await app.deps.db.select().from(orders).where(eq(orders.bookingId, booking.id))).toHaveLength(1);

    const mails = await outbox(app);
    const confirmations = mails.filter((m) => m.to === email && m.subject.startsWith('Booking confirmed'));
    expect(confirmations).toHaveLength(1); // once, though told twice
    const confirmation = confirmations[0];
    expect(confirmation?.text).toContain(intent.confirmationId);
    const invite = confirmation?.attachments?.[0];
    expect(invite?.filename).toBe('appointment.ics');
    expect(invite?.content).toContain('DTSTART;TZID=America/Denver:20261130T090000');
    // Dates in the shared format of @stg/domain/dates (spec §9), in the mail and the invite's text.
    expect(confirmation?.subject).toContain('Nov 30th, 9:00am');
    expect(confirmation?.text).toContain('Appointment: Nov 30th, 9:00am (Mountain Time)');
    expect(invite?.content.replace(/\r\n /g, '')).toContain(
      'DESCRIPTION:Nov 30th\\, 9:00am (Mountain Time).',
    );
    expect(mails.some((m) => m.to === 'pay-vendor@example.com' && m.subject.startsWith('New order'))).toBe(
      true,
    );
    // The order is in the customer's list.
    const list = (await client.request({ method: 'GET', url: '/api/orders' })).json();
    expect(list.orders.map((o: { id: number }) => o.id)).toContain(order!.id);
  });

  it('a declined card shows the provider message and leaves no order; the same checkout then pays with another card', async () => {
    const { client } = await signedUpCustomer(app);
    const booking = await scheduledBooking(client, vendor, at(31, 9));
    const intent = (await createIntent(client, booking.id)).json();
    const declined = (await sandboxConfirm(client, intent.clientSecret, CARDS.declined)).json();
    expect(declined).toMatchObject({
      status: 'requires_payment_method',
      error: { message: 'Your card was declined.' },
    });
    const poor = (await sandboxConfirm(client, intent.clientSecret, CARDS.insufficient)).json();
    expect(poor.error.message).toBe('Your card has insufficient funds.');
    const res = (await confirmPayment(client, intent.paymentIntentId)).json();
    expect(res).toMatchObject({
      status: 'requires_payment_method',
      message: CHECKOUT_MESSAGES.failed,
      order: null,
    });
    await settled();
    expect(await app.deps.db.select().from(orders).where(eq(orders.bookingId, booking.id))).toHaveLength(0);
    await sandboxConfirm(client, intent.clientSecret, CARDS.visa);
    expect((await confirmPayment(client, intent.paymentIntentId)).json().status).toBe('succeeded');
  });

  it('refuses a card number outside the test list, and another customer’s intent', async () => {
    const { client } = await signedUpCustomer(app);
    const booking = await scheduledBooking(client, vendor, at(27, 9));
    const intent = (await createIntent(client, booking.id)).json();
    const real = await sandboxConfirm(client, intent.clientSecret, '4111 1111 1111 1111');
    expect(real.statusCode).toBe(422);
    expect(real.json().errors).toEqual([CHECKOUT_MESSAGES.testCardOnly]);
    const stranger = await signedUpCustomer(app);
    expect((await sandboxConfirm(stranger.client, intent.clientSecret, CARDS.visa)).statusCode).toBe(404);
    expect((await confirmPayment(stranger.client, intent.paymentIntentId)).statusCode).toBe(404);
    const away = await sandboxConfirm(client, intent.clientSecret, CARDS.visa, {
      returnUrl: 'https://evil.example/x',
    });
    expect(away.statusCode).toBe(422);
  });

  it('3-D Secure: the authentication page, then back to the vendor page with the intent; failing it leaves the intent payable', async () => {
    const { client } = await signedUpCustomer(app);
    const booking = await scheduledBooking(client, vendor, at(32, 9));
    const intent = (await createIntent(client, booking.id)).json();
    const started = (
      await sandboxConfirm(client, intent.clientSecret, CARDS.threeDs, { saveCard: true })
    ).json();
    expect(started.status).toBe('requires_action');
    const url = new URL(started.redirectUrl);
    expect(url.pathname).toBe(`/sandbox/authenticate/${intent.paymentIntentId}`);
    const page = await app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(page.statusCode).toBe(200);
    // Sent as the HTML it is (its declared string schema must not turn it into a JSON string).
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body.startsWith('<!doctype html>') || page.body.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(page.body).toContain('Complete authentication');
    expect(page.body).toContain('Test mode');

    const fail = await app.inject({
      method: 'POST',
      url: url.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `client_secret=${encodeURIComponent(intent.clientSecret)}&result=fail`,
    });
    expect(fail.statusCode).toBe(303);
    expect(new URL(fail.headers.location as string).searchParams.get('redirect_status')).toBe('failed');
    const failed = (await confirmPayment(client, intent.paymentIntentId)).json();
    expect(failed.status).toBe('requires_payment_method');
    // Back on the page the modal reopens with the customer's save choice.
    expect((await createIntent(client, booking.id)).json().saveCard).toBe(true);

    const again = (await sandboxConfirm(client, intent.clientSecret, CARDS.threeDs)).json();
    const ok = await app.inject({
      method: 'POST',
      url: new URL(again.redirectUrl).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `client_secret=${encodeURIComponent(intent.clientSecret)}&result=complete`,
    });
    expect(ok.statusCode).toBe(303);
    const back = new URL(ok.headers.location as string);
    expect(back.pathname).toBe('/vendors/1');
    expect(back.searchParams.get('open_payment_gateway')).toBe('true');
    expect(back.searchParams.get('payment_intent')).toBe(intent.paymentIntentId);
    expect(back.searchParams.get('redirect_status')).toBe('succeeded');
    expect((await confirmPayment(client, intent.paymentIntentId)).json().status).toBe('succeeded');
    // The page does not work twice, nor with a wrong secret.
    const replay = await app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(replay.statusCode).toBe(404);
  });

  it('a customer who left the authentication page can pay with another card on the same checkout', async () => {
    const { client } = await signedUpCustomer(app);
    const booking = await scheduledBooking(client, vendor, at(46, 9)); // Wed Dec 16
    const intent = (await createIntent(client, booking.id)).json();
    expect((await sandboxConfirm(client, intent.clientSecret, CARDS.threeDs)).json().status).toBe(
      'requires_action',
    );
    const again = (await createIntent(client, booking.id)).json();
    expect(again.paymentIntentId).toBe(intent.paymentIntentId);
    expect((await sandboxConfirm(client, again.clientSecret, CARDS.visa)).json().status).toBe('succeeded');
    expect((await confirmPayment(client, intent.paymentIntentId)).json().status).toBe('succeeded');
  });

  it('keeps a card the customer chose to save and offers it the next time', async () => {
    const { client } = await signedUpCustomer(app);
    const first = await scheduledBooking(client, vendor, at(33, 9)); // Dec 1
    const intent = (await createIntent(client, first.id)).json();
    await sandboxConfirm(client, intent.clientSecret, CARDS.visa, { saveCard: true });
    expect((await confirmPayment(client, intent.paymentIntentId)).json().status).toBe('succeeded');
    const second = await scheduledBooking(client, vendor, at(34, 9));
    const next = (await createIntent(client, second.id)).json();
    expect(next.paymentMethods).toHaveLength(1);
    // The same card saved again (a new card form) is still offered once.
    const third = await scheduledBooking(client, vendor, at(47, 9)); // Thu Dec 17
    const thirdIntent = (await createIntent(client, third.id)).json();
    await sandboxConfirm(client, thirdIntent.clientSecret, CARDS.visa, { saveCard: true });
    await confirmPayment(client, thirdIntent.paymentIntentId);
    expect((await createIntent(client, second.id)).json().paymentMethods).toHaveLength(1);
    expect(next.paymentMethods[0].card).toMatchObject({
      brand: 'visa',
      last4: '4242',
      exp_month: 12,
      exp_year: 2030,
    });
    const viaSaved = (
      await sandboxConfirm(client, next.clientSecret, { paymentMethodId: next.paymentMethods[0].id })
    ).json();
    expect(viaSaved.status).toBe('succeeded');
    expect((await confirmPayment(client, next.paymentIntentId)).json().order.paymentMethod.last4).toBe(
      '4242',
    );
    // Someone else cannot use it.
    const stranger = await signedUpCustomer(app);
    const theirs = await scheduledBooking(stranger.client, vendor, at(37, 9));
    const theirIntent = (await createIntent(stranger.client, theirs.id)).json();
    const stolen = await sandboxConfirm(stranger.client, theirIntent.clientSecret, {
      paymentMethodId: next.paymentMethods[0].id,
    });
    expect(stolen.statusCode).toBe(422);
  });
});

describe('races, events and expiry', () => {
  it('two paid payments for one time (the provider lost the cancel of a lapsed hold): exactly one order, the valid holder keeps it, the other refunded in full and told', async () => {
    const a = await signedUpCustomer(app, 'racer-a');
    const b = await signedUpCustomer(app, 'racer-b');
    const slot = at(38, 9); // Tue Dec 8
    const bookingA = await scheduledBooking(a.client, vendor, slot);
    const intentA = (await createIntent(a.client, bookingA.id)).json();
    // A's hold runs out before anything releases it; B gets the time and an intent of its own. The
    // provider answers B's reclaim of A's hold without cancelling A's intent (a fault), so both can pay.
    clock = new Date(clock.getTime() + 11 * 60_000);
    const bookingB = await scheduledBooking(b.client, vendor, slot);
    const intentB = await withLostCancels(() => createIntent(b.client, bookingB.id).then((r) => r.json()));
    expect(intentB.paymentIntentId).not.toBe(intentA.paymentIntentId);
    await sandboxConfirm(b.client, intentB.clientSecret, CARDS.visa);
    await sandboxConfirm(a.client, intentA.clientSecret, CARDS.visa);
    const resB = await confirmPayment(b.client, intentB.paymentIntentId);
    const resA = await confirmPayment(a.client, intentA.paymentIntentId);
    await settled();
    expect(resB.json().status).toBe('succeeded');
    expect(resA.json().status).toBe('refunded');
    // The provider's events settle both payments in the background too: A loses either to B's order (the
    // constraint) or, if A settles first, to B's running hold. Both refund A in full; the words differ.
    const loser = resA.json();
    expect([CHECKOUT_MESSAGES.slotTakenRefunded, CHECKOUT_MESSAGES.holdLapsedRefunded]).toContain(
      loser.message,
    );
    const live = await app.deps.db
      .select()
      .from(orders)
      .where(and(eq(orders.vendorId, vendor.vendorId), eq(orders.appointmentAt, new Date(slot))));
    expect(live).toHaveLength(1);
    const [refund] = await app.deps.db.select().from(refunds).where(eq(refunds.kind, 'conflict'));
    expect(refund).toMatchObject({ status: 'succeeded' });
    const loserIntent = resA.json().status === 'refunded' ? intentA : intentB;
    const [pi] = await app.deps.db
      .select()
      .from(sandboxObjects)
      .where(eq(sandboxObjects.id, loserIntent.paymentIntentId));
    expect((pi!.data as { amount_refunded: number }).amount_refunded).toBe(
      Math.round(loserIntent.price * 100),
    );
    const loserEmail = resA.json().status === 'refunded' ? a.email : b.email;
    expect((await outbox(app)).some((m) => m.to === loserEmail && m.subject.includes('refunded'))).toBe(true);
    // The loser's booking is back to pricing so a new time can be chosen.
    const loserBooking = resA.json().status === 'refunded' ? bookingA : bookingB;
    const [lb] = await app.deps.db.select().from(bookings).where(eq(bookings.id, loserBooking.id));
    expect(lb).toMatchObject({ status: 'priced', appointmentAt: null });
  });

  it('an event delivered many times is processed once', async () => {
    const { client } = await signedUpCustomer(app);
    const booking = await scheduledBooking(client, vendor, at(40, 9));
    const intent = (await createIntent(client, booking.id)).json();
    const sandbox = app.deps.sandbox!;
    const before = sandbox.onEvents;
    sandbox.onEvents = null; // the app is not told at once: as if it crashed after the charge
    try {
      await sandboxConfirm(client, intent.clientSecret, CARDS.visa);
    } finally {
      sandbox.onEvents = before;
    }
    const [eventRow] = await app.deps.db
      .select()
      .from(sandboxObjects)
      .where(and(eq(sandboxObjects.object, 'event')));
    expect(eventRow).toBeDefined();
    const events = await app.deps.db.select().from(sandboxObjects).where(eq(sandboxObjects.object, 'event'));
    const succeeded = events.find(
      (e) =>
        (e.data as { type: string; data: { object: { id: string } } }).type === 'payment_intent.succeeded' &&
        (e.data as { data: { object: { id: string } } }).data.object.id === intent.paymentIntentId,
    )!;
    const results = await Promise.all(
      Array.from({ length: 10 }, () => deliverSandboxEvent(app.deps, succeeded.id)),
    );
    expect(results).toHaveLength(10);
    const event = (await sandbox.loadEvent(succeeded.id))!;
    expect(await handlePaymentEvent(app.deps, event)).toBe(false);
    expect(await app.deps.db.select().from(orders).where(eq(orders.bookingId, booking.id))).toHaveLength(1);
  });

  it('an unpaid hold expires: the provider is asked, the intent cancelled and the time freed; a paid one still becomes an order', async () => {
    const { client } = await signedUpCustomer(app);
    const booking = await scheduledBooking(client, vendor, at(41, 9));
    const intent = (await createIntent(client, booking.id)).json();
    const [payment] = await app.deps.db
      .select()
      .from(payments)
      .where(eq(payments.intentId, intent.paymentIntentId));
    expect(await expireHold(app.deps, payment!.id)).toBe('nothing'); // not yet
    clock = new Date(clock.getTime() + 11 * 60_000);
    expect(await expireHold(app.deps, payment!.id)).toBe('released');
    const [after] = await app.deps.db.select().from(payments).where(eq(payments.id, payment!.id));
    expect(after!.status).toBe('canceled');
    const [b] = await app.deps.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(b!.status).toBe('scheduled');
    expect((await app.deps.sandbox!.retrieveIntent(intent.paymentIntentId)).status).toBe('canceled');
    const late = (await sandboxConfirm(client, intent.clientSecret, CARDS.visa)).json();
    expect(late.status).toBe('canceled');

    // Paid at the provider, but the app never heard: the expiry finds it and makes the order.
    const other = await signedUpCustomer(app);
    const paidBooking = await scheduledBooking(other.client, vendor, at(44, 9));
    const paidIntent = (await createIntent(other.client, paidBooking.id)).json();
    const sandbox = app.deps.sandbox!;
    const before = sandbox.onEvents;
    sandbox.onEvents = null;
    try {
      await sandboxConfirm(other.client, paidIntent.clientSecret, CARDS.visa);
    } finally {
      sandbox.onEvents = before;
    }
    const [paidPayment] = await app.deps.db
      .select()
      .from(payments)
      .where(eq(payments.intentId, paidIntent.paymentIntentId));
    clock = new Date(clock.getTime() + 11 * 60_000);
    expect(await expireHold(app.deps, paidPayment!.id)).toBe('settled');
    expect(await app.deps.db.select().from(orders).where(eq(orders.bookingId, paidBooking.id))).toHaveLength(
      1,
    );
  });

  it('a checkout for a time busy anyway is refused before it ends another customer’s lapsed hold (its customer may still be in 3-D Secure)', async () => {
    const before = clock;
    try {
      const x = await signedUpCustomer(app);
      const xBooking = await scheduledBooking(x.client, vendor, at(58, 9));
      const xIntent = (await createIntent(x.client, xBooking.id)).json();
      const asked = await sandboxConfirm(x.client, xIntent.clientSecret, CARDS.threeDs);
      expect(asked.json().status).toBe('requires_action');
      // X's hold runs out while X is in 3-D Secure; the expiry job would leave X alone for a while yet.
      clock = new Date(clock.getTime() + 11 * 60_000);
      // The time is also held by someone else (as a synced calendar entry or a plan's visit would keep it).
      await heldByAnother(at(58, 9));
      const { booking: yBooking, ...y } = await bookingMovedTo(at(58, 9), at(59, 9));
      const res = await createIntent(y.client, yBooking.id);
      expect(res.statusCode).toBe(409);
      expect(res.json().error_type).toBe('appointment_unavailable');
      await settled();
      expect((await app.deps.sandbox!.retrieveIntent(xIntent.paymentIntentId)).status).toBe(
        'requires_action',
      );
    } finally {
      clock = before;
    }
  });

  it('a time taken is told first, even while the provider refuses intents', async () => {
    const first = await signedUpCustomer(app);
    const held = await scheduledBooking(first.client, vendor, at(60, 9));
    expect((await createIntent(first.client, held.id)).statusCode).toBe(200);
    const { booking: late, ...second } = await bookingMovedTo(at(60, 9), at(61, 9));
    const provider = app.deps.payments;
    const createIntentOf = provider.createIntent.bind(provider);
    provider.createIntent = () =>
      Promise.reject(
        new PaymentProviderError('This account cannot take payments.', 'account_invalid', false),
      );
    try {
      const res = await createIntent(second.client, late.id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        error_type: 'appointment_unavailable',
        message: SCHEDULING_MESSAGES.appointmentUnavailable,
      });
    } finally {
      provider.createIntent = createIntentOf;
    }
  });

  it('a late payer never takes the time from a customer whose hold is running: the lapsed intent is cancelled before the new hold, so nobody is charged then refunded (issue 23)', async () => {
    const late = await signedUpCustomer(app, 'late');
    const lateBooking = await scheduledBooking(late.client, vendor, at(48, 9));
    const lateIntent = (await createIntent(late.client, lateBooking.id)).json();
    // The hold runs out; the expiry job has not run yet.
    clock = new Date(clock.getTime() + 11 * 60_000);
    const holder = await signedUpCustomer(app, 'holder');
    const holderBooking = await scheduledBooking(holder.client, vendor, at(48, 9));
    const held = await createIntent(holder.client, holderBooking.id);
    expect(held.statusCode).toBe(200);
    // The late payer's intent was cancelled at the provider before the time was held for the other.
    expect((await app.deps.sandbox!.retrieveIntent(lateIntent.paymentIntentId)).status).toBe('canceled');
    expect((await sandboxConfirm(late.client, lateIntent.clientSecret, CARDS.visa)).json().status).toBe(
      'canceled',
    );
    const told = (await confirmPayment(late.client, lateIntent.paymentIntentId)).json();
    expect(told).toMatchObject({ status: 'canceled', message: CHECKOUT_MESSAGES.holdEnded, order: null });
    const [lateBookingRow] = await app.deps.db.select().from(bookings).where(eq(bookings.id, lateBooking.id));
    expect(lateBookingRow!.status).toBe('scheduled');
    // Checking out again: the time is held by someone else now.
    const again = await createIntent(late.client, lateBooking.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error_type).toBe('appointment_unavailable');

    // The holder pays and gets the order; nothing of theirs is refunded.
    const { clientSecret, paymentIntentId } = held.json();
    await sandboxConfirm(holder.client, clientSecret, CARDS.visa);
    expect((await confirmPayment(holder.client, paymentIntentId)).json().status).toBe('succeeded');
    await settled();
    expect(
      await app.deps.db.select().from(orders).where(eq(orders.bookingId, holderBooking.id)),
    ).toHaveLength(1);
    expect(await app.deps.db.select().from(orders).where(eq(orders.bookingId, lateBooking.id))).toHaveLength(
      0,
    );
    const [holderPayment] = await app.deps.db
      .select()
      .from(payments)
      .where(eq(payments.intentId, paymentIntentId));
    expect(
      await app.deps.db.select().from(refunds).where(eq(refunds.paymentId, holderPayment!.id)),
    ).toHaveLength(0);
  });

  it('a late payment that went through anyway while another customer holds the time is refunded in full, in its own words (issue 23)', async () => {
    const late = await signedUpCustomer(app, 'late');
    const lateBooking = await scheduledBooking(late.client, vendor, at(51, 9));
    const lateIntent = (await createIntent(late.client, lateBooking.id)).json();
    clock = new Date(clock.getTime() + 11 * 60_000);
    // Another customer holds the time now (written straight to the table: no reclaim ran).
    await heldByAnother(at(51, 9), 'holder');
    await sandboxConfirm(late.client, lateIntent.clientSecret, CARDS.visa);
    const told = (await confirmPayment(late.client, lateIntent.paymentIntentId)).json();
    expect(told).toMatchObject({
      status: 'refunded',
      message: CHECKOUT_MESSAGES.holdLapsedRefunded,
      order: null,
    });
    await settled();
    expect(await app.deps.db.select().from(orders).where(eq(orders.bookingId, lateBooking.id))).toHaveLength(
      0,
    );
    const [payment] = await app.deps.db
      .select()
      .from(payments)
      .where(eq(payments.intentId, lateIntent.paymentIntentId));
    expect(payment!.status).toBe('conflict');
    const [refund] = await app.deps.db.select().from(refunds).where(eq(refunds.paymentId, payment!.id));
    expect(refund).toMatchObject({ kind: 'conflict', amountCents: payment!.totalCents, status: 'succeeded' });
    const mail = (await outbox(app)).find(
      (m) => m.to === late.email && m.text.includes(CHECKOUT_MESSAGES.holdLapsedRefunded),
    );
    expect(mail).toBeDefined();
  });

  it('a payment that made its order is never refunded by a later telling, whatever happened to its row', async () => {
    const { client } = await signedUpCustomer(app);
    const booking = await scheduledBooking(client, vendor, at(45, 9)); // Tue Dec 15
    const intent = (await createIntent(client, booking.id)).json();
    await sandboxConfirm(client, intent.clientSecret, CARDS.visa);
    expect((await confirmPayment(client, intent.paymentIntentId)).json().status).toBe('succeeded');
    // As a racing Checkout once could: the settled row marked canceled.
    await app.deps.db
      .update(payments)
      .set({ status: 'canceled' })
      .where(eq(payments.intentId, intent.paymentIntentId));
    const again = (await confirmPayment(client, intent.paymentIntentId)).json();
    expect(again.order).not.toBeNull();
    await settled();
    const [order] = await app.deps.db.select().from(orders).where(eq(orders.bookingId, booking.id));
    expect(order!.fulfillmentStatus).toBe('unfulfilled');
    const [payment] = await app.deps.db
      .select()
      .from(payments)
      .where(eq(payments.intentId, intent.paymentIntentId));
    expect(await app.deps.db.select().from(refunds).where(eq(refunds.paymentId, payment!.id))).toHaveLength(
      0,
    );
    // Checking out the paid booking again is refused, not a second charge.
    const res = await createIntent(client, booking.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([CHECKOUT_MESSAGES.bookingAlreadyPaid]);
  });

  it('every cent collected is accounted for', async () => {
    await settled();
    const l = await ledger(app);
    expect(l.collected).toBeGreaterThan(0);
    expect(l.parts).toBe(l.collected);
    expect(l.conflict_refunds).toBe(l.conflict_total);
    expect(l.refunds_recorded).toBe(l.refunds_owed);
  });
});

describe('the webhook endpoint', () => {
  it('needs no CSRF token but refuses what the provider cannot verify (the sandbox receives none)', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload: JSON.stringify({ id: 'evt_1', type: 'payment_intent.succeeded' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: ['Invalid webhook signature'] });
  });
});
