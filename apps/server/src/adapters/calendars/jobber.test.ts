/** Jobber adapter against a local server speaking Jobber's OAuth (rotating refresh tokens) and GraphQL. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeCalendarProviders } from '../../../test/fake-calendar-providers';
import { CalendarReadError } from './calendar-provider';
import { busyEntryOfVisit, JOBBER_GRAPHQL_VERSION, JOBBER_MESSAGES } from './jobber';
import { AccessTokenRefused, readBusyWithTokens, type OAuthTokens } from './oauth';

const now = new Date('2026-10-28T15:00:00Z');
const window = { from: new Date('2026-10-27T15:00:00Z'), to: new Date('2027-04-28T15:00:00Z') };
let fake: FakeCalendarProviders;

beforeAll(async () => {
  fake = await new FakeCalendarProviders().start();
});
afterAll(() => fake.stop());
beforeEach(() => {
  fake.jobber.failWith = null;
  fake.jobberVisits = [];
  fake.jobberTokenExp = now.getTime() / 1000 + 3600;
});

const iso = (d: Date) => d.toISOString();
const rejection = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e,
  );

describe('Jobber adapter', () => {
  it('sends the vendor to Jobber’s consent page with the state', () => {
    const url = new URL(fake.jobberAdapter().authorizeUrl('jobber:xyz'));
    expect(url.pathname).toBe('/api/oauth/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'client-id',
      redirect_uri: 'http://localhost:3000/dashboard/scheduling',
      state: 'jobber:xyz',
    });
  });

  it('exchanges a code for tokens whose expiry is the access token’s exp; a used code is refused', async () => {
    const code = fake.issueCode('jobber');
    const tokens = await fake.jobberAdapter().exchangeCode(code, now);
    expect(tokens.refreshToken).toMatch(/^jobber-refresh-/);
    expect(tokens.expiresAt).toEqual(new Date(now.getTime() + 3_600_000));
    expect(await rejection(fake.jobberAdapter().exchangeCode(code, now))).toMatchObject({
      kind: 'invalid',
      message: JOBBER_MESSAGES.revoked,
    });
  });

  it('reads scheduled visits page by page with cursors, sending the API version', async () => {
    fake.jobberPageSize = 2;
    fake.jobberVisits = [
      { id: 'v1', startAt: '2026-10-30T15:00:00Z', endAt: '2026-10-30T17:00:00Z', allDay: false },
      { id: 'unscheduled', startAt: null, endAt: null, allDay: false },
      // Across the November DST change: an all-day visit blocks its 25-hour local day.
      { id: 'v2', startAt: '2026-11-01T06:00:00Z', endAt: '2026-11-02T06:59:59Z', allDay: true },
      { id: 'v3', startAt: '2026-11-03T16:00:00Z', endAt: '2026-11-03T18:30:00Z', allDay: false },
      { id: 'v4', startAt: '2027-03-08T15:00:00Z', endAt: '2027-03-08T16:00:00Z', allDay: false },
    ];
    const tokens = await fake.jobberAdapter().exchangeCode(fake.issueCode('jobber'), now);
    const entries = await fake.jobberAdapter().listBusy(tokens.accessToken, window);
    expect(entries.map((e) => [e.externalId, iso(e.start), iso(e.end)])).toEqual([
      ['v1', '2026-10-30T15:00:00.000Z', '2026-10-30T17:00:00.000Z'],
      ['v2', '2026-11-01T06:00:00.000Z', '2026-11-02T07:00:00.000Z'],
      ['v3', '2026-11-03T16:00:00.000Z', '2026-11-03T18:30:00.000Z'],
      ['v4', '2027-03-08T15:00:00.000Z', '2027-03-08T16:00:00.000Z'],
    ]);
    const last = fake.lastJobberRequest!;
    expect(last.headers['x-jobber-graphql-version']).toBe(JOBBER_GRAPHQL_VERSION);
    expect(last.variables).toMatchObject({
      after: 'cursor-4',
      filter: { startAt: { after: '2026-10-26T15:00:00.000Z', before: iso(window.to) } },
    });
  });

  it('blocks the rest of the day for a visit without an end', () => {
    expect(
      busyEntryOfVisit({ id: 'x', startAt: '2026-11-03T20:00:00Z', endAt: null, allDay: false }),
    ).toEqual({
      externalId: 'x',
      start: new Date('2026-11-03T20:00:00Z'),
      end: new Date('2026-11-04T07:00:00Z'),
    });
  });

  it('refuses a bad token, waits out throttling and failures', async () => {
    const tokens = await fake.jobberAdapter().exchangeCode(fake.issueCode('jobber'), now);
    const adapter = fake.jobberAdapter();
    expect(await rejection(adapter.listBusy('nope', window))).toBeInstanceOf(AccessTokenRefused);
    fake.jobber.failWith = 429;
    expect(await rejection(adapter.listBusy(tokens.accessToken, window))).toMatchObject({
      kind: 'transient',
    });
    fake.jobber.failWith = 502;
    expect(await rejection(adapter.listBusy(tokens.accessToken, window))).toMatchObject({
      kind: 'transient',
    });
  });

  it('saves each rotated refresh token before using it, and a revoked app needs the vendor', async () => {
    const tokens = await fake.jobberAdapter().exchangeCode(fake.issueCode('jobber'), now);
    const saved: OAuthTokens[] = [];
    const save = async (t: OAuthTokens) => void saved.push(t);
    const later = new Date(now.getTime() + 2 * 3_600_000);
    fake.jobberTokenExp = later.getTime() / 1000 + 3600;
    await readBusyWithTokens(fake.jobberAdapter(), tokens, window, later, save);
    expect(saved).toHaveLength(1);
    expect(saved[0]!.refreshToken).not.toBe(tokens.refreshToken);
    // The old refresh token was used up by the rotation.
    expect(await rejection(fake.jobberAdapter().refresh(tokens.refreshToken!, later))).toMatchObject({
      kind: 'invalid',
    });

    fake.revoke('jobber');
    const err = await rejection(readBusyWithTokens(fake.jobberAdapter(), saved[0]!, window, later, save));
    expect(err).toBeInstanceOf(CalendarReadError);
    expect(err).toMatchObject({ kind: 'invalid', message: JOBBER_MESSAGES.revoked });
  });
});
