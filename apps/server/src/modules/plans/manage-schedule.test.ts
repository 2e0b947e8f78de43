/**
 * ADR 0037 step 3c: the customer reschedules one visit, gives a visit that needs a time a new one, changes
 * the frequency or the usual time, and a paused plan resumes after its end date (PGlite; PostgreSQL under
 * scripts/with-postgres.mjs). The app's clock is moved. Free and taken times, the claims moving with the
 * visits, the charge job following the charge time, the price rule, repeats answered unchanged, the log and
 * the mails.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Availability } from '@stg/domain/api/availability';
import type { CustomerPlan } from '@stg/domain/api/plans';
import { calendarBusyEntries, jobs, planVisits, vendorCalendars, vendors } from '../../db/schema';
import { sandboxPlan } from '../../../test/plan-fixtures';
import { createTestApp, outbox, type TestClient } from '../../../test/test-app';
import { signedUpCustomer } from '../../../test/checkout-fixtures';
import { createPayableVendor, type PayableVendor } from '../../../test/payable-vendor';
import { replaceVendorPlanOffers } from '../plan-offers/service';
import { isTimeBusy } from '../scheduling/service';
import { findPlan, findPlanVisit, findVisitClaim, listPlanEvents } from './repo';
import { customerPlans } from './queries';
import { extendPlanHorizon } from './visit-horizon';

// Monday, November 23rd 2026, 8:00 in St George (MST, UTC-7).
const START = new Date('2026-11-23T15:00:00Z');
const HOUR = 3_600_000;
const UNAVAILABLE = 'Appointment time is no longer available. Please select a different time.';

let clock = START;
let app: FastifyInstance;
let vendor: PayableVendor;
let hourSlot = 8;

beforeAll(async () => {
  app = await createTestApp({ now: () => clock });
  vendor = await createPayableVendor(app, 'schedule-vendor@example.com');
  await app.deps.db
    .update(vendors)
    .set({ cancelationPolicyHours: 24 })
    .where(eq(vendors.id, vendor.vendorId));
  await replaceVendorPlanOffers(
    app.deps.db,
    vendor.vendorId,
    [
      { frequency: 'every_2_weeks', discountPercent: 10 },
      { frequency: 'every_4_weeks', discountPercent: 5 },
    ],
    START,
  );
});
afterAll(() => app.close());
beforeEach(() => {
  clock = START;
});

/** A St George wall-clock time in November–February (MST). */
const local = (date: string, hour: number) =>
  new Date(`${date}T${String(hour).padStart(2, '0')}:00:00-07:00`);

/** A customer's every-2-weeks plan on Wednesdays from November 25th, an hour of its own, its visits held. */
async function newPlan() {
  const hour = hourSlot++;
  const { owner, plan } = await sandboxPlan(app, {
    vendorId: vendor.vendorId,
    name: `scheduler${hour}`,
    startMinutes: hour * 60,
    consentedAt: START,
  });
  await extendPlanHorizon(app.deps, plan.id);
  return { owner, plan, hour, visits: await visitsOf(plan.id) };
}

const visitsOf = (planId: number) =>
  app.deps.db.select().from(planVisits).where(eq(planVisits.planId, planId)).orderBy(planVisits.sequence);

const busy = (v: { appointmentAt: Date; appointmentEndAt: Date }) =>
  isTimeBusy(app.deps.db, {
    vendorId: vendor.vendorId,
    start: v.appointmentAt,
    end: v.appointmentEndAt,
    now: clock,
  });
const span = (at: Date) => ({ appointmentAt: at, appointmentEndAt: new Date(at.getTime() + HOUR) });

const reschedule = (client: TestClient, planId: number, visitId: number, at: Date | string) =>
  client.request({
    method: 'POST',
    url: `/api/plans/${planId}/visits/${visitId}/reschedule`,
    payload: { appointmentAt: typeof at === 'string' ? at : at.toISOString() },
  });
