import { describe, expect, it } from 'vitest';
import type { Availability } from '@stg/domain/api/scheduling';
import {
  groupByHour,
  longDateLabel,
  monthLabel,
  monthWeeks,
  monthsWithAvailability,
  offers,
  shiftMonth,
  startLabel,
  startsOfDay,
  WEEKDAYS,
} from './availability';

const availability = (days: Availability['days']): Availability => ({
  timeZone: 'America/Denver',
  stepMinutes: 1,
  jobMinutes: 60,
  windowDays: 90,
  firstDate: '2026-03-02',
  lastDate: '2026-05-30',
  unavailableReason: null,
  days,
});

describe('availability reading', () => {
  it('lists every start of a range, both ends included, at the step', () => {
    const day = {
      date: '2026-03-09',
      ranges: [{ start_time: '2026-03-09T08:58:00-06:00', end_time: '2026-03-09T09:01:00-06:00' }],
    };
    const starts = startsOfDay(day, 1);
    expect(starts.map((s) => `${s.hour}:${s.minute}`)).toEqual(['8:58', '8:59', '9:0', '9:1']);
    expect(groupByHour(starts).map((g) => [g.hour, g.starts.length])).toEqual([
      [8, 2],
      [9, 2],
    ]);
    expect(startsOfDay(day, 15)).toHaveLength(1);
    expect(offers(day, 1, Date.parse('2026-03-09T15:00:00Z'))).toBe(true);
    expect(offers(day, 1, Date.parse('2026-03-09T15:02:00Z'))).toBe(false);
    expect(offers(day, 1, Date.parse('2026-03-09T15:00:30Z'))).toBe(false);
  });

  it('reads wall times across the March DST change in Denver (MST before, MDT after)', () => {
    const before = startsOfDay(
      {
        date: '2026-03-06',
        ranges: [{ start_time: '2026-03-06T15:00:00Z', end_time: '2026-03-06T15:00:00Z' }],
      },
      1,
    );
    const after = startsOfDay(
      {
        date: '2026-03-09',
        ranges: [{ start_time: '2026-03-09T15:00:00Z', end_time: '2026-03-09T15:00:00Z' }],
      },
      1,
    );
    expect(startLabel(before[0]!)).toBe('Mar 6th, 8:00am');
    expect(startLabel(after[0]!)).toBe('Mar 9th, 9:00am');
  });

  it('groups the months that have dates, and lays a month out Sunday first', () => {
    const a = availability([
      {
        date: '2026-03-31',
        ranges: [{ start_time: '2026-03-31T09:00:00-06:00', end_time: '2026-03-31T09:00:00-06:00' }],
      },
      {
        date: '2026-05-01',
        ranges: [{ start_time: '2026-05-01T09:00:00-06:00', end_time: '2026-05-01T09:00:00-06:00' }],
      },
      { date: '2026-04-01', ranges: [] },
    ]);
    expect(monthsWithAvailability(a)).toEqual(['2026-03', '2026-05']);
    const weeks = monthWeeks('2026-03');
    // March 1, 2026 is a Sunday; 31 days make five weeks.
    expect(weeks).toHaveLength(5);
    expect(weeks[0]![0]).toEqual({ year: 2026, month: 3, day: 1 });
    expect(weeks[4]!.filter(Boolean)).toHaveLength(3);
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
  });
});

describe('date labels (written without Intl)', () => {
  it('read as Intl writes them, for every day of 2026 and 2028', () => {
    const long = new Intl.DateTimeFormat('en-US', {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const month = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    for (const year of [2026, 2028])
      for (let day = 0; day < 366; day += 1) {
        const d = new Date(Date.UTC(year, 0, 1 + day));
        const local = { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
        expect(longDateLabel(local)).toBe(long.format(d));
        const key = `${local.year}-${String(local.month).padStart(2, '0')}`;
        expect(monthLabel(key)).toBe(month.format(d));
      }
    expect(WEEKDAYS.map((w) => w.short)).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
  });
});
