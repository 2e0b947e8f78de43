/**
 * Calendar connections (spec §2 Calendar Integration, §4 Calendar; ADR 0012): a vendor's Google Calendar,
 * Jobber account or iCal feed is read into calendar_busy_entries, which the slot engine treats as busy.
 * Tokens and the feed address are secrets, stored encrypted. An authorization that is revoked (or a feed
 * that is gone) marks the calendar as needing reconnection and mails the vendor once; until then customers
 * are offered no times rather than times that may be taken.
 * This file reads connected calendars (the sync runner); connecting and disconnecting is in connections.ts.
 */
import { SCHEDULING_MESSAGES } from '@stg/domain/scheduling-preferences';
import type { AppDeps, CalendarSyncConfig } from '../../deps';
import {
  CalendarReadError,
  type BusyEntry,
  type CalendarWindow,
} from '../../adapters/calendars/calendar-provider';
import { fetchIcs, maskIcsUrl, parseIcs } from '../../adapters/calendars/ics';
import { readBusyWithTokens, type OAuthTokens } from '../../adapters/calendars/oauth';
import type { Database } from '../../db/client';
import { unprocessable } from '../../http/errors';
import {
  claimSync,
  findCalendar,
  findVendorUser,
  listIntegratedCalendars,
  lockCalendar,
  replaceBusyEntries,
  saveTokens,
  updateCalendar,
  type VendorCalendarRow,
} from './repo';

const MINUTE = 60_000;
const DAY = 86_400_000;
/** Busy entries younger than this are used as they are. */
export const FRESH_FOR_MS = 10 * MINUTE;
/** While the provider is failing for a while, entries this young are still used. */
export const STALE_LIMIT_MS = 2 * 60 * MINUTE;
/** How long a customer's request waits for a sync of a stale calendar. */
const SYNC_WAIT_MS = 3_000;
/** A sync claimed longer ago than this is taken to have died with its process. */
const SYNC_LEASE_MS = 2 * MINUTE;

export { CALENDAR_MESSAGES } from '@stg/domain/api/calendars';
import { CALENDAR_MESSAGES } from '@stg/domain/api/calendars';

/**
 * The calendar row other modules change under its lock: the scheduling service saves a vendor's
 * scheduling preferences in its own transaction (a module's repo is its own, ADR 0026).
 */
export { lockCalendar, updateCalendar } from './repo';

export const PROVIDER_MESSAGES = {
  google: {
    notConfigured: CALENDAR_MESSAGES.notConfiguredGoogle,
    refused: CALENDAR_MESSAGES.refusedGoogle,
    unreachable: CALENDAR_MESSAGES.unreachableGoogle,
  },
  jobber: {
    notConfigured: CALENDAR_MESSAGES.notConfiguredJobber,
    refused: CALENDAR_MESSAGES.refusedJobber,
    unreachable: CALENDAR_MESSAGES.unreachableJobber,
  },
} as const;

/** The window a sync reads: from yesterday to the longest booking limit ahead. */
export function syncWindow(now: Date): CalendarWindow {
  return { from: new Date(now.getTime() - DAY), to: new Date(now.getTime() + 182 * DAY) };
}

/** GET /api/calendar_providers */
export function calendarProviders(config: CalendarSyncConfig) {
  return [
    { type: 'google' as const, configured: Boolean(config.google) },
    { type: 'jobber' as const, configured: Boolean(config.jobber) },
    { type: 'ics' as const, configured: true },
  ];
}

// ---------------------------------------------------------------------------------------------------
// Syncing

