/**
 * The one set of date formats the product shows (spec §9: "MMM do, h:mmaaa", e.g. "Dec 15th, 1:00pm"),
 * always in the marketplace's time zone (America/Denver with real DST rules), whatever the time zone of
 * the machine that renders them: every screen, mail, calendar invite text and work order writes a date or
 * a time with these and nothing else (issue 23 #9). Built on Intl (zoned-time) and a few lines of text,
 * not date-fns, so the first bundle can use them.
 */
import { TIME_ZONE } from './constants';
import { localDateTimeOf, type LocalDate } from './zoned-time';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
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

/** 1 → "1st", 12 → "12th", 22 → "22nd" (date-fns's "do"). */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  const suffix = ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
  return `${n}${suffix}`;
}

/** 13, 0 → "1:00pm"; 0, 5 → "12:05am" (spec §9's "h:mmaaa"). */
export function clockText(hour: number, minute: number): string {
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${h12}:${String(minute).padStart(2, '0')}${hour < 12 ? 'am' : 'pm'}`;
}

/** 9 → "9am", 13 → "1pm", 0 → "12am": an hour on its own (the scheduler's hour buttons). */
export function hourText(hour: number): string {
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${h12}${hour < 12 ? 'am' : 'pm'}`;
}

/** A St George day → "Dec 15th" (spec §9's "MMM do"). */
export function dayText(date: LocalDate): string {
  return `${MONTHS[date.month - 1] ?? ''} ${ordinal(date.day)}`;
}

/** A St George wall-clock start (a day and a time picked in the scheduler) → "Dec 15th, 1:00pm". */
export function formatLocalAppointment(date: LocalDate, hour: number, minute: number): string {
  return `${dayText(date)}, ${clockText(hour, minute)}`;
}

type Instant = string | number | Date;

const toMs = (value: Instant) =>
  value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);

function wallOf(value: Instant) {
  const ms = toMs(value);
  if (!Number.isFinite(ms)) return null;
  const local = localDateTimeOf(ms, TIME_ZONE);
  const minutes = Math.floor(local.minutes);
  return { ...local, hour: Math.floor(minutes / 60), minute: minutes % 60 };
}

/** "Nov 24th, 9:00am" in America/Denver; '' for an unreadable date. */
export function formatAppointment(value: Instant): string {
  const w = wallOf(value);
  return w ? formatLocalAppointment(w, w.hour, w.minute) : '';
}

/** "9:00am" in America/Denver; '' for an unreadable date. */
export function formatClock(value: Instant): string {
  const w = wallOf(value);
  return w ? clockText(w.hour, w.minute) : '';
}

/** "Nov 24th, 2025" in America/Denver (a day with its year: when an order was placed); '' if unreadable. */
export function formatCalendarDate(value: Instant): string {
  const w = wallOf(value);
  return w ? `${dayText(w)}, ${w.year}` : '';
}

/**
 * A job from its start for `durationMins`: "Nov 30th, 9:00am – 11:30am", or with the end's day when it
 * ends on another one ("Nov 30th, 11:00pm – Dec 1st, 1:00am"); '' for an unreadable start.
 */
export function formatAppointmentWindow(value: Instant, durationMins: number): string {
  const start = wallOf(value);
  if (!start) return '';
  const end = wallOf(toMs(value) + durationMins * 60_000)!;
  const sameDay = start.year === end.year && start.month === end.month && start.day === end.day;
  const endText = sameDay
    ? clockText(end.hour, end.minute)
    : formatLocalAppointment(end, end.hour, end.minute);
  return `${formatLocalAppointment(start, start.hour, start.minute)} – ${endText}`;
}

/**
 * Minutes as spec §9's short display: rounded to the nearest 5, then "2h 30m", "2hrs", "1hr" or "45mins".
 */
export function formatDurationShort(minutes: number): string {
  if (!Number.isFinite(minutes) || minutes <= 0) return '0mins';
  const rounded = Math.max(5, Math.round(minutes / 5) * 5);
  const hours = Math.floor(rounded / 60);
  const mins = rounded % 60;
  if (hours === 0) return `${mins}mins`;
  if (mins === 0) return hours === 1 ? '1hr' : `${hours}hrs`;
  return `${hours}h ${mins}m`;
}

/** A reporting period's axis label from its first day (YYYY-MM-DD): a week by its Monday, "Nov 23"; a month, "Nov". */
export function periodLabel(period: 'week' | 'month', start: string): string {
  const [, m, d] = start.split('-').map(Number) as [number, number, number];
  return period === 'week' ? `${MONTHS[m - 1]} ${d}` : (MONTHS[m - 1] ?? '');
}

/** The same in full, for a table's row: "Week of Nov 23, 2026", "November 2026". */
export function periodName(period: 'week' | 'month', start: string): string {
  const [y, m] = start.split('-').map(Number) as [number, number, number];
  return period === 'week'
    ? `Week of ${periodLabel('week', start)}, ${y}`
    : `${MONTH_NAMES[m - 1] ?? ''} ${y}`;
}
