/**
 * Availability (spec §2 Scheduler, §9 Scheduling; ADR 0011): the vendor's rules from its calendar row
 * (or the fallback rules), what blocks its time from the database, and the domain's slot engine. The
 * same rules answer the customer's scheduler and check every time the server is asked to keep.
 */
import {
  availabilityStableUntil,
  computeAvailability,
  CUSTOMER_STEP_MINUTES,
  explainStart,
  FALLBACK_RULES,
  type Availability,
  type AvailabilityRules,
  type BusyRange,
} from '@stg/domain/availability';
import { TIME_ZONE } from '@stg/domain/constants';
import {
  applySchedulingPatch,
  SCHEDULING_MESSAGES,
  type SchedulingPreferencesPatch,
} from '@stg/domain/scheduling-preferences';
import type { SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { BusyTimesCheck } from '../../deps';
import { notFound, unprocessable } from '../../http/errors';
import {
  busyTimesOf,
  busyTimesStatement,
  findCalendarOfVendor,
  listBusyRanges,
  loadBusyTimes,
  type BusyTimesRow,
  type VendorCalendarRow,
} from './repo';
import { lockCalendar, updateCalendar } from '../calendar-sync/service';

/** startRecheck's row, for a caller that runs its statement inside its own. */
export type { BusyTimesRow } from './repo';

/** The order being moved, which the availability answer leaves free (bookings/availability.ts; ADR 0026). */
export { findVendorOrder } from './repo';

const DAY_MS = 86_400_000;

export function rulesOf(calendar: VendorCalendarRow | null): AvailabilityRules {
  if (!calendar) return FALLBACK_RULES;
  return {
    workdayStartMinutes: calendar.workdayStartMinutes,
    workdayEndMinutes: calendar.workdayEndMinutes,
    gapMinutes: calendar.driveTimeBufferMins,
    minimumNoticeDays: calendar.bookingWindowStartDays,
    bookingLimitDays: calendar.bookingWindowEndDays,
    timeZone: TIME_ZONE,
  };
}

/** The vendor's availability rules (its calendar row's, or the fallback rules): the plans module's hold horizon. */
export async function vendorRules(db: Db | Tx, vendorId: number): Promise<AvailabilityRules> {
  return rulesOf(await findCalendarOfVendor(db, vendorId));
}

export interface AvailabilityRequest {
  vendorId: number;
  windowDays: number;
  durationMinutes: number;
  stepMinutes: number;
  excludeOrderId?: number | null;
  excludeBookingId?: number | null;
  /** A plan visit whose own held time is left free (the visit is being moved). */
  excludePlanVisitId?: number | null;
  /** Plan visits whose held times are left free (the plan's schedule is being changed). */
  excludePlanVisitIds?: readonly number[];
}

export interface AvailabilityAnswer {
  availability: Availability;
  unavailableReason: string | null;
  /**
   * Until when (epoch ms, excluded) this answer stays true if nothing is written meanwhile (ADR 0024): the
   * next local midnight, the next step with no minimum notice, the first checkout hold's expiry, the synced
   * calendar's freshness. At or before `now`: do not reuse it.
   */
  validUntil: number;
}

/** Every start the vendor can take a job of this length at, in the window; none when the calendar can't be read. */
export async function vendorAvailability(
  db: Db,
  busyTimesCheck: BusyTimesCheck,
  req: AvailabilityRequest,
  now: Date,
): Promise<AvailabilityAnswer> {
  return availabilityOf(db, busyTimesCheck, await findCalendarOfVendor(db, req.vendorId), req, now);
}

/** The days a customer's first week of open times spans: from the first day they could book, 7 days. */
export const FIRST_WEEK_DAYS = 7;

/**
 * The first week of open times as a customer would see them (issue 25, the operator's review card): every
 * start of a job of `durationMinutes` a customer could book, in customer steps, in the 7 local days from
 * today + the vendor's minimum notice; the same computation as the provider page's scheduler.
 */
export async function firstOpenWeek(
  db: Db,
  busyTimesCheck: BusyTimesCheck,
  job: { vendorId: number; durationMinutes: number },
  now: Date,
): Promise<{ request: AvailabilityRequest; answer: AvailabilityAnswer }> {
  const calendar = await findCalendarOfVendor(db, job.vendorId);
  const request: AvailabilityRequest = {
    vendorId: job.vendorId,
    windowDays: rulesOf(calendar).minimumNoticeDays + FIRST_WEEK_DAYS - 1,
    durationMinutes: job.durationMinutes,
    stepMinutes: CUSTOMER_STEP_MINUTES,
  };
  return { request, answer: await availabilityOf(db, busyTimesCheck, calendar, request, now) };
}

async function availabilityOf(
  db: Db,
  busyTimesCheck: BusyTimesCheck,
  calendar: VendorCalendarRow | null,
  req: AvailabilityRequest,
  now: Date,
): Promise<AvailabilityAnswer> {
  const rules = rulesOf(calendar);
  // Read before the check, which may sync the calendar: an answer made while syncing is not reused.
  const freshUntil = !calendar
    ? Number.POSITIVE_INFINITY
    : (busyTimesCheck.freshUntil?.(calendar) ??
      (calendar.apiIntegrated ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY));
  const unavailableReason = calendar ? await busyTimesCheck(calendar, now) : null;
  const { busy, firstHoldExpiry } = unavailableReason
    ? { busy: [], firstHoldExpiry: null }
    : await loadBusyTimes(db, {
        vendorId: req.vendorId,
        calendarId: calendar?.id ?? null,
        from: new Date(now.getTime() - DAY_MS),
        to: new Date(now.getTime() + (Math.min(req.windowDays, rules.bookingLimitDays) + 2) * DAY_MS),
        now,
        excludeOrderId: req.excludeOrderId,
        excludeBookingId: req.excludeBookingId,
        excludePlanVisitId: req.excludePlanVisitId,
        excludePlanVisitIds: req.excludePlanVisitIds,
      });
  const availability = computeAvailability(
    { ...rules, now, durationMinutes: req.durationMinutes, stepMinutes: req.stepMinutes, busy },
    req.windowDays,
  );
  const validUntil = Math.min(
    availabilityStableUntil(rules, now, req.stepMinutes),
    firstHoldExpiry ?? Number.POSITIVE_INFINITY,
    // A calendar found unreadable may be read again by the next request (a sync retried).
    unavailableReason && calendar?.apiIntegrated && !calendar.needsReconnect
      ? Number.NEGATIVE_INFINITY
      : freshUntil,
  );
  return unavailableReason
    ? { availability: { ...availability, days: [] }, unavailableReason, validUntil }
    : { availability, unavailableReason: null, validUntil };
}

export interface StartCheck {
  vendorId: number;
  start: Date;
  durationMinutes: number;
  stepMinutes: number;
  excludeOrderId?: number | null;
  excludeBookingId?: number | null;
  /** A plan visit whose own held time is left free (the visit is being moved). */
  excludePlanVisitId?: number | null;
  /** Plan visits whose held times are left free (the plan's schedule is being changed). */
  excludePlanVisitIds?: readonly number[];
}

/**
 * Null when the vendor can take a job of this length at `start`; otherwise the message to answer with
 * (the spec's "Appointment time is no longer available…", or the calendar's own message).
 */
export async function checkStart(
  db: Db | Tx,
  busyTimesCheck: BusyTimesCheck,
  check: StartCheck,
  now: Date,
): Promise<string | null> {
  return (await checkStartWithCalendar(db, busyTimesCheck, check, now)).problem;
}

/**
 * checkStart's answer and the vendor's calendar row it read (null: none); `known`: the row as the caller read
 * it already (checkout reads it with the booking, issue 27).
 */
export async function checkStartWithCalendar(
  db: Db | Tx,
  busyTimesCheck: BusyTimesCheck,
  check: StartCheck,
  now: Date,
  /** The vendor's calendar row as the caller read it (null: none); left out, it is read. */
  known?: VendorCalendarRow | null,
): Promise<{ problem: string | null; calendar: VendorCalendarRow | null }> {
  const calendar = known === undefined ? await findCalendarOfVendor(db, check.vendorId) : known;
  if (calendar) {
    const reason = await busyTimesCheck(calendar, now);
    if (reason) return { problem: reason, calendar };
  }
  return { problem: await startProblem(db, calendar, check, now), calendar };
}

/**
 * checkStartWithCalendar without the database's view of the vendor's time: the synced calendar (synced
 * first if stale) and the vendor's rules only, no statement. For a caller that re-checks the time under
 * the vendor-time lock anyway (checkout, issue 27: startRecheck), so the time is read once, under the lock.
 */
export async function checkCalendarAndRules(
  busyTimesCheck: BusyTimesCheck,
  check: StartCheck,
  now: Date,
  calendar: VendorCalendarRow | null,
): Promise<string | null> {
  if (calendar) {
    const reason = await busyTimesCheck(calendar, now);
    if (reason) return reason;
  }
  return rulesProblem(calendar, check, now, []);
}

async function startProblem(
  db: Db | Tx,
  calendar: VendorCalendarRow | null,
  check: StartCheck,
  now: Date,
): Promise<string | null> {
  const { statement, problemOf } = startRecheck(calendar, check, now);
  const result = await db.execute<BusyTimesRow>(statement);
  return problemOf((result as { rows: BusyTimesRow[] }).rows[0]);
}

/**
 * The start checked again on the database's view of the vendor's time only, with the calendar row read
 * before (its rules; the calendar is neither read nor synced again), as a statement not run and the reading
 * of its one row (with `lapsedHoldsOverlapping`, a checkout hold that ran out but is still open on that span
 * also keeps the time). A caller runs it as a part of its own statement (checkout's hold, issue 27: beside
 * the booking's lock, one round trip fewer while the vendor's time is locked).
 */
export function startRecheck(
  calendar: VendorCalendarRow | null,
  check: StartCheck,
  now: Date,
  lapsedHoldsOverlapping?: { start: Date; end: Date },
): { statement: SQL; problemOf: (row: BusyTimesRow | undefined) => string | null } {
  const at = check.start.getTime();
  const statement = busyTimesStatement({
    vendorId: check.vendorId,
    calendarId: calendar?.id ?? null,
    from: new Date(at - DAY_MS),
    to: new Date(at + DAY_MS + check.durationMinutes * 60_000),
    now,
    excludeOrderId: check.excludeOrderId,
    excludeBookingId: check.excludeBookingId,
    excludePlanVisitId: check.excludePlanVisitId,
    excludePlanVisitIds: check.excludePlanVisitIds,
    lapsedHoldsOverlapping,
  });
  const problemOf = (row: BusyTimesRow | undefined) => {
    const { busy, lapsedHold } = busyTimesOf(row);
    if (lapsedHold) return SCHEDULING_MESSAGES.appointmentUnavailable;
    return rulesProblem(calendar, check, now, busy);
  };
  return { statement, problemOf };
}

/** The vendor's rules for a start among `busy` (spec §9); one message for every reason. */
function rulesProblem(
  calendar: VendorCalendarRow | null,
  check: StartCheck,
  now: Date,
  busy: BusyRange[],
): string | null {
  const problem = explainStart(
    {
      ...rulesOf(calendar),
      now,
      durationMinutes: check.durationMinutes,
      stepMinutes: check.stepMinutes,
      busy,
    },
    check.start.getTime(),
  );
  return problem === null ? null : SCHEDULING_MESSAGES.appointmentUnavailable;
}

/**
 * Whether anything blocks [start, end) of the vendor's time as stored now (an order, an unexpired checkout
 * hold, a plan's held visit other than `excludePlanVisitId`, a synced calendar entry; the calendar is not
 * synced here). For the plans module's holds (ADR 0037), which take the vendor-time lock first.
 */
export async function isTimeBusy(
  db: Db | Tx,
  q: {
    vendorId: number;
    start: Date;
    end: Date;
    now: Date;
    excludePlanVisitId?: number | null;
    excludePlanVisitIds?: readonly number[];
  },
): Promise<boolean> {
  const calendar = await findCalendarOfVendor(db, q.vendorId);
  const busy = await listBusyRanges(db, {
    vendorId: q.vendorId,
    calendarId: calendar?.id ?? null,
    from: q.start,
    to: q.end,
    now: q.now,
    excludePlanVisitId: q.excludePlanVisitId,
    excludePlanVisitIds: q.excludePlanVisitIds,
  });
  const start = q.start.getTime();
  const end = q.end.getTime();
  return busy.some((b) => b.start < end && b.end > start);
}

/**
 * The free start of a job of `durationMinutes` nearest to `around` within [from, to) (ADR 0037: a plan visit
 * that meets a busy time moves to the nearest free start in its Monday-to-Sunday week), by the slot engine
 * on the vendor's rules and busy times as stored (the caller holds the vendor-time lock; the calendar is not
 * synced here), in `stepMinutes` steps from each free range's start, and only starts `accept` takes (e.g. a
 * cancellation window still open). Null when none.
 */
export async function nearestFreeStart(
  db: Db | Tx,
  q: {
    vendorId: number;
    durationMinutes: number;
    around: Date;
    from: Date;
    to: Date;
    now: Date;
    stepMinutes: number;
    excludePlanVisitId?: number | null;
    accept?: (start: number) => boolean;
  },
): Promise<Date | null> {
  const calendar = await findCalendarOfVendor(db, q.vendorId);
  const rules = rulesOf(calendar);
  const { busy } = await loadBusyTimes(db, {
    vendorId: q.vendorId,
    calendarId: calendar?.id ?? null,
    from: new Date(q.from.getTime() - DAY_MS),
    to: new Date(q.to.getTime() + DAY_MS),
    now: q.now,
    excludePlanVisitId: q.excludePlanVisitId,
  });
  const windowDays = Math.ceil((q.to.getTime() - q.now.getTime()) / DAY_MS) + 1;
  if (windowDays < 0) return null;
  const { days } = computeAvailability(
    { ...rules, now: q.now, durationMinutes: q.durationMinutes, stepMinutes: q.stepMinutes, busy },
    windowDays,
  );
  const step = q.stepMinutes * 60_000;
  const target = q.around.getTime();
  let best: number | null = null;
  const consider = (start: number) => {
    if (start < q.from.getTime() || start >= q.to.getTime()) return;
    if (q.accept && !q.accept(start)) return;
    if (best === null || Math.abs(start - target) < Math.abs(best - target)) best = start;
  };
  for (const day of days)
    for (const range of day.ranges) {
      const clamped = Math.min(Math.max(target, range.start), range.end);
      const k = Math.floor((clamped - range.start) / step);
      for (const start of [range.start + k * step, range.start + (k + 1) * step, range.start, range.end])
        if (start >= range.start && start <= range.end) consider(start);
    }
  return best === null ? null : new Date(best);
}

/** PATCH /api/vendor_calendars/{id}: the vendor's new preferences, all valid or none saved. */
export async function updateSchedulingPreferences(
  db: Db,
  calendarId: number,
  patch: SchedulingPreferencesPatch,
  now: Date,
): Promise<VendorCalendarRow> {
  return db.transaction(async (tx) => {
    const calendar = await lockCalendar(tx, calendarId);
    if (!calendar) throw notFound();
    const result = applySchedulingPatch(
      {
        workdayStartMinutes: calendar.workdayStartMinutes,
        workdayEndMinutes: calendar.workdayEndMinutes,
        gapMinutes: calendar.driveTimeBufferMins,
        minimumNoticeDays: calendar.bookingWindowStartDays,
        bookingLimitDays: calendar.bookingWindowEndDays,
      },
      patch,
    );
    if (!result.ok) throw unprocessable(...result.errors);
    const v = result.value;
    const updated = await updateCalendar(tx, calendarId, {
      workdayStartMinutes: v.workdayStartMinutes,
      workdayEndMinutes: v.workdayEndMinutes,
      driveTimeBufferMins: v.gapMinutes,
      bookingWindowStartDays: v.minimumNoticeDays,
      bookingWindowEndDays: v.bookingLimitDays,
      updatedAt: now,
    });
    if (!updated) throw notFound();
    return updated;
  });
}

/** How many days ahead the vendor takes bookings (its booking window's end; ADR 0037: a plan holds visits that far). */
export async function bookingLimitDaysOf(db: Db | Tx, vendorId: number): Promise<number> {
  return rulesOf(await findCalendarOfVendor(db, vendorId)).bookingLimitDays;
}
