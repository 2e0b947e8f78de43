import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CalendarReadError } from './calendar-provider';
import { fetchIcs, ICS_MESSAGES, isPrivateAddress, maskIcsUrl, normaliseIcsUrl, parseIcs } from './ics';
import { parseSecretKey, SecretBox } from './secret-box';
import { randomBytes } from 'node:crypto';

const window = { from: new Date('2026-03-01T00:00:00Z'), to: new Date('2026-03-21T00:00:00Z') };
const iso = (d: Date) => d.toISOString();

const feed = (events: string, extra = '') =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', extra, events, 'END:VCALENDAR']
    .filter(Boolean)
    .join('\r\n');

const DENVER_TZ = [
  'BEGIN:VTIMEZONE',
  'TZID:America/Denver',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:-0700',
  'TZOFFSETTO:-0600',
  'TZNAME:MDT',
  'DTSTART:19700308T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:-0600',
  'TZOFFSETTO:-0700',
  'TZNAME:MST',
  'DTSTART:19701101T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
].join('\r\n');

describe('parseIcs', () => {
  it('expands a weekly event across the March DST change in its own time zone', () => {
    const text = feed(
      [
        'BEGIN:VEVENT',
        'UID:weekly-1',
        'DTSTART;TZID=America/Denver:20260302T090000',
        'DTEND;TZID=America/Denver:20260302T100000',
        'RRULE:FREQ=WEEKLY;COUNT=10',
        'SUMMARY:Standing job',
        'END:VEVENT',
      ].join('\r\n'),
      DENVER_TZ,
    );
    const busy = parseIcs(text, window).map((b) => [iso(b.start), iso(b.end)]);
    expect(busy).toEqual([
      ['2026-03-02T16:00:00.000Z', '2026-03-02T17:00:00.000Z'], // 9:00 MST
      ['2026-03-09T15:00:00.000Z', '2026-03-09T16:00:00.000Z'], // 9:00 MDT
      ['2026-03-16T15:00:00.000Z', '2026-03-16T16:00:00.000Z'],
    ]);
  });

  it('keeps busy times to the window, so a feed reaching year 0 or 10000 stores real dates (issue 14)', () => {
    const text = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'BEGIN:VEVENT',
      'UID:forever',
      'DTSTART:00000101T000000Z',
      'DTEND:99991231T235959Z',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    const busy = parseIcs(text, window);
    expect(busy.map((b) => [iso(b.start), iso(b.end)])).toEqual([[iso(window.from), iso(window.to)]]);
  });

  it('expands a weekly event across the November DST change, with an all-day day of 25 hours', () => {
    const text = feed(
      [
        'BEGIN:VEVENT',
        'UID:weekly-fall',
        'DTSTART;TZID=America/Denver:20261026T140000',
        'DTEND;TZID=America/Denver:20261026T153000',
        'RRULE:FREQ=WEEKLY;BYDAY=MO;UNTIL=20261110T000000Z',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:fall-back-day',
        'DTSTART;VALUE=DATE:20261101',
        'END:VEVENT',
      ].join('\r\n'),
      DENVER_TZ,
    );
    const november = { from: new Date('2026-10-20T00:00:00Z'), to: new Date('2026-11-20T00:00:00Z') };
    expect(
      parseIcs(text, november).map((b) => [b.externalId.split('@')[0], iso(b.start), iso(b.end)]),
    ).toEqual([
      ['weekly-fall', '2026-10-26T20:00:00.000Z', '2026-10-26T21:30:00.000Z'], // 14:00 MDT
      ['weekly-fall', '2026-11-02T21:00:00.000Z', '2026-11-02T22:30:00.000Z'], // 14:00 MST
      ['weekly-fall', '2026-11-09T21:00:00.000Z', '2026-11-09T22:30:00.000Z'],
      ['fall-back-day', '2026-11-01T06:00:00.000Z', '2026-11-02T07:00:00.000Z'],
    ]);
  });

  it('reads a TZID the feed does not define by the tz database, and floating times in St George', () => {
    const text = feed(
      [
        'BEGIN:VEVENT',
        'UID:ny',
        'DTSTART;TZID=America/New_York:20261104T090000',
        'DTEND;TZID=America/New_York:20261104T100000',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:floating',
        'DTSTART:20261105T090000',
        'DTEND:20261105T093000',
        'END:VEVENT',
      ].join('\r\n'),
    );
    const busy = parseIcs(text, {
      from: new Date('2026-11-01T00:00:00Z'),
      to: new Date('2026-11-10T00:00:00Z'),
    });
    expect(busy.map((b) => iso(b.start))).toEqual(['2026-11-04T14:00:00.000Z', '2026-11-05T16:00:00.000Z']);
  });

  it('blocks a whole local day for an all-day event, and skips free and cancelled events', () => {
    const text = feed(
      [
        'BEGIN:VEVENT',
        'UID:all-day',
        'DTSTART;VALUE=DATE:20260305',
        'DTEND;VALUE=DATE:20260306',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:free',
        'DTSTART:20260304T160000Z',
        'DTEND:20260304T170000Z',
        'TRANSP:TRANSPARENT',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:cancelled',
        'DTSTART:20260304T180000Z',
        'DTEND:20260304T190000Z',
        'STATUS:CANCELLED',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:outside',
        'DTSTART:20260401T180000Z',
        'DTEND:20260401T190000Z',
        'END:VEVENT',
      ].join('\r\n'),
    );
    expect(parseIcs(text, window).map((b) => [b.externalId.split('@')[0], iso(b.start), iso(b.end)])).toEqual(
      [['all-day', '2026-03-05T07:00:00.000Z', '2026-03-06T07:00:00.000Z']],
    );
  });

  it('applies a moved occurrence (RECURRENCE-ID) instead of the series time', () => {
    const text = feed(
      [
        'BEGIN:VEVENT',
        'UID:series',
        'DTSTART:20260303T160000Z',
        'DTEND:20260303T170000Z',
        'RRULE:FREQ=DAILY;COUNT=3',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:series',
        'RECURRENCE-ID:20260304T160000Z',
        'DTSTART:20260304T200000Z',
        'DTEND:20260304T210000Z',
        'END:VEVENT',
      ].join('\r\n'),
    );
    expect(parseIcs(text, window).map((b) => iso(b.start))).toEqual([
      '2026-03-03T16:00:00.000Z',
      '2026-03-04T20:00:00.000Z',
      '2026-03-05T16:00:00.000Z',
    ]);
  });

  it('refuses what is not a calendar', () => {
    expect(() => parseIcs('<html>nope</html>', window)).toThrow(CalendarReadError);
    expect(() => parseIcs('BEGIN:VCARD\r\nEND:VCARD', window)).toThrow(ICS_MESSAGES.notCalendar);
  });
});

