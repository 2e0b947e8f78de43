/**
 * A local HTTP server that speaks just enough of Google's and Jobber's protocols for the calendar
 * adapters: OAuth token endpoints (authorization code, refresh, invalid_grant), Google Calendar's
 * events.list with page tokens, and Jobber's GraphQL `visits` with cursors. Tests change its state.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { GoogleCalendarAdapter } from '../src/adapters/calendars/google';
import { JobberAdapter } from '../src/adapters/calendars/jobber';

export interface FakeGoogleEvent {
  id: string;
  status?: string;
  transparency?: string;
  eventType?: string;
  start: { dateTime?: string; date?: string };
  end: { dateTime?: string; date?: string };
}

export interface FakeJobberVisit {
  id: string;
  startAt: string | null;
  endAt: string | null;
  allDay: boolean;
}

interface ProviderState {
  /** Codes the consent page handed out; each works once. */
  codes: Set<string>;
  accessTokens: Set<string>;
  refreshTokens: Set<string>;
  /** Answer API calls with this status instead (503: failing for now). */
  failWith: number | null;
  /** Scope reported by the token endpoint (Google). */
  scope: string;
  apiRequests: number;
  tokenRequests: { grant_type: string }[];
}

const freshState = (scope = ''): ProviderState => ({
  codes: new Set(),
  accessTokens: new Set(),
  refreshTokens: new Set(),
  failWith: null,
  scope,
  apiRequests: 0,
  tokenRequests: [],
});

export const CLIENT = { clientId: 'client-id', clientSecret: 'client-secret' };

const token = (prefix: string) => `${prefix}-${randomBytes(8).toString('hex')}`;
/** An unsigned JWT with an `exp`, like Jobber's access tokens (the adapter only reads `exp`). */
const jwt = (expSeconds: number) =>
  [
    Buffer.from('{"alg":"none"}').toString('base64url'),
    Buffer.from(JSON.stringify({ exp: expSeconds, sub: token('acct') })).toString('base64url'),
    'sig',
  ].join('.');

export class FakeCalendarProviders {
  google = freshState('https://www.googleapis.com/auth/calendar.events');
  jobber = freshState();
  googleEvents: FakeGoogleEvent[] = [];
  jobberVisits: FakeJobberVisit[] = [];
  googlePageSize = 2;
  jobberPageSize = 2;
  /** Jobber's access tokens expire at this Unix time (seconds). */
  jobberTokenExp = 0;
  /** The last events.list query and GraphQL request, for assertions. */
  lastGoogleQuery: URLSearchParams | null = null;
  lastJobberRequest: { headers: http.IncomingHttpHeaders; variables: Record<string, unknown> } | null = null;
  base = '';
  private server = http.createServer((req, res) => void this.handle(req, res));

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** A code the provider's consent page would hand back. */
  issueCode(provider: 'google' | 'jobber') {
    const code = token(`${provider}-code`);
    this[provider].codes.add(code);
    return code;
  }

  /** The vendor revokes the app: every token stops working. */
  revoke(provider: 'google' | 'jobber') {
    this[provider].accessTokens.clear();
    this[provider].refreshTokens.clear();
  }

  /** Access tokens expire (refresh tokens still work). */
  expireAccessTokens(provider: 'google' | 'jobber') {
    this[provider].accessTokens.clear();
  }

  googleAdapter(opts: { timeoutMs?: number } = {}) {
    return new GoogleCalendarAdapter({
      ...CLIENT,
      redirectUri: 'http://localhost:3000/dashboard/scheduling',
      authorizeUrl: `${this.base}/o/oauth2/v2/auth`,
      tokenUrl: `${this.base}/google/token`,
      apiBaseUrl: this.base,
      timeoutMs: opts.timeoutMs ?? 2_000,
    });
  }

  jobberAdapter(opts: { timeoutMs?: number } = {}) {
    return new JobberAdapter({
      ...CLIENT,
      redirectUri: 'http://localhost:3000/dashboard/scheduling',
      baseUrl: this.base,
      timeoutMs: opts.timeoutMs ?? 2_000,
    });
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', this.base);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    if (req.method === 'POST' && url.pathname === '/google/token')
      return json(...this.tokenGrant('google', new URLSearchParams(body)));
    if (req.method === 'POST' && url.pathname === '/api/oauth/token')
      return json(...this.tokenGrant('jobber', new URLSearchParams(body)));
    if (req.method === 'GET' && url.pathname === '/calendar/v3/calendars/primary/events')
      return json(...this.eventsList(req, url.searchParams));
    if (req.method === 'POST' && url.pathname === '/api/graphql') return json(...this.graphql(req, body));
    return json(404, { error: 'not_found' });
  }

