/**
 * Availability and scheduling (spec §2 Scheduler, Scheduling Preferences, §9): GET
 * /api/vendors/{id}/vendor_calendars, PUT /api/bookings/{id} with appointmentAt, PATCH
 * /api/vendor_calendars/{id} and the vendor's rate, policy and instructions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SCHEDULING_MESSAGES } from '@stg/domain/scheduling-preferences';
import type { FulfillmentStatus } from '@stg/domain/constants';
import { bookings, calendarBusyEntries, orders, payments, vendorCalendars, vendors } from '../../db/schema';
import { insertCheckoutHold } from '../../../test/checkout-fixtures';
import { createTestApp, signUpPayload, TestClient } from '../../../test/test-app';
import { createPricedVendor, inputOf } from '../../../test/pricing-fixtures';

// Monday, November 23rd 2026, 8:00 in St George (MST, UTC-7).
const NOW = new Date('2026-11-23T15:00:00Z');
let app: FastifyInstance;
let vendor: Awaited<ReturnType<typeof createPricedVendor>>;
let other: Awaited<ReturnType<typeof createPricedVendor>>;
let calendarId: number;
let otherCalendarId: number;

beforeAll(async () => {
  app = await createTestApp({ now: () => NOW });
  vendor = await createPricedVendor(app, { email: 'sched@example.com' });
  other = await createPricedVendor(app, { email: 'sched-other@example.com', category: 'pest_control' });
  const [cal] = await app.deps.db
    .insert(vendorCalendars)
    .values({
      vendorId: vendor.vendorId,
      workdayStartMinutes: 8 * 60,
      workdayEndMinutes: 17 * 60,
      driveTimeBufferMins: 30,
      bookingWindowStartDays: 1,
      bookingWindowEndDays: 30,
    })
    .returning();
  calendarId = cal!.id;
  const [otherCal] = await app.deps.db
    .insert(vendorCalendars)
    .values({ vendorId: other.vendorId })
    .returning();
  otherCalendarId = otherCal!.id;
});
afterAll(() => app.close());

const houseAnswers = (over: Record<string, string> = {}) =>
  Object.fromEntries(
    Object.entries({ BEDROOMS: '3', BATHROOMS: '2', SQFT: '1800', CONDITION: '1', ...over }).map(
      ([alias, v]) => [String(inputOf(vendor.inputs, alias).id), v],
    ),
  );

async function guestWithBooking(over: Record<string, string> = {}) {
  const client = new TestClient(app);
  await client.session();
  const res = await client.request({
    method: 'POST',
    url: '/api/bookings',
    payload: { booking: { vendorId: vendor.vendorId, answers: houseAnswers(over) } },
  });
  expect(res.statusCode).toBe(201);
  return { client, booking: res.json().booking as { id: number; duration: number; status: string } };
}

const availability = async (client: TestClient, query = '', vendorId = vendor.vendorId) =>
  client.request({ method: 'GET', url: `/api/vendors/${vendorId}/vendor_calendars${query}` });

const schedule = (client: TestClient, id: number, appointmentAt: string | null) =>
  client.request({ method: 'PUT', url: `/api/bookings/${id}`, payload: { booking: { appointmentAt } } });

let customers = 0;
async function customerIds() {
  const client = new TestClient(app);
  await client.session();
  customers += 1;
  const res = await client.request({
    method: 'POST',
    url: '/api/users',
    payload: signUpPayload({ email: `sched-c${customers}@example.com` }),
  });
  return { userId: res.json().user.id as number, addressId: res.json().addresses[0].id as number };
}

async function insertOrder(start: string, minutes: number, status: FulfillmentStatus = 'unfulfilled') {
  const { userId, addressId } = await customerIds();
  const at = new Date(start);
  const [row] = await app.deps.db
    .insert(orders)
    .values({
      confirmationId: `C-${Math.random().toString(36).slice(2)}`,
      vendorId: vendor.vendorId,
      userId,
      addressId,
      appointmentAt: at,
      appointmentEndAt: new Date(at.getTime() + minutes * 60_000),
      durationMins: minutes,
      fulfillmentStatus: status,
      totalCollectedCents: 10255,
      serviceFeeCents: 255,
      commissionCents: 1000,
      vendorPayoutCents: 9000,
    })
    .returning();
  return row!;
}

type Day = { date: string; ranges: { start_time: string; end_time: string }[] };
const dayOf = (body: { days: Day[] }, date: string) => body.days.find((d) => d.date === date);

describe('GET /api/vendors/{id}/vendor_calendars', () => {
  it("answers the caller's booking's free starts by local date, from the minimum notice, in Denver time", async () => {
    const { client, booking } = await guestWithBooking();
    const res = await availability(client, '?duration=7');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      timeZone: 'America/Denver',
      stepMinutes: 1,
      jobMinutes: booking.duration,
      windowDays: 7,
      firstDate: '2026-11-24',
      lastDate: '2026-11-30',
      unavailableReason: null,
    });
    expect(body.days.map((d: Day) => d.date)).toEqual([
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-30',
    ]);
    const lastStart = 17 * 60 - booking.duration;
    const hhmm = `${String(Math.floor(lastStart / 60)).padStart(2, '0')}:${String(lastStart % 60).padStart(2, '0')}`;
    expect(dayOf(body, '2026-11-24')!.ranges).toEqual([
      { start_time: '2026-11-24T08:00:00-07:00', end_time: `2026-11-24T${hhmm}:00-07:00` },
    ]);
  });

  it('defaults to a 90-day window but never past the booking limit; refuses a bad window', async () => {
    const { client } = await guestWithBooking();
    const body = (await availability(client)).json();
    expect(body.windowDays).toBe(90);
    expect(body.lastDate).toBe('2026-12-23'); // today + 30 days
    expect((await availability(client, '?duration=0')).statusCode).toBe(422);
    expect((await availability(client, '?duration=abc')).statusCode).toBe(422);
    expect((await availability(client, '?duration=181')).statusCode).toBe(422);
  });

  it('keeps clear of orders (not cancelled), checkout holds and synced calendar entries, plus the gap', async () => {
    const { client } = await guestWithBooking();
    const job = (await availability(client, '?duration=5&minutes=60')).json();
    expect(job.jobMinutes).toBeGreaterThan(60); // the booking's duration wins over `minutes`
    const order = await insertOrder('2026-11-25T17:00:00Z', 120); // Wed 10:00-12:00 MST
    await insertOrder('2026-11-26T17:00:00Z', 120, 'cancelled'); // Thu: cancelled, does not block
    await app.deps.db.insert(calendarBusyEntries).values({
      vendorCalendarId: calendarId,
      externalId: 'evt-1',
      startTime: new Date('2026-11-27T20:00:00Z'), // Fri 13:00-14:00 MST
      endTime: new Date('2026-11-27T21:00:00Z'),
    });
    // A customer paying for Mon Nov 30 8:00: the checkout's payment holds the time until it expires.
    const { userId, addressId } = await customerIds();
    const held = await insertCheckoutHold(app, {
      userId,
      vendorId: vendor.vendorId,
      addressId,
      appointmentAt: new Date('2026-11-30T15:00:00Z'),
      holdExpiresAt: new Date(NOW.getTime() + 600_000),
    });

    const body = (await availability(new TestClient(app), '?duration=7&minutes=60')).json();
    expect(body.jobMinutes).toBe(60);
    expect(dayOf(body, '2026-11-25')!.ranges).toEqual([
      { start_time: '2026-11-25T08:00:00-07:00', end_time: '2026-11-25T08:30:00-07:00' }, // ends 9:30 = 10:00 - gap
      { start_time: '2026-11-25T12:30:00-07:00', end_time: '2026-11-25T16:00:00-07:00' },
    ]);
    expect(dayOf(body, '2026-11-26')!.ranges).toHaveLength(1);
    expect(dayOf(body, '2026-11-27')!.ranges).toEqual([
      { start_time: '2026-11-27T08:00:00-07:00', end_time: '2026-11-27T11:30:00-07:00' },
      { start_time: '2026-11-27T14:30:00-07:00', end_time: '2026-11-27T16:00:00-07:00' },
    ]);
    expect(dayOf(body, '2026-11-30')!.ranges[0]!.start_time).not.toBe('2026-11-30T08:00:00-07:00');

    // An expired hold blocks no one.
    await app.deps.db
      .update(payments)
      .set({ holdExpiresAt: new Date(NOW.getTime() - 1) })
      .where(eq(payments.id, held.id));
    const after = (await availability(new TestClient(app), '?duration=7&minutes=60')).json();
    expect(dayOf(after, '2026-11-30')!.ranges[0]!.start_time).toBe('2026-11-30T08:00:00-07:00');
    await app.deps.db.delete(orders).where(eq(orders.id, order.id));
  });

  it("lets the vendor see 15-minute starts for moving one of their orders, where the order's own time is free", async () => {
    const order = await insertOrder('2026-12-01T17:00:00Z', 90); // Tue Dec 1 10:00-11:30
    const owner = new TestClient(app);
    await owner.signIn('sched@example.com', 'Password123!');
    const res = await availability(owner, `?duration=10&order_id=${order.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ stepMinutes: 15, jobMinutes: 90 });
    expect(dayOf(body, '2026-12-01')!.ranges).toEqual([
      { start_time: '2026-12-01T08:00:00-07:00', end_time: '2026-12-01T15:30:00-07:00' },
    ]);
    const stranger = new TestClient(app);
    await stranger.signIn('sched-other@example.com', 'Password123!');
    expect((await availability(stranger, `?order_id=${order.id}`)).statusCode).toBe(403);
    expect((await availability(owner, '?order_id=999999')).statusCode).toBe(404);
  });

  it("answers 404 for an unknown vendor, an inactive listing, and someone else's booking", async () => {
    const client = new TestClient(app);
    await client.session();
    expect((await availability(client, '', 999_999)).statusCode).toBe(404);
    expect(
      (await client.request({ method: 'GET', url: '/api/vendors/abc/vendor_calendars' })).statusCode,
    ).toBe(404);
    const { booking } = await guestWithBooking();
    expect((await availability(client, `?booking_id=${booking.id}`)).statusCode).toBe(404);
    await app.deps.db
      .update(vendors)
      .set({ listingStatus: 'inactive' })
      .where(eq(vendors.id, other.vendorId));
    expect((await availability(client, '', other.vendorId)).statusCode).toBe(404);
    await app.deps.db.update(vendors).set({ listingStatus: 'active' }).where(eq(vendors.id, other.vendorId));
  });

  it('uses the fallback rules for a vendor without preferences: nothing before 2 days from today', async () => {
    const bare = await createPricedVendor(app, { email: 'sched-bare@example.com' });
    const body = (await availability(new TestClient(app), '?duration=5', bare.vendorId)).json();
    expect(body.firstDate).toBe('2026-11-25');
    expect(body.days[0].date).toBe('2026-11-25');
  });

  it('offers nothing, and says why, while a synced calendar needs reconnecting', async () => {
    await app.deps.db
      .update(vendorCalendars)
      .set({ apiIntegrated: true, integrationType: 'google', needsReconnect: true })
      .where(eq(vendorCalendars.id, otherCalendarId));
    const body = (await availability(new TestClient(app), '?duration=5', other.vendorId)).json();
    expect(body.days).toEqual([]);
    expect(body.unavailableReason).toBe(SCHEDULING_MESSAGES.calendarUnavailable);
    await app.deps.db
      .update(vendorCalendars)
      .set({ apiIntegrated: false, integrationType: null, needsReconnect: false })
      .where(eq(vendorCalendars.id, otherCalendarId));
  });
});

describe('PUT /api/bookings/{id} with appointmentAt', () => {
  it('schedules a free time and refuses every time that breaks a rule, changing nothing', async () => {
    const { client, booking } = await guestWithBooking();
    const refused = [
      '2026-11-23T20:00:00Z', // today: inside the minimum notice
      '2026-11-28T16:00:00Z', // Saturday
      '2026-11-24T14:30:00Z', // 7:30, before the workday
      '2026-11-24T23:30:00Z', // 16:30: the job would end after 17:00
      '2026-12-24T16:00:00Z', // beyond the 30-day booking limit
    ];
    for (const at of refused) {
      const res = await schedule(client, booking.id, at);
      expect(res.statusCode, at).toBe(422);
      expect(res.json()).toMatchObject({ errors: [SCHEDULING_MESSAGES.appointmentUnavailable] });
    }
    const bad = await schedule(client, booking.id, 'tomorrow at 9');
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ errors: [SCHEDULING_MESSAGES.appointmentInvalid] });
    const [row] = await app.deps.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ status: 'priced', appointmentAt: null });

    const ok = await schedule(client, booking.id, '2026-11-24T09:05:00-07:00');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().booking).toMatchObject({
      status: 'scheduled',
      appointmentAt: '2026-11-24T16:05:00.000Z',
    });
    const cleared = await schedule(client, booking.id, null);
    expect(cleared.json().booking).toMatchObject({ status: 'priced', appointmentAt: null });
  });

  it('refuses a time taken by an order or a synced calendar entry', async () => {
    const { client, booking } = await guestWithBooking();
    const order = await insertOrder('2026-12-02T17:00:00Z', 60); // Wed Dec 2 10:00-11:00
    expect((await schedule(client, booking.id, '2026-12-02T10:30:00-07:00')).statusCode).toBe(422);
    // Ending exactly the gap before the order is fine for a short enough job… the booking's job is long,
    // so pick right after: 11:00 + 30 min gap.
    expect((await schedule(client, booking.id, '2026-12-02T11:29:00-07:00')).statusCode).toBe(422);
    expect((await schedule(client, booking.id, '2026-12-02T11:30:00-07:00')).statusCode).toBe(200);
    await app.deps.db.insert(calendarBusyEntries).values({
      vendorCalendarId: calendarId,
      externalId: 'evt-dec-3',
      startTime: new Date('2026-12-03T15:00:00Z'),
      endTime: new Date('2026-12-04T00:00:00Z'),
    });
    expect((await schedule(client, booking.id, '2026-12-03T13:00:00-07:00')).statusCode).toBe(422);
    await app.deps.db.delete(orders).where(eq(orders.id, order.id));
  });

  it('re-checks the chosen time when Edit Service changes the duration: kept if it fits, cleared if not', async () => {
    const { client, booking } = await guestWithBooking({ BEDROOMS: '1' });
    // 8:00 on Tue Dec 8 leaves the whole day.
    expect((await schedule(client, booking.id, '2026-12-08T08:00:00-07:00')).statusCode).toBe(200);
    const longer = await client.request({
      method: 'PUT',
      url: `/api/bookings/${booking.id}`,
      payload: { booking: { answers: houseAnswers({ BEDROOMS: '4' }) } },
    });
    expect(longer.json().booking.duration).toBeGreaterThan(booking.duration);
    expect(longer.json().booking).toMatchObject({
      status: 'scheduled',
      appointmentAt: '2026-12-08T15:00:00.000Z',
    });

    // Late in the day, a much longer job no longer fits before 17:00.
    const late = `2026-12-08T${String(17 - Math.ceil(longer.json().booking.duration / 60)).padStart(2, '0')}:00:00-07:00`;
    expect((await schedule(client, booking.id, late)).statusCode).toBe(200);
    const huge = await client.request({
      method: 'POST',
      url: '/api/bookings',
      payload: {
        booking: { vendorId: vendor.vendorId, answers: houseAnswers({ BEDROOMS: '6', SQFT: '5000' }) },
      },
    });
    expect(huge.statusCode).toBe(200);
    expect(huge.json().booking).toMatchObject({ id: booking.id, status: 'priced', appointmentAt: null });
  });
});

describe('PATCH /api/vendor_calendars/{id}', () => {
  const patch = (client: TestClient, id: number, vendorCalendar: Record<string, unknown>) =>
    client.request({ method: 'PATCH', url: `/api/vendor_calendars/${id}`, payload: { vendorCalendar } });

  it("saves the owner's preferences and answers the calendar", async () => {
    const owner = new TestClient(app);
    await owner.signIn('sched-other@example.com', 'Password123!');
    const res = await patch(owner, otherCalendarId, {
      id: otherCalendarId,
      workdayStartTime: '07:30',
      workdayEndTime: '16:00',
      driveTimeBufferMins: 45,
      bookingWindowStartDays: 3,
      bookingWindowEndDays: 120,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: otherCalendarId,
      workdayStartTime: '07:30',
      workdayEndTime: '16:00',
      driveTimeBufferMins: 45,
      bookingWindowStartDays: 3,
      bookingWindowEndDays: 120,
    });
    const body = (await availability(new TestClient(app), '?duration=10&minutes=60', other.vendorId)).json();
    expect(body.firstDate).toBe('2026-11-26');
    expect(body.days[0].ranges[0]).toEqual({
      start_time: '2026-11-26T07:30:00-07:00',
      end_time: '2026-11-26T15:00:00-07:00',
    });
  });

  it('refuses bad values with the spec messages and saves nothing', async () => {
    const owner = new TestClient(app);
    await owner.signIn('sched-other@example.com', 'Password123!');
    const order = await patch(owner, otherCalendarId, { workdayStartTime: '16:00' });
    expect(order.statusCode).toBe(422);
    expect(order.json()).toMatchObject({ errors: ['Workday start time must be before end time.'] });
    const many = await patch(owner, otherCalendarId, {
      workdayEndTime: '16:15',
      driveTimeBufferMins: 90,
      bookingWindowStartDays: 22,
      bookingWindowEndDays: 125,
    });
    expect(many.json().errors).toEqual([
      SCHEDULING_MESSAGES.workdayTime,
      SCHEDULING_MESSAGES.gap,
      SCHEDULING_MESSAGES.minimumNotice,
      SCHEDULING_MESSAGES.bookingLimit,
    ]);
    const [row] = await app.deps.db
      .select()
      .from(vendorCalendars)
      .where(eq(vendorCalendars.id, otherCalendarId));
    expect(row).toMatchObject({
      workdayStartMinutes: 450,
      driveTimeBufferMins: 45,
      bookingWindowEndDays: 120,
    });
  });

  it('lets only the owner change them', async () => {
    const signedOut = new TestClient(app);
    await signedOut.session();
    expect((await patch(signedOut, otherCalendarId, { driveTimeBufferMins: 0 })).statusCode).toBe(401);
    const stranger = new TestClient(app);
    await stranger.signIn('sched@example.com', 'Password123!');
    expect((await patch(stranger, otherCalendarId, { driveTimeBufferMins: 0 })).statusCode).toBe(403);
    expect((await patch(stranger, 999_999, { driveTimeBufferMins: 0 })).statusCode).toBe(404);
  });
});

describe('PATCH /api/vendors/{id}: rate, cancellation policy, instructions', () => {
  const patchVendor = (client: TestClient, vendorPatch: Record<string, unknown>) =>
    client.request({
      method: 'PATCH',
      url: `/api/vendors/${other.vendorId}`,
      payload: { vendor: vendorPatch },
    });

  it('saves valid values and refuses values outside the limits', async () => {
    const owner = new TestClient(app);
    await owner.signIn('sched-other@example.com', 'Password123!');
    const ok = await patchVendor(owner, {
      id: other.vendorId,
      priceToDurationRate: 48.5,
      cancelationPolicyHours: 12,
      appointmentInstructions: '  Gate code is in the notes.  ',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      priceToDurationRate: 48.5,
      cancelationPolicyHours: 12,
      appointmentInstructions: 'Gate code is in the notes.',
    });
    const bad = await patchVendor(owner, {
      priceToDurationRate: 1000,
      cancelationPolicyHours: 25,
      appointmentInstructions: 'x'.repeat(501),
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual([
      SCHEDULING_MESSAGES.rate,
      SCHEDULING_MESSAGES.cancellationPolicy,
      SCHEDULING_MESSAGES.instructionsTooLong,
    ]);
    const [row] = await app.deps.db.select().from(vendors).where(eq(vendors.id, other.vendorId));
    expect(row).toMatchObject({ priceToDurationRateCents: 4850, cancelationPolicyHours: 12 });
    const cleared = await patchVendor(owner, { appointmentInstructions: '   ' });
    expect(cleared.json().appointmentInstructions).toBeNull();
  });
});
