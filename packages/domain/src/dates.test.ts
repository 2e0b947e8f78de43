import { describe, expect, it } from 'vitest';
import { formatAppointment, formatCalendarDate, formatDurationShort } from './dates';

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
  it('uses the Denver date', () => {
    expect(formatCalendarDate('2025-01-01T03:00:00Z')).toBe('Dec 31, 2024');
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
