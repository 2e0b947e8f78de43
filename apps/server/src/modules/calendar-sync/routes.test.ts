/** Calendar connections: iCal feed connect, sync, needs-reconnect, disconnect with password, owner only. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SCHEDULING_MESSAGES } from '@stg/domain/scheduling-preferences';
import { calendarBusyEntries, vendorCalendars } from '../../db/schema';
import { createTestApp, outbox, TestClient } from '../../../test/test-app';
import { createPricedVendor } from '../../../test/pricing-fixtures';
import { ICS_MESSAGES } from '../../adapters/calendars/ics';

// Monday, November 23rd 2026, 8:00 in St George.
let now = new Date('2026-11-23T15:00:00Z');
let app: FastifyInstance;
let server: http.Server;
let base: string;
let vendorId: number;
let calendarId: number;
let feedStatus = 200;
let feedRequests = 0;
let feedBody = '';

const event = (uid: string, start: string, end: string) =>
  ['BEGIN:VEVENT', `UID:${uid}`, `DTSTART:${start}`, `DTEND:${end}`, 'END:VEVENT'].join('\r\n');
const calendar = (...events: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', ...events, 'END:VCALENDAR'].join('\r\n');

beforeAll(async () => {
  server = http.createServer((req, res) => {
    feedRequests += 1;
    if (req.url?.startsWith('/private/basic.ics') && feedStatus === 200) {
      res.writeHead(200, { 'content-type': 'text/calendar' });
      res.end(feedBody);
    } else {
      res.writeHead(feedStatus === 200 ? 404 : feedStatus);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  app = await createTestApp({ now: () => now });
  const vendor = await createPricedVendor(app, { email: 'cal@example.com' });
  const other = await createPricedVendor(app, { email: 'cal-other@example.com' });
  vendorId = vendor.vendorId;
  const [cal] = await app.deps.db
    .insert(vendorCalendars)
    .values({ vendorId, bookingWindowStartDays: 1, driveTimeBufferMins: 0 })
    .returning();
  calendarId = cal!.id;
  await app.deps.db.insert(vendorCalendars).values({ vendorId: other.vendorId });
});
afterAll(async () => {
  await app.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function owner() {
  const client = new TestClient(app);
  await client.signIn('cal@example.com', 'Password123!');
  return client;
}
const connect = (client: TestClient, icsUrl: string, id = calendarId) =>
  client.request({ method: 'POST', url: `/api/vendor_calendars/${id}/ics`, payload: { icsUrl } });
const tuesday = async () => {
  const body = (
    await new TestClient(app).request({
      method: 'GET',
      url: `/api/vendors/${vendorId}/vendor_calendars?duration=2&minutes=60`,
    })
  ).json();
  return body as {
    unavailableReason: string | null;
    days: { date: string; ranges: { start_time: string; end_time: string }[] }[];
  };
};

describe('calendar connections', () => {
  it('lists the providers this server offers', async () => {
    const res = await new TestClient(app).request({ method: 'GET', url: '/api/calendar_providers' });
    expect(res.json()).toEqual({
      providers: [
        { type: 'google', configured: false },
        { type: 'jobber', configured: false },
        { type: 'ics', configured: true },
      ],
    });
    const client = await owner();
    const google = await client.request({ method: 'POST', url: '/api/auth/google/authorize' });
    expect(google.statusCode).toBe(422);
    expect(google.json()).toMatchObject({ errors: ['Google Calendar is not configured on this server.'] });
    const jobber = await client.request({
      method: 'POST',
      url: '/api/auth/jobber/callback',
      payload: { code: 'x', state: 'jobber:y' },
    });
    expect(jobber.json()).toMatchObject({ errors: ['Jobber is not configured on this server.'] });
  });

  it('connects an iCal feed whose events then block time, keeping the address secret', async () => {
    feedBody = calendar(event('dentist', '20261124T170000Z', '20261124T180000Z')); // Tue 10:00-11:00 MST
    const client = await owner();
    expect((await connect(client, 'not an address')).json()).toMatchObject({
      errors: [ICS_MESSAGES.badAddress],
    });
    expect((await connect(client, `${base}/nothing-here.ics`)).json()).toMatchObject({
      errors: [ICS_MESSAGES.unreachable],
    });

    const res = await connect(client, `${base}/private/basic.ics?token=s3cret`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      apiIntegrated: true,
      integrationType: 'ics',
      needsReconnect: false,
      syncError: null,
      lastSyncedAt: now.toISOString(),
      icsUrlHint: `http://${new URL(base).host}/…/basic.ics`,
    });
    const [row] = await app.deps.db.select().from(vendorCalendars).where(eq(vendorCalendars.id, calendarId));
    expect(row!.icsUrl).not.toContain('s3cret');
    // The owner's vendor JSON shows the same masked address; the public one does not.
    const mine = await client.request({ method: 'GET', url: `/api/vendors/${vendorId}` });
    expect(mine.json().calendar.icsUrlHint).toBe(`http://${new URL(base).host}/…/basic.ics`);
    const pub = await new TestClient(app).request({ method: 'GET', url: `/api/vendors/${vendorId}` });
    expect(pub.json().calendar).not.toHaveProperty('icsUrlHint');
    const day = (await tuesday()).days.find((d) => d.date === '2026-11-24')!;
    expect(day.ranges).toEqual([
      { start_time: '2026-11-24T08:00:00-07:00', end_time: '2026-11-24T09:00:00-07:00' },
      { start_time: '2026-11-24T11:00:00-07:00', end_time: '2026-11-24T16:00:00-07:00' },
    ]);
  });

  it('reads the feed again when stale, and Sync now picks up changes', async () => {
    feedBody = calendar(event('lunch', '20261124T190000Z', '20261124T200000Z')); // 12:00-13:00
    const requests = feedRequests;
    await tuesday(); // fresh: no network
    expect(feedRequests).toBe(requests);
    const client = await owner();
    const res = await client.request({ method: 'POST', url: `/api/vendor_calendars/${calendarId}/sync` });
    expect(res.statusCode).toBe(200);
    const day = (await tuesday()).days.find((d) => d.date === '2026-11-24')!;
    expect(day.ranges.map((r) => r.start_time)).toEqual([
      '2026-11-24T08:00:00-07:00',
      '2026-11-24T13:00:00-07:00',
    ]);

    // 11 minutes later the next customer's request reads the feed again.
    feedBody = calendar();
    now = new Date(now.getTime() + 11 * 60_000);
    const fresh = (await tuesday()).days.find((d) => d.date === '2026-11-24')!;
    expect(feedRequests).toBeGreaterThan(requests + 1);
    expect(fresh.ranges).toHaveLength(1);
  });

  it('keeps cached times while the feed fails for a while, then stops offering times', async () => {
    feedBody = calendar(event('busy', '20261124T170000Z', '20261124T180000Z'));
    const client = await owner();
    await client.request({ method: 'POST', url: `/api/vendor_calendars/${calendarId}/sync` });
    feedStatus = 503;
    now = new Date(now.getTime() + 30 * 60_000);
    const cached = await tuesday();
    expect(cached.unavailableReason).toBeNull();
    expect(cached.days.find((d) => d.date === '2026-11-24')!.ranges).toHaveLength(2);
    const [row] = await app.deps.db.select().from(vendorCalendars).where(eq(vendorCalendars.id, calendarId));
    expect(row!.syncError).toBe(ICS_MESSAGES.unreachable);
    expect(row!.needsReconnect).toBe(false);

    now = new Date(now.getTime() + 2 * 3_600_000);
    expect(await tuesday()).toMatchObject({
      unavailableReason: SCHEDULING_MESSAGES.calendarUnavailable,
      days: [],
    });
    feedStatus = 200;
    expect((await tuesday()).unavailableReason).toBeNull();
  });

  it('marks a feed that is gone as needing reconnection, tells the vendor once, and offers no times', async () => {
    const before = (await outbox(app)).length;
    feedStatus = 404;
    now = new Date(now.getTime() + 11 * 60_000);
    expect(await tuesday()).toMatchObject({
      unavailableReason: SCHEDULING_MESSAGES.calendarUnavailable,
      days: [],
    });
    const [row] = await app.deps.db.select().from(vendorCalendars).where(eq(vendorCalendars.id, calendarId));
    expect(row).toMatchObject({ needsReconnect: true, syncError: ICS_MESSAGES.unreachable });
    await tuesday();
    const mails = await outbox(app);
    expect(mails.length).toBe(before + 1);
    expect(mails[0]).toMatchObject({
      to: 'cal@example.com',
      subject: 'Your calendar needs to be reconnected',
    });
    feedStatus = 200;
  });

  it('disconnects only with the right password, and only for the owner', async () => {
    const stranger = new TestClient(app);
    await stranger.signIn('cal-other@example.com', 'Password123!');
    const del = (client: TestClient, payload: unknown, id = calendarId) =>
      client.request({ method: 'DELETE', url: `/api/vendor_calendars/${id}`, payload: payload as object });
    expect((await del(stranger, { password: 'Password123!' })).statusCode).toBe(403);
    expect((await connect(stranger, `${base}/private/basic.ics`)).statusCode).toBe(403);
    const signedOut = new TestClient(app);
    await signedOut.session();
    expect((await del(signedOut, { password: 'x' })).statusCode).toBe(401);
    const client = await owner();
    expect((await del(client, { password: 'x' }, 999_999)).statusCode).toBe(404);
    expect((await del(client, {})).json()).toMatchObject({ errors: ['Password is required.'] });
    expect((await del(client, { password: 'wrong-password-1' })).json()).toMatchObject({
      errors: ['Password is incorrect.'],
    });
    const [still] = await app.deps.db
      .select()
      .from(vendorCalendars)
      .where(eq(vendorCalendars.id, calendarId));
    expect(still!.apiIntegrated).toBe(true);

    const res = await del(client, { password: 'Password123!' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      apiIntegrated: false,
      integrationType: null,
      needsReconnect: false,
      icsUrlHint: null,
    });
    const entries = await app.deps.db
      .select()
      .from(calendarBusyEntries)
      .where(eq(calendarBusyEntries.vendorCalendarId, calendarId));
    expect(entries).toEqual([]);
    expect((await tuesday()).unavailableReason).toBeNull();
    expect(
      (await client.request({ method: 'POST', url: `/api/vendor_calendars/${calendarId}/sync` })).json(),
    ).toMatchObject({
      errors: ['No calendar is connected.'],
    });
  });
});
