/** Calendar connections and their synced busy entries. */
import { and, eq, gte, lt, notInArray, sql } from 'drizzle-orm';
import type { BusyEntry, CalendarWindow } from '../../adapters/calendars/calendar-provider';
import type { Db, Tx } from '../../db/client';
import { calendarBusyEntries, users, vendorCalendars } from '../../db/schema';

export type VendorCalendarRow = typeof vendorCalendars.$inferSelect;

/** Replaces the calendar's busy entries that start in the window with the ones just read. */
export async function replaceBusyEntries(
  tx: Tx,
  calendarId: number,
  window: CalendarWindow,
  entries: BusyEntry[],
) {
  const inWindow = and(
    eq(calendarBusyEntries.vendorCalendarId, calendarId),
    gte(calendarBusyEntries.startTime, window.from),
    lt(calendarBusyEntries.startTime, window.to),
  );
  const ids = [...new Set(entries.map((e) => e.externalId))];
  await tx
    .delete(calendarBusyEntries)
    .where(ids.length > 0 ? and(inWindow, notInArray(calendarBusyEntries.externalId, ids)) : inWindow);
  const seen = new Set<string>();
  const rows = entries
    .filter((e) => (seen.has(e.externalId) ? false : (seen.add(e.externalId), true)))
    .map((e) => ({
      vendorCalendarId: calendarId,
      externalId: e.externalId,
      startTime: e.start,
      endTime: e.end,
    }));
  for (let i = 0; i < rows.length; i += 500) {
    await tx
      .insert(calendarBusyEntries)
      .values(rows.slice(i, i + 500))
      .onConflictDoUpdate({
        target: [calendarBusyEntries.vendorCalendarId, calendarBusyEntries.externalId],
        set: { startTime: sql`excluded.start_time`, endTime: sql`excluded.end_time` },
      });
  }
}

export async function deleteBusyEntries(tx: Tx, calendarId: number) {
  await tx.delete(calendarBusyEntries).where(eq(calendarBusyEntries.vendorCalendarId, calendarId));
}

/** Calendars with a synced integration, for the recurring sync. */
export async function listIntegratedCalendars(db: Db) {
  return db.select().from(vendorCalendars).where(eq(vendorCalendars.apiIntegrated, true));
}

/** The vendor's user (for the password check and the needs-reconnect mail). */
export async function findVendorUser(db: Db | Tx, vendorId: number) {
  const [row] = await db.select().from(users).where(eq(users.vendorId, vendorId)).limit(1);
  return row ?? null;
}
