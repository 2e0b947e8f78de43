/**
 * Google Calendar and Jobber connections through the API, against a local fake of both providers:
 * authorize/callback with a single-use state, sync, needs-reconnect after a revoked authorization,
 * freshness for availability, disconnect.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SCHEDULING_MESSAGES } from '@stg/domain/scheduling-preferences';
import { MESSAGES } from '@stg/domain/validation';
import { calendarBusyEntries, calendarOauthStates, vendorCalendars } from '../../db/schema';
import { createTestApp, outbox, signUpPayload, TestClient } from '../../../test/test-app';
import { createPricedVendor } from '../../../test/pricing-fixtures';
import { FakeCalendarProviders } from '../../../test/fake-calendar-providers';
import { GOOGLE_MESSAGES } from '../../adapters/calendars/google';
import { CALENDAR_MESSAGES, ensureFreshBusyTimes } from './service';
import { findCalendar } from './repo';

// Monday, November 23rd 2026, 8:00 in St George.
let now = new Date('2026-11-23T15:00:00Z');
let app: FastifyInstance;
let fake: FakeCalendarProviders;
let vendorId: number;

beforeAll(async () => {
  fake = await new FakeCalendarProviders().start();
  app = await createTestApp({
    now: () => now,
    calendarSync: { google: fake.googleAdapter(), jobber: fake.jobberAdapter() },
  });
  vendorId = (await createPricedVendor(app, { email: 'oauth@example.com' })).vendorId;
  await createPricedVendor(app, { email: 'oauth-other@example.com' });
  // This vendor has no calendar row yet: connecting makes one with the default preferences.
});
afterAll(async () => {
  await app.close();
  await fake.stop();
});

async function signedIn(email = 'oauth@example.com') {
  const client = new TestClient(app);
  await client.signIn(email, 'Password123!');
  return client;
}
const authorize = (client: TestClient, provider: 'google' | 'jobber') =>
  client.request({ method: 'POST', url: `/api/auth/${provider}/authorize` });
const callback = (client: TestClient, provider: 'google' | 'jobber', payload: object) =>
  client.request({ method: 'POST', url: `/api/auth/${provider}/callback`, payload });
/** The state the provider would send back: the one in the consent page's address. */
const stateOf = (url: string) => new URL(url).searchParams.get('state')!;
const calendarRow = async () => {
  const [row] = await app.deps.db
    .select()
    .from(vendorCalendars)
    .where(eq(vendorCalendars.vendorId, vendorId));
  return row!;
};
const entries = async (calendarId: number) =>
  app.deps.db
    .select()
    .from(calendarBusyEntries)
    .where(eq(calendarBusyEntries.vendorCalendarId, calendarId))
    .orderBy(calendarBusyEntries.startTime);
const availability = async () =>
  (
    await new TestClient(app).request({
      method: 'GET',
      url: `/api/vendors/${vendorId}/vendor_calendars?duration=30&minutes=60`,
    })
  ).json<{ unavailableReason: string | null; days: unknown[] }>();

