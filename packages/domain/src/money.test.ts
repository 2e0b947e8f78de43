import { describe, expect, it } from 'vitest';
import { basisPoints, centsToDollars, dollarsToCents, formatDollars } from './money';

describe('money', () => {
  it.each([
    [1.005, 101],
    [2.675, 268],
    [35, 3500],
    [0.1 + 0.2, 30],
    [-1.005, -100],
  ])('dollarsToCents(%d) = %d', (dollars, cents) => expect(dollarsToCents(dollars)).toBe(cents));

  it('refuses non-finite amounts', () => {
    expect(() => dollarsToCents(Number.NaN)).toThrow(RangeError);
  });

  it('formats and converts back', () => {
    expect(formatDollars(123456)).toBe('$1,234.56');
    expect(formatDollars(-5)).toBe('-$0.05');
    expect(centsToDollars(255)).toBe(2.55);
    expect(basisPoints(10_000, 1000)).toBe(1000);
    expect(basisPoints(5, 10_000)).toBe(5);
  });
});
