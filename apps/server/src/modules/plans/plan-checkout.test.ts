/**
 * ADR 0037 step 2: a booking carries the plan's frequency (checked against the vendor's offers, priced with
 * its discount by the server), its checkout saves the card with the consent shown, and the settlement makes
 * exactly one plan — visit 1 the order, the next visits held up to the booking window (a busy one needs a
 * new time) — however often it is told. GET /api/plans shows each customer only their own plans.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PLAN_MESSAGES, planConsentText, planVisitSubtotal } from '@stg/domain/plans';
import {
  calendarBusyEntries,
  orders,
  payments,
  planEvents,
  plans,
  planVisits,
  timeClaims,
  vendorCalendars,
  vendors,
} from '../../db/schema';
import { createTestApp, outbox, TestClient } from '../../../test/test-app';
import {
  CARDS,
  confirmPayment,
  createIntent,
  payFor,
  sandboxConfirm,
  scheduledBooking,
  signedUpCustomer,
} from '../../../test/checkout-fixtures';
import { createPayableVendor, houseAnswers, type PayableVendor } from '../../../test/payable-vendor';
import { replaceVendorPlanOffers } from '../plan-offers/service';
import { settleIntent } from '../payments/settle';

// Monday, November 23rd 2026, 8:00 in St George (MST, UTC-7).
const START = new Date('2026-11-23T15:00:00Z');
const clock = START;
let app: FastifyInstance;
let vendor: PayableVendor;
let vendorName: string;

/** A St George (MST) time in November 2026; days past 30 run into December. */
const at = (day: number, hour: number) => new Date(Date.UTC(2026, 10, day, hour + 7, 0, 0)).toISOString();

beforeAll(async () => {
  app = await createTestApp({ now: () => clock });
  vendor = await createPayableVendor(app, 'plan-checkout-vendor@example.com');
  await replaceVendorPlanOffers(
    app.deps.db,
    vendor.vendorId,
    [{ frequency: 'every_2_weeks', discountPercent: 10 }],
    START,
  );
  const [row] = await app.deps.db.select().from(vendors).where(eq(vendors.id, vendor.vendorId));
  vendorName = row!.name;
});
afterAll(() => app.close());

function priceBooking(client: TestClient, planFrequency?: string | null) {
  return client.request({
    method: 'POST',
    url: '/api/bookings',
    payload: { booking: { vendorId: vendor.vendorId, answers: houseAnswers(vendor), planFrequency } },
  });
}

/** A booking of the plan, scheduled at `start`. */
async function planBooking(client: TestClient, start: string) {
  const priced = await priceBooking(client, 'every_2_weeks');
  expect(priced.statusCode).toBeLessThan(300);
  const scheduled = await client.request({
    method: 'PUT',
    url: `/api/bookings/${priced.json().booking.id}`,
    payload: { booking: { appointmentAt: start } },
  });
  expect(scheduled.statusCode).toBe(200);
  return scheduled.json().booking as { id: number; price: number; plan: unknown };
}

describe('the booking carries the plan', () => {
  it('prices the first visit with the discount, and refuses a frequency the vendor does not offer', async () => {
    const { client } = await signedUpCustomer(app, 'plan-price');
    const oneTime = (await priceBooking(client)).json().booking;
    expect(oneTime.plan).toBeNull();
    const base = Math.round(oneTime.price * 100);

    const plan = await priceBooking(client, 'every_2_weeks');
    expect(plan.statusCode).toBe(200); // the booking in progress, re-priced
    expect(plan.json().booking).toMatchObject({
      id: oneTime.id,
      price: planVisitSubtotal(base, 10) / 100,
      duration: oneTime.duration,
      plan: { frequency: 'every_2_weeks', discountPercent: 10 },
    });

    const monthly = await priceBooking(client, 'monthly');
    expect(monthly.statusCode).toBe(422);
    expect(monthly.json().errors).toEqual([PLAN_MESSAGES.notOffered]);
    const nonsense = await priceBooking(client, 'fortnightly');
    expect(nonsense.json().errors).toEqual([PLAN_MESSAGES.frequency]);

    // A PUT keeps the plan unless told; null makes it one time again.
    const kept = await client.request({
      method: 'PUT',
      url: `/api/bookings/${oneTime.id}`,
      payload: { booking: { customerNotes: 'Gate code 12' } },
    });
    expect(kept.json().booking.plan).toEqual({ frequency: 'every_2_weeks', discountPercent: 10 });
    const back = await client.request({
      method: 'PUT',
      url: `/api/bookings/${oneTime.id}`,
      payload: { booking: { planFrequency: null } },
    });
    expect(back.json().booking).toMatchObject({ plan: null, price: oneTime.price });
  });
});