describe('Google Calendar and Jobber connections', () => {
  it('says both providers are configured', async () => {
    const res = await new TestClient(app).request({ method: 'GET', url: '/api/calendar_providers' });
    expect(res.json()).toEqual({
      providers: [
        { type: 'google', configured: true },
        { type: 'jobber', configured: true },
        { type: 'ics', configured: true },
      ],
    });
  });

  it('lets only a signed-in vendor start a connection', async () => {
    const signedOut = new TestClient(app);
    await signedOut.session();
    expect((await authorize(signedOut, 'google')).statusCode).toBe(401);
    expect((await callback(signedOut, 'google', { code: 'x', state: 'google:y' })).statusCode).toBe(401);
    const customer = new TestClient(app);
    await customer.session();
    await customer.request({
      method: 'POST',
      url: '/api/users',
      payload: signUpPayload({ email: 'oauth-customer@example.com' }),
    });
    expect((await authorize(customer, 'google')).statusCode).toBe(403);
  });

  it('answers any other provider as an unknown address: 404 before the sign-in check or the body', async () => {
    const signedOut = new TestClient(app);
    await signedOut.session();
    const vendor = await signedIn();
    for (const client of [signedOut, vendor])
      for (const url of ['/api/auth/outlook/authorize', '/api/auth/outlook/callback']) {
        const res = await client.request({ method: 'POST', url, payload: { nonsense: true } });
        expect(res.statusCode, url).toBe(404);
        expect(res.json(), url).toMatchObject({ errors: [MESSAGES.notFound] });
      }
  });

  it('connects Google Calendar: consent address with a single-use state, callback, first sync', async () => {
    fake.googleEvents = [
      {
        id: 'dentist',
        start: { dateTime: '2026-11-25T10:00:00-07:00' },
        end: { dateTime: '2026-11-25T11:00:00-07:00' },
      },
      { id: 'holiday', start: { date: '2026-11-26' }, end: { date: '2026-11-27' } },
      {
        id: 'free',
        transparency: 'transparent',
        start: { dateTime: '2026-11-27T10:00:00-07:00' },
        end: { dateTime: '2026-11-27T11:00:00-07:00' },
      },
    ];
    const client = await signedIn();
    const res = await authorize(client, 'google');
    expect(res.statusCode).toBe(200);
    const url = res.json().url as string;
    expect(url.startsWith(`${fake.base}/o/oauth2/v2/auth?`)).toBe(true);
    const state = stateOf(url);
    expect(state).toMatch(/^google:[A-Za-z0-9_-]{43}$/);
    // Stored hashed only.
    const stored = await app.deps.db.select().from(calendarOauthStates);
    expect(stored.map((s) => s.stateHash)).not.toContain(state);
    expect(stored.some((s) => s.vendorId === vendorId && s.provider === 'google')).toBe(true);

    const connected = await callback(client, 'google', { code: fake.issueCode('google'), state });
    expect(connected.statusCode).toBe(200);
    expect(connected.json()).toMatchObject({
      apiIntegrated: true,
      integrationType: 'google',
      integratedCalendarId: 'primary',
      needsReconnect: false,
      syncError: null,
      lastSyncedAt: now.toISOString(),
      icsUrlHint: null,
    });
    const row = await calendarRow();
    expect(row.accessTokenEnc).not.toMatch(/google-access/);
    expect(row.refreshTokenEnc).not.toMatch(/google-refresh/);
    expect((await entries(row.id)).map((e) => e.externalId)).toEqual(['dentist', 'holiday']);

    // The same state again: refused, whatever the code.
    const replay = await callback(client, 'google', { code: fake.issueCode('google'), state });
    expect(replay.statusCode).toBe(422);
    expect(replay.json()).toMatchObject({ errors: [CALENDAR_MESSAGES.stateInvalid] });
  });

  it('refuses a state that is expired, another vendor’s, for the other provider, or made up', async () => {
    const client = await signedIn();
    const other = await signedIn('oauth-other@example.com');
    const refused = { errors: [CALENDAR_MESSAGES.stateInvalid] };

    const othersState = stateOf((await authorize(other, 'google')).json().url);
    expect(
      (await callback(client, 'google', { code: fake.issueCode('google'), state: othersState })).json(),
    ).toMatchObject(refused);
    // Refused for the wrong vendor without being used up: its owner can still finish.
    expect(
      (await callback(other, 'google', { code: fake.issueCode('google'), state: othersState })).statusCode,
    ).toBe(200);

    const jobberState = stateOf((await authorize(client, 'jobber')).json().url);
    expect(jobberState.startsWith('jobber:')).toBe(true);
    expect((await callback(client, 'google', { code: 'x', state: jobberState })).json()).toMatchObject(
      refused,
    );
    expect((await callback(client, 'google', { code: 'x', state: 'google:made-up' })).json()).toMatchObject(
      refused,
    );
    expect((await callback(client, 'google', { code: '', state: '' })).statusCode).toBe(422);

    const late = stateOf((await authorize(client, 'google')).json().url);
    const saved = now;
    now = new Date(now.getTime() + 16 * 60_000);
    expect(
      (await callback(client, 'google', { code: fake.issueCode('google'), state: late })).json(),
    ).toMatchObject(refused);
    now = saved;
  });

  it('says so when the provider refuses the code, and keeps the connection as it was', async () => {
    const client = await signedIn();
    const state = stateOf((await authorize(client, 'google')).json().url);
    const res = await callback(client, 'google', { code: 'not-issued', state });
    expect(res.json()).toMatchObject({ errors: [CALENDAR_MESSAGES.refusedGoogle] });
    expect((await calendarRow()).integrationType).toBe('google');
  });

  it('uses fresh entries without the network, reads stale ones, and keeps them for 2 hours while Google fails', async () => {
    const requests = fake.google.apiRequests;
    expect((await availability()).unavailableReason).toBeNull();
    expect(await ensureFreshBusyTimes(app.deps, await calendarRow(), now)).toBeNull();
    expect(fake.google.apiRequests).toBe(requests);

    // Stale: read again (the access token has expired too, so it is refreshed first).
    now = new Date(now.getTime() + 61 * 60_000);
    fake.googleEvents = [
      ...fake.googleEvents,
      {
        id: 'new-job',
        start: { dateTime: '2026-11-30T09:00:00-07:00' },
        end: { dateTime: '2026-11-30T12:00:00-07:00' },
      },
    ];
    expect(await ensureFreshBusyTimes(app.deps, await calendarRow(), now)).toBeNull();
    expect(fake.google.apiRequests).toBeGreaterThan(requests);
    const row = await calendarRow();
    expect(row.lastSyncedAt).toEqual(now);
    expect((await entries(row.id)).map((e) => e.externalId)).toContain('new-job');

    fake.google.failWith = 503;
    now = new Date(now.getTime() + 90 * 60_000);
    expect(await ensureFreshBusyTimes(app.deps, await calendarRow(), now)).toBeNull();
    const failing = await calendarRow();
    expect(failing).toMatchObject({ syncError: GOOGLE_MESSAGES.unreachable, needsReconnect: false });
    expect((await entries(failing.id)).length).toBeGreaterThan(0);

    now = new Date(now.getTime() + 31 * 60_000);
    expect(await ensureFreshBusyTimes(app.deps, await calendarRow(), now)).toBe(
      SCHEDULING_MESSAGES.calendarUnavailable,
    );
    expect(await availability()).toMatchObject({
      unavailableReason: SCHEDULING_MESSAGES.calendarUnavailable,
      days: [],
    });

    fake.google.failWith = null;
    const client = await signedIn();
    const synced = await client.request({ method: 'POST', url: `/api/vendor_calendars/${row.id}/sync` });
    expect(synced.json()).toMatchObject({ syncError: null, lastSyncedAt: now.toISOString() });
    expect((await availability()).unavailableReason).toBeNull();
  });

  it('marks a revoked authorization as needing reconnection, mails the vendor once, offers no times', async () => {
    const before = (await outbox(app)).length;
    fake.revoke('google');
    now = new Date(now.getTime() + 11 * 60_000);
    expect(await availability()).toMatchObject({
      unavailableReason: SCHEDULING_MESSAGES.calendarUnavailable,
      days: [],
    });
    const row = await calendarRow();
    expect(row).toMatchObject({ needsReconnect: true, syncError: GOOGLE_MESSAGES.revoked });
    // Cached entries stay, but no times are offered from them.
    expect((await entries(row.id)).length).toBeGreaterThan(0);
    const client = await signedIn();
    await client.request({ method: 'POST', url: `/api/vendor_calendars/${row.id}/sync` });
    now = new Date(now.getTime() + 11 * 60_000);
    await availability();
    const mails = await outbox(app);
    expect(mails.length).toBe(before + 1);
    expect(mails[0]).toMatchObject({
      to: 'oauth@example.com',
      subject: 'Your calendar needs to be reconnected',
    });
    expect(mails[0]!.text).toContain('http://localhost:3000/dashboard/scheduling');
  });

  it('reconnects with Jobber instead: its visits replace the Google entries', async () => {
    fake.jobberTokenExp = Math.floor(now.getTime() / 1000) + 3600;
    fake.jobberVisits = [
      { id: 'visit-1', startAt: '2026-12-01T16:00:00Z', endAt: '2026-12-01T18:00:00Z', allDay: false },
      { id: 'visit-2', startAt: '2026-12-02T16:00:00Z', endAt: '2026-12-02T17:00:00Z', allDay: false },
      { id: 'visit-3', startAt: '2026-12-03T16:00:00Z', endAt: '2026-12-03T17:00:00Z', allDay: false },
    ];
    const client = await signedIn();
    const state = stateOf((await authorize(client, 'jobber')).json().url);
    const res = await callback(client, 'jobber', { code: fake.issueCode('jobber'), state });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      integrationType: 'jobber',
      needsReconnect: false,
      syncError: null,
      lastSyncedAt: now.toISOString(),
    });
    const row = await calendarRow();
    expect((await entries(row.id)).map((e) => e.externalId)).toEqual(['visit-1', 'visit-2', 'visit-3']);
    expect((await availability()).unavailableReason).toBeNull();

    // An hour later the access token has expired: the sync refreshes (rotating the refresh token).
    now = new Date(now.getTime() + 65 * 60_000);
    fake.jobberTokenExp = Math.floor(now.getTime() / 1000) + 3600;
    fake.jobberVisits = fake.jobberVisits.slice(1);
    const synced = await client.request({ method: 'POST', url: `/api/vendor_calendars/${row.id}/sync` });
    expect(synced.json()).toMatchObject({ syncError: null, lastSyncedAt: now.toISOString() });
    expect((await entries(row.id)).map((e) => e.externalId)).toEqual(['visit-2', 'visit-3']);
    const after = await calendarRow();
    expect(after.refreshTokenEnc).not.toBe(row.refreshTokenEnc);
  });

  it('lets two callers share one sync of a calendar', async () => {
    now = new Date(now.getTime() + 11 * 60_000);
    const requests = fake.jobber.apiRequests;
    const calendar = (await findCalendar(app.deps.db, (await calendarRow()).id))!;
    const [a, b] = await Promise.all([
      ensureFreshBusyTimes(app.deps, calendar, now),
      ensureFreshBusyTimes(app.deps, calendar, now),
    ]);
    expect([a, b]).toEqual([null, null]);
    expect(fake.jobber.apiRequests).toBe(requests + 1);

    // Another instance is reading it (its claim is on the row): this one does not start a second read.
    now = new Date(now.getTime() + 11 * 60_000);
    await app.deps.db
      .update(vendorCalendars)
      .set({ syncStartedAt: now })
      .where(eq(vendorCalendars.id, calendar.id));
    expect(await ensureFreshBusyTimes(app.deps, await calendarRow(), now)).toBeNull();
    expect(fake.jobber.apiRequests).toBe(requests + 1);
    // A claim older than its lease is taken to have died with its process.
    now = new Date(now.getTime() + 3 * 60_000);
    expect(await ensureFreshBusyTimes(app.deps, await calendarRow(), now)).toBeNull();
    expect(fake.jobber.apiRequests).toBe(requests + 2);
    expect((await calendarRow()).syncStartedAt).toBeNull();
  });

  it('disconnects with the password: tokens and entries gone, preferences kept', async () => {
    const row = await calendarRow();
    await app.deps.db
      .update(vendorCalendars)
      .set({ driveTimeBufferMins: 15 })
      .where(eq(vendorCalendars.id, row.id));
    const client = await signedIn();
    const res = await client.request({
      method: 'DELETE',
      url: `/api/vendor_calendars/${row.id}`,
      payload: { password: 'Password123!' },
    });
    expect(res.json()).toMatchObject({
      apiIntegrated: false,
      integrationType: null,
      integratedCalendarId: null,
      needsReconnect: false,
      syncError: null,
      driveTimeBufferMins: 15,
    });
    expect(await calendarRow()).toMatchObject({
      accessTokenEnc: null,
      refreshTokenEnc: null,
      tokenExpiresAt: null,
    });
    expect(await entries(row.id)).toEqual([]);
    expect(await ensureFreshBusyTimes(app.deps, await calendarRow(), now)).toBeNull();
  });
});
