/** Google Calendar adapter against a local server speaking Google's OAuth and events.list protocols. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeCalendarProviders } from '../../../test/fake-calendar-providers';
import { CalendarReadError } from './calendar-provider';
import { busyEntryOf, GOOGLE_MESSAGES, GOOGLE_SCOPE, GoogleCalendarAdapter } from './google';
import { AccessTokenRefused, readBusyWithTokens, type OAuthTokens } from './oauth';

const now = new Date('2026-02-20T17:00:00Z');
const window = { from: new Date('2026-02-19T00:00:00Z'), to: new Date('2026-12-01T00:00:00Z') };
let fake: FakeCalendarProviders;

beforeAll(async () => {
  fake = await new FakeCalendarProviders().start();
});
afterAll(() => fake.stop());
beforeEach(() => {
  fake.google.failWith = null;
  fake.google.scope = GOOGLE_SCOPE;
  fake.googleEvents = [];
});

const iso = (d: Date) => d.toISOString();
const rejection = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e,
  );

async function connected(): Promise<OAuthTokens> {
  return fake.googleAdapter().exchangeCode(fake.issueCode('google'), now);
}

describe('Google Calendar adapter', () => {
  it('sends the vendor to consent for the events scope with offline access and the state', () => {
    const url = new URL(fake.googleAdapter().authorizeUrl('google:abc'));
    expect(url.pathname).toBe('/o/oauth2/v2/auth');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'client-id',
      redirect_uri: 'http://localhost:3000/dashboard/scheduling',
      response_type: 'code',
      scope: 'https://www.googleapis.com/auth/calendar.events',
      access_type: 'offline',
      prompt: 'consent',
      state: 'google:abc',
    });
  });

  it('exchanges a code once for tokens that expire an hour later', async () => {
    const code = fake.issueCode('google');
    const tokens = await fake.googleAdapter().exchangeCode(code, now);
    expect(tokens.refreshToken).toMatch(/^google-refresh-/);
    expect(tokens.expiresAt).toEqual(new Date(now.getTime() + 3_599_000));
    const replay = await rejection(fake.googleAdapter().exchangeCode(code, now));
    expect(replay).toBeInstanceOf(CalendarReadError);
    expect(replay).toMatchObject({ kind: 'invalid', message: GOOGLE_MESSAGES.revoked });
  });

  it('refuses a grant without the calendar scope', async () => {
    fake.google.scope = 'openid email';
    expect(await rejection(connected())).toMatchObject({
      kind: 'invalid',
      message: GOOGLE_MESSAGES.scopeMissing,
    });
  });

  it('reads every page of the primary calendar, expanded, skipping what does not block', async () => {
    fake.googlePageSize = 2;
    fake.googleEvents = [
      {
        id: 'dentist',
        start: { dateTime: '2026-02-24T10:00:00-07:00' },
        end: { dateTime: '2026-02-24T11:00:00-07:00' },
      },
      {
        id: 'gone',
        status: 'cancelled',
        start: { dateTime: '2026-02-24T12:00:00-07:00' },
        end: { dateTime: '2026-02-24T13:00:00-07:00' },
      },
      {
        id: 'free',
        transparency: 'transparent',
        start: { dateTime: '2026-02-25T09:00:00-07:00' },
        end: { dateTime: '2026-02-25T10:00:00-07:00' },
      },
      {
        id: 'office',
        eventType: 'workingLocation',
        start: { date: '2026-02-26' },
        end: { date: '2026-02-27' },
      },
      // All-day events on the DST days: 23 and 25 hours long in St George.
      { id: 'spring', start: { date: '2026-03-08' }, end: { date: '2026-03-09' } },
      { id: 'fall', start: { date: '2026-11-01' }, end: { date: '2026-11-02' } },
      {
        id: 'weekly_20260310T160000Z',
        start: { dateTime: '2026-03-10T16:00:00Z' },
        end: { dateTime: '2026-03-10T17:00:00Z' },
      },
    ];
    const tokens = await connected();
    const entries = await fake.googleAdapter().listBusy(tokens.accessToken, window);
    expect(entries.map((e) => [e.externalId, iso(e.start), iso(e.end)])).toEqual([
      ['dentist', '2026-02-24T17:00:00.000Z', '2026-02-24T18:00:00.000Z'],
      ['spring', '2026-03-08T07:00:00.000Z', '2026-03-09T06:00:00.000Z'],
      ['fall', '2026-11-01T06:00:00.000Z', '2026-11-02T07:00:00.000Z'],
      ['weekly_20260310T160000Z', '2026-03-10T16:00:00.000Z', '2026-03-10T17:00:00.000Z'],
    ]);
    expect(Object.fromEntries(fake.lastGoogleQuery!)).toMatchObject({
      singleEvents: 'true',
      timeMin: iso(window.from),
      timeMax: iso(window.to),
      pageToken: 'page-3',
    });
  });

  it('treats an all-day event without an end as its one day', () => {
    expect(busyEntryOf({ id: 'x', start: { date: '2026-07-04' }, end: {} })).toEqual({
      externalId: 'x',
      start: new Date('2026-07-04T06:00:00Z'),
      end: new Date('2026-07-05T06:00:00Z'),
    });
  });

  it('tells a refused token, a failing server and a missing permission apart', async () => {
    const tokens = await connected();
    const adapter = fake.googleAdapter();
    expect(await rejection(adapter.listBusy('not-a-token', window))).toBeInstanceOf(AccessTokenRefused);
    fake.google.failWith = 503;
    expect(await rejection(adapter.listBusy(tokens.accessToken, window))).toMatchObject({
      kind: 'transient',
    });
    fake.google.failWith = 403;
    expect(await rejection(adapter.listBusy(tokens.accessToken, window))).toMatchObject({ kind: 'invalid' });
  });

  it('refreshes an expired token before reading, and a refused one once', async () => {
    const tokens = await connected();
    const saved: OAuthTokens[] = [];
    const save = async (t: OAuthTokens) => void saved.push(t);
    const adapter = fake.googleAdapter();
    const later = new Date(now.getTime() + 2 * 3_600_000);
    await readBusyWithTokens(adapter, tokens, window, later, save);
    expect(saved).toHaveLength(1);
    // Google leaves the refresh token out of a refresh: the stored one is kept.
    expect(saved[0]!.refreshToken).toBe(tokens.refreshToken);
    expect(saved[0]!.expiresAt).toEqual(new Date(later.getTime() + 3_599_000));

    fake.expireAccessTokens('google');
    await readBusyWithTokens(adapter, saved[0]!, window, later, save);
    expect(saved).toHaveLength(2);
  });

  it('says a revoked authorization needs the vendor (invalid_grant on refresh)', async () => {
    const tokens = await connected();
    fake.revoke('google');
    const err = await rejection(
      readBusyWithTokens(fake.googleAdapter(), tokens, window, now, async () => {}),
    );
    expect(err).toBeInstanceOf(CalendarReadError);
    expect(err).toMatchObject({ kind: 'invalid', message: GOOGLE_MESSAGES.revoked });
  });

  it('says an unreachable server is transient', async () => {
    const closed = new GoogleCalendarAdapter({
      clientId: 'a',
      clientSecret: 'b',
      redirectUri: 'http://localhost:3000/dashboard/scheduling',
      tokenUrl: 'http://127.0.0.1:1/token',
      apiBaseUrl: 'http://127.0.0.1:1',
      timeoutMs: 1_000,
    });
    expect(await rejection(closed.listBusy('x', window))).toMatchObject({ kind: 'transient' });
    expect(await rejection(closed.refresh('x', now))).toMatchObject({ kind: 'transient' });
  });
});
