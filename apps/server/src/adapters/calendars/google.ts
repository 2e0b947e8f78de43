/**
 * Google Calendar: OAuth 2 authorization code with offline access (a refresh token) for the events scope,
 * then the primary calendar's events in the window (Calendar API v3 events.list, recurring events expanded
 * with singleEvents, every page). Cancelled, free (transparent) and working-location events do not
 * block; an all-day event blocks its whole local day in St George. Plain fetch (ADR 0012): the SDKs'
 * current majors need Node 22.
 */
import { TIME_ZONE } from '@stg/domain/constants';
import { parseLocalDate, instantOfLocal } from '@stg/domain/zoned-time';
import { CalendarReadError, type BusyEntry, type CalendarWindow } from './calendar-provider';
import {
  AccessTokenRefused,
  DEFAULT_TIMEOUT_MS,
  fetchWithTimeout,
  postTokenGrant,
  readJson,
  type OAuthCalendarAdapter,
  type OAuthClientConfig,
  type OAuthMessages,
  type OAuthTokens,
} from './oauth';

export const GOOGLE_SCOPE = 'https://www.googleapis.com/auth/calendar.events';
/** Scopes that let us read the events (the one we ask for, or a wider one granted earlier). */
const READ_SCOPES = [GOOGLE_SCOPE, 'https://www.googleapis.com/auth/calendar'];

export const GOOGLE_MESSAGES = {
  revoked: 'Google Calendar access was revoked or has expired. Please connect Google Calendar again.',
  unreachable: 'Google Calendar could not be read just now. It will be tried again shortly.',
  scopeMissing: 'Please allow access to your Google Calendar events, then connect again.',
  noOfflineAccess: 'Google did not grant lasting access to your calendar. Please connect again.',
} as const satisfies OAuthMessages & Record<string, string>;

export interface GoogleCalendarConfig extends OAuthClientConfig {
  /** Default https://accounts.google.com/o/oauth2/v2/auth */
  authorizeUrl?: string;
  /** Default https://oauth2.googleapis.com/token */
  tokenUrl?: string;
  /** Default https://www.googleapis.com */
  apiBaseUrl?: string;
}

const PAGE_SIZE = 2500;
const MAX_PAGES = 40;

interface GoogleEventTime {
  date?: string;
  dateTime?: string;
}
interface GoogleEvent {
  id?: string;
  status?: string;
  transparency?: string;
  eventType?: string;
  start?: GoogleEventTime;
  end?: GoogleEventTime;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

export class GoogleCalendarAdapter implements OAuthCalendarAdapter {
  readonly type = 'google' as const;
  readonly messages = GOOGLE_MESSAGES;
  readonly calendarId = 'primary';
  private readonly authorizeEndpoint: string;
  private readonly tokenEndpoint: string;
  private readonly apiBase: string;
  private readonly timeoutMs: number;

