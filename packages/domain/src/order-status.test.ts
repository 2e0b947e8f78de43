import { describe, expect, it } from 'vitest';
import { statusLabel, statusTone } from './order-status';

describe('status badges', () => {
  it.each([
    ['collected', 'blue'],
    ['unfulfilled', 'blue'],
    ['processed', 'green'],
    ['fulfilled', 'green'],
    ['refunded', 'red'],
    ['cancelled', 'red'],
    ['partially_refunded', 'yellow'],
    ['rescheduled', 'yellow'],
    ['pending', 'grey'],
    ['disputed', 'grey'],
  ])('%s is %s', (status, tone) => {
    expect(statusTone(status)).toBe(tone);
  });

  it('labels statuses in words', () => {
    expect(statusLabel('partially_refunded')).toBe('Partially refunded');
    expect(statusLabel('collected')).toBe('Collected');
  });
});