/** The provider's busy times for the calendar as claimed (its current secrets). */
async function readProvider(
  deps: AppDeps,
  calendar: VendorCalendarRow,
  window: CalendarWindow,
  now: Date,
  onTokens: (refreshTokenEnc: string | null) => void,
): Promise<BusyEntry[]> {
  const { secretBox } = deps.calendarSync;
  const open = (sealed: string) => {
    try {
      return secretBox.open(sealed);
    } catch {
      // Sealed with another key (CALENDAR_TOKEN_KEY changed): only a new connection helps.
      throw new CalendarReadError(CALENDAR_MESSAGES.unreadable, 'invalid');
    }
  };
  const type = calendar.integrationType;
  if (type === 'ics' && calendar.icsUrl) {
    return parseIcs(await fetchIcs(open(calendar.icsUrl), deps.calendarSync.ics), window);
  }
  if ((type === 'google' || type === 'jobber') && calendar.accessTokenEnc) {
    const adapter = deps.calendarSync[type];
    // Connected while configured, now not: keep the cached entries and say why.
    if (!adapter) throw new CalendarReadError(PROVIDER_MESSAGES[type].notConfigured, 'transient');
    let refreshTokenEnc = calendar.refreshTokenEnc;
    const tokens: OAuthTokens = {
      accessToken: open(calendar.accessTokenEnc),
      refreshToken: refreshTokenEnc ? open(refreshTokenEnc) : null,
      expiresAt: calendar.tokenExpiresAt,
    };
    return readBusyWithTokens(adapter, tokens, window, now, async (next) => {
      const sealedRefresh = next.refreshToken ? secretBox.seal(next.refreshToken) : null;
      const saved = await saveTokens(deps.db, calendar.id, refreshTokenEnc, {
        accessTokenEnc: secretBox.seal(next.accessToken),
        refreshTokenEnc: sealedRefresh,
        tokenExpiresAt: next.expiresAt,
        updatedAt: now,
      });
      // Reconnected or disconnected meanwhile: this read no longer belongs to the calendar.
      if (!saved) throw new CalendarReadError(CALENDAR_MESSAGES.unreadable, 'transient');
      refreshTokenEnc = sealedRefresh;
      onTokens(sealedRefresh);
    });
  }
  throw new CalendarReadError(CALENDAR_MESSAGES.unreadable, 'invalid');
}

/** The masked feed address of a calendar connected before the hint was stored. */
function hintOf(deps: AppDeps, calendar: VendorCalendarRow): string | null {
  try {
    return calendar.icsUrl ? maskIcsUrl(deps.calendarSync.secretBox.open(calendar.icsUrl)) : null;
  } catch {
    return null;
  }
}

/**
 * The syncs running in this app, by calendar id: one map per app (keyed by its database), so two apps in
 * one process (tests, two instances) do not share each other's syncs.
 */
const runningByApp = new WeakMap<Database, Map<number, Promise<VendorCalendarRow>>>();

export function runningSyncs(deps: Pick<AppDeps, 'database'>): Map<number, Promise<VendorCalendarRow>> {
  let running = runningByApp.get(deps.database);
  if (!running) {
    running = new Map();
    runningByApp.set(deps.database, running);
  }
  return running;
}

/**
 * Reads the calendar's provider and replaces its busy entries. A failure is recorded on the calendar
 * (never thrown): a revoked authorization or a gone feed also marks it as needing reconnection and mails
 * the vendor the first time. One sync per calendar at a time: in this process (a shared promise) and
 * across processes (a claim on the row); a caller that finds one running gets the calendar as it is.
 */
export function syncCalendar(
  deps: AppDeps,
  calendar: VendorCalendarRow,
  now: Date,
): Promise<VendorCalendarRow> {
  const running = runningSyncs(deps);
  const pending = running.get(calendar.id);
  if (pending) return pending;
  const work = runSync(deps, calendar, now).finally(() => running.delete(calendar.id));
  running.set(calendar.id, work);
  return work;
}

