import { expect, it } from 'vitest';
import { clockTarget } from './clock-target';
import { LocalServerError } from './local-server';

const now = new Date('2026-11-27T16:00:00Z');

it('moves the server time by hours, days or minutes, either way', () => {
  expect(clockTarget('+73h', now)?.toISOString()).toBe('2026-11-30T17:00:00.000Z');
  expect(clockTarget('+3d', now)?.toISOString()).toBe('2026-11-30T16:00:00.000Z');
  expect(clockTarget('-30m', now)?.toISOString()).toBe('2026-11-27T15:30:00.000Z');
  expect(clockTarget('+1.5h', now)?.toISOString()).toBe('2026-11-27T17:30:00.000Z');
});

it('sets an ISO time, and reset goes back to the wall clock', () => {
  expect(clockTarget('2026-12-01T09:00:00-07:00', now)?.toISOString()).toBe('2026-12-01T16:00:00.000Z');
  expect(clockTarget('reset', now)).toBeNull();
});

it('refuses anything else in words', () => {
  for (const arg of ['73h', 'tomorrow', '+3w', '2026-13-45T00:00:00Z', ''])
    expect(() => clockTarget(arg, now)).toThrow(LocalServerError);
  expect(() => clockTarget('soon', now)).toThrow(/Not a time: soon\. Use \+73h/);
});
