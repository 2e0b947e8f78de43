/**
 * The periods of a vendor's earnings (issue 25 §2; ADR 0036): this week (from Monday),
 * this month and this year in St George time, the last 12 weeks and the year's 12 months. Pure: `now` is
 * passed in. The server sums each period in SQL (date_trunc of the appointment at America/Denver); these
 * say which periods there are and where their instants start and end.
 */
import { TIME_ZONE } from './constants';
import {
  addDays,
  formatLocalDate,
  instantOfLocal,
  localDateTimeOf,
  weekdayOf,
  type LocalDate,
} from './zoned-time';

export interface EarningsCalendar {
  /** Today in St George (YYYY-MM-DD). */
  today: string;
  /** First days (YYYY-MM-DD) of this week, this month, this year, and of the periods after them. */
  week: { from: string; to: string };
  month: { from: string; to: string };
  year: { from: string; to: string };
  /** The first days of the last 12 weeks, oldest first (this week last). */
  weeks: string[];
  /** The first days of the year's 12 months. */
  months: string[];
}

const firstOfMonth = (year: number, month: number): LocalDate => {
  const y = year + Math.floor((month - 1) / 12);
  const m = ((((month - 1) % 12) + 12) % 12) + 1;
  return { year: y, month: m, day: 1 };
};

export function earningsCalendar(nowMs: number, weeks = 12, timeZone = TIME_ZONE): EarningsCalendar {
  const today = localDateTimeOf(nowMs, timeZone);
  // Weeks start on Monday (ISO 8601, as PostgreSQL's date_trunc('week', …)).
  const monday = addDays(today, -((weekdayOf(today) + 6) % 7));
  const weekStarts = Array.from({ length: weeks }, (_, i) => addDays(monday, (i - weeks + 1) * 7));
  const monthStart = firstOfMonth(today.year, today.month);
  const yearStart = firstOfMonth(today.year, 1);
  const nextYear = firstOfMonth(today.year + 1, 1);
  const nextWeek = addDays(monday, 7);
  return {
    today: formatLocalDate(today),
    week: { from: formatLocalDate(monday), to: formatLocalDate(nextWeek) },
    month: {
      from: formatLocalDate(monthStart),
      to: formatLocalDate(firstOfMonth(today.year, today.month + 1)),
    },
    year: { from: formatLocalDate(yearStart), to: formatLocalDate(nextYear) },
    weeks: weekStarts.map(formatLocalDate),
    months: Array.from({ length: 12 }, (_, i) => formatLocalDate(firstOfMonth(today.year, i + 1))),
  };
}

/** The instants of a range of St George dates, both included: [from's midnight, the day after to's). */
export function localRangeInstants(
  from: string,
  to: string,
  timeZone = TIME_ZONE,
): { fromMs: number; toMs: number } {
  const [fy, fm, fd] = from.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = to.split('-').map(Number) as [number, number, number];
  return {
    fromMs: instantOfLocal({ year: fy, month: fm, day: fd }, 0, timeZone),
    toMs: instantOfLocal(addDays({ year: ty, month: tm, day: td }, 1), 0, timeZone),
  };
}
