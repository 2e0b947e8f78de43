import { describe, expect, it } from 'vitest';
import { earningsCalendar, localRangeInstants } from './earnings-calendar';

describe('earningsCalendar', () => {
  it('starts weeks on Monday in St George time, not in UTC', () => {
    // Sunday, November 29th 2026, 11:30pm in St George is already Monday in UTC.
    const c = earningsCalendar(Date.parse('2026-11-30T06:30:00Z'));
    expect(c.today).toBe('2026-11-29');
    expect(c.week).toEqual({ from: '2026-11-23', to: '2026-11-30' });
    expect(c.weeks).toHaveLength(12);
    expect(c.weeks[0]).toBe('2026-09-07');
    expect(c.weeks.at(-1)).toBe('2026-11-23');
    expect(c.month).toEqual({ from: '2026-11-01', to: '2026-12-01' });
    expect(c.year).toEqual({ from: '2026-01-01', to: '2027-01-01' });
    expect(c.months[0]).toBe('2026-01-01');
    expect(c.months[11]).toBe('2026-12-01');
  });

  it('reaches back into last year early in January, and ends the last month in the next year', () => {
    const c = earningsCalendar(Date.parse('2027-01-06T18:00:00Z'));
    expect(c.week).toEqual({ from: '2027-01-04', to: '2027-01-11' });
    expect(c.weeks[0]).toBe('2026-10-19');
    expect(c.month).toEqual({ from: '2027-01-01', to: '2027-02-01' });
    expect(c.months[11]).toBe('2027-12-01');
  });

  it('gives the instants of a range of St George days across a DST change', () => {
    // March 8th 2026: clocks go forward; the day is 23 hours long.
    const { fromMs, toMs } = localRangeInstants('2026-03-08', '2026-03-08');
    expect(new Date(fromMs).toISOString()).toBe('2026-03-08T07:00:00.000Z');
    expect(new Date(toMs).toISOString()).toBe('2026-03-09T06:00:00.000Z');
  });
});
