/**
 * The slot engine (spec §2 Scheduler, §9 Scheduling; ADR 0011): the start times at which a job of a
 * given length fits entirely inside one of the vendor's workdays and clear of every busy time plus the
 * vendor's gap, inside the minimum notice and the booking limit. Pure: `now` is passed in; every wall
 * time is read in the vendor's time zone (America/Denver with its real DST rules), never in the
 * process's own.
 *
 * The answer is compact: per local date, ranges of allowed starts with both ends included, every
 * `step` minutes between them being a start (not 100,000 single minutes).
 *
 * Rules, all in one place (`explainStart` checks one start by them; `computeAvailability` lists them):
 * - workday: the start's local date is one of `workdays` (Monday to Friday), the start is at or after
 *   the workday start, and start + duration is at or before the workday end, on that date;
 * - gap: for every busy range [s, e), the job [t, t + d) keeps `gap` minutes from it:
 *   t + d + gap <= s or t >= e + gap (touching at exactly the gap is allowed);
 * - minimum notice N days: t >= now, and t >= local midnight of (today + N);
 * - booking limit L days: the start's local date is at most today + L;
 * - steps: t is a whole multiple of `step` minutes (1 for customers, 15 for vendors). Steps are counted
 *   from the epoch, which is from local midnight in every zone whose offset is whole hours (America/Denver).
 */
import { TIME_ZONE } from './constants';
import { DEFAULT_SCHEDULING } from './scheduling-preferences';
import {
  addDays,
  daysBetween,
  formatLocalDate,
  instantOfLocal,
  localDateTimeOf,
  weekdayOf,
  type LocalDate,
} from './zoned-time';

const MINUTE = 60_000;

/** Step between offered starts, in minutes (spec §9). */
export const CUSTOMER_STEP_MINUTES = 1;
export const VENDOR_STEP_MINUTES = 15;
/** Monday to Friday (spec §2: "workday start and end (Mon-Fri)"). */
export const WORKDAYS: readonly number[] = [1, 2, 3, 4, 5];
/** The longest window one answer covers, in days (the booking limit's maximum). */
export const MAX_WINDOW_DAYS = 180;

/** A busy time, instants in epoch milliseconds, end excluded. */
export interface BusyRange {
  start: number;
  end: number;
}

export interface AvailabilityRules {
  /** Minutes after local midnight, 0-1440. */
  workdayStartMinutes: number;
  workdayEndMinutes: number;
  /** Gap between appointments (drive-time buffer), minutes. */
  gapMinutes: number;
  /** Minimum notice, whole days. */
  minimumNoticeDays: number;
  /** Booking limit: how many days ahead a job may start. */
  bookingLimitDays: number;
  /** Local weekdays a job may be on, 0 = Sunday; Monday to Friday when not given. */
  workdays?: readonly number[];
  timeZone?: string;
}

export interface AvailabilityQuery extends AvailabilityRules {
  now: Date | number;
  /** The job's length in minutes (at least 1). */
  durationMinutes: number;
  stepMinutes: number;
  /** Everything that blocks time: live orders, checkout holds, synced calendar entries. Any order. */
  busy: readonly BusyRange[];
}

/** Allowed starts from `start` to `end`, both included, every `step` minutes. */
export interface StartRange {
  start: number;
  end: number;
}

export interface DayAvailability {
  /** The local date, "2026-11-24". */
  date: string;
  ranges: StartRange[];
}

export interface Availability {
  /** The local dates looked at: today + minimum notice … the last day of the window. */
  firstDate: string;
  lastDate: string;
  /** Only dates with at least one start, in order. */
  days: DayAvailability[];
}

/** Rules of a vendor who never saved preferences: "Earliest fallback availability is 2 days from today". */
export const FALLBACK_RULES: AvailabilityRules = {
  workdayStartMinutes: DEFAULT_SCHEDULING.workdayStartMinutes,
  workdayEndMinutes: DEFAULT_SCHEDULING.workdayEndMinutes,
  gapMinutes: DEFAULT_SCHEDULING.gapMinutes,
  minimumNoticeDays: DEFAULT_SCHEDULING.minimumNoticeDays,
  bookingLimitDays: DEFAULT_SCHEDULING.bookingLimitDays,
};

