/**
 * Calendar connections (spec §2 Calendar Integration, §4 Calendar; ADR 0012): a vendor's iCal feed is read
 * into calendar_busy_entries, which the slot engine treats as busy. The feed address is a secret and is
 * stored encrypted. A feed that is gone marks the calendar as needing reconnection and mails the vendor
 * once; until then customers are offered no times rather than times that may be taken.
 */
import { SCHEDULING_MESSAGES } from '@stg/domain/scheduling-preferences';
import type { AppDeps } from '../../app';
import { CalendarReadError, type CalendarWindow } from '../../adapters/calendars/calendar-provider';
import {
  fetchIcs,
  ICS_MESSAGES,
  normaliseIcsUrl,
  parseIcs,
  type IcsOptions,
} from '../../adapters/calendars/ics';
import type { SecretBox } from '../../adapters/calendars/secret-box';
import type { Db } from '../../db/client';
import { unprocessable } from '../../http/errors';
import { verifyPassword } from '../auth/password';
import { lockCalendar, updateCalendarRow } from '../scheduling/repo';
import {
  deleteBusyEntries,
  findVendorUser,
  listIntegratedCalendars,
  replaceBusyEntries,
  type VendorCalendarRow,
} from './repo';

/** How calendars are read: configuration of the app (see config.ts). */
export interface CalendarSyncConfig {
  secretBox: SecretBox;
  ics: IcsOptions;
}

const MINUTE = 60_000;
const DAY = 86_400_000;
/** Busy entries younger than this are used as they are. */
export const FRESH_FOR_MS = 10 * MINUTE;
/** While the provider is failing for a while, entries this young are still used. */
export const STALE_LIMIT_MS = 2 * 60 * MINUTE;
/** How long a customer's request waits for a sync of a stale calendar. */
const SYNC_WAIT_MS = 3_000;

export const CALENDAR_MESSAGES = {
  notConfiguredGoogle: 'Google Calendar is not configured on this server.',
  notConfiguredJobber: 'Jobber is not configured on this server.',
  passwordRequired: 'Password is required.',
  passwordIncorrect: 'Password is incorrect.',
  notConnected: 'No calendar is connected.',
} as const;

/** The window a sync reads: from yesterday to the longest booking limit ahead. */
export function syncWindow(now: Date): CalendarWindow {
  return { from: new Date(now.getTime() - DAY), to: new Date(now.getTime() + 182 * DAY) };
}

async function readProvider(config: CalendarSyncConfig, calendar: VendorCalendarRow, window: CalendarWindow) {
  if (calendar.integrationType === 'ics' && calendar.icsUrl) {
    const url = config.secretBox.open(calendar.icsUrl);
    return parseIcs(await fetchIcs(url, config.ics), window);
  }
  throw new CalendarReadError(
    'This calendar connection can no longer be read. Please connect it again.',
    'invalid',
  );
}

const running = new Map<number, Promise<VendorCalendarRow>>();

/**
 * Reads the calendar's provider and replaces its busy entries. A failure is recorded on the calendar
 * (never thrown): an invalid feed or authorization also marks it as needing reconnection and mails the
 * vendor the first time. One sync per calendar at a time in this process.
 */
export function syncCalendar(
  deps: AppDeps,
  calendar: VendorCalendarRow,
  now: Date,
): Promise<VendorCalendarRow> {
  const pending = running.get(calendar.id);
  if (pending) return pending;
  const work = runSync(deps, calendar, now).finally(() => running.delete(calendar.id));
  running.set(calendar.id, work);
  return work;
}

async function runSync(deps: AppDeps, calendar: VendorCalendarRow, now: Date): Promise<VendorCalendarRow> {
  const { db } = deps;
  const window = syncWindow(now);
  try {
    const entries = await readProvider(deps.calendarSync, calendar, window);
    return await db.transaction(async (tx) => {
      const current = await lockCalendar(tx, calendar.id);
      // Disconnected (or connected to another feed) while reading: keep nothing of this read.
      if (!current?.apiIntegrated || current.icsUrl !== calendar.icsUrl) return current ?? calendar;
      await replaceBusyEntries(tx, calendar.id, window, entries);
      return updateCalendarRow(tx, calendar.id, {
        lastSyncedAt: now,
        syncError: null,
        needsReconnect: false,
        updatedAt: now,
      });
    });
  } catch (err) {
    const readError = err instanceof CalendarReadError ? err : null;
    if (!readError) deps.log.error({ err, calendarId: calendar.id }, 'calendar sync failed');
    const invalid = readError?.kind === 'invalid';
    const updated = await db.transaction(async (tx) =>
      updateCalendarRow(tx, calendar.id, {
        syncError: readError?.message ?? ICS_MESSAGES.unreachable,
        ...(invalid ? { needsReconnect: true } : {}),
        updatedAt: now,
      }),
    );
    if (invalid && !calendar.needsReconnect) await tellVendor(deps, calendar.vendorId);
    return updated;
  }
}

