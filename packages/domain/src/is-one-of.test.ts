import { describe, expect, expectTypeOf, it } from 'vitest';
import { CATEGORIES, type Category } from './constants';
import { isOneOf } from './is-one-of';

describe('isOneOf', () => {
  it('answers whether the value is in the list', () => {
    expect(isOneOf(CATEGORIES, 'pest_control')).toBe(true);
    expect(isOneOf(CATEGORIES, 'pest')).toBe(false);
    expect(isOneOf(CATEGORIES, '')).toBe(false);
    expect(isOneOf(CATEGORIES, null)).toBe(false);
    expect(isOneOf(CATEGORIES, undefined)).toBe(false);
    expect(isOneOf([1, 2], 2)).toBe(true);
    expect(isOneOf([1, 2], '2')).toBe(false);
    expect(isOneOf([], 'x')).toBe(false);
  });

  it('narrows a string to the union of the list', () => {
    const check = (raw: string | null) => {
      if (isOneOf(CATEGORIES, raw)) expectTypeOf(raw).toEqualTypeOf<Category>();
      else expectTypeOf(raw).toEqualTypeOf<string | null>();
      return isOneOf(CATEGORIES, raw);
    };
    expect(check('house_cleaning')).toBe(true);
    expect(check(null)).toBe(false);
  });
});