  private tokenGrant(provider: 'google' | 'jobber', form: URLSearchParams): [number, unknown] {
    const state = this[provider];
    state.tokenRequests.push({ grant_type: form.get('grant_type') ?? '' });
    if (form.get('client_id') !== CLIENT.clientId || form.get('client_secret') !== CLIENT.clientSecret)
      return [401, { error: 'invalid_client' }];
    const grant = form.get('grant_type');
    let refreshToken: string;
    if (grant === 'authorization_code') {
      const code = form.get('code') ?? '';
      if (!state.codes.delete(code)) return [400, { error: 'invalid_grant' }];
      if (form.get('redirect_uri') !== 'http://localhost:3000/dashboard/scheduling')
        return [400, { error: 'redirect_uri_mismatch' }];
      refreshToken = token(`${provider}-refresh`);
    } else if (grant === 'refresh_token') {
      const old = form.get('refresh_token') ?? '';
      if (!state.refreshTokens.has(old)) return [400, { error: 'invalid_grant' }];
      if (provider === 'google') refreshToken = old;
      else {
        // Jobber rotates refresh tokens: the old one works once.
        state.refreshTokens.delete(old);
        refreshToken = token('jobber-refresh');
      }
    } else return [400, { error: 'unsupported_grant_type' }];
    state.refreshTokens.add(refreshToken);
    if (provider === 'google') {
      const accessToken = token('google-access');
      state.accessTokens.add(accessToken);
      return [
        200,
        {
          access_token: accessToken,
          expires_in: 3599,
          token_type: 'Bearer',
          scope: state.scope,
          // Google leaves the refresh token out of a refresh answer.
          ...(grant === 'authorization_code' ? { refresh_token: refreshToken } : {}),
        },
      ];
    }
    const accessToken = jwt(this.jobberTokenExp);
    state.accessTokens.add(accessToken);
    return [200, { access_token: accessToken, refresh_token: refreshToken }];
  }

  private authorized(provider: 'google' | 'jobber', req: http.IncomingMessage) {
    const header = req.headers.authorization ?? '';
    return header.startsWith('Bearer ') && this[provider].accessTokens.has(header.slice(7));
  }

  private eventsList(req: http.IncomingMessage, query: URLSearchParams): [number, unknown] {
    this.google.apiRequests += 1;
    this.lastGoogleQuery = query;
    if (!this.authorized('google', req))
      return [
        401,
        { error: { code: 401, message: 'Invalid Credentials', errors: [{ reason: 'authError' }] } },
      ];
    if (this.google.failWith)
      return [
        this.google.failWith,
        { error: { code: this.google.failWith, errors: [{ reason: 'backendError' }] } },
      ];
    const page = Number((query.get('pageToken') ?? 'page-0').slice(5));
    const items = this.googleEvents.slice(page * this.googlePageSize, (page + 1) * this.googlePageSize);
    const more = (page + 1) * this.googlePageSize < this.googleEvents.length;
    return [200, { kind: 'calendar#events', items, ...(more ? { nextPageToken: `page-${page + 1}` } : {}) }];
  }

  private graphql(req: http.IncomingMessage, body: string): [number, unknown] {
    this.jobber.apiRequests += 1;
    if (!this.authorized('jobber', req)) return [401, { message: 'Unauthorized' }];
    if (this.jobber.failWith === 429)
      return [200, { errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED' } }] }];
    if (this.jobber.failWith) return [this.jobber.failWith, { message: 'Service unavailable' }];
    const request = JSON.parse(body) as { query: string; variables: Record<string, unknown> };
    this.lastJobberRequest = { headers: req.headers, variables: request.variables };
    if (!request.query.includes('visits(')) return [200, { errors: [{ message: 'Unknown query' }] }];
    const after = typeof request.variables.after === 'string' ? Number(request.variables.after.slice(7)) : 0;
    const first = Math.min(Number(request.variables.first), this.jobberPageSize);
    const nodes = this.jobberVisits.slice(after, after + first);
    const next = after + nodes.length;
    return [
      200,
      {
        data: {
          visits: {
            nodes,
            pageInfo: { hasNextPage: next < this.jobberVisits.length, endCursor: `cursor-${next}` },
          },
        },
      },
    ];
  }
}