  constructor(private readonly config: GoogleCalendarConfig) {
    this.authorizeEndpoint = config.authorizeUrl ?? 'https://accounts.google.com/o/oauth2/v2/auth';
    this.tokenEndpoint = config.tokenUrl ?? 'https://oauth2.googleapis.com/token';
    this.apiBase = trimSlash(config.apiBaseUrl ?? 'https://www.googleapis.com');
    this.timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  authorizeUrl(state: string): string {
    const url = new URL(this.authorizeEndpoint);
    url.search = new URLSearchParams({
      client_id: this.config.clientId,
      redirect_uri: this.config.redirectUri,
      response_type: 'code',
      scope: GOOGLE_SCOPE,
      access_type: 'offline',
      // Consent every time, so Google hands out a refresh token on a reconnection too.
      prompt: 'consent',
      include_granted_scopes: 'true',
      state,
    }).toString();
    return url.toString();
  }

  async exchangeCode(code: string, now: Date): Promise<OAuthTokens> {
    const { scope, ...tokens } = await this.grant(
      { grant_type: 'authorization_code', code, redirect_uri: this.config.redirectUri },
      now,
    );
    // Google's consent screen lets the user untick the calendar box.
    if (scope !== null && !scope.split(' ').some((s) => READ_SCOPES.includes(s)))
      throw new CalendarReadError(GOOGLE_MESSAGES.scopeMissing, 'invalid');
    if (!tokens.refreshToken) throw new CalendarReadError(GOOGLE_MESSAGES.noOfflineAccess, 'invalid');
    return tokens;
  }

  async refresh(refreshToken: string, now: Date): Promise<OAuthTokens> {
    const { scope: _scope, ...tokens } = await this.grant(
      { grant_type: 'refresh_token', refresh_token: refreshToken },
      now,
    );
    return tokens;
  }

  private grant(params: Record<string, string>, now: Date) {
    return postTokenGrant(
      this.tokenEndpoint,
      { ...params, client_id: this.config.clientId, client_secret: this.config.clientSecret },
      { timeoutMs: this.timeoutMs, messages: GOOGLE_MESSAGES, now },
    );
  }

  async listBusy(accessToken: string, window: CalendarWindow): Promise<BusyEntry[]> {
    const out: BusyEntry[] = [];
    let pageToken: string | null = null;
    for (let page = 0; page < MAX_PAGES; page++) {
      const url = new URL(`${this.apiBase}/calendar/v3/calendars/primary/events`);
      const query = new URLSearchParams({
        timeMin: window.from.toISOString(),
        timeMax: window.to.toISOString(),
        singleEvents: 'true',
        showDeleted: 'false',
        maxResults: String(PAGE_SIZE),
        fields: 'nextPageToken,items(id,status,transparency,eventType,start,end)',
      });
      if (pageToken) query.set('pageToken', pageToken);
      url.search = query.toString();
      const res = await fetchWithTimeout(
        url.toString(),
        { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } },
        this.timeoutMs,
        GOOGLE_MESSAGES,
      );
      if (res.status === 401) {
        await res.body?.cancel();
        throw new AccessTokenRefused();
      }
      const body = await readJson(res, GOOGLE_MESSAGES).catch(() => null);
      if (!res.ok) throw new CalendarReadError(...failureOf(res.status, body));
      const data = (body ?? {}) as { items?: GoogleEvent[]; nextPageToken?: string };
      for (const event of data.items ?? []) {
        const entry = busyEntryOf(event);
        if (entry && entry.end > window.from && entry.start < window.to) out.push(entry);
      }
      pageToken = typeof data.nextPageToken === 'string' && data.nextPageToken ? data.nextPageToken : null;
      if (!pageToken) return out;
    }
    // More pages than any real calendar has in half a year: refuse rather than sync a partial set.
    throw new CalendarReadError(GOOGLE_MESSAGES.unreachable, 'transient');
  }
}

/** 403 for a missing permission and 404 for a calendar that is gone need the vendor; the rest pass. */
function failureOf(status: number, body: unknown): [string, 'invalid' | 'transient'] {
  const reasons =
    (body as { error?: { errors?: { reason?: string }[] } } | null)?.error?.errors?.map((e) => e.reason) ??
    [];
  const rateLimited = reasons.some((r) => r === 'rateLimitExceeded' || r === 'userRateLimitExceeded');
  if ((status === 403 && !rateLimited) || status === 404) return [GOOGLE_MESSAGES.revoked, 'invalid'];
  return [GOOGLE_MESSAGES.unreachable, 'transient'];
}

/** The busy range of one event, or null when it does not block time. */
export function busyEntryOf(event: GoogleEvent): BusyEntry | null {
  if (!event.id || event.status === 'cancelled' || event.transparency === 'transparent') return null;
  if (event.eventType === 'workingLocation') return null;
  const start = instantOf(event.start);
  let end = instantOf(event.end);
  const startDate = event.start?.date ? parseLocalDate(event.start.date) : null;
  // An all-day event without an end is that one day.
  if (end === null && startDate) end = instantOfLocal(startDate, 1440, TIME_ZONE);
  if (start === null || end === null || !(end > start)) return null;
  return { externalId: event.id, start: new Date(start), end: new Date(end) };
}

/** A timed event's instant; an all-day date's local midnight in St George (an end date is exclusive). */
function instantOf(t: GoogleEventTime | undefined): number | null {
  if (t?.dateTime) {
    const ms = Date.parse(t.dateTime);
    return Number.isFinite(ms) ? ms : null;
  }
  const date = t?.date ? parseLocalDate(t.date) : null;
  return date ? instantOfLocal(date, 0, TIME_ZONE) : null;
}