const changeSchedule = (client: TestClient, planId: number, frequency: string, firstVisitAt: Date) =>
  client.request({
    method: 'POST',
    url: `/api/plans/${planId}/schedule`,
    payload: { frequency, firstVisitAt: firstVisitAt.toISOString() },
  });

async function actions(planId: number) {
  return (await listPlanEvents(app.deps.db, planId)).map((e) => e.action);
}

async function chargeJobRunAt(visitId: number) {
  const [job] = await app.deps.db
    .select()
    .from(jobs)
    .where(eq(jobs.uniqueKey, `plan-visit-charge:${visitId}`));
  return job?.runAt.getTime();
}

/** Whether the availability answer offers a start at `at`. */
const offers = (a: Availability, at: Date) =>
  a.days.some((d) =>
    d.ranges.some((r) => Date.parse(r.start_time) <= at.getTime() && at.getTime() <= Date.parse(r.end_time)),
  );

describe('reschedule one visit', () => {
  it('moves a held visit to a free time: claim, charge job, log, mails; a repeat changes nothing', async () => {
    const { owner, plan, visits } = await newPlan();
    const first = visits[0]!;
    const to = local('2026-11-27', 14);

    const avail = await owner.client.request({
      method: 'GET',
      url: `/api/plans/${plan.id}/availability?visit_id=${first.id}`,
    });
    expect(avail.statusCode).toBe(200);
    expect(avail.json<Availability>().jobMinutes).toBe(60);
    expect(offers(avail.json<Availability>(), first.appointmentAt)).toBe(true);
    expect(offers(avail.json<Availability>(), to)).toBe(true);

    const res = await reschedule(owner.client, plan.id, first.id, to);
    expect(res.statusCode).toBe(200);
    const shown = res.json<{ plan: CustomerPlan }>().plan.visits.find((v) => v.id === first.id);
    expect(shown).toMatchObject({ status: 'held', appointmentAt: to.toISOString() });
    const row = (await findPlanVisit(app.deps.db, first.id))!;
    expect(row).toMatchObject({ localDate: '2026-11-27', sequence: first.sequence });
    expect(row.chargeAt.getTime()).toBe(to.getTime() - 24 * HOUR);
    expect(await chargeJobRunAt(first.id)).toBe(row.chargeAt.getTime());
    expect(await findVisitClaim(app.deps.db, first.id)).toBeTruthy();
    expect(await busy(first)).toBe(false);
    expect(await busy(span(to))).toBe(true);

    // A double click: the same answer, nothing logged or mailed twice.
    expect((await reschedule(owner.client, plan.id, first.id, to)).statusCode).toBe(200);
    expect((await actions(plan.id)).filter((a) => a === 'visit_rescheduled')).toHaveLength(1);
    const mails = await outbox(app);
    expect(
      mails.filter((m) => m.to === owner.email && m.subject.startsWith('Visit rescheduled')),
    ).toHaveLength(1);
    const vendorMail = mails.find(
      (m) => m.to === 'schedule-vendor@example.com' && m.subject.startsWith('Plan visit rescheduled'),
    );
    expect(vendorMail?.text).toMatch(/moved their plan visit from .* to /);
  });

  it('refuses a taken time with the spec’s message, a time inside the window, a closed window and others’ plans', async () => {
    const a = await newPlan();
    const b = await newPlan();
    const aFirst = a.visits[0]!;
    const taken = await reschedule(a.owner.client, a.plan.id, aFirst.id, b.visits[0]!.appointmentAt);
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual([UNAVAILABLE]);

    const avail = await a.owner.client.request({
      method: 'GET',
      url: `/api/plans/${a.plan.id}/availability?visit_id=${aFirst.id}`,
    });
    expect(offers(avail.json<Availability>(), b.visits[0]!.appointmentAt)).toBe(false);

    expect(
      (await reschedule(a.owner.client, a.plan.id, aFirst.id, aFirst.appointmentAt)).json().errors,
    ).toEqual(['Please choose a different time.']);
    expect((await reschedule(a.owner.client, a.plan.id, aFirst.id, 'tomorrow')).statusCode).toBe(422);
    // At 16:00 on Monday, Tuesday 15:00 is free and bookable, but would be charged 24 hours before: passed.
    clock = local('2026-11-23', 16);
    const tooSoon = await reschedule(a.owner.client, a.plan.id, aFirst.id, local('2026-11-24', 15));
    expect(tooSoon.json().errors).toEqual([
      "That time is inside the vendor's cancellation window: please choose a later time.",
    ]);
    clock = START;

    const stranger = await signedUpCustomer(app, 'schedule-stranger');
    expect(
      (await reschedule(stranger.client, a.plan.id, aFirst.id, local('2026-11-30', 15))).statusCode,
    ).toBe(404);
    expect((await reschedule(b.owner.client, b.plan.id, aFirst.id, local('2026-11-30', 15))).statusCode).toBe(
      404,
    );
    expect(
      (
        await b.owner.client.request({
          method: 'GET',
          url: `/api/plans/${a.plan.id}/availability?visit_id=${aFirst.id}`,
        })
      ).statusCode,
    ).toBe(404);

    clock = new Date(aFirst.chargeAt.getTime() + 60_000);
    const closed = await reschedule(a.owner.client, a.plan.id, aFirst.id, local('2026-12-01', 15));
    expect(closed.statusCode).toBe(422);
    expect(closed.json().errors[0]).toMatch(/cancellation window has closed/);
    const row = (await findPlanVisit(app.deps.db, aFirst.id))!;
    expect(row.appointmentAt.getTime()).toBe(aFirst.appointmentAt.getTime());
  });
});

