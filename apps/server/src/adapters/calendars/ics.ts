/**
 * iCalendar (ICS) feeds: any calendar's secret address (Google, Outlook and Apple all publish one).
 * Fetched over http(s) with a time limit and a size cap, refusing addresses on this machine or a private
 * network unless explicitly allowed (tests, local development); parsed with ical.js, recurring events
 * expanded in the window, free (TRANSPARENT) and cancelled events skipped, all-day events blocking their
 * whole local day in St George.
 */
import http from 'node:http';
import https from 'node:https';
import ICAL from 'ical.js';
import { TIME_ZONE } from '@stg/domain/constants';
import { instantOfLocal } from '@stg/domain/zoned-time';
import { CalendarReadError, type BusyEntry, type CalendarWindow } from './calendar-provider';
import {
  guardedConnection,
  isPublicAddress,
  PrivateAddressError,
  type PeerPolicy,
  type Resolver,
} from '../net/public-address';

export interface IcsOptions {
  /** Allow addresses on loopback and private networks (tests and local development only). */
  allowPrivateAddresses?: boolean;
  /** Exact addresses allowed although not public (tests: a stand-in for a public host). */
  allowAddresses?: readonly string[];
  /** How host names are resolved (default: the system resolver); tests inject one. */
  resolve?: Resolver;
  timeoutMs?: number;
  maxBytes?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;
const MAX_REDIRECTS = 3;
/** A recurring event yields at most this many occurrences in a window, after at most this many steps. */
const MAX_OCCURRENCES = 5_000;
const MAX_RECURRENCE_STEPS = 200_000;

export { ICS_MESSAGES } from '@stg/domain/api/calendars';
import { ICS_MESSAGES } from '@stg/domain/api/calendars';

/** The feed's address as http(s), or null when it is not a usable web address. */
export function normaliseIcsUrl(raw: string): URL | null {
  const text = raw.trim().replace(/^webcals?:\/\//i, 'https://');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (!url.hostname || url.username || url.password) return null;
  return url;
}

/** The address with its secret parts hidden, for showing the vendor which feed is connected. */
export function maskIcsUrl(raw: string): string {
  const url = normaliseIcsUrl(raw);
  if (!url) return '…';
  const segments = url.pathname.split('/').filter(Boolean);
  const last = segments.at(-1) ?? '';
  return `${url.protocol}//${url.host}/…${last.length > 0 && last.length <= 24 ? `/${last}` : ''}`;
}

/**
 * Whether an address is not public (loopback, private, link-local, CGNAT, documentation, multicast,
 * reserved, and IPv6 forms that embed or translate an IPv4 address): see `isPublicAddress`.
 */
export function isPrivateAddress(address: string): boolean {
  return !isPublicAddress(address);
}

/** Fetches the feed's text, checking every address connected to (also after redirects). */
export async function fetchIcs(rawUrl: string, opts: IcsOptions = {}): Promise<string> {
  let url = normaliseIcsUrl(rawUrl);
  if (!url) throw new CalendarReadError(ICS_MESSAGES.badAddress, 'invalid');
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const res = await getOnce(url, opts);
    if (res.redirect) {
      const next = normaliseIcsUrl(new URL(res.redirect, url).toString());
      if (!next) throw new CalendarReadError(ICS_MESSAGES.unreachable, 'invalid');
      url = next;
      continue;
    }
    return res.body;
  }
  throw new CalendarReadError(ICS_MESSAGES.unreachable, 'invalid');
}

function getOnce(url: URL, opts: IcsOptions): Promise<{ redirect?: string; body: string }> {
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const secure = url.protocol === 'https:';
  // Every name is resolved and every literal read by the guard, and the socket's real peer is checked when
  // it connects, before the request (or a TLS handshake) is written: see adapters/net/public-address.
  const policy: PeerPolicy = {
    allowPrivateAddresses: opts.allowPrivateAddresses,
    allowAddresses: opts.allowAddresses,
    resolve: opts.resolve,
    connectTimeoutMs: timeoutMs,
  };
  let deadline: NodeJS.Timeout | undefined;
  return new Promise<{ redirect?: string; body: string }>((resolve, reject) => {
    const client = secure ? https : http;
    const req = client.get(
      url,
      {
        createConnection: guardedConnection(policy, secure),
        defaultPort: secure ? 443 : 80,
        timeout: timeoutMs,
        headers: { accept: 'text/calendar, */*;q=0.5', 'user-agent': 'StGeorgeServices-CalendarSync/1.0' },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          return resolve({ redirect: res.headers.location, body: '' });
        }
        if (status !== 200) {
          res.resume();
          return reject(
            new CalendarReadError(
              ICS_MESSAGES.unreachable,
              status === 404 || status === 410 ? 'invalid' : 'transient',
            ),
          );
        }
        const chunks: Buffer[] = [];
        let size = 0;
        let tooLarge = false;
        res.on('data', (chunk: Buffer) => {
          if (tooLarge) return;
          size += chunk.length;
          if (size > maxBytes) {
            tooLarge = true;
            reject(new CalendarReadError(ICS_MESSAGES.tooLarge, 'invalid'));
            res.destroy();
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => {
          if (!tooLarge) resolve({ body: Buffer.concat(chunks).toString('utf8') });
        });
        res.on('error', () => {
          if (!tooLarge) reject(new CalendarReadError(ICS_MESSAGES.unreachable, 'transient'));
        });
      },
    );
    const timedOut = () => {
      const err = new CalendarReadError(ICS_MESSAGES.unreachable, 'transient');
      reject(err);
      req.destroy(err);
    };
    req.on('timeout', timedOut);
    // The whole exchange (resolving, connecting, a slowly trickled answer) has the same limit.
    deadline = setTimeout(timedOut, timeoutMs);
    req.on('error', (err) =>
      reject(
        err instanceof CalendarReadError
          ? err
          : err instanceof PrivateAddressError
            ? new CalendarReadError(ICS_MESSAGES.privateAddress, 'invalid')
            : new CalendarReadError(ICS_MESSAGES.unreachable, 'transient'),
      ),
    );
  }).finally(() => clearTimeout(deadline));
}

const isKnownZone = (tzid: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tzid });
    return true;
  } catch {
    return false;
  }
};

