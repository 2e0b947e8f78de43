/**
 * Dates as the product shows them (spec §9: "MMM do, h:mmaaa"), always in the marketplace's time zone
 * (America/Denver with real DST rules), whatever the time zone of the machine that renders them.
 */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { TIME_ZONE } from './constants';

function inZone(value: string | number | Date): TZDate | null {
  const ms = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
  if (!Number.isFinite(ms)) return null;
  return new TZDate(ms, TIME_ZONE);
}

/** "Nov 24th, 9:00am" in America/Denver; '' for an unreadable date. */
export function formatAppointment(value: string | number | Date): string {
  const date = inZone(value);
  return date ? format(date, 'MMM do, h:mmaaa') : '';
}

/** "Nov 24, 2025" in America/Denver; '' for an unreadable date. */
export function formatCalendarDate(value: string | number | Date): string {
  const date = inZone(value);
  return date ? format(date, 'MMM d, yyyy') : '';
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
