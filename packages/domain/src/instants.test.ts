import { describe, expect, it } from 'vitest';
import { isInstantInRange, isoInstantSchema } from './instants';

const schema = isoInstantSchema('Please choose a valid appointment time.');

describe('isoInstantSchema (issue 14, finding 4: out-of-range dates answered 500)', () => {
  it.each([
    '2026-06-01T10:00:00Z',
    '2026-06-01T10:00:00.123Z',
    '2026-06-01T10:00:00-06:00',
    '1900-01-01T00:00:00Z',
    '2999-12-31T23:59:59.999Z',
  ])('accepts %s', (v) => {
    expect(schema.safeParse(v)).toEqual({ success: true, data: v });
  });

  it.each([
    '0000-01-01T00:00:00Z',
    '0001-01-01T00:00:00Z',
    '1899-12-31T23:59:59Z',
    '1900-01-01T00:00:00+00:01',
    '3000-01-01T00:00:00Z',
    '9999-12-31T23:59:59Z',
    '+010000-01-01T00:00:00Z',
    '-000001-01-01T00:00:00Z',
    '+275760-09-13T00:00:00Z',
    '2026-02-30T10:00:00Z',
    '2026-06-01T10:00:00',
    '2026-06-01',
    'NaN',
    '',
  ])('refuses %s with the field message', (v) => {
    const result = schema.safeParse(v);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(['Please choose a valid appointment time.']);
  });

  it('bounds milliseconds the same way', () => {
    expect(isInstantInRange(Date.parse('2026-06-01T10:00:00Z'))).toBe(true);
    expect(isInstantInRange(Date.parse('0000-01-01T00:00:00Z'))).toBe(false);
    expect(isInstantInRange(Number.NaN)).toBe(false);
    expect(isInstantInRange(999_999_999_999_999)).toBe(false);
  });
});