describe('two customers asking for the same time at once', () => {
  it('one visit gets it, the other is told it is no longer available; one claim', async () => {
    const a = await newPlan();
    const b = await newPlan();
    const to = local('2026-12-02', 15);
    const answers = await Promise.all([
      reschedule(a.owner.client, a.plan.id, a.visits[0]!.id, to),
      reschedule(b.owner.client, b.plan.id, b.visits[0]!.id, to),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect(answers.find((r) => r.statusCode === 422)?.json().errors).toEqual([UNAVAILABLE]);
    const rows = await Promise.all([a, b].map((p) => findPlanVisit(app.deps.db, p.visits[0]!.id)));
    expect(rows.filter((r) => r!.appointmentAt.getTime() === to.getTime())).toHaveLength(1);
  });
});

describe('change the frequency or the usual time', () => {
  it('re-anchors: later visits made again on the new day, time and frequency, priced by the new discount', async () => {
    const { owner, plan, visits } = await newPlan();
    // Another plan's visit moved to Thursday December 24th 13:00: the new schedule's second visit is busy.
    const other = await newPlan();
    const blocker = local('2026-12-24', 13);
    expect(
      (await reschedule(other.owner.client, other.plan.id, other.visits[1]!.id, blocker)).statusCode,
    ).toBe(200);

    const first = local('2026-11-26', 13);
    const avail = await owner.client.request({ method: 'GET', url: `/api/plans/${plan.id}/availability` });
    expect(offers(avail.json<Availability>(), first)).toBe(true);

    const res = await changeSchedule(owner.client, plan.id, 'every_4_weeks', first);
    expect(res.statusCode).toBe(200);
    const shown = res.json<{ plan: CustomerPlan }>().plan;
    expect(shown).toMatchObject({
      frequency: 'every_4_weeks',
      pricePerVisit: 190,
      discountPercent: 5,
      usualWeekday: 4,
      usualStartMinutes: 13 * 60,
    });
    const row = (await findPlan(app.deps.db, plan.id))!;
    expect(row).toMatchObject({
      anchorLocalDate: '2026-11-26',
      anchorSequence: visits.length + 1,
      subtotalCents: 19000,
      baseSubtotalCents: 20000,
    });
    const after = await visitsOf(plan.id);
    for (const v of after.filter((x) => x.sequence <= visits.length)) {
      expect(v.status).toBe('cancelled');
      expect(await busy(v)).toBe(false);
    }
    const fresh = after.filter((x) => x.sequence > visits.length);
    // Thursday December 24th 13:00 is taken: that visit moved to the nearest free start that week, 12:00.
    expect(fresh.map((v) => [v.localDate, v.status])).toEqual([
      ['2026-11-26', 'held'],
      ['2026-12-24', 'held'],
      ['2027-01-21', 'held'],
    ]);
    expect(fresh[1]!.appointmentAt.getTime()).toBe(local('2026-12-24', 12).getTime());
    expect(await actions(plan.id)).toContain('visit_moved');
    expect(fresh[0]!.appointmentAt.getTime()).toBe(first.getTime());
    expect(await chargeJobRunAt(fresh[0]!.id)).toBe(first.getTime() - 24 * HOUR);
    expect((await actions(plan.id)).filter((a) => a === 'frequency_changed')).toHaveLength(1);

    const mail = (await outbox(app)).find(
      (m) => m.to === owner.email && m.subject.startsWith('Plan changed'),
    );
    expect(mail?.text).toContain('Price per visit: $190.00.');
    expect(mail?.text).toMatch(/Dec 24th, 1:00pm .* was taken, so that visit is on Dec 24th, 12:00pm/);

    // A double click: unchanged.
    expect((await changeSchedule(owner.client, plan.id, 'every_4_weeks', first)).statusCode).toBe(200);
    expect((await actions(plan.id)).filter((a) => a === 'frequency_changed')).toHaveLength(1);
    expect(await visitsOf(plan.id)).toHaveLength(after.length);
  });

  it('changes only the time (price kept), refuses a frequency not offered and a taken first visit', async () => {
    const { owner, plan } = await newPlan();
    const other = await newPlan();
    const weekly = await changeSchedule(owner.client, plan.id, 'weekly', local('2026-11-30', 9));
    expect(weekly.statusCode).toBe(422);
    expect(weekly.json().errors).toEqual(['This provider does not offer that plan.']);
    const taken = await changeSchedule(
      owner.client,
      plan.id,
      'every_2_weeks',
      other.visits[0]!.appointmentAt,
    );
    expect(taken.json().errors).toEqual([UNAVAILABLE]);
    expect((await findPlan(app.deps.db, plan.id))?.anchorSequence).toBe(1);

    // Monday 30th at 7:00 is before the vendor's workday: refused; 16:00 is free.
    expect(
      (await changeSchedule(owner.client, plan.id, 'every_2_weeks', local('2026-11-30', 7))).statusCode,
    ).toBe(422);
    const res = await changeSchedule(owner.client, plan.id, 'every_2_weeks', local('2026-11-30', 16));
    expect(res.statusCode).toBe(200);
    expect(res.json().plan).toMatchObject({ pricePerVisit: 180, discountPercent: 10, usualWeekday: 1 });
    expect((await actions(plan.id)).filter((a) => a === 'time_changed')).toHaveLength(1);
    const stranger = await signedUpCustomer(app, 'schedule-stranger2');
    expect(
      (await changeSchedule(stranger.client, plan.id, 'every_2_weeks', local('2026-12-01', 16))).statusCode,
    ).toBe(404);
  });
});

describe('a held visit that meets a busy time later', () => {
  async function busyEntry(externalId: string, start: Date, end: Date) {
    const [calendar] = await app.deps.db
      .select()
      .from(vendorCalendars)
      .where(eq(vendorCalendars.vendorId, vendor.vendorId));
    await app.deps.db
      .insert(calendarBusyEntries)
      .values({ vendorCalendarId: calendar!.id, externalId, startTime: start, endTime: end });
  }

  it('moves to the nearest free time in its week, claim and charge with it, and both sides are mailed', async () => {
    const { owner, plan, hour, visits } = await newPlan();
    const second = visits[1]!; // Wednesday December 9th
    await busyEntry(`dentist-${plan.id}`, local('2026-12-09', hour), local('2026-12-09', hour + 1));
    await extendPlanHorizon(app.deps, plan.id);
    const row = (await findPlanVisit(app.deps.db, second.id))!;
    expect(row.status).toBe('held');
    expect(row.localDate >= '2026-12-07' && row.localDate <= '2026-12-13').toBe(true);
    expect(row.appointmentAt.getTime()).not.toBe(second.appointmentAt.getTime());
    expect(await busy(row)).toBe(true);
    expect(await chargeJobRunAt(second.id)).toBe(row.appointmentAt.getTime() - 24 * HOUR);
    expect((await actions(plan.id)).filter((a) => a === 'visit_moved')).toHaveLength(1);
    const mails = await outbox(app);
    expect(mails.some((m) => m.to === owner.email && m.subject.startsWith('Visit moved'))).toBe(true);
    expect(
      mails.some((m) => m.to === 'schedule-vendor@example.com' && m.subject.startsWith('Plan visits moved')),
    ).toBe(true);
    // The next run moves nothing again.
    await extendPlanHorizon(app.deps, plan.id);
    expect((await actions(plan.id)).filter((a) => a === 'visit_moved')).toHaveLength(1);
  });

  it('with no free time that week it needs a new time: released, the customer mailed, and picks one', async () => {
    const { owner, plan, visits } = await newPlan();
    const third = visits[2]!; // Wednesday December 23rd
    await busyEntry(`vacation-${plan.id}`, local('2026-12-21', 0), local('2026-12-27', 23));
    await extendPlanHorizon(app.deps, plan.id);
    const row = (await findPlanVisit(app.deps.db, third.id))!;
    expect(row.status).toBe('needs_time');
    expect(await findVisitClaim(app.deps.db, third.id)).toBeFalsy();
    const mail = (await outbox(app)).find(
      (m) => m.to === owner.email && m.subject.startsWith('Pick a new time'),
    );
    expect(mail?.text).toContain('please pick another time in Orders');

    const picked = local('2026-12-28', 10);
    const r = await reschedule(owner.client, plan.id, third.id, picked);
    expect(r.statusCode).toBe(200);
    const moved = (await findPlanVisit(app.deps.db, third.id))!;
    expect(moved.status).toBe('held');
    expect(await findVisitClaim(app.deps.db, third.id)).toBeTruthy();
    expect(await chargeJobRunAt(third.id)).toBe(picked.getTime() - 24 * HOUR);
  });
});

describe('pause until a date', () => {
  it('resumes after its end date: active again, logged once, visits held from that day', async () => {
    const { owner, plan } = await newPlan();
    expect(
      (
        await owner.client.request({
          method: 'POST',
          url: `/api/plans/${plan.id}/pause`,
          payload: { until: '2026-12-28' },
        })
      ).statusCode,
    ).toBe(200);
    clock = local('2026-12-27', 9);
    await extendPlanHorizon(app.deps, plan.id);
    expect((await findPlan(app.deps.db, plan.id))?.status).toBe('paused');

    clock = local('2026-12-28', 1);
    await extendPlanHorizon(app.deps, plan.id);
    await extendPlanHorizon(app.deps, plan.id);
    expect(await findPlan(app.deps.db, plan.id)).toMatchObject({ status: 'active', pausedUntil: null });
    expect((await actions(plan.id)).filter((a) => a === 'resumed')).toHaveLength(1);
    const visits = await visitsOf(plan.id);
    expect(visits.filter((v) => v.localDate >= '2026-12-28').every((v) => v.status === 'held')).toBe(true);
    expect(visits.filter((v) => v.localDate >= '2026-12-28').length).toBeGreaterThanOrEqual(3);
    // As GET /api/plans answers it (the session of a month ago has lapsed: read as its query does).
    const [listed] = await customerPlans(app.deps.db, owner.userId);
    expect(listed).toMatchObject({ status: 'active', pausedUntil: null });
  });
});