const toMs = (now: Date | number) => (typeof now === 'number' ? now : now.getTime());
const ceilTo = (ms: number, step: number) => Math.ceil(ms / step) * step;
const floorTo = (ms: number, step: number) => Math.floor(ms / step) * step;

/**
 * Times no job start may fall in: for each busy [s, e), the open interval (s − gap − d, e + gap).
 * Sorted by start and merged where they overlap (open intervals that only touch stay apart: the touching
 * instant is allowed).
 */
function forbiddenStarts(busy: readonly BusyRange[], gapMs: number, durationMs: number): BusyRange[] {
  const raw: BusyRange[] = [];
  for (const b of busy) {
    if (!(b.end > b.start)) continue;
    raw.push({ start: b.start - gapMs - durationMs, end: b.end + gapMs });
  }
  raw.sort((a, b) => a.start - b.start);
  const merged: BusyRange[] = [];
  for (const r of raw) {
    const last = merged[merged.length - 1];
    if (last && r.start < last.end) {
      if (r.end > last.end) last.end = r.end;
    } else merged.push({ ...r });
  }
  return merged;
}

interface Window {
  timeZone: string;
  today: LocalDate;
  nowMs: number;
  /** The earliest start allowed by the minimum notice (and never before now). */
  earliestMs: number;
}

function windowOf(rules: AvailabilityRules, now: Date | number): Window {
  const timeZone = rules.timeZone ?? TIME_ZONE;
  const nowMs = toMs(now);
  const local = localDateTimeOf(nowMs, timeZone);
  const today: LocalDate = { year: local.year, month: local.month, day: local.day };
  const noticeStart = instantOfLocal(addDays(today, rules.minimumNoticeDays), 0, timeZone);
  return { timeZone, today, nowMs, earliestMs: Math.max(nowMs, noticeStart) };
}

/**
 * Every allowed start in the `windowDays` local days from today (never past the booking limit),
 * grouped by local date. Linear in days + busy ranges after one sort of the busy ranges.
 */
export function computeAvailability(query: AvailabilityQuery, windowDays: number): Availability {
  const w = windowOf(query, query.now);
  const stepMs = Math.max(1, Math.floor(query.stepMinutes)) * MINUTE;
  const durationMs = Math.max(1, Math.ceil(query.durationMinutes)) * MINUTE;
  const workdays = query.workdays ?? WORKDAYS;
  const lastOffset = Math.min(query.bookingLimitDays, Math.max(0, Math.floor(windowDays)), MAX_WINDOW_DAYS);
  const firstOffset = query.minimumNoticeDays;
  const forbidden = forbiddenStarts(query.busy, query.gapMinutes * MINUTE, durationMs);
  const days: DayAvailability[] = [];
  let k = 0; // the first forbidden interval that may still matter (they are sorted and disjoint)

  for (let offset = firstOffset; offset <= lastOffset; offset++) {
    const date = addDays(w.today, offset);
    if (!workdays.includes(weekdayOf(date))) continue;
    const dayStart = instantOfLocal(date, query.workdayStartMinutes, w.timeZone);
    const dayEnd = instantOfLocal(date, query.workdayEndMinutes, w.timeZone);
    let lo = Math.max(dayStart, w.earliestMs);
    const hi = dayEnd - durationMs; // the last start whose job ends by the workday's end
    if (lo > hi) continue;
    const ranges: StartRange[] = [];
    while (k < forbidden.length && forbidden[k]!.end <= lo) k++;
    for (let j = k; j < forbidden.length && lo <= hi; j++) {
      const f = forbidden[j]!;
      if (f.start >= hi) break; // (f.start, …) cannot take hi or anything before it
      if (f.start >= lo) pushRange(ranges, lo, f.start, stepMs);
      if (f.end > lo) lo = f.end;
    }
    if (lo <= hi) pushRange(ranges, lo, hi, stepMs);
    if (ranges.length > 0) days.push({ date: formatLocalDate(date), ranges });
  }
  return {
    firstDate: formatLocalDate(addDays(w.today, firstOffset)),
    lastDate: formatLocalDate(addDays(w.today, Math.max(firstOffset, lastOffset))),
    days,
  };
}

