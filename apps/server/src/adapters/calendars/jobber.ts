/**
 * Jobber: OAuth 2 authorization code (the app's scopes are set in Jobber's Developer Center), refresh
 * tokens that rotate (each one is used once and the new one saved at once), then the account's scheduled
 * visits in the window from the GraphQL API (`visits` filtered on `startAt`, cursor paging) as busy times.
 * An all-day visit blocks its whole local days in St George.
 */
import { TIME_ZONE } from '@stg/domain/constants';
import { addDays, instantOfLocal, localDateTimeOf } from '@stg/domain/zoned-time';
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

export const JOBBER_MESSAGES = {
  revoked: 'Jobber access was revoked or has expired. Please connect Jobber again.',
  unreachable: 'Jobber could not be read just now. It will be tried again shortly.',
} as const satisfies OAuthMessages;

/** The GraphQL API version this adapter was written against (X-JOBBER-GRAPHQL-VERSION). */
export const JOBBER_GRAPHQL_VERSION = '2025-01-20';

export interface JobberConfig extends OAuthClientConfig {
  /** Default https://api.getjobber.com (authorize, token and GraphQL endpoints are under /api/). */
  baseUrl?: string;
  graphqlVersion?: string;
}

/** Jobber prices a query by its page size; 50 visits a page stays well under the limit. */
const PAGE_SIZE = 50;
const MAX_PAGES = 200;
/** A visit that started this long before the window may still run into it. */
const LOOKBACK_MS = 86_400_000;

export const VISITS_QUERY = `query BusyVisits($filter: VisitFilterAttributes, $first: Int!, $after: String) {
  visits(filter: $filter, first: $first, after: $after) {
    nodes { id startAt endAt allDay }
    pageInfo { hasNextPage endCursor }
  }
}`;

interface JobberVisit {
  id?: string;
  startAt?: string | null;
  endAt?: string | null;
  allDay?: boolean;
}
interface VisitsAnswer {
  data?: {
    visits?: {
      nodes?: JobberVisit[];
      pageInfo?: { hasNextPage?: boolean; endCursor?: string | null };
    } | null;
  } | null;
  errors?: { message?: string; extensions?: { code?: string } }[];
}

export class JobberAdapter implements OAuthCalendarAdapter {
  readonly type = 'jobber' as const;
  readonly messages = JOBBER_MESSAGES;
  readonly calendarId = null;
  private readonly base: string;
  private readonly timeoutMs: number;

  constructor(private readonly config: JobberConfig) {
    this.base = (config.baseUrl ?? 'https://api.getjobber.com').replace(/\/+$/, '');
    this.timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  authorizeUrl(state: string): string {
    const url = new URL(`${this.base}/api/oauth/authorize`);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: this.config.clientId,
      redirect_uri: this.config.redirectUri,
      state,
    }).toString();
    return url.toString();
  }

  exchangeCode(code: string, now: Date): Promise<OAuthTokens> {
    return this.grant({ grant_type: 'authorization_code', code, redirect_uri: this.config.redirectUri }, now);
  }

  refresh(refreshToken: string, now: Date): Promise<OAuthTokens> {
    return this.grant({ grant_type: 'refresh_token', refresh_token: refreshToken }, now);
  }

  private async grant(params: Record<string, string>, now: Date): Promise<OAuthTokens> {
    const { scope: _scope, ...tokens } = await postTokenGrant(
      `${this.base}/api/oauth/token`,
      { ...params, client_id: this.config.clientId, client_secret: this.config.clientSecret },
      { timeoutMs: this.timeoutMs, messages: JOBBER_MESSAGES, now },
    );
    return tokens;
  }

  async listBusy(accessToken: string, window: CalendarWindow): Promise<BusyEntry[]> {
    const out: BusyEntry[] = [];
    const filter = {
      startAt: {
        after: new Date(window.from.getTime() - LOOKBACK_MS).toISOString(),
        before: window.to.toISOString(),
      },
    };
    let after: string | null = null;
    for (let page = 0; page < MAX_PAGES; page++) {
      const res = await fetchWithTimeout(
        `${this.base}/api/graphql`,
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${accessToken}`,
            'content-type': 'application/json',
            accept: 'application/json',
            'x-jobber-graphql-version': this.config.graphqlVersion ?? JOBBER_GRAPHQL_VERSION,
          },
          body: JSON.stringify({ query: VISITS_QUERY, variables: { filter, first: PAGE_SIZE, after } }),
        },
        this.timeoutMs,
        JOBBER_MESSAGES,
      );
      if (res.status === 401) {
        await res.body?.cancel();
        throw new AccessTokenRefused();
      }
      const body = (await readJson(res, JOBBER_MESSAGES).catch(() => null)) as VisitsAnswer | null;
      // Errors (throttling, a schema change) are ours to wait out or fix, not the vendor's.
      if (!res.ok || !body || (body.errors?.length ?? 0) > 0 || !body.data?.visits)
        throw new CalendarReadError(JOBBER_MESSAGES.unreachable, 'transient');
      const visits = body.data.visits;
      for (const visit of visits.nodes ?? []) {
        const entry = busyEntryOfVisit(visit);
        if (entry && entry.end > window.from && entry.start < window.to) out.push(entry);
      }
      const cursor = visits.pageInfo?.endCursor ?? null;
      if (!visits.pageInfo?.hasNextPage || !cursor) return out;
      after = cursor;
    }
    throw new CalendarReadError(JOBBER_MESSAGES.unreachable, 'transient');
  }
}

/** A scheduled visit's busy range; unscheduled visits (no start) do not block. */
export function busyEntryOfVisit(visit: JobberVisit): BusyEntry | null {
  if (!visit.id || !visit.startAt) return null;
  const start = Date.parse(visit.startAt);
  const endParsed = visit.endAt ? Date.parse(visit.endAt) : NaN;
  if (!Number.isFinite(start)) return null;
  if (visit.allDay) {
    const first = localDateTimeOf(start, TIME_ZONE);
    const last = localDateTimeOf(
      Number.isFinite(endParsed) && endParsed > start ? endParsed - 1 : start,
      TIME_ZONE,
    );
    return {
      externalId: visit.id,
      start: new Date(instantOfLocal(first, 0, TIME_ZONE)),
      end: new Date(instantOfLocal(addDays(last, 1), 0, TIME_ZONE)),
    };
  }
  // A start without a usable end: the rest of that day is taken (rather than offer it).
  if (!Number.isFinite(endParsed) || !(endParsed > start)) {
    const day = localDateTimeOf(start, TIME_ZONE);
    return {
      externalId: visit.id,
      start: new Date(start),
      end: new Date(instantOfLocal(addDays(day, 1), 0, TIME_ZONE)),
    };
  }
  return { externalId: visit.id, start: new Date(start), end: new Date(endParsed) };
}
