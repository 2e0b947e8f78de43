import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { basisPoints, centsToDollars, dollarsToCents, formatDollars, formatNumber } from './money';

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

  it.each([0, 7, 999, 1000, 1234.5, -1234567, 0.0005, 2.0004, 1e15, -0.0004, 12345678.9])(
    'formatNumber(%d) reads as toLocaleString does',
    (value) => expect(formatNumber(value)).toBe(value.toLocaleString('en-US')),
  );

  it('formatNumber agrees with toLocaleString on integers and cents', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: -1e12, max: 1e12 }),
          fc.integer({ min: -1e9, max: 1e9 }).map((c) => c / 100),
        ),
        (value) => formatNumber(value) === value.toLocaleString('en-US'),
      ),
      { numRuns: 2000 },
    );
  });
});