describe('checkout of a plan', () => {
  it('charges the discounted first visit, saves the card, stores the consent and makes one plan with its visits held', async () => {
    // Another customer's order on the plan's third visit (Wednesday, December 23rd at 9:00).
    const other = await signedUpCustomer(app, 'plan-other');
    const theirs = await scheduledBooking(other.client, vendor, at(53, 9));
    expect((await payFor(other.client, theirs.id)).statusCode).toBe(200);

    const { client, userId, email } = await signedUpCustomer(app, 'plan-buyer');
    const booking = await planBooking(client, at(25, 9));
    const intentRes = await createIntent(client, booking.id, { saveCard: false });
    expect(intentRes.statusCode).toBe(200);
    const intent = intentRes.json();
    const consent = planConsentText({
      frequency: 'every_2_weeks',
      pricePerVisitCents: Math.round(booking.price * 100),
      serviceChargeCents: 255,
      policyHours: 24,
      vendorName: vendorName,
    });
    expect(intent).toMatchObject({ subtotal: booking.price, serviceCharge: 2.55, saveCard: true });
    expect(intent.planConsent).toBe(consent);

    await sandboxConfirm(client, intent.clientSecret, CARDS.visa);
    const confirmed = await confirmPayment(client, intent.paymentIntentId);
    expect(confirmed.statusCode).toBe(200);
    // Told again (the client, the provider's event, another instance): nothing twice.
    await confirmPayment(client, intent.paymentIntentId);
    await settleIntent(app.deps, await app.deps.payments.retrieveIntent(intent.paymentIntentId));
    await app.deps.background.drain();

    const made = await app.deps.db.select().from(plans).where(eq(plans.userId, userId));
    expect(made).toHaveLength(1);
    const plan = made[0]!;
    expect(plan).toMatchObject({
      frequency: 'every_2_weeks',
      anchorLocalDate: '2026-11-25',
      anchorStartMinutes: 9 * 60,
      discountPercent: 10,
      subtotalCents: Math.round(booking.price * 100),
      serviceFeeCents: 255,
      consentText: consent,
      paymentProvider: 'sandbox',
      paymentMethodLast4: '4242',
      status: 'active',
    });
    expect(plan.baseSubtotalCents).toBeGreaterThan(plan.subtotalCents);
    expect(plan.paymentMethodId).toBeTruthy();
    expect(plan.providerCustomerId).toBeTruthy();

    const [order] = await app.deps.db.select().from(orders).where(eq(orders.bookingId, booking.id));
    expect(order).toMatchObject({ planId: plan.id, subtotalCents: plan.subtotalCents });
    const [payment] = await app.deps.db.select().from(payments).where(eq(payments.orderId, order!.id));
    expect(payment!.saveCard).toBe(true);

    const visits = await app.deps.db
      .select()
      .from(planVisits)
      .where(eq(planVisits.planId, plan.id))
      .orderBy(planVisits.sequence);
    // The window runs 60 days (to January 22nd): Dec 9, Dec 23 (taken: moved within its week), Jan 6, Jan 20.
    expect(visits.map((v) => [v.sequence, v.status])).toEqual([
      [1, 'ordered'],
      [2, 'held'],
      [3, 'held'],
      [4, 'held'],
      [5, 'held'],
    ]);
    expect(visits.map((v) => v.localDate).filter((_, i) => i !== 2)).toEqual([
      '2026-11-25',
      '2026-12-09',
      '2027-01-06',
      '2027-01-20',
    ]);
    const moved = visits[2]!;
    expect(moved.localDate >= '2026-12-21' && moved.localDate <= '2026-12-27').toBe(true);
    expect(moved.appointmentAt.toISOString()).not.toBe(at(53, 9));
    expect(moved.chargeAt.getTime()).toBe(moved.appointmentAt.getTime() - 86_400_000);
    expect(visits[0]!.orderId).toBe(order!.id);
    expect(order!.planVisitId).toBe(visits[0]!.id);
    expect(visits[1]!.chargeAt.toISOString()).toBe(
      new Date(Date.parse(at(39, 9)) - 86_400_000).toISOString(),
    );
    const claims = await app.deps.db
      .select()
      .from(timeClaims)
      .where(eq(timeClaims.vendorId, vendor.vendorId));
    expect(claims.filter((c) => c.planVisitId !== null)).toHaveLength(4);
    expect(claims.filter((c) => c.orderId === order!.id)).toHaveLength(1);

    const events = await app.deps.db.select().from(planEvents).where(eq(planEvents.planId, plan.id));
    expect(events.map((e) => e.action).sort()).toEqual(
      [
        'created',
        'visit_held',
        'visit_held',
        'visit_held',
        'visit_held',
        'visit_moved',
        'visit_ordered',
      ].sort(),
    );
    expect(events.find((e) => e.action === 'visit_moved')!.details).toMatchObject({
      from: at(53, 9),
      to: moved.appointmentAt.toISOString(),
      why: 'busy',
    });
    // Both sides are told, as when the horizon run moves a visit.
    const mails = await outbox(app);
    const told = mails.find((m) => m.to === email && m.subject.startsWith('Visit moved'));
    expect(told?.text).toContain('so it moved to the nearest free time in the same week');
    expect(
      mails.some(
        (m) => m.to === 'plan-checkout-vendor@example.com' && m.subject.startsWith('Plan visits moved'),
      ),
    ).toBe(true);
    expect(events.find((e) => e.action === 'created')!.details).toMatchObject({ consentText: consent });
  });

  it('a visit whose whole week is busy needs a new time: no claim, logged, the customer asked to pick one', async () => {
    // The vendor is away the week of the plan's third visit (Tuesday, December 29th: Monday 28th to Sunday, January 3rd).
    const [calendar] = await app.deps.db
      .select()
      .from(vendorCalendars)
      .where(eq(vendorCalendars.vendorId, vendor.vendorId));
    await app.deps.db.insert(calendarBusyEntries).values({
      vendorCalendarId: calendar!.id,
      externalId: 'plan-checkout-vacation',
      startTime: new Date(at(58, 0)),
      endTime: new Date(at(64, 23)),
    });
    const { client, userId, email } = await signedUpCustomer(app, 'plan-away');
    const booking = await planBooking(client, at(31, 9));
    expect((await payFor(client, booking.id)).statusCode).toBe(200);
    await app.deps.background.drain();
    const [plan] = await app.deps.db.select().from(plans).where(eq(plans.userId, userId));
    const visits = await app.deps.db
      .select()
      .from(planVisits)
      .where(eq(planVisits.planId, plan!.id))
      .orderBy(planVisits.sequence);
    expect(visits.slice(0, 4).map((v) => [v.localDate, v.status])).toEqual([
      ['2026-12-01', 'ordered'],
      ['2026-12-15', 'held'],
      ['2026-12-29', 'needs_time'],
      ['2027-01-12', 'held'],
    ]);
    const claims = await app.deps.db
      .select()
      .from(timeClaims)
      .where(eq(timeClaims.planVisitId, visits[2]!.id));
    expect(claims).toEqual([]);
    const events = await app.deps.db.select().from(planEvents).where(eq(planEvents.planId, plan!.id));
    expect(events.filter((e) => e.action === 'visit_needs_time')).toHaveLength(1);
    const mail = (await outbox(app)).find((m) => m.to === email && m.subject.startsWith('Pick a new time'));
    expect(mail?.text).toContain('please pick another time in Orders');
    await app.deps.db
      .delete(calendarBusyEntries)
      .where(eq(calendarBusyEntries.externalId, 'plan-checkout-vacation'));
  });

  it('settled by several at once (the client, events, two instances): one order, one plan, its visits held once', async () => {
    const { client, userId } = await signedUpCustomer(app, 'plan-race');
    const booking = await planBooking(client, at(27, 9));
    const intent = (await createIntent(client, booking.id)).json();
    const sandbox = app.deps.sandbox!;
    const before = sandbox.onEvents;
    sandbox.onEvents = null; // nobody is told yet
    try {
      await sandboxConfirm(client, intent.clientSecret, CARDS.visa);
    } finally {
      sandbox.onEvents = before;
    }
    const paid = await app.deps.payments.retrieveIntent(intent.paymentIntentId);
    await Promise.all([
      settleIntent(app.deps, paid),
      settleIntent(app.deps, paid),
      confirmPayment(client, intent.paymentIntentId),
      settleIntent(app.deps, paid),
    ]);
    await app.deps.background.drain();
    const made = await app.deps.db.select().from(plans).where(eq(plans.userId, userId));
    expect(made).toHaveLength(1);
    expect(await app.deps.db.select().from(orders).where(eq(orders.bookingId, booking.id))).toHaveLength(1);
    const visits = await app.deps.db.select().from(planVisits).where(eq(planVisits.planId, made[0]!.id));
    expect(new Set(visits.map((v) => v.sequence)).size).toBe(visits.length);
    expect(visits.filter((v) => v.status === 'ordered')).toHaveLength(1);
    expect(visits.filter((v) => v.status === 'held').length).toBeGreaterThanOrEqual(3);
  });

  it('a one-time checkout makes no plan and leaves the card choice to the customer', async () => {
    const { client, userId } = await signedUpCustomer(app, 'one-time');
    const booking = await scheduledBooking(client, vendor, at(26, 9));
    const intent = (await createIntent(client, booking.id)).json();
    expect(intent).toMatchObject({ saveCard: false, planConsent: null });
    expect((await payFor(client, booking.id)).statusCode).toBe(200);
    expect(await app.deps.db.select().from(plans).where(eq(plans.userId, userId))).toEqual([]);
  });

  it('answers invalid_price when the vendor stopped offering the plan before checkout', async () => {
    const lone = await createPayableVendor(app, 'plan-stopped@example.com');
    await replaceVendorPlanOffers(
      app.deps.db,
      lone.vendorId,
      [{ frequency: 'weekly', discountPercent: 5 }],
      START,
    );
    const { client } = await signedUpCustomer(app, 'plan-stopped');
    const priced = await client.request({
      method: 'POST',
      url: '/api/bookings',
      payload: { booking: { vendorId: lone.vendorId, answers: houseAnswers(lone), planFrequency: 'weekly' } },
    });
    const id = priced.json().booking.id;
    await client.request({
      method: 'PUT',
      url: `/api/bookings/${id}`,
      payload: { booking: { appointmentAt: at(27, 9) } },
    });
    await replaceVendorPlanOffers(app.deps.db, lone.vendorId, [], START);
    const res = await createIntent(client, id);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ error_type: 'invalid_price', message: PLAN_MESSAGES.notOffered });
  });
});

