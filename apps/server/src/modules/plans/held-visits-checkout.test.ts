/**
 * ADR 0037: a plan's held visit is busy in everyone else's availability (and the cached answer changes the
 * moment it is held or released), a checkout cannot take its time, and a payment that got through anyway
 * meets the time claim when it settles and is refunded in full, as any lost race.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SCHEDULING_MESSAGES } from '@stg/domain/scheduling-preferences';
import { orders, payments, refunds } from '../../db/schema';
import { createTestApp } from '../../../test/test-app';
import {
  CARDS,
  confirmPayment,
  createIntent,
  sandboxConfirm,
  scheduledBooking,
  signedUpCustomer,
} from '../../../test/checkout-fixtures';
import { createPayableVendor, type PayableVendor } from '../../../test/payable-vendor';
import { insertPlan, type PlanRow } from './repo';
import { holdVisits, releaseVisit } from './service';

// Monday, November 23rd 2026, 8:00 in St George (MST, UTC-7).
const START = new Date('2026-11-23T15:00:00Z');
let clock = START;
let app: FastifyInstance;
let vendor: PayableVendor;
let plan: PlanRow;

/** A St George (MST) time in November 2026; days past 30 run into December. */
const at = (day: number, hour: number) => new Date(Date.UTC(2026, 10, day, hour + 7, 0, 0)).toISOString();

beforeAll(async () => {
  app = await createTestApp({ now: () => clock });
  vendor = await createPayableVendor(app, 'plan-vendor@example.com');
  const owner = await signedUpCustomer(app, 'plan-owner');
  plan = await app.deps.db.transaction((tx) =>
    insertPlan(tx, {
      userId: owner.userId,
      vendorId: vendor.vendorId,
      addressId: owner.addressId,
      frequency: 'every_2_weeks',
      anchorLocalDate: '2026-11-25',
      anchorStartMinutes: 9 * 60,
      durationMins: 120,
      baseSubtotalCents: 20000,
      discountPercent: 10,
      subtotalCents: 18000,
      serviceFeeCents: 255,
      paymentProvider: 'sandbox',
      consentText: 'We charge $182.55 a visit 24 hours before it.',
      consentedAt: START,
    }),
  );
});
afterAll(() => app.close());

/** Holds visit `sequence` of the plan at `start` for two hours. */
async function hold(sequence: number, start: string) {
  const appointmentAt = new Date(start);
  const [outcome] = await app.deps.db.transaction((tx) =>
    holdVisits(
      tx,
      plan,
      [
        {
          sequence,
          localDate: start.slice(0, 10),
          appointmentAt,
          appointmentEndAt: new Date(appointmentAt.getTime() + 2 * 3_600_000),
          chargeAt: new Date(appointmentAt.getTime() - 86_400_000),
        },
      ],
      { now: clock },
    ),
  );
  if (outcome?.outcome !== 'held') throw new Error(`not held: ${outcome?.outcome}`);
  return outcome.visit;
}

type Day = { date: string; ranges: { start_time: string; end_time: string }[] };
async function openOn(date: string) {
  const { client } = await signedUpCustomer(app, 'looker');
  const res = await client.request({
    method: 'GET',
    url: `/api/vendors/${vendor.vendorId}/vendor_calendars?duration=14&minutes=60`,
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ days: Day[] }>().days.find((d) => d.date === date)?.ranges ?? [];
}
const covers = (ranges: Day['ranges'], iso: string) =>
  ranges.some((r) => Date.parse(r.start_time) <= Date.parse(iso) && Date.parse(r.end_time) > Date.parse(iso));

describe('held plan visits and everyone else', () => {
  it('a held visit is not offered to others, at once; released, it is offered again at once', async () => {
    const before = await openOn('2026-11-25');
    expect(covers(before, at(25, 9))).toBe(true);
    const visit = await hold(1, at(25, 9));
    const during = await openOn('2026-11-25');
    // Nothing starts in 9:00-11:00 (a 60-minute job from 8:00 would run into it too).
    for (const h of [8, 9, 10]) expect(covers(during, at(25, h))).toBe(false);
    expect(covers(during, at(25, 11))).toBe(true);
    await app.deps.db.transaction((tx) => releaseVisit(tx, visit.id));
    expect(await openOn('2026-11-25')).toEqual(before);
  });

  it('a customer cannot schedule or check out at a held visit’s time', async () => {
    const c = await signedUpCustomer(app, 'blocked');
    const booking = await scheduledBooking(c.client, vendor, at(33, 9));
    await hold(2, at(32, 9));
    const moved = await c.client.request({
      method: 'PUT',
      url: `/api/bookings/${booking.id}`,
      payload: { booking: { appointmentAt: at(32, 9) } },
    });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().errors).toEqual([SCHEDULING_MESSAGES.appointmentUnavailable]);
    // A booking scheduled before the visit was held is refused at checkout.
    const early = await signedUpCustomer(app, 'early');
    const earlyBooking = await scheduledBooking(early.client, vendor, at(30, 9));
    await hold(3, at(30, 9));
    const intent = await createIntent(early.client, earlyBooking.id);
    expect(intent.statusCode).toBe(409);
    expect(intent.json()).toMatchObject({
      error_type: 'appointment_unavailable',
      errors: [SCHEDULING_MESSAGES.appointmentUnavailable],
    });
  });

  it('a late payment for a lapsed checkout hold whose time a visit has since held is refunded in full when it settles, no order made', async () => {
    const c = await signedUpCustomer(app, 'late-payer');
    const booking = await scheduledBooking(c.client, vendor, at(31, 9));
    const intent = (await createIntent(c.client, booking.id)).json();
    // While the checkout hold runs the time is busy for the plan too; once it has lapsed, the visit is held.
    await expect(hold(4, at(31, 9))).rejects.toThrow('not held: busy');
    clock = new Date(clock.getTime() + 11 * 60_000);
    await hold(4, at(31, 9));
    await sandboxConfirm(c.client, intent.clientSecret, CARDS.visa);
    const told = (await confirmPayment(c.client, intent.paymentIntentId)).json();
    await app.deps.background.drain();
    expect(told).toMatchObject({ status: 'refunded', order: null });
    expect(
      await app.deps.db
        .select()
        .from(orders)
        .where(and(eq(orders.vendorId, vendor.vendorId), eq(orders.appointmentAt, new Date(at(31, 9))))),
    ).toHaveLength(0);
    const [payment] = await app.deps.db
      .select()
      .from(payments)
      .where(eq(payments.intentId, intent.paymentIntentId));
    expect(payment!.status).toBe('conflict');
    const [refund] = await app.deps.db.select().from(refunds).where(eq(refunds.paymentId, payment!.id));
    expect(refund).toMatchObject({ kind: 'conflict', amountCents: payment!.totalCents, status: 'succeeded' });
  });
});