async function tellVendor(deps: AppDeps, vendorId: number) {
  const user = await findVendorUser(deps.db, vendorId);
  if (!user) return;
  const link = `${deps.publicUrl}/dashboard/scheduling`;
  deps.background.run('calendar reconnect mail', () =>
    deps.mailer.send({
      to: user.email,
      subject: 'Your calendar needs to be reconnected',
      text:
        `Hi ${user.firstName},\n\nWe could not read your connected calendar, so customers cannot book new ` +
        `appointments with you until it is connected again. Reconnect it on your Scheduling Preferences page:\n${link}\n`,
    }),
  );
}

/**
 * Null when the calendar's busy entries can be used for availability now; otherwise the customer's
 * message. Fresh entries cost no network; stale ones are read again (waiting up to 3 s); entries up to
 * 2 hours old still count while the provider is failing. Never throws.
 */
export async function ensureFreshBusyTimes(
  deps: AppDeps,
  calendar: VendorCalendarRow,
  now: Date,
): Promise<string | null> {
  if (!calendar.apiIntegrated) return null;
  if (calendar.needsReconnect) return SCHEDULING_MESSAGES.calendarUnavailable;
  const age = (c: VendorCalendarRow) =>
    c.lastSyncedAt ? now.getTime() - c.lastSyncedAt.getTime() : Infinity;
  if (age(calendar) < FRESH_FOR_MS) return null;
  try {
    const synced = await Promise.race([
      syncCalendar(deps, calendar, now),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), SYNC_WAIT_MS).unref()),
    ]);
    const current = synced ?? calendar;
    if (current.needsReconnect) return SCHEDULING_MESSAGES.calendarUnavailable;
    return age(current) < STALE_LIMIT_MS ? null : SCHEDULING_MESSAGES.calendarUnavailable;
  } catch (err) {
    deps.log.error({ err, calendarId: calendar.id }, 'calendar freshness check failed');
    return age(calendar) < STALE_LIMIT_MS ? null : SCHEDULING_MESSAGES.calendarUnavailable;
  }
}

/** Connects an iCal feed: read once (so a wrong address is refused at once), then stored encrypted. */
export async function connectIcs(deps: AppDeps, calendar: VendorCalendarRow, rawUrl: string, now: Date) {
  const url = normaliseIcsUrl(rawUrl);
  if (!url) throw unprocessable(ICS_MESSAGES.badAddress);
  const window = syncWindow(now);
  let entries;
  try {
    entries = parseIcs(await fetchIcs(url.toString(), deps.calendarSync.ics), window);
  } catch (err) {
    if (err instanceof CalendarReadError) throw unprocessable(err.message);
    throw err;
  }
  return deps.db.transaction(async (tx) => {
    await deleteBusyEntries(tx, calendar.id);
    await replaceBusyEntries(tx, calendar.id, window, entries);
    return updateCalendarRow(tx, calendar.id, {
      apiIntegrated: true,
      integrationType: 'ics',
      integratedCalendarId: null,
      icsUrl: deps.calendarSync.secretBox.seal(url.toString()),
      accessTokenEnc: null,
      refreshTokenEnc: null,
      tokenExpiresAt: null,
      needsReconnect: false,
      syncError: null,
      lastSyncedAt: now,
      updatedAt: now,
    });
  });
}

/** Disconnects the calendar after checking the vendor's password; the preferences stay. */
export async function disconnectCalendar(db: Db, calendar: VendorCalendarRow, password: string, now: Date) {
  if (password === '') throw unprocessable(CALENDAR_MESSAGES.passwordRequired);
  const user = await findVendorUser(db, calendar.vendorId);
  if (!user || !(await verifyPassword(user.passwordDigest, password)))
    throw unprocessable(CALENDAR_MESSAGES.passwordIncorrect);
  return db.transaction(async (tx) => {
    await deleteBusyEntries(tx, calendar.id);
    return updateCalendarRow(tx, calendar.id, {
      apiIntegrated: false,
      integrationType: null,
      integratedCalendarId: null,
      icsUrl: null,
      accessTokenEnc: null,
      refreshTokenEnc: null,
      tokenExpiresAt: null,
      needsReconnect: false,
      syncError: null,
      lastSyncedAt: null,
      updatedAt: now,
    });
  });
}

/** The recurring job: every connected calendar, one after another. */
export async function syncAllCalendars(deps: AppDeps, now: Date) {
  for (const calendar of await listIntegratedCalendars(deps.db)) {
    if (calendar.needsReconnect) continue;
    await syncCalendar(deps, calendar, now);
  }
}