describe('feed addresses', () => {
  it('takes http(s) and webcal, nothing else', () => {
    expect(normaliseIcsUrl('webcal://example.com/a.ics')?.toString()).toBe('https://example.com/a.ics');
    expect(normaliseIcsUrl('ftp://example.com/a.ics')).toBeNull();
    expect(normaliseIcsUrl('file:///etc/passwd')).toBeNull();
    expect(normaliseIcsUrl('https://user:pw@example.com/a.ics')).toBeNull();
    expect(normaliseIcsUrl('not a url')).toBeNull();
  });

  it('masks the secret part', () => {
    expect(
      maskIcsUrl('https://calendar.google.com/calendar/ical/abc%40group/private-0123456789abcdef/basic.ics'),
    ).toBe('https://calendar.google.com/…/basic.ics');
  });

  it('knows private addresses', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::7f00:1',
      '64:ff9b::7f00:1',
      '2002:7f00:1::',
      '0.0.0.0',
      '255.255.255.255',
      'not-an-address',
    ])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['8.8.8.8', '172.32.0.1', '2001:4860:4860::8888'])
      expect(isPrivateAddress(a), a).toBe(false);
  });
});

describe('fetchIcs against a local server', () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/feed.ics') {
        res.writeHead(200, { 'content-type': 'text/calendar' });
        res.end(feed(''));
      } else if (req.url === '/moved') {
        res.writeHead(302, { location: '/feed.ics' });
        res.end();
      } else if (req.url === '/huge') {
        res.writeHead(200);
        res.end('x'.repeat(2000));
      } else {
        res.writeHead(404);
        res.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('reads a feed and follows a redirect when private addresses are allowed', async () => {
    expect(await fetchIcs(`${base}/feed.ics`, { allowPrivateAddresses: true })).toContain('BEGIN:VCALENDAR');
    expect(await fetchIcs(`${base}/moved`, { allowPrivateAddresses: true })).toContain('BEGIN:VCALENDAR');
  });

  it('refuses this machine by default, by address and by name', async () => {
    await expect(fetchIcs(`${base}/feed.ics`)).rejects.toThrow(ICS_MESSAGES.privateAddress);
    const port = new URL(base).port;
    await expect(fetchIcs(`http://localhost:${port}/feed.ics`)).rejects.toThrow(ICS_MESSAGES.privateAddress);
  });

  it('says a missing feed is invalid and caps the size', async () => {
    await expect(fetchIcs(`${base}/gone`, { allowPrivateAddresses: true })).rejects.toMatchObject({
      kind: 'invalid',
    });
    await expect(fetchIcs(`${base}/huge`, { allowPrivateAddresses: true, maxBytes: 1000 })).rejects.toThrow(
      ICS_MESSAGES.tooLarge,
    );
  });
});

