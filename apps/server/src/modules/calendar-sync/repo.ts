/** Calendar connections, their synced busy entries and pending OAuth authorizations. */
import { and, eq, gte, isNull, lt, lte, notInArray, or, sql } from 'drizzle-orm';
import type { BusyEntry, CalendarWindow } from '../../adapters/calendars/calendar-provider';
import type { Db, Tx } from '../../db/client';
import { oneRow } from '../../db/one-row';
import { calendarBusyEntries, calendarOauthStates, users, vendorCalendars } from '../../db/schema';

export type VendorCalendarRow = typeof vendorCalendars.$inferSelect;
export type CalendarChanges = Partial<typeof vendorCalendars.$inferInsert>;

export async function findCalendar(db: Db | Tx, id: number): Promise<VendorCalendarRow | null> {
  const [row] = await db.select().from(vendorCalendars).where(eq(vendorCalendars.id, id)).limit(1);
  return row ?? null;
}

/** The vendor's calendar, made with the default preferences when the vendor has none yet. */
export async function findOrCreateCalendarOfVendor(db: Db, vendorId: number): Promise<VendorCalendarRow> {
  await db.insert(vendorCalendars).values({ vendorId }).onConflictDoNothing();
  return oneRow(
    await db.select().from(vendorCalendars).where(eq(vendorCalendars.vendorId, vendorId)).limit(1),
    'vendor calendar',
  );
}

/** Locks the calendar row until the transaction ends. */
export async function lockCalendar(tx: Tx, id: number): Promise<VendorCalendarRow | null> {
  const [row] = await tx.select().from(vendorCalendars).where(eq(vendorCalendars.id, id)).for('update');
  return row ?? null;
}

export async function updateCalendar(db: Db | Tx, id: number, values: CalendarChanges) {
  const [row] = await db.update(vendorCalendars).set(values).where(eq(vendorCalendars.id, id)).returning();
  return row ?? null;
}

/**
 * Claims the calendar's sync for this process (several instances share the database): null when the
 * calendar is not connected or another sync started less than `leaseMs` ago.
 */
export async function claimSync(db: Db, id: number, now: Date, leaseMs: number) {
  const [row] = await db
    .update(vendorCalendars)
    .set({ syncStartedAt: now })
    .where(
      and(
        eq(vendorCalendars.id, id),
        eq(vendorCalendars.apiIntegrated, true),
        or(
          isNull(vendorCalendars.syncStartedAt),
          lte(vendorCalendars.syncStartedAt, new Date(now.getTime() - leaseMs)),
        ),
      ),
    )
    .returning();
  return row ?? null;
}

/** Stores refreshed tokens unless the calendar was reconnected or disconnected meanwhile. */
export async function saveTokens(
  db: Db,
  id: number,
  previousRefreshTokenEnc: string | null,
  values: Pick<CalendarChanges, 'accessTokenEnc' | 'refreshTokenEnc' | 'tokenExpiresAt' | 'updatedAt'>,
) {
  const [row] = await db
    .update(vendorCalendars)
    .set(values)
    .where(
      and(
        eq(vendorCalendars.id, id),
        eq(vendorCalendars.apiIntegrated, true),
        previousRefreshTokenEnc === null
          ? isNull(vendorCalendars.refreshTokenEnc)
          : eq(vendorCalendars.refreshTokenEnc, previousRefreshTokenEnc),
      ),
    )
    .returning({ id: vendorCalendars.id });
  return row !== undefined;
}

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

export async function insertOauthState(
  db: Db,
  values: {
    stateHash: string;
    provider: 'google' | 'jobber';
    vendorId: number;
    userId: number;
    expiresAt: Date;
  },
) {
  await db.insert(calendarOauthStates).values(values);
}

/** Takes (deletes and returns) the vendor's pending authorization with this hash: a state works once. */
export async function takeOauthState(db: Db, stateHash: string, vendorId: number) {
  const [row] = await db
    .delete(calendarOauthStates)
    .where(and(eq(calendarOauthStates.stateHash, stateHash), eq(calendarOauthStates.vendorId, vendorId)))
    .returning();
  return row ?? null;
}

export async function deleteExpiredOauthStates(db: Db, now: Date) {
  await db.delete(calendarOauthStates).where(lte(calendarOauthStates.expiresAt, now));
}
