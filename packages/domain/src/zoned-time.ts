/**
 * Wall-clock time in a named time zone with the real tz-database rules (through Intl), independent of
 * the process's own time zone, and fast enough for the slot engine: one reused formatter per zone and
 * caches for the conversions the engine repeats (a vendor's workday start and end on each day).
 *
 * A local date is `{ year, month (1-12), day }`; a wall time is minutes after that date's local midnight.
 * Local times that do not exist (the hour skipped when DST starts) move forward by the gap, and local
 * times that happen twice (the hour repeated when DST ends) mean the first one, as Temporal's
 * "compatible" disambiguation and @date-fns/tz do.
 */

export interface LocalDate {
  year: number;
  /** 1-12. */
  month: number;
  day: number;
}

const MINUTE = 60_000;
const DAY = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Caches that stop growing past a size (cleared whole: the engine refills what it uses at once). */
class BoundedCache<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly max: number) {}
  get(key: string): V | undefined {
    return this.map.get(key);
  }
  set(key: string, value: V): void {
    if (this.map.size >= this.max) this.map.clear();
    this.map.set(key, value);
  }
}

const offsetCache = new BoundedCache<number>(50_000);

/**
 * Zones whose rules are written out here, so that a page in them needs no Intl formatter: the first one a
 * page builds loads ICU's time-zone and date data, 40–110 ms of a phone's main thread (ADR 0041). The
 * marketplace's own zone (TIME_ZONE) follows the US rule of 2007: daylight time from the second Sunday of
 * March at 2:00 standard time to the first Sunday of November at 2:00 daylight time. Only the years the
 * rule is known for (`from` to `until`, checked against Intl hour by hour in zoned-time.test.ts); other
 * instants and zones ask Intl.
 */
const US_RULE_ZONES: Record<string, { standard: number; from: number; until: number }> = {
  'America/Denver': { standard: -420, from: 2007, until: 2037 },
};

/** The second Sunday of March or the first of November of `year`, at `hour` UTC. */
function sundayAt(year: number, month: number, nth: number, hour: number): number {
  const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  return Date.UTC(year, month - 1, 1 + ((7 - first) % 7) + (nth - 1) * 7, hour);
}

/** The offset by the zone's written-out rule, or null when the zone or the year has none here. */
function ruleOffset(ms: number, timeZone: string): number | null {
  const zone = US_RULE_ZONES[timeZone];
  if (!zone) return null;
  const year = new Date(ms + zone.standard * MINUTE).getUTCFullYear();
  if (year < zone.from || year > zone.until) return null;
  const standardHours = -zone.standard / 60;
  // 2:00 standard time in March; 2:00 daylight time (1:00 standard) in November.
  const starts = sundayAt(year, 3, 2, 2 + standardHours);
  const ends = sundayAt(year, 11, 1, 1 + standardHours);
  return ms >= starts && ms < ends ? zone.standard + 60 : zone.standard;
}

/** The zone's UTC offset in minutes (local − UTC, e.g. −420 for MST) at instant `ms`. */
export function offsetMinutesAt(ms: number, timeZone: string): number {
  const ruled = ruleOffset(ms, timeZone);
  if (ruled !== null) return ruled;
  return intlOffsetMinutesAt(ms, timeZone);
}

/** offsetMinutesAt through Intl's time-zone data (any zone, any year). */
export function intlOffsetMinutesAt(ms: number, timeZone: string): number {
  // Offsets change on whole minutes in every zone of this century: cache per minute.
  const minute = Math.floor(ms / MINUTE);
  const key = `${timeZone}|${minute}`;
  const cached = offsetCache.get(key);
  if (cached !== undefined) return cached;
  const parts = formatterFor(timeZone).formatToParts(new Date(minute * MINUTE));
  let y = 0,
    mo = 0,
    d = 0,
    h = 0,
    mi = 0,
    s = 0;
  for (const p of parts) {
    switch (p.type) {
      case 'year':
        y = Number(p.value);
        break;
      case 'month':
        mo = Number(p.value);
        break;
      case 'day':
        d = Number(p.value);
        break;
      case 'hour':
        h = Number(p.value);
        break;
      case 'minute':
        mi = Number(p.value);
        break;
      case 'second':
        s = Number(p.value);
        break;
    }
  }
  const asUtc = Date.UTC(y, mo - 1, d, h, mi, s);
  const offset = Math.round((asUtc - minute * MINUTE) / MINUTE);
  offsetCache.set(key, offset);
  return offset;
}