describe('GET /api/plans', () => {
  it("answers the customer's own plans with their visits, nobody else's, and not to a guest", async () => {
    const { client, userId } = await signedUpCustomer(app, 'plan-reader');
    const booking = await planBooking(client, at(30, 9));
    expect((await payFor(client, booking.id)).statusCode).toBe(200);

    const res = await client.request({ method: 'GET', url: '/api/plans' });
    expect(res.statusCode).toBe(200);
    const [plan, ...rest] = res.json().plans;
    expect(rest).toEqual([]);
    expect(plan).toMatchObject({
      vendorId: vendor.vendorId,
      vendorName: vendorName,
      frequency: 'every_2_weeks',
      status: 'active',
      pricePerVisit: booking.price,
      discountPercent: 10,
      serviceCharge: 2.55,
    });
    expect(plan.visits[0]).toMatchObject({ sequence: 1, status: 'ordered' });
    expect(plan.visits.slice(1).every((v: { status: string }) => v.status === 'held')).toBe(true);
    const [row] = await app.deps.db.select().from(plans).where(eq(plans.userId, userId));
    expect(plan.id).toBe(row!.id);

    const stranger = await signedUpCustomer(app, 'plan-stranger');
    expect((await stranger.client.request({ method: 'GET', url: '/api/plans' })).json()).toEqual({
      plans: [],
    });
    const guest = new TestClient(app);
    await guest.session();
    expect((await guest.request({ method: 'GET', url: '/api/plans' })).statusCode).toBe(401);
  });
});
