import { TZDate } from '@date-fns/tz';
import fc from 'fast-check';
import { PROPERTY_TEST_TIMEOUT_MS, propertyOptions } from './test-support/property';
import { describe, expect, it } from 'vitest';
import {
  instantOfLocal,
  intlOffsetMinutesAt,
  localDateTimeOf,
  offsetMinutesAt,
  parseLocalDate,
  toZonedIso,
} from './zoned-time';

const ZONE = 'America/Denver';

describe('zoned time in America/Denver', () => {
  it('knows both offsets', () => {
    expect(offsetMinutesAt(Date.parse('2026-01-15T12:00:00Z'), ZONE)).toBe(-420);
    expect(offsetMinutesAt(Date.parse('2026-07-15T12:00:00Z'), ZONE)).toBe(-360);
  });

  it('writes ISO 8601 with the local offset', () => {
    expect(toZonedIso(Date.parse('2026-11-24T15:00:00Z'), ZONE)).toBe('2026-11-24T08:00:00-07:00');
    expect(toZonedIso(Date.parse('2026-06-01T15:05:09.500Z'), ZONE)).toBe('2026-06-01T09:05:09-06:00');
  });

  it('parses only real dates', () => {
    expect(parseLocalDate('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29 });
    expect(parseLocalDate('2027-02-29')).toBeNull();
    expect(parseLocalDate('2027-2-3')).toBeNull();
  });

  it(
    'agrees with @date-fns/tz on every wall time, including the skipped and repeated hours',
    { timeout: PROPERTY_TEST_TIMEOUT_MS },
    () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 2024, max: 2030 }),
          fc.integer({ min: 1, max: 12 }),
          fc.integer({ min: 1, max: 28 }),
          fc.integer({ min: 0, max: 1440 }),
          (year, month, day, minutes) => {
            const ours = instantOfLocal({ year, month, day }, minutes, ZONE);
            const theirs = new TZDate(year, month - 1, day, 0, minutes, ZONE).getTime();
            expect(ours).toBe(theirs);
          },
        ),
        propertyOptions({ numRuns: 2000 }),
      );
      for (const [y, m, d, min] of [
        [2026, 3, 8, 150],
        [2026, 11, 1, 90],
        [2027, 3, 14, 120],
        [2027, 11, 7, 60],
      ] as const) {
        expect(instantOfLocal({ year: y, month: m, day: d }, min, ZONE)).toBe(
          new TZDate(y, m - 1, d, 0, min, ZONE).getTime(),
        );
      }
    },
  );

  it('reads local date and minutes back', { timeout: PROPERTY_TEST_TIMEOUT_MS }, () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.parse('2024-01-01'), max: Date.parse('2031-01-01') }), (ms) => {
        const local = localDateTimeOf(ms, ZONE);
        const t = new TZDate(ms, ZONE);
        expect([local.year, local.month, local.day]).toEqual([
          t.getFullYear(),
          t.getMonth() + 1,
          t.getDate(),
        ]);
        expect(Math.floor(local.minutes)).toBe(t.getHours() * 60 + t.getMinutes());
      }),
      propertyOptions({ numRuns: 2000 }),
    );
  });
});

describe("America/Denver's written-out rule (no Intl formatter on a page)", () => {
  const HOUR = 3_600_000;
  const intl = (ms: number) => intlOffsetMinutesAt(ms, 'America/Denver');

  it('gives the offset Intl gives every 5 hours (each hour of the day in turn) of 2006 to 2038', () => {
    const wrong: string[] = [];
    for (let ms = Date.UTC(2006, 0, 1); ms < Date.UTC(2039, 0, 1); ms += 5 * HOUR)
      if (offsetMinutesAt(ms, 'America/Denver') !== intl(ms)) wrong.push(new Date(ms).toISOString());
    expect(wrong).toEqual([]);
  }, 60_000);

  it('changes at the very minute Intl does, in March and November of every year it covers', () => {
    const wrong: string[] = [];
    for (let year = 2007; year <= 2037; year += 1)
      for (const month of [2, 10])
        for (let day = 1; day <= 14; day += 1)
          for (let ms = Date.UTC(year, month, day, 6); ms < Date.UTC(year, month, day, 11); ms += 60_000)
            if (offsetMinutesAt(ms, 'America/Denver') !== intl(ms)) wrong.push(new Date(ms).toISOString());
    expect(wrong).toEqual([]);
  }, 60_000);

  it('other zones still go through Intl', () => {
    const summer = Date.UTC(2026, 6, 1, 12);
    expect(offsetMinutesAt(summer, 'America/New_York')).toBe(-240);
    expect(offsetMinutesAt(summer, 'America/Phoenix')).toBe(-420);
  });
});