async function runSync(deps: AppDeps, calendar: VendorCalendarRow, now: Date): Promise<VendorCalendarRow> {
  const { db } = deps;
  const claimed = await claimSync(db, calendar.id, now, SYNC_LEASE_MS);
  if (!claimed) return (await findCalendar(db, calendar.id)) ?? calendar;
  const window = syncWindow(now);
  // The connection this read belongs to; a reconnection or disconnection meanwhile discards it.
  let refreshTokenEnc = claimed.refreshTokenEnc;
  const sameConnection = (c: VendorCalendarRow) =>
    c.apiIntegrated &&
    c.integrationType === claimed.integrationType &&
    c.icsUrl === claimed.icsUrl &&
    c.refreshTokenEnc === refreshTokenEnc;
  try {
    const entries = await readProvider(deps, claimed, window, now, (sealed) => (refreshTokenEnc = sealed));
    const synced = await db.transaction(async (tx) => {
      const current = await lockCalendar(tx, calendar.id);
      if (!current || !sameConnection(current)) return current;
      await replaceBusyEntries(tx, calendar.id, window, entries);
      return updateCalendar(tx, calendar.id, {
        ...(current.integrationType === 'ics' && !current.icsUrlHint
          ? { icsUrlHint: hintOf(deps, current) }
          : {}),
        lastSyncedAt: now,
        syncError: null,
        needsReconnect: false,
        syncStartedAt: null,
        updatedAt: now,
      });
    });
    return synced ?? calendar;
  } catch (err) {
    const readError = err instanceof CalendarReadError ? err : null;
    if (!readError) deps.log.error({ err, calendarId: calendar.id }, 'calendar sync failed');
    const invalid = readError?.kind === 'invalid';
    const result = await db.transaction(async (tx) => {
      const current = await lockCalendar(tx, calendar.id);
      if (!current || !sameConnection(current)) return { row: current, tell: false };
      const row = await updateCalendar(tx, calendar.id, {
        syncError: readError?.message ?? CALENDAR_MESSAGES.unreadable,
        ...(invalid ? { needsReconnect: true } : {}),
        syncStartedAt: null,
        updatedAt: now,
      });
      return { row, tell: invalid && !current.needsReconnect };
    });
    if (result.tell) await tellVendor(deps, calendar.vendorId);
    return result.row ?? calendar;
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
 * Until when (epoch ms) the calendar's busy entries may be used without asking ensureFreshBusyTimes again
 * (ADR 0024: how long an availability answer may be cached): a calendar that is not read from a provider,
 * or needs reconnecting, changes only by a write; a connected one until it is no longer fresh.
 */
export function busyTimesFreshUntil(calendar: VendorCalendarRow): number {
  if (!calendar.apiIntegrated || calendar.needsReconnect) return Number.POSITIVE_INFINITY;
  return calendar.lastSyncedAt ? calendar.lastSyncedAt.getTime() + FRESH_FOR_MS : Number.NEGATIVE_INFINITY;
}

/**
 * Null when the calendar's busy entries can be used for availability now; otherwise the customer's
 * message (SCHEDULING_MESSAGES.calendarUnavailable). Entries synced in the last 10 minutes cost no
 * network; older ones are read again (waiting up to 3 s); entries up to 2 hours old still count while the
 * provider is failing or a read is running elsewhere. A calendar needing reconnection offers no times.
 * Never throws.
 */
export async function ensureFreshBusyTimes(
  deps: AppDeps,
  calendar: VendorCalendarRow,
  now: Date,
): Promise<string | null> {
  const age = (c: VendorCalendarRow) =>
    c.lastSyncedAt ? now.getTime() - c.lastSyncedAt.getTime() : Infinity;
  const verdict = (c: VendorCalendarRow) =>
    c.needsReconnect || age(c) >= STALE_LIMIT_MS ? SCHEDULING_MESSAGES.calendarUnavailable : null;
  try {
    if (!calendar.apiIntegrated) return null;
    if (calendar.needsReconnect) return SCHEDULING_MESSAGES.calendarUnavailable;
    if (age(calendar) < FRESH_FOR_MS) return null;
    let timer: NodeJS.Timeout | undefined;
    const synced = await Promise.race([
      syncCalendar(deps, calendar, now),
      new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), SYNC_WAIT_MS);
        timer.unref();
      }),
    ]).finally(() => clearTimeout(timer));
    const current = synced ?? calendar;
    if (!current.apiIntegrated) return null;
    return verdict(current);
  } catch (err) {
    deps.log.error({ err, calendarId: calendar.id }, 'calendar freshness check failed');
    return verdict(calendar);
  }
}

/** The owner's "sync now": read the connected calendar again (422 when none is connected). */
export async function syncNow(deps: AppDeps, calendar: VendorCalendarRow, now: Date) {
  if (!calendar.apiIntegrated) throw unprocessable(CALENDAR_MESSAGES.notConnected);
  return syncCalendar(deps, calendar, now);
}

/** The recurring job: every connected calendar that can be read, one after another. */
export async function syncAllCalendars(deps: AppDeps, now: Date) {
  for (const calendar of await listIntegratedCalendars(deps.db)) {
    if (calendar.needsReconnect) continue;
    await syncCalendar(deps, calendar, now);
  }
}
