import { expect, it } from 'vitest';
import { SettableClock } from './clock';

it('reads the wall clock until set, then runs on from the time set, and goes back with null', () => {
  let wall = Date.parse('2026-11-28T19:00:00Z');
  const clock = new SettableClock(() => wall);
  expect(clock.now().toISOString()).toBe('2026-11-28T19:00:00.000Z');
  expect(clock.offset).toBe(0);

  clock.set(new Date('2026-11-25T17:00:00Z'));
  expect(clock.now().toISOString()).toBe('2026-11-25T17:00:00.000Z');
  wall += 90_000;
  expect(clock.now().toISOString()).toBe('2026-11-25T17:01:30.000Z');
  expect(clock.offset).toBe(-3 * 86_400_000 - 2 * 3_600_000);

  clock.set(null);
  expect(clock.now().toISOString()).toBe('2026-11-28T19:01:30.000Z');
  expect(clock.offset).toBe(0);
});