describe('fetchIcs refuses non-public peers (issue 14: SSRF filter bypasses)', () => {
  // A "private" service on loopback that records every request that reaches it.
  let privateServer: http.Server;
  let port = 0;
  const reached: string[] = [];
  // A stand-in for a public host (127.0.0.2, allowed by `allowAddresses`) that redirects where it is told.
  let publicServer: http.Server;
  let publicBase = '';
  const publicReached: string[] = [];
  beforeAll(async () => {
    privateServer = http.createServer((req, res) => {
      reached.push(`${req.headers.host ?? ''}${req.url ?? ''}`);
      res.writeHead(200, { 'content-type': 'text/calendar' });
      res.end(feed(''));
    });
    await new Promise<void>((resolve) => privateServer.listen(0, '127.0.0.1', resolve));
    port = (privateServer.address() as AddressInfo).port;
    publicServer = http.createServer((req, res) => {
      publicReached.push(req.url ?? '');
      const to = new URL(req.url ?? '/', 'http://x').searchParams.get('to');
      if (to) {
        res.writeHead(302, { location: to });
        res.end();
      } else {
        res.writeHead(200, { 'content-type': 'text/calendar' });
        res.end(feed(''));
      }
    });
    await new Promise<void>((resolve) => publicServer.listen(0, '127.0.0.2', resolve));
    publicBase = `http://127.0.0.2:${(publicServer.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => privateServer.close(() => resolve()));
    await new Promise<void>((resolve) => publicServer.close(() => resolve()));
  });

  const bypasses = () => [
    `http://[::ffff:127.0.0.1]:${port}/feed.ics`, // IPv4-mapped, rewritten to ::ffff:7f00:1 by the URL parser
    `http://[::ffff:7f00:1]:${port}/feed.ics`,
    `http://[0:0:0:0:0:ffff:127.0.0.1]:${port}/feed.ics`,
    `http://[::7f00:1]:${port}/feed.ics`, // IPv4-compatible
    `http://[::127.0.0.1]:${port}/feed.ics`,
    `http://[::ffff:0:7f00:1]:${port}/feed.ics`, // SIIT
    `http://[64:ff9b::7f00:1]:${port}/feed.ics`, // NAT64
    `http://[64:ff9b:1::7f00:1]:${port}/feed.ics`,
    `http://[2002:7f00:1::]:${port}/feed.ics`, // 6to4
    `http://[2001:0:4136:e378:8000:63bf:80ff:fffe]:${port}/feed.ics`, // Teredo of 127.0.0.1
    `http://2130706433:${port}/feed.ics`, // decimal
    `http://0177.0.0.1:${port}/feed.ics`, // octal
    `http://0x7f.1:${port}/feed.ics`, // hex
    `http://0x7f000001:${port}/feed.ics`,
    `http://127.1:${port}/feed.ics`,
    `http://0.0.0.0:${port}/feed.ics`,
    `http://[::]:${port}/feed.ics`,
    `http://[::1]:${port}/feed.ics`,
    `http://localhost:${port}/feed.ics`,
    `webcal://127.0.0.1:${port}/feed.ics`,
    'http://169.254.169.254/latest/meta-data/',
    'http://[::ffff:169.254.169.254]/latest/meta-data/',
    'http://[::ffff:a9fe:a9fe]/latest/meta-data/',
    'http://[fe80::1]/',
    'http://[fd00::1]/',
    'http://10.0.0.1/',
    'http://100.64.0.1/',
    'http://192.168.1.1/',
  ];

  it('the mapped form does reach the local server when private addresses are allowed (the probe)', async () => {
    reached.length = 0;
    const text = await fetchIcs(`http://[::ffff:127.0.0.1]:${port}/feed.ics`, {
      allowPrivateAddresses: true,
    });
    expect(text).toContain('BEGIN:VCALENDAR');
    expect(reached).toHaveLength(1);
  });

  it('refuses every bypass form from the probe, and nothing reaches the local server', async () => {
    reached.length = 0;
    for (const url of bypasses()) {
      const err = await fetchIcs(url, { timeoutMs: 2000 }).catch((e: unknown) => e);
      expect(err, url).toBeInstanceOf(CalendarReadError);
      expect((err as CalendarReadError).message, url).toBe(ICS_MESSAGES.privateAddress);
      expect((err as CalendarReadError).kind, url).toBe('invalid');
    }
    expect(reached).toEqual([]);
  });

  it('refuses a public-looking name that resolves to a private address', async () => {
    reached.length = 0;
    const calls: string[] = [];
    const resolveTo =
      (...addresses: string[]) =>
      async (hostname: string) => {
        calls.push(hostname);
        return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
      };
    const url = `http://calendar.example.com:${port}/feed.ics`;
    for (const answer of [
      ['127.0.0.1'],
      ['::ffff:127.0.0.1'],
      ['::ffff:7f00:1'],
      ['169.254.169.254'],
      ['8.8.8.8', '127.0.0.1'], // one private answer among public ones
      ['64:ff9b::7f00:1'],
    ])
      await expect(fetchIcs(url, { resolve: resolveTo(...answer) }), answer.join()).rejects.toThrow(
        ICS_MESSAGES.privateAddress,
      );
    expect(calls.every((h) => h === 'calendar.example.com')).toBe(true);
    expect(calls).toHaveLength(6);
    expect(reached).toEqual([]);
    // The injected resolver is what the connection uses: allowed, the name reaches the server.
    await expect(
      fetchIcs(url, { resolve: resolveTo('127.0.0.1'), allowAddresses: ['127.0.0.1'] }),
    ).resolves.toContain('BEGIN:VCALENDAR');
    expect(reached).toEqual([`calendar.example.com:${port}/feed.ics`]);
  });

  it('refuses a redirect from an allowed address to a private one, in every form', async () => {
    reached.length = 0;
    publicReached.length = 0;
    const opts = { allowAddresses: ['127.0.0.2'], resolve: async () => [{ address: '10.1.2.3', family: 4 }] };
    // The allowed host itself is read, also through a redirect to itself.
    expect(await fetchIcs(`${publicBase}/feed.ics`, opts)).toContain('BEGIN:VCALENDAR');
    expect(await fetchIcs(`${publicBase}/?to=${encodeURIComponent('/feed.ics')}`, opts)).toContain(
      'BEGIN:VCALENDAR',
    );
    const targets = [
      `http://127.0.0.1:${port}/feed.ics`,
      `http://[::ffff:127.0.0.1]:${port}/feed.ics`,
      `http://[::ffff:7f00:1]:${port}/feed.ics`,
      `http://2130706433:${port}/feed.ics`,
      `http://localhost:${port}/feed.ics`,
      `http://internal.example.com:${port}/feed.ics`, // resolves to 10.1.2.3
      'http://169.254.169.254/latest/meta-data/',
    ];
    for (const to of targets)
      await expect(fetchIcs(`${publicBase}/?to=${encodeURIComponent(to)}`, opts), to).rejects.toThrow(
        ICS_MESSAGES.privateAddress,
      );
    expect(publicReached).toHaveLength(2 + 1 + targets.length);
    expect(reached).toEqual([]);
  });
});

describe('SecretBox', () => {
  it('round-trips, and refuses another key or an altered value', () => {
    const box = new SecretBox(randomBytes(32));
    const sealed = box.seal('https://example.com/secret.ics');
    expect(sealed).not.toContain('example.com');
    expect(box.open(sealed)).toBe('https://example.com/secret.ics');
    expect(() => new SecretBox(randomBytes(32)).open(sealed)).toThrow();
    const parts = sealed.split(':');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => box.open(parts.join(':'))).toThrow();
  });
  it('parses keys from configuration', () => {
    expect(parseSecretKey('ab'.repeat(32))?.length).toBe(32);
    expect(parseSecretKey(randomBytes(32).toString('base64'))?.length).toBe(32);
    expect(parseSecretKey('short')).toBeNull();
  });
});
