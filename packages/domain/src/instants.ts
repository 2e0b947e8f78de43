/**
 * The instants the API accepts (issue 14, finding 4). PostgreSQL's timestamptz and the ISO 8601 text
 * JavaScript writes for it (`toISOString`) agree only on four-digit years from 0001 to 9999: year 0000,
 * negative years and `+010000-…` make the driver's query fail (a 500), and every appointment is also
 * widened by days (the availability window, the calendar day around it), so an edge year breaks too.
 * An instant a user of the marketplace can mean lies between 1900 and 2999; anything else is refused
 * with the field's own message before it reaches date code or the database.
 */
import { z } from 'zod';

/** The earliest instant accepted (inclusive). */
export const EARLIEST_INSTANT = new Date('1900-01-01T00:00:00Z');
/** The first instant no longer accepted (exclusive): the year 3000. */
export const LATEST_INSTANT = new Date('3000-01-01T00:00:00Z');

/** Whether a time in milliseconds is a real instant within [1900, 3000). */
export function isInstantInRange(ms: number): boolean {
  return Number.isFinite(ms) && ms >= EARLIEST_INSTANT.getTime() && ms < LATEST_INSTANT.getTime();
}

/**
 * An ISO 8601 date-time with `Z` or an offset, within [1900, 3000), with one message for every way it
 * can be wrong. Its output stays the text (the web's types are strings); a route adds `.transform`.
 */
export const isoInstantSchema = (message: string) =>
  z.iso
    .datetime({ offset: true, error: message, abort: true })
    .refine((v) => isInstantInRange(Date.parse(v)), { error: message });