/** The local date and the minutes after local midnight of instant `ms`. */
export function localDateTimeOf(ms: number, timeZone: string): LocalDate & { minutes: number } {
  const wall = ms + offsetMinutesAt(ms, timeZone) * MINUTE;
  const d = new Date(wall);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    minutes:
      d.getUTCHours() * 60 + d.getUTCMinutes() + d.getUTCSeconds() / 60 + d.getUTCMilliseconds() / MINUTE,
  };
}

/** The date `days` after `date` on the calendar (no time zone involved). */
export function addDays(date: LocalDate, days: number): LocalDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(date: LocalDate): number {
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
}

/** Days from `a` to `b` on the calendar (b − a). */
export function daysBetween(a: LocalDate, b: LocalDate): number {
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / DAY);
}

/** "2026-11-24". */
export function formatLocalDate(date: LocalDate): string {
  return `${String(date.year).padStart(4, '0')}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
}

/** "2026-11-24" → the date; null when it is not a real calendar date. */
export function parseLocalDate(text: string): LocalDate | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return null;
  const date = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  const check = addDays(date, 0);
  return check.year === date.year && check.month === date.month && check.day === date.day ? date : null;
}

const instantCache = new BoundedCache<number>(20_000);

/**
 * The instant of the wall time `minutes` after local midnight of `date` (minutes may be 1440: the next
 * local midnight). Skipped local times move forward by the gap; repeated ones mean the first.
 */
export function instantOfLocal(date: LocalDate, minutes: number, timeZone: string): number {
  const key = `${timeZone}|${date.year}-${date.month}-${date.day}|${minutes}`;
  const cached = instantCache.get(key);
  if (cached !== undefined) return cached;
  const wall = Date.UTC(date.year, date.month - 1, date.day) + minutes * MINUTE;
  // The offsets in force a day before and a day after: a wall time near a change has one of them.
  const before = offsetMinutesAt(wall - DAY, timeZone);
  const after = offsetMinutesAt(wall + DAY, timeZone);
  let result: number;
  if (before === after) {
    const guess = wall - before * MINUTE;
    const actual = offsetMinutesAt(guess, timeZone);
    result = actual === before ? guess : wall - actual * MINUTE;
  } else {
    const withBefore = wall - before * MINUTE;
    const withAfter = wall - after * MINUTE;
    const beforeFits = offsetMinutesAt(withBefore, timeZone) === before;
    const afterFits = offsetMinutesAt(withAfter, timeZone) === after;
    if (beforeFits && afterFits)
      result = Math.min(withBefore, withAfter); // repeated: the first
    else if (beforeFits) result = withBefore;
    else if (afterFits) result = withAfter;
    else result = withBefore; // skipped: forward by the gap (read with the offset before the change)
  }
  instantCache.set(key, result);
  return result;
}

/** ISO 8601 with the zone's offset at that instant: "2026-11-24T08:00:00-07:00" (whole seconds). */
export function toZonedIso(ms: number, timeZone: string): string {
  const offset = offsetMinutesAt(ms, timeZone);
  const wall = new Date(Math.floor(ms / 1000) * 1000 + offset * MINUTE);
  const p2 = (n: number) => String(n).padStart(2, '0');
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return (
    `${wall.getUTCFullYear()}-${p2(wall.getUTCMonth() + 1)}-${p2(wall.getUTCDate())}` +
    `T${p2(wall.getUTCHours())}:${p2(wall.getUTCMinutes())}:${p2(wall.getUTCSeconds())}` +
    `${sign}${p2(Math.floor(abs / 60))}:${p2(abs % 60)}`
  );
}
