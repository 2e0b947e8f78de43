/**
 * What the OAuth calendar adapters (Google Calendar, Jobber) share: the authorization-code and refresh
 * grants against a token endpoint, JSON requests with a time limit, and reading busy times with an access
 * token that is refreshed when it has expired or is refused.
 */
import { CalendarReadError, type BusyEntry, type CalendarWindow } from './calendar-provider';

export type OAuthProviderType = 'google' | 'jobber';

export interface OAuthTokens {
  accessToken: string;
  /** Null when the provider gave none (the stored one is kept). */
  refreshToken: string | null;
  expiresAt: Date | null;
}

/** The vendor-facing messages of one provider. */
export interface OAuthMessages {
  /** The authorization was revoked or expired: the vendor must connect again. */
  revoked: string;
  /** The provider could not be reached or failed for now. */
  unreachable: string;
}

export interface OAuthCalendarAdapter {
  readonly type: OAuthProviderType;
  readonly messages: OAuthMessages;
  /** Which calendar or account is read (shown to the vendor), when known. */
  readonly calendarId: string | null;
  /** The provider's consent page for this `state`. */
  authorizeUrl(state: string): string;
  /** Exchanges the code the provider returned; CalendarReadError `invalid` when it is refused. */
  exchangeCode(code: string, now: Date): Promise<OAuthTokens>;
  /** New tokens from a refresh token; CalendarReadError `invalid` when the grant was revoked. */
  refresh(refreshToken: string, now: Date): Promise<OAuthTokens>;
  /** Busy times in the window; AccessTokenRefused when the access token is not accepted. */
  listBusy(accessToken: string, window: CalendarWindow): Promise<BusyEntry[]>;
}

/** The provider answered 401 to an API call: the access token expired or was revoked. */
export class AccessTokenRefused extends Error {
  constructor() {
    super('The access token was refused');
    this.name = 'AccessTokenRefused';
  }
}

/** The OAuth client of one provider (from configuration). */
export interface OAuthClientConfig {
  clientId: string;
  clientSecret: string;
  /** Where the provider sends the vendor back: `${PUBLIC_URL}/dashboard/scheduling`. */
  redirectUri: string;
  /** Per request; default 10 s. */
  timeoutMs?: number;
}

export const DEFAULT_TIMEOUT_MS = 10_000;
/** A token that expires within this is refreshed before use. */
const EXPIRY_MARGIN_MS = 60_000;

/** fetch with a time limit; network failures and time-outs are `transient`. */
export async function fetchWithTimeout(
  url: string,
  init: RequestInit,
  timeoutMs: number,
  messages: OAuthMessages,
): Promise<Response> {
  try {
    return await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
  } catch {
    throw new CalendarReadError(messages.unreachable, 'transient');
  }
}

export async function readJson(res: Response, messages: OAuthMessages): Promise<unknown> {
  try {
    return await res.json();
  } catch {
    throw new CalendarReadError(messages.unreachable, 'transient');
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
export const stringField = (o: unknown, key: string): string | null =>
  isRecord(o) && typeof o[key] === 'string' ? o[key] : null;
const numberField = (o: unknown, key: string): number | null =>
  isRecord(o) && typeof o[key] === 'number' && Number.isFinite(o[key]) ? o[key] : null;

/** The `exp` of a JWT access token (Jobber's carry one), or null. */
export function jwtExpiry(token: string): Date | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const exp = numberField(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')), 'exp');
    return exp === null ? null : new Date(exp * 1000);
  } catch {
    return null;
  }
}

/**
 * Posts a grant to a token endpoint (form-encoded, RFC 6749 §4.1.3 and §6). `invalid_grant` (the code or
 * refresh token is not valid: used, expired, revoked) is `invalid`; every other failure is `transient`
 * (a wrong client id or secret is the server's configuration, not the vendor's to fix).
 */
export async function postTokenGrant(
  tokenUrl: string,
  params: Record<string, string>,
  opts: { timeoutMs: number; messages: OAuthMessages; now: Date },
): Promise<OAuthTokens & { scope: string | null }> {
  const res = await fetchWithTimeout(
    tokenUrl,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams(params).toString(),
    },
    opts.timeoutMs,
    opts.messages,
  );
  const body = await readJson(res, opts.messages).catch(() => null);
  if (!res.ok) {
    const error = stringField(body, 'error');
    const refused = error === 'invalid_grant' || (res.status === 401 && error === null);
    throw new CalendarReadError(
      refused ? opts.messages.revoked : opts.messages.unreachable,
      refused ? 'invalid' : 'transient',
    );
  }
  const accessToken = stringField(body, 'access_token');
  if (!accessToken) throw new CalendarReadError(opts.messages.unreachable, 'transient');
  const expiresIn = numberField(body, 'expires_in');
  const expiresAtText = stringField(body, 'expires_at');
  const expiresAtParsed = expiresAtText
    ? Date.parse(expiresAtText.replace(' UTC', 'Z').replace(' ', 'T'))
    : NaN;
  const expiresAt =
    expiresIn !== null
      ? new Date(opts.now.getTime() + expiresIn * 1000)
      : Number.isFinite(expiresAtParsed)
        ? new Date(expiresAtParsed)
        : jwtExpiry(accessToken);
  return {
    accessToken,
    refreshToken: stringField(body, 'refresh_token'),
    expiresAt,
    scope: stringField(body, 'scope'),
  };
}

/**
 * Reads busy times with stored tokens: refreshes first when the access token has expired, and once more
 * when the provider refuses it. `saveTokens` is called with every new set before it is used (a provider
 * that rotates refresh tokens accepts each one once). A refusal that a refresh cannot fix is `invalid`.
 */
export async function readBusyWithTokens(
  adapter: OAuthCalendarAdapter,
  tokens: OAuthTokens,
  window: CalendarWindow,
  now: Date,
  saveTokens: (tokens: OAuthTokens) => Promise<void>,
): Promise<BusyEntry[]> {
  let current = tokens;
  let refreshed = false;
  const refresh = async () => {
    if (!current.refreshToken) throw new CalendarReadError(adapter.messages.revoked, 'invalid');
    const next = await adapter.refresh(current.refreshToken, now);
    current = { ...next, refreshToken: next.refreshToken ?? current.refreshToken };
    refreshed = true;
    await saveTokens(current);
  };
  if (current.expiresAt && current.expiresAt.getTime() - EXPIRY_MARGIN_MS <= now.getTime()) await refresh();
  try {
    return await adapter.listBusy(current.accessToken, window);
  } catch (err) {
    if (!(err instanceof AccessTokenRefused)) throw err;
    if (refreshed) throw new CalendarReadError(adapter.messages.revoked, 'invalid');
  }
  await refresh();
  try {
    return await adapter.listBusy(current.accessToken, window);
  } catch (err) {
    if (err instanceof AccessTokenRefused) throw new CalendarReadError(adapter.messages.revoked, 'invalid');
    throw err;
  }
}