/**
 * Until when (epoch ms, excluded) `computeAvailability` keeps giving the answer it gives at `now`, the busy
 * times and rules being unchanged (ADR 0024: how long a cached answer may be served). Time enters only
 * through the local date (the notice, the limit and the window count from today: all change at the next
 * local midnight) and, with no minimum notice, through "never before now": the earliest start moves one
 * step each time now passes a whole step.
 */
export function availabilityStableUntil(
  rules: AvailabilityRules,
  now: Date | number,
  stepMinutes: number,
): number {
  const w = windowOf(rules, now);
  const nextMidnight = instantOfLocal(addDays(w.today, 1), 0, w.timeZone);
  if (w.earliestMs > w.nowMs) return nextMidnight;
  const stepMs = Math.max(1, Math.floor(stepMinutes)) * MINUTE;
  // For now in (k·step, (k+1)·step] the first start offered is (k+1)·step: the same answer.
  return Math.min(nextMidnight, ceilTo(w.nowMs, stepMs) + 1);
}

function pushRange(ranges: StartRange[], lo: number, hi: number, stepMs: number) {
  const start = ceilTo(lo, stepMs);
  const end = floorTo(hi, stepMs);
  if (start <= end) ranges.push({ start, end });
}

/** Why a start is not allowed; null when it is. */
export type StartProblem = 'step' | 'notice' | 'limit' | 'weekday' | 'workday' | 'busy';

/** Checks one start against every rule (the server's check of a chosen time). */
export function explainStart(query: AvailabilityQuery, start: Date | number): StartProblem | null {
  const t = toMs(start);
  const w = windowOf(query, query.now);
  const stepMs = Math.max(1, Math.floor(query.stepMinutes)) * MINUTE;
  const durationMs = Math.max(1, Math.ceil(query.durationMinutes)) * MINUTE;
  if (!Number.isFinite(t) || t % stepMs !== 0) return 'step';
  if (t < w.earliestMs) return 'notice';
  const local = localDateTimeOf(t, w.timeZone);
  const date: LocalDate = { year: local.year, month: local.month, day: local.day };
  if (daysBetween(w.today, date) > query.bookingLimitDays) return 'limit';
  if (!(query.workdays ?? WORKDAYS).includes(weekdayOf(date))) return 'weekday';
  const dayStart = instantOfLocal(date, query.workdayStartMinutes, w.timeZone);
  const dayEnd = instantOfLocal(date, query.workdayEndMinutes, w.timeZone);
  if (t < dayStart || t + durationMs > dayEnd) return 'workday';
  const gapMs = query.gapMinutes * MINUTE;
  for (const b of query.busy) {
    if (!(b.end > b.start)) continue;
    if (t + durationMs + gapMs > b.start && t < b.end + gapMs) return 'busy';
  }
  return null;
}

/** True when `start` is one of the starts `availability` lists. */
export function offersStart(availability: Availability, start: number, stepMinutes: number): boolean {
  const stepMs = Math.max(1, Math.floor(stepMinutes)) * MINUTE;
  if (start % stepMs !== 0) return false;
  return availability.days.some((d) => d.ranges.some((r) => start >= r.start && start <= r.end));
}

/** How many starts a range holds. */
export function startsIn(range: StartRange, stepMinutes: number): number {
  return Math.floor((range.end - range.start) / (Math.max(1, Math.floor(stepMinutes)) * MINUTE)) + 1;
}