/**
 * The instant of an iCalendar time: UTC and zones the feed defines (VTIMEZONE) as ical.js reads them;
 * a TZID the feed does not define by the tz database's rules for that name; floating times and unknown
 * names in St George's zone.
 */
function instantOf(t: ICAL.Time): number {
  const tzid = t.zone?.tzid;
  if (tzid === 'UTC' || (tzid && tzid !== 'floating' && ICAL.TimezoneService.has(tzid)))
    return t.toUnixTime() * 1000;
  // ical.js keeps the TZID of a zone the feed does not define on `timezone` (not in its typings).
  const named = (t as ICAL.Time & { timezone?: unknown }).timezone;
  const name = typeof named === 'string' && isKnownZone(named) ? named : TIME_ZONE;
  return instantOfLocal(
    { year: t.year, month: t.month, day: t.day },
    t.hour * 60 + t.minute + t.second / 60,
    name,
  );
}

/** An all-day date blocks from its local midnight in St George to the next one's. */
function allDayRange(start: ICAL.Time, end: ICAL.Time): { start: number; end: number } {
  const s = instantOfLocal({ year: start.year, month: start.month, day: start.day }, 0, TIME_ZONE);
  const e = instantOfLocal({ year: end.year, month: end.month, day: end.day }, 0, TIME_ZONE);
  // A date without an end is that one day.
  return {
    start: s,
    end:
      e > s ? e : instantOfLocal({ year: start.year, month: start.month, day: start.day }, 1440, TIME_ZONE),
  };
}

function isFree(component: ICAL.Component): boolean {
  const transp = String(component.getFirstPropertyValue('transp') ?? '').toUpperCase();
  const status = String(component.getFirstPropertyValue('status') ?? '').toUpperCase();
  return transp === 'TRANSPARENT' || status === 'CANCELLED';
}

/** The feed's busy times that overlap the window. Throws CalendarReadError when it is not a calendar. */
export function parseIcs(text: string, window: CalendarWindow): BusyEntry[] {
  let root: ICAL.Component;
  try {
    root = new ICAL.Component(ICAL.parse(text) as unknown[]);
  } catch {
    throw new CalendarReadError(ICS_MESSAGES.notCalendar, 'invalid');
  }
  if (root.name !== 'vcalendar') throw new CalendarReadError(ICS_MESSAGES.notCalendar, 'invalid');
  for (const tz of root.getAllSubcomponents('vtimezone')) {
    const tzid = String(tz.getFirstPropertyValue('tzid') ?? '');
    if (tzid && !ICAL.TimezoneService.has(tzid)) ICAL.TimezoneService.register(tz);
  }
  const from = window.from.getTime();
  const to = window.to.getTime();
  const components = root.getAllSubcomponents('vevent');
  // Moved or cancelled single occurrences (RECURRENCE-ID) belong to their series.
  const exceptions = new Map<string, ICAL.Component[]>();
  const masters: ICAL.Component[] = [];
  for (const c of components) {
    if (c.hasProperty('recurrence-id')) {
      const uid = String(c.getFirstPropertyValue('uid') ?? '');
      exceptions.set(uid, [...(exceptions.get(uid) ?? []), c]);
    } else masters.push(c);
  }
  const out: BusyEntry[] = [];
  const add = (uid: string, start: ICAL.Time, end: ICAL.Time, component: ICAL.Component) => {
    if (isFree(component)) return;
    const range = start.isDate ? allDayRange(start, end) : { start: instantOf(start), end: instantOf(end) };
    if (!Number.isFinite(range.start) || !Number.isFinite(range.end)) return;
    if (!(range.end > range.start) || range.end <= from || range.start >= to) return;
    // Kept to the window: only that part is ever read, and a feed's year 0 or 10000 is no database date.
    out.push({
      externalId: `${uid}@${range.start}`,
      start: new Date(Math.max(range.start, from)),
      end: new Date(Math.min(range.end, to)),
    });
  };
  for (const master of masters) {
    const event = new ICAL.Event(master, {
      exceptions: exceptions.get(String(master.getFirstPropertyValue('uid') ?? '')) ?? [],
    });
    const uid = event.uid || `event-${out.length}`;
    if (!event.startDate) continue;
    const endOf = (start: ICAL.Time, end: ICAL.Time | null) => end ?? start;
    if (!event.isRecurring()) {
      add(uid, event.startDate, endOf(event.startDate, event.endDate), master);
      continue;
    }
    const it = event.iterator();
    const before = out.length;
    for (let step = 0; step < MAX_RECURRENCE_STEPS && out.length - before < MAX_OCCURRENCES; step++) {
      const next = it.next();
      if (!next) break;
      if (next.isDate ? allDayRange(next, next).start >= to : instantOf(next) >= to) break;
      const details = event.getOccurrenceDetails(next);
      add(uid, details.startDate, details.endDate, details.item.component);
    }
  }
  return out;
}
