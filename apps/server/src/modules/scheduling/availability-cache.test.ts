/**
 * The availability cache (ADR 0024): a repeated question is answered from memory, and every change of what
 * the answer depends on shows in the very next answer: a write to the vendor's orders, checkout holds,
 * synced entries or rules (by the schedule version), and time (a hold expiring, midnight, no minimum notice).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { calendarBusyEntries, orders, vendorCalendars } from '../../db/schema';
import { insertCheckoutHold, signedUpCustomer } from '../../../test/checkout-fixtures';
import { createTestApp, TestClient } from '../../../test/test-app';
import { createPricedVendor } from '../../../test/pricing-fixtures';
import { availabilityCache, type AvailabilityCache } from './availability-cache';

// Monday, November 23rd 2026, 8:00 in St George (MST, UTC-7).
const START = new Date('2026-11-23T15:00:00Z');
let clock = START;
let app: FastifyInstance;
let cache: AvailabilityCache;
let vendorId: number;
let otherVendorId: number;
let calendarId: number;
let otherCalendarId: number;

beforeAll(async () => {
  app = await createTestApp({ now: () => clock });
  cache = await availabilityCache(app.deps.database);
  vendorId = (await createPricedVendor(app, { email: 'cache-a@example.com' })).vendorId;
  otherVendorId = (await createPricedVendor(app, { email: 'cache-b@example.com' })).vendorId;
  const [cal] = await app.deps.db
    .insert(vendorCalendars)
    .values({ vendorId, bookingWindowStartDays: 1, bookingWindowEndDays: 30 })
    .returning();
  calendarId = cal!.id;
  const [otherCal] = await app.deps.db
    .insert(vendorCalendars)
    .values({ vendorId: otherVendorId })
    .returning();
  otherCalendarId = otherCal!.id;
});
afterAll(() => app.close());
beforeEach(() => {
  clock = START;
});

type Day = { date: string; ranges: { start_time: string; end_time: string }[] };
type Answer = { firstDate: string; days: Day[] };

async function ask(query = '?duration=7&minutes=60', id = vendorId) {
  const res = await new TestClient(app).request({
    method: 'GET',
    url: `/api/vendors/${id}/vendor_calendars${query}`,
  });
  expect(res.statusCode).toBe(200);
  return { body: res.json<Answer>(), etag: res.headers.etag as string, res };
}
const rangesOn = (body: Answer, date: string) => body.days.find((d) => d.date === date)?.ranges ?? [];
const FULL_WED = [{ start_time: '2026-11-25T08:00:00-07:00', end_time: '2026-11-25T16:00:00-07:00' }];

const customer = () => signedUpCustomer(app, 'cache');

describe('the availability cache', () => {
  it('answers a repeated question from memory, with an ETag that a revalidation answers with 304', async () => {
    const first = await ask();
    const misses = cache.misses;
    const again = await ask();
    expect(cache.misses).toBe(misses);
    expect(again.body).toEqual(first.body);
    expect(again.res.headers['cache-control']).toBe('no-cache');
    const revalidated = await new TestClient(app).request({
      method: 'GET',
      url: `/api/vendors/${vendorId}/vendor_calendars?duration=7&minutes=60`,
      headers: { 'if-none-match': first.etag },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    // Another question (another length) is another answer.
    await ask('?duration=7&minutes=90');
    expect(cache.misses).toBe(misses + 1);
  });

  it('shows an order, its cancellation and its move in the next answer', async () => {
    expect(rangesOn((await ask()).body, '2026-11-25')).toEqual(FULL_WED);
    const { userId, addressId } = await customer();
    const [order] = await app.deps.db
      .insert(orders)
      .values({
        confirmationId: `C-${Math.random().toString(36).slice(2)}`,
        vendorId,
        userId,
        addressId,
        appointmentAt: new Date('2026-11-25T17:00:00Z'), // Wed 10:00-12:00
        appointmentEndAt: new Date('2026-11-25T19:00:00Z'),
        durationMins: 120,
        totalCollectedCents: 10255,
        serviceFeeCents: 255,
        commissionCents: 1000,
        vendorPayoutCents: 9000,
      })
      .returning();
    expect(rangesOn((await ask()).body, '2026-11-25')).toEqual([
      { start_time: '2026-11-25T08:00:00-07:00', end_time: '2026-11-25T08:30:00-07:00' },
      { start_time: '2026-11-25T12:30:00-07:00', end_time: '2026-11-25T16:00:00-07:00' },
    ]);
    await app.deps.db
      .update(orders)
      .set({
        appointmentAt: new Date('2026-11-25T21:00:00Z'),
        appointmentEndAt: new Date('2026-11-25T23:00:00Z'),
      })
      .where(eq(orders.id, order!.id));
    expect(rangesOn((await ask()).body, '2026-11-25')).toEqual([
      { start_time: '2026-11-25T08:00:00-07:00', end_time: '2026-11-25T12:30:00-07:00' },
    ]);
    await app.deps.db.update(orders).set({ fulfillmentStatus: 'cancelled' }).where(eq(orders.id, order!.id));
    expect(rangesOn((await ask()).body, '2026-11-25')).toEqual(FULL_WED);
  });

  it('shows a synced entry at once, and a write for another vendor leaves this answer cached', async () => {
    await ask();
    await app.deps.db.insert(calendarBusyEntries).values({
      vendorCalendarId: calendarId,
      externalId: 'cache-evt-1',
      startTime: new Date('2026-11-25T20:00:00Z'), // Wed 13:00-14:00
      endTime: new Date('2026-11-25T21:00:00Z'),
    });
    const withEntry = (await ask()).body;
    expect(rangesOn(withEntry, '2026-11-25')).toEqual([
      { start_time: '2026-11-25T08:00:00-07:00', end_time: '2026-11-25T11:30:00-07:00' },
      { start_time: '2026-11-25T14:30:00-07:00', end_time: '2026-11-25T16:00:00-07:00' },
    ]);
    const misses = cache.misses;
    await app.deps.db.insert(calendarBusyEntries).values({
      vendorCalendarId: otherCalendarId,
      externalId: 'cache-evt-other',
      startTime: new Date('2026-11-25T20:00:00Z'),
      endTime: new Date('2026-11-25T21:00:00Z'),
    });
    expect((await ask()).body).toEqual(withEntry);
    expect(cache.misses).toBe(misses);
    await app.deps.db.delete(calendarBusyEntries).where(eq(calendarBusyEntries.externalId, 'cache-evt-1'));
    expect(rangesOn((await ask()).body, '2026-11-25')).toEqual(FULL_WED);
  });

  it("shows the vendor's new rules, saved through the API, in the next answer", async () => {
    expect((await ask()).body.firstDate).toBe('2026-11-24');
    const vendor = new TestClient(app);
    expect((await vendor.signIn('cache-a@example.com', 'Password123!')).statusCode).toBeLessThan(300);
    const patch = await vendor.request({
      method: 'PATCH',
      url: `/api/vendor_calendars/${calendarId}`,
      payload: { vendorCalendar: { bookingWindowStartDays: 3 } },
    });
    expect(patch.statusCode).toBe(200);
    expect((await ask()).body.firstDate).toBe('2026-11-26');
    await app.deps.db
      .update(vendorCalendars)
      .set({ bookingWindowStartDays: 1 })
      .where(eq(vendorCalendars.id, calendarId));
    expect((await ask()).body.firstDate).toBe('2026-11-24');
  });

  it('frees a checkout hold when it expires, with no write in between', async () => {
    const { userId, addressId } = await customer();
    await insertCheckoutHold(app, {
      userId,
      vendorId,
      addressId,
      appointmentAt: new Date('2026-11-25T15:00:00Z'), // Wed 8:00-9:00
      holdExpiresAt: new Date(START.getTime() + 600_000),
    });
    const held = rangesOn((await ask()).body, '2026-11-25');
    expect(held[0]!.start_time).toBe('2026-11-25T09:30:00-07:00');
    clock = new Date(START.getTime() + 599_999);
    expect(rangesOn((await ask()).body, '2026-11-25')).toEqual(held);
    clock = new Date(START.getTime() + 600_000);
    expect(rangesOn((await ask()).body, '2026-11-25')).toEqual(FULL_WED);
  });

  it('moves on at local midnight (the minimum notice counts from today)', async () => {
    expect((await ask()).body.firstDate).toBe('2026-11-24');
    clock = new Date('2026-11-24T06:59:59.999Z'); // 23:59:59.999 Monday
    expect((await ask()).body.firstDate).toBe('2026-11-24');
    clock = new Date('2026-11-24T07:00:00Z'); // midnight: Tuesday
    expect((await ask()).body.firstDate).toBe('2026-11-25');
  });

  it('with no minimum notice, offers nothing before now, minute by minute', async () => {
    await app.deps.db
      .update(vendorCalendars)
      .set({ bookingWindowStartDays: 0 })
      .where(eq(vendorCalendars.id, calendarId));
    clock = new Date('2026-11-23T17:07:30Z'); // Monday 10:07:30
    expect(rangesOn((await ask()).body, '2026-11-23')[0]!.start_time).toBe('2026-11-23T10:08:00-07:00');
    clock = new Date('2026-11-23T17:08:00Z');
    expect(rangesOn((await ask()).body, '2026-11-23')[0]!.start_time).toBe('2026-11-23T10:08:00-07:00');
    clock = new Date('2026-11-23T17:08:00.001Z');
    expect(rangesOn((await ask()).body, '2026-11-23')[0]!.start_time).toBe('2026-11-23T10:09:00-07:00');
    await app.deps.db
      .update(vendorCalendars)
      .set({ bookingWindowStartDays: 1 })
      .where(eq(vendorCalendars.id, calendarId));
  });

  it('computes once for requests that miss together', async () => {
    await app.deps.db.insert(calendarBusyEntries).values({
      vendorCalendarId: calendarId,
      externalId: 'cache-evt-burst',
      startTime: new Date('2026-11-26T20:00:00Z'),
      endTime: new Date('2026-11-26T21:00:00Z'),
    });
    const misses = cache.misses;
    const answers = await Promise.all(Array.from({ length: 20 }, () => ask('?duration=9&minutes=45')));
    expect(cache.misses).toBe(misses + 1);
    expect(new Set(answers.map((a) => a.etag)).size).toBe(1);
  });
});
