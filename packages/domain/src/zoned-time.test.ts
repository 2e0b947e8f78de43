import { TZDate } from '@date-fns/tz';
import fc from 'fast-check';
import { PROPERTY_TEST_TIMEOUT_MS, propertyOptions } from './test-support/property';
import { describe, expect, it } from 'vitest';
import { instantOfLocal, localDateTimeOf, offsetMinutesAt, parseLocalDate, toZonedIso } from './zoned-time';

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
