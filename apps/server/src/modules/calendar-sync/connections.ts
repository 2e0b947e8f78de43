/**
 * Connecting and disconnecting a vendor's calendar (spec §2 Calendar Integration; ADR 0012): Google
 * Calendar and Jobber by OAuth (a single-use state, the code exchanged for tokens stored encrypted), an
 * iCal feed by its address (read once, stored encrypted), and a disconnect behind the vendor's password.
 * Reading a connected calendar (the sync runner) is in service.ts.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { AppDeps, CalendarSyncConfig } from '../../deps';
import { CalendarReadError } from '../../adapters/calendars/calendar-provider';
import { fetchIcs, ICS_MESSAGES, maskIcsUrl, normaliseIcsUrl, parseIcs } from '../../adapters/calendars/ics';
import type { OAuthCalendarAdapter, OAuthProviderType, OAuthTokens } from '../../adapters/calendars/oauth';
import type { Db } from '../../db/client';
import { forbidden, unprocessable } from '../../http/errors';
import { confirmPassword } from '../auth/confirm-password';
import { CALENDAR_MESSAGES } from '@stg/domain/api/calendars';
import {
  deleteBusyEntries,
  deleteExpiredOauthStates,
  findOrCreateCalendarOfVendor,
  findVendorUser,
  insertOauthState,
  replaceBusyEntries,
  takeOauthState,
  updateCalendar,
  type CalendarChanges,
  type VendorCalendarRow,
} from './repo';
import { PROVIDER_MESSAGES, runningSyncs, syncCalendar, syncWindow } from './service';

const MINUTE = 60_000;
/** How long a vendor has to come back from the provider's consent page. */
export const OAUTH_STATE_TTL_MS = 15 * MINUTE;

function adapterFor(config: CalendarSyncConfig, provider: OAuthProviderType): OAuthCalendarAdapter {
  const adapter = config[provider];
  if (!adapter) throw unprocessable(PROVIDER_MESSAGES[provider].notConfigured);
  return adapter;
}

const hashState = (state: string) => createHash('sha256').update(state).digest('hex');

// ---------------------------------------------------------------------------------------------------
// Connecting

/**
 * Starts an OAuth connection: an unguessable, single-use state bound to the vendor (stored hashed,
 * expiring in 15 minutes) and the provider's consent page that carries it.
 */
export async function startAuthorization(
  deps: AppDeps,
  provider: OAuthProviderType,
  user: { id: number; vendorId: number | null },
  now: Date,
): Promise<{ url: string }> {
  const adapter = adapterFor(deps.calendarSync, provider);
  if (user.vendorId === null) throw forbidden();
  const state = `${provider}:${randomBytes(32).toString('base64url')}`;
  await deleteExpiredOauthStates(deps.db, now);
  await insertOauthState(deps.db, {
    stateHash: hashState(state),
    provider,
    vendorId: user.vendorId,
    userId: user.id,
    expiresAt: new Date(now.getTime() + OAUTH_STATE_TTL_MS),
  });
  return { url: adapter.authorizeUrl(state) };
}

/**
 * Finishes an OAuth connection: the state must be this vendor's pending one for this provider (taken, so
 * it works once) and unexpired; the code is exchanged for tokens, which are stored encrypted; the
 * calendar is then read once. Any earlier connection (another provider, a feed) is replaced.
 */
export async function completeAuthorization(
  deps: AppDeps,
  provider: OAuthProviderType,
  user: { id: number; vendorId: number | null },
  input: { code: string; state: string },
  now: Date,
): Promise<VendorCalendarRow> {
  const adapter = adapterFor(deps.calendarSync, provider);
  if (user.vendorId === null) throw forbidden();
  if (!input.state.startsWith(`${provider}:`)) throw unprocessable(CALENDAR_MESSAGES.stateInvalid);
  const pending = await takeOauthState(deps.db, hashState(input.state), user.vendorId);
  if (!pending || pending.provider !== provider || pending.expiresAt.getTime() <= now.getTime())
    throw unprocessable(CALENDAR_MESSAGES.stateInvalid);

  let tokens: OAuthTokens;
  try {
    tokens = await adapter.exchangeCode(input.code, now);
  } catch (err) {
    if (!(err instanceof CalendarReadError)) throw err;
    const messages = PROVIDER_MESSAGES[provider];
    if (err.kind === 'transient') throw unprocessable(messages.unreachable);
    throw unprocessable(err.message === adapter.messages.revoked ? messages.refused : err.message);
  }

  const calendar = await findOrCreateCalendarOfVendor(deps.db, user.vendorId);
  await runningSyncs(deps)
    .get(calendar.id)
    ?.catch(() => null);
  const box = deps.calendarSync.secretBox;
  const connected = await deps.db.transaction(async (tx) => {
    await deleteBusyEntries(tx, calendar.id);
    return updateCalendar(tx, calendar.id, {
      ...DISCONNECTED,
      apiIntegrated: true,
      integrationType: provider,
      integratedCalendarId: adapter.calendarId,
      accessTokenEnc: box.seal(tokens.accessToken),
      refreshTokenEnc: tokens.refreshToken ? box.seal(tokens.refreshToken) : null,
      tokenExpiresAt: tokens.expiresAt,
      updatedAt: now,
    });
  });
  return syncCalendar(deps, connected ?? calendar, now);
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
  await runningSyncs(deps)
    .get(calendar.id)
    ?.catch(() => null);
  const updated = await deps.db.transaction(async (tx) => {
    await deleteBusyEntries(tx, calendar.id);
    await replaceBusyEntries(tx, calendar.id, window, entries);
    return updateCalendar(tx, calendar.id, {
      ...DISCONNECTED,
      apiIntegrated: true,
      integrationType: 'ics',
      icsUrl: deps.calendarSync.secretBox.seal(url.toString()),
      icsUrlHint: maskIcsUrl(url.toString()),
      lastSyncedAt: now,
      updatedAt: now,
    });
  });
  return updated ?? calendar;
}

/** What a calendar without a connection holds (the preferences are not touched). */
const DISCONNECTED = {
  apiIntegrated: false,
  integrationType: null,
  integratedCalendarId: null,
  icsUrl: null,
  icsUrlHint: null,
  accessTokenEnc: null,
  refreshTokenEnc: null,
  tokenExpiresAt: null,
  needsReconnect: false,
  syncError: null,
  lastSyncedAt: null,
  syncStartedAt: null,
} satisfies CalendarChanges;

/**
 * Disconnects the calendar after checking the vendor's password (throttled and counted like a sign-in);
 * the preferences stay.
 */
export async function disconnectCalendar(
  db: Db,
  calendar: VendorCalendarRow,
  confirm: { password: string; ip: string; device?: string | undefined },
  now: Date,
) {
  const user = await findVendorUser(db, calendar.vendorId);
  if (!user) throw unprocessable(CALENDAR_MESSAGES.passwordIncorrect);
  await confirmPassword(db, {
    user,
    password: confirm.password,
    ip: confirm.ip,
    device: confirm.device,
    now,
    required: CALENDAR_MESSAGES.passwordRequired,
    incorrect: CALENDAR_MESSAGES.passwordIncorrect,
  });
  const updated = await db.transaction(async (tx) => {
    await deleteBusyEntries(tx, calendar.id);
    return updateCalendar(tx, calendar.id, { ...DISCONNECTED, updatedAt: now });
  });
  return updated ?? calendar;
}
