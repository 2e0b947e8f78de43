import { describe, expect, it } from 'vitest';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import {
  periodLabel,
  periodName,
  clockText,
  formatAppointment,
  formatAppointmentWindow,
  formatCalendarDate,
  formatClock,
  formatDurationShort,
  formatLocalAppointment,
  hourText,
  ordinal,
} from './dates';

describe('formatAppointment', () => {
  it.each([
    ['2025-11-24T16:00:00Z', 'Nov 24th, 9:00am'], // MST, UTC-7
    ['2025-07-01T21:30:00Z', 'Jul 1st, 3:30pm'], // MDT, UTC-6
    ['2025-11-25T05:15:00Z', 'Nov 24th, 10:15pm'], // the Denver date, not the UTC one
    ['2025-03-09T09:00:00Z', 'Mar 9th, 3:00am'], // the morning clocks spring forward
    ['2025-11-02T07:30:00Z', 'Nov 2nd, 1:30am'], // the first 1:30 of the day clocks fall back
    ['2025-11-02T08:30:00Z', 'Nov 2nd, 1:30am'], // and the second
  ])('%s → %s', (iso, expected) => {
    expect(formatAppointment(iso)).toBe(expected);
  });

  it('returns empty text for an unreadable date', () => {
    expect(formatAppointment('not a date')).toBe('');
  });
});

describe('formatCalendarDate', () => {
  it('uses the Denver date, in the spec style with the year', () => {
    expect(formatCalendarDate('2025-01-01T03:00:00Z')).toBe('Dec 31st, 2024');
    expect(formatCalendarDate('2026-11-01T12:00:00Z')).toBe('Nov 1st, 2026');
  });
});

describe('formatClock', () => {
  it.each([
    ['2026-11-23T00:32:00Z', '5:32pm'], // the Denver time, not the UTC one
    ['2026-07-01T06:05:00Z', '12:05am'],
    ['2026-07-01T18:00:30Z', '12:00pm'], // seconds dropped
  ])('%s → %s', (iso, expected) => {
    expect(formatClock(iso)).toBe(expected);
  });

  it('returns empty text for an unreadable date', () => {
    expect(formatClock('nope')).toBe('');
  });
});

describe('formatLocalAppointment', () => {
  it('writes a picked St George start as formatAppointment writes its instant', () => {
    expect(formatLocalAppointment({ year: 2026, month: 12, day: 15 }, 13, 0)).toBe('Dec 15th, 1:00pm');
    expect(formatAppointment('2026-12-15T20:00:00Z')).toBe('Dec 15th, 1:00pm');
  });
});

describe('formatAppointmentWindow', () => {
  it('gives the end time, and the end day when the job runs past midnight', () => {
    expect(formatAppointmentWindow('2026-11-30T16:00:00Z', 150)).toBe('Nov 30th, 9:00am – 11:30am');
    expect(formatAppointmentWindow(new Date('2026-07-01T15:00:00Z'), 90)).toBe('Jul 1st, 9:00am – 10:30am');
    expect(formatAppointmentWindow('2026-12-01T06:00:00Z', 120)).toBe('Nov 30th, 11:00pm – Dec 1st, 1:00am');
  });
});

describe('ordinal and clockText', () => {
  it.each([
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [21, '21st'],
    [22, '22nd'],
    [23, '23rd'],
    [31, '31st'],
  ])('%i → %s', (n, expected) => {
    expect(ordinal(n)).toBe(expected);
  });

  it('names an hour alone the same way', () => {
    expect([0, 9, 12, 13].map(hourText)).toEqual(['12am', '9am', '12pm', '1pm']);
  });

  it('is a 12-hour clock with am and pm', () => {
    expect([clockText(0, 0), clockText(11, 59), clockText(12, 0), clockText(23, 5)]).toEqual([
      '12:00am',
      '11:59am',
      '12:00pm',
      '11:05pm',
    ]);
  });
});

describe('formatDurationShort', () => {
  it.each([
    [150, '2h 30m'],
    [120, '2hrs'],
    [60, '1hr'],
    [45, '45mins'],
    [43, '45mins'],
    [2, '5mins'],
    [0, '0mins'],
    [92, '1h 30m'],
  ])('%i minutes → %s', (minutes, expected) => {
    expect(formatDurationShort(minutes)).toBe(expected);
  });
});

describe('the formats against date-fns in America/Denver', () => {
  it("say what date-fns's 'MMM do, h:mmaaa' and 'MMM do, yyyy' say, across two years and their DST days", () => {
    const from = Date.parse('2025-01-01T00:00:00Z');
    for (let ms = from; ms < from + 2 * 366 * 86_400_000; ms += 97 * 60_000 + 13_000) {
      const zoned = new TZDate(ms, 'America/Denver');
      expect(formatAppointment(ms)).toBe(format(zoned, 'MMM do, h:mmaaa'));
      expect(formatCalendarDate(ms)).toBe(format(zoned, 'MMM do, yyyy'));
    }
  });
});

describe('reporting periods (earnings, the operator console)', () => {
  it('labels a week by its Monday and a month by its name, short on an axis and in full in a table', () => {
    expect(periodLabel('week', '2026-11-23')).toBe('Nov 23');
    expect(periodLabel('month', '2026-11-01')).toBe('Nov');
    expect(periodName('week', '2026-12-28')).toBe('Week of Dec 28, 2026');
    expect(periodName('month', '2027-01-01')).toBe('January 2027');
  });
});
