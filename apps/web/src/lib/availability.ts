/**
 * How the date and time pickers read an availability answer (docs/api/scheduling.md): which local dates
 * and months have starts, every allowed start of one date grouped by hour, and the labels the picker
 * shows. Every wall time is read in America/Denver through the domain's zoned-time helpers, so the
 * picker shows the vendor's times whatever the browser's time zone. Calendar arithmetic on local dates
 * is done in UTC, where no time zone can move a day.
 */
import { TIME_ZONE } from '@stg/domain/constants';
import { clockText, formatLocalAppointment, hourText } from '@stg/domain/dates';
import { formatLocalDate, localDateTimeOf, parseLocalDate, type LocalDate } from '@stg/domain/zoned-time';
import type { Availability, AvailabilityDay } from '@stg/domain/api/scheduling';

const MINUTE = 60_000;
/** More starts than a day has minutes means a broken answer: stop there rather than hang the page. */
const MAX_STARTS_PER_DAY = 24 * 60;

/** One allowed start: its instant and its wall time in America/Denver. */
export interface Start {
  ms: number;
  /** "2026-11-24". */
  date: string;
  hour: number;
  minute: number;
}

export interface HourStarts {
  hour: number;
  starts: Start[];
}

/** "2026-11" of a local date string "2026-11-24". */
export const monthKeyOf = (date: string) => date.slice(0, 7);

export function monthKey(year: number, month: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
}

export function parseMonthKey(key: string): { year: number; month: number } {
  return { year: Number(key.slice(0, 4)), month: Number(key.slice(5, 7)) };
}

/** The month after (or before, with -1) a "2026-11" key. */
export function shiftMonth(key: string, by: number): string {
  const { year, month } = parseMonthKey(key);
  const d = new Date(Date.UTC(year, month - 1 + by, 1));
  return monthKey(d.getUTCFullYear(), d.getUTCMonth() + 1);
}

/** The days that have at least one start, by date. */
export function daysByDate(availability: Availability): Map<string, AvailabilityDay> {
  return new Map(availability.days.filter((d) => d.ranges.length > 0).map((d) => [d.date, d]));
}

/** The months ("2026-11") that have at least one available date, in order. */
export function monthsWithAvailability(availability: Availability): string[] {
  const months = new Set<string>();
  for (const day of availability.days) if (day.ranges.length > 0) months.add(monthKeyOf(day.date));
  return [...months].sort();
}

/** The wall time of an instant in America/Denver. */
export function localStartOf(ms: number): Start {
  const local = localDateTimeOf(ms, TIME_ZONE);
  const minutes = Math.floor(local.minutes);
  return { ms, date: formatLocalDate(local), hour: Math.floor(minutes / 60), minute: minutes % 60 };
}

/** Every allowed start of a day: each range's start_time + k × step up to its end_time, in order. */
export function startsOfDay(day: AvailabilityDay, stepMinutes: number): Start[] {
  const step = Math.max(1, Math.round(stepMinutes)) * MINUTE;
  const starts: Start[] = [];
  const seen = new Set<number>();
  for (const range of day.ranges) {
    const from = Date.parse(range.start_time);
    const to = Date.parse(range.end_time);
    if (!Number.isFinite(from) || !Number.isFinite(to)) continue;
    for (let ms = from; ms <= to && starts.length < MAX_STARTS_PER_DAY; ms += step) {
      if (seen.has(ms)) continue;
      seen.add(ms);
      starts.push(localStartOf(ms));
    }
  }
  return starts.sort((a, b) => a.ms - b.ms);
}

/** Starts grouped by their local hour, hours in order (an hour repeated by a DST change stays apart). */
export function groupByHour(starts: readonly Start[]): HourStarts[] {
  const groups: HourStarts[] = [];
  for (const start of starts) {
    const last = groups[groups.length - 1];
    if (last && last.hour === start.hour) last.starts.push(start);
    else groups.push({ hour: start.hour, starts: [start] });
  }
  return groups;
}

/** True when `ms` is one of the day's allowed starts. */
export function offers(day: AvailabilityDay | undefined, stepMinutes: number, ms: number): boolean {
  if (!day) return false;
  const step = Math.max(1, Math.round(stepMinutes)) * MINUTE;
  return day.ranges.some((range) => {
    const from = Date.parse(range.start_time);
    const to = Date.parse(range.end_time);
    return ms >= from && ms <= to && (ms - from) % step === 0;
  });
}

/** The weeks of a month, Sunday first; null pads the days of the neighbouring months. */
export function monthWeeks(key: string): (LocalDate | null)[][] {
  const { year, month } = parseMonthKey(key);
  const firstWeekday = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const cells: (LocalDate | null)[] = Array.from({ length: firstWeekday }, () => null);
  for (let day = 1; day <= daysInMonth; day += 1) cells.push({ year, month, day });
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (LocalDate | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

// Labels, written from English names rather than by Intl: the first Intl date format of a page loads
// ICU's calendar data, and this module made 16 formats when it loaded (about 100 ms of a phone's CPU at
// Lighthouse's 4x). Local dates have no time zone: the weekday is that of the date's UTC midnight.
const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const weekdayOf = (date: LocalDate) => new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();

const dateOf = (date: string | LocalDate): LocalDate | null =>
  typeof date === 'string' ? parseLocalDate(date) : date;

/** "Tuesday, November 24, 2026". */
export function longDateLabel(date: string | LocalDate): string {
  const d = dateOf(date);
  return d ? `${DAY_NAMES[weekdayOf(d)]}, ${MONTH_NAMES[d.month - 1]} ${d.day}, ${d.year}` : '';
}

/** "November 2026". */
export function monthLabel(key: string): string {
  const { year, month } = parseMonthKey(key);
  return `${MONTH_NAMES[month - 1]} ${year}`;
}

/** The weekday headers, Sunday first: short and full names. */
export const WEEKDAYS: readonly { short: string; long: string }[] = DAY_NAMES.map((long) => ({
  short: long.slice(0, 3),
  long,
}));

/** 9 → "9am"; 13 → "1pm"; 0 → "12am" (the shared format of @stg/domain/dates). */
export function hourLabel(hour: number): string {
  return hourText(hour);
}

/**
 * 9, 5 → "9:05 am": a minute button's accessible name. The shared clock ("9:05am") with a space before
 * am/pm, so the button's visible ":05" is a word of its name (WCAG 2.5.3 Label in Name; axe's
 * label-content-name-mismatch); a screen reader says both the same way.
 */
export function timeLabel(hour: number, minute: number): string {
  return clockText(hour, minute).replace(/(am|pm)$/, ' $1');
}

/** "Nov 24th, 9:05am" for a start: the shared format of @stg/domain/dates (spec §9). */
export function startLabel(start: Start): string {
  const d = dateOf(start.date);
  return d ? formatLocalAppointment(d, start.hour, start.minute) : '';
}
