import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PROPERTY_TEST_TIMEOUT_MS, propertyOptions } from './test-support/property';
import { parseFormula } from './pricing-formula';
import {
  MAX_PRICE_CENTS,
  answersFromSelections,
  defaultSelections,
  durationMinutes,
  formatDurationHours,
  formatDurationShort,
  formulaCoversInputs,
  initialSelections,
  missingRequiredInputs,
  priceOrUnchanged,
  quotePrice,
  rangeSettings,
  selectionValue,
  snapToRange,
  unknownFormulaVariables,
  type PricingInputLike,
} from './pricing';

// Inputs shaped like GET /api/vendors/{id} answers them (ids as numbers, option values as numbers).
const BEDROOMS: PricingInputLike = {
  id: 11,
  alias: 'BEDROOMS',
  inputType: 'select',
  recurring: false,
  pricingInputOptions: [
    { id: 101, name: '1 bedroom', value: 1, default: false },
    { id: 102, name: '2 bedrooms', value: 2, default: false },
    { id: 103, name: '3 bedrooms', value: 3, default: false },
  ],
};
const CONDITION: PricingInputLike = {
  id: 12,
  alias: 'CONDITION',
  inputType: 'radio',
  recurring: false,
  pricingInputOptions: [
    { id: 201, name: 'Tidy', value: 1, default: true, optionType: null },
    { id: 202, name: 'Needs extra attention', value: 1.3, default: false, optionType: null },
    { id: 203, name: 'Move-out', value: '1.7', default: false, optionType: null },
  ],
};
const SQFT: PricingInputLike = {
  id: 13,
  alias: 'SQFT',
  inputType: 'range',
  recurring: false,
  pricingInputOptions: [
    { id: 301, name: 'min', value: 600, default: false, optionType: 'min' },
    { id: 302, name: 'max', value: 5000, default: false, optionType: 'max' },
    { id: 303, name: 'step', value: 50, default: false, optionType: 'step' },
    { id: 304, name: 'default', value: 1800, default: false, optionType: 'default' },
    { id: 305, name: 'Finished square footage.', value: 0, default: false, optionType: 'tooltip' },
  ],
};
const RENEW: PricingInputLike = {
  id: 14,
  alias: 'RENEW',
  inputType: 'radio',
  recurring: true,
  pricingInputOptions: [
    { id: 401, name: 'Auto-renew (5% off)', value: 0.95, default: false },
    { id: 402, name: 'No auto-renew', value: 1, default: true },
  ],
};
const INPUTS = [BEDROOMS, CONDITION, SQFT, RENEW];
const FORMULA = '(40 + BEDROOMS * 15 + SQFT * 0.05 * CONDITION) * RENEW';

describe('quotePrice', () => {
  it.each([
    ['40 + X * 10', 3500, { X: 2 }, 6000],
    ['40 + X * 10', 3500, {}, 5000],
    ['40 + X * 10', 3500, { X: -0.5 }, 3500], // 35 dollars: below the minimum
    ['x', 3500, {}, 3500], // the default formula: X missing counts as 1 → $1, so the minimum
    ['x', 0, {}, 100],
    ['x', 3500, { X: 99.99 }, 9999],
    ['12.345', 0, {}, 1235], // half up
    ['12.344', 0, {}, 1234],
    ['1.005', 0, {}, 101], // 1.005 * 100 is 100.49999999999999 in binary; still half up
    ['0.125 * 8 + 0.005', 0, {}, 101],
    ['0', 3500, {}, 3500],
    ['0', 0, {}, 0],
    [
      'round(PACKAGE * VEHICLE) + max(0, SOIL - 2) * 10',
      5000,
      { PACKAGE: 189, VEHICLE: 1.15, SOIL: 4 },
      23700,
    ],
  ])('%s, min %s, %j → %s cents', (formula, minPriceCents, answers, cents) => {
    expect(quotePrice({ formula, minPriceCents, answers })).toEqual({ priceCents: cents, formulaOk: true });
  });

  it('prices a realistic formula from selections', () => {
    const answers = answersFromSelections(INPUTS, { 11: '3', 12: '1.3', 13: '2000', 14: '0.95' });
    expect(answers).toEqual({ BEDROOMS: 3, CONDITION: 1.3, SQFT: 2000 });
    // (40 + 45 + 130) * 1 (RENEW is recurring: missing, so 1)
    expect(quotePrice({ formula: FORMULA, minPriceCents: 3500, answers })).toEqual({
      priceCents: 21500,
      formulaOk: true,
    });
  });

  it('accepts a compiled formula', () => {
    const r = parseFormula('A * 2');
    if (!r.ok) throw new Error('parse');
    expect(quotePrice({ formula: r.formula, minPriceCents: 0, answers: { A: 21 } }).priceCents).toBe(4200);
  });

  it.each([
    ['40 + * 2', 'Unexpected "*" at position 5', 5],
    ['', 'Formula is empty', 0],
    ['sqrt(X)', 'Unknown function "sqrt" at position 0', 0],
    ['10 / (X - 1)', 'Formula gives no number for these answers (division by zero?)', 0],
    ['0 / 0', 'Formula gives no number for these answers (division by zero?)', 0],
    ['X - 100', 'Formula gives a negative price for these answers', 0],
    ['99999999 * 99999999', 'Formula gives a price that is too large for these answers', 0],
  ])('%j fails to evaluate: the minimum price, formulaOk false', (formula, message, position) => {
    expect(quotePrice({ formula, minPriceCents: 3500, answers: {} })).toEqual({
      priceCents: 3500,
      formulaOk: false,
      error: { message, position },
    });
  });

  it('the largest price is MAX_PRICE_CENTS', () => {
    const ok = quotePrice({ formula: String(MAX_PRICE_CENTS / 100), minPriceCents: 0, answers: {} });
    expect(ok).toEqual({ priceCents: MAX_PRICE_CENTS, formulaOk: true });
  });

  it('a broken minimum price counts as 0, a fractional one rounds up', () => {
    expect(quotePrice({ formula: '0', minPriceCents: NaN, answers: {} }).priceCents).toBe(0);
    expect(quotePrice({ formula: '0', minPriceCents: -5, answers: {} }).priceCents).toBe(0);
    expect(quotePrice({ formula: '0', minPriceCents: 10.2, answers: {} }).priceCents).toBe(11);
  });
});

describe('priceOrUnchanged', () => {
  it('keeps the previous price when the formula fails', () => {
    expect(priceOrUnchanged(4200, { formula: '1 / 0', minPriceCents: 3500, answers: {} })).toBe(4200);
    expect(priceOrUnchanged(undefined, { formula: '1 / 0', minPriceCents: 3500, answers: {} })).toBe(3500);
    expect(priceOrUnchanged(4200, { formula: 'X * 50', minPriceCents: 3500, answers: { X: 2 } })).toBe(10000);
  });
});

describe('durations', () => {
  it.each([
    [3500, 3500, 60],
    [5250, 3500, 90],
    [21500, 3500, 369], // 368.57
    [3500, 7000, 30],
    [100, 3500, 2], // 1.71
    [0, 3500, 0],
    [2975, 3500, 51], // exactly 51
    [1, 120, 1], // exactly 0.5 → half up
    [3500, 0, 60], // no rate: the default 35 $/h
    [3500, -10, 60],
    [3500, NaN, 60],
    [-100, 3500, 0],
    [Infinity, 3500, 0],
  ])('durationMinutes(%s cents, %s cents/h) = %s', (price, rate, minutes) => {
    expect(durationMinutes(price, rate)).toBe(minutes);
  });

  it('uses the default rate when none is given', () => {
    expect(durationMinutes(7000)).toBe(120);
  });

  it.each([
    [150, '2.5 hrs'],
    [60, '1.0 hr'],
    [63, '1.1 hrs'], // 1.05 → half up
    [57, '1.0 hr'], // 0.95 → half up
    [0, '0.0 hrs'],
    [2, '0.0 hrs'],
    [3, '0.1 hrs'],
    [20, '0.3 hrs'],
    [30, '0.5 hrs'],
    [90, '1.5 hrs'],
    [120, '2.0 hrs'],
    [369, '6.2 hrs'],
    [600, '10.0 hrs'],
    [-5, '0.0 hrs'],
    [NaN, '0.0 hrs'],
  ])('formatDurationHours(%s) = %s', (minutes, text) => {
    expect(formatDurationHours(minutes)).toBe(text);
  });

  it.each([
    [150, '2h 30m'],
    [120, '2hrs'],
    [60, '1hr'],
    [45, '45mins'],
    [65, '1h 5m'],
    [62, '1hr'], // nearest 5
    [63, '1h 5m'],
    [148, '2h 30m'],
    [147, '2h 25m'],
    [57, '55mins'],
    [58, '1hr'],
    [5, '5mins'],
    [3, '5mins'],
    [2, '5mins'], // a positive duration never shows as nothing
    [0, '0mins'],
    [-10, '0mins'],
    [600, '10hrs'],
    [369, '6h 10m'],
  ])('formatDurationShort(%s) = %s', (minutes, text) => {
    expect(formatDurationShort(minutes)).toBe(text);
  });
});

describe('selections', () => {
  it('reads a choice by option value (canonical) or option id', () => {
    expect(selectionValue(CONDITION, '1.3')).toBe(1.3);
    expect(selectionValue(CONDITION, '1.30')).toBe(1.3);
    expect(selectionValue(CONDITION, 1.7)).toBe(1.7); // option value given as a string
    expect(selectionValue(CONDITION, '202')).toBe(1.3); // an option id, when no value matches
    expect(selectionValue(CONDITION, { valueString: '1' })).toBe(1);
    expect(selectionValue(BEDROOMS, '2')).toBe(2);
    expect(selectionValue(BEDROOMS, '103')).toBe(3);
  });

  it.each(['', '  ', '4', '2.5', 'abc', 'Infinity', '0x1', '1e400', null, undefined])(
    'ignores a choice that matches no option: %j',
    (raw) => {
      expect(selectionValue(BEDROOMS, raw)).toBeUndefined();
    },
  );

  it('clamps a range answer to min and max and snaps it to the step', () => {
    expect(selectionValue(SQFT, '2000')).toBe(2000);
    expect(selectionValue(SQFT, '2024')).toBe(2000);
    expect(selectionValue(SQFT, '2025')).toBe(2050);
    expect(selectionValue(SQFT, '100')).toBe(600);
    expect(selectionValue(SQFT, '99999')).toBe(5000);
    expect(selectionValue(SQFT, '-3')).toBe(600);
    expect(selectionValue(SQFT, 'abc')).toBeUndefined();
    expect(selectionValue(SQFT, '')).toBeUndefined();
  });

  it('snaps decimal steps without binary noise, and never past max', () => {
    expect(snapToRange({ min: 0, max: 1, step: 0.1 }, 0.3)).toBe(0.3);
    expect(snapToRange({ min: 0, max: 1, step: 0.01 }, 0.07)).toBe(0.07);
    expect(snapToRange({ min: 0.1, max: 0.95, step: 0.2 }, 0.95)).toBe(0.9);
    expect(snapToRange({ min: 0, max: 10, step: 3 }, 10)).toBe(9);
    expect(snapToRange({ min: 0, max: 10, step: 3 }, NaN)).toBe(0);
  });

  it('rangeSettings reads min, max, step, default and tooltip', () => {
    expect(rangeSettings(SQFT)).toEqual({
      min: 600,
      max: 5000,
      step: 50,
      defaultValue: 1800,
      tooltip: 'Finished square footage.',
    });
    expect(rangeSettings({ id: 1, alias: 'A', inputType: 'range', pricingInputOptions: [] })).toEqual({
      min: 0,
      max: 0,
      step: 1,
      defaultValue: 0,
    });
    const odd = rangeSettings({
      id: 1,
      alias: 'A',
      inputType: 'range',
      pricingInputOptions: [
        { id: 1, value: 10, optionType: 'min' },
        { id: 2, value: 5, optionType: 'max' },
        { id: 3, value: 0, optionType: 'step' },
        { id: 4, value: 99, optionType: 'default' },
      ],
    });
    expect(odd).toEqual({ min: 10, max: 10, step: 1, defaultValue: 10 });
  });

  it('answersFromSelections: UPPERCASE aliases, recurring and unmatched answers left out', () => {
    const lower: PricingInputLike = { ...BEDROOMS, id: 15, alias: 'rooms' };
    expect(
      answersFromSelections([...INPUTS, lower], {
        11: 'seven',
        12: { valueString: '203' },
        13: 1234,
        14: '0.95',
        15: '2',
        99: '5',
      }),
    ).toEqual({ CONDITION: 1.7, SQFT: 1250, ROOMS: 2 });
    expect(answersFromSelections(INPUTS, null)).toEqual({});
    expect(answersFromSelections(INPUTS, { constructor: '3', toString: '1' })).toEqual({});
  });

  it('defaultSelections: the radio default, the range default, no select, no recurring', () => {
    expect(defaultSelections(INPUTS)).toEqual({ 12: '1', 13: '1800' });
  });

  it('initialSelections: the defaults overlaid with saved answers that still fit', () => {
    expect(
      initialSelections(INPUTS, {
        11: { valueString: '2' },
        12: { valueString: '9' },
        13: { valueString: '2010' },
        14: { valueString: '0.95' },
      }),
    ).toEqual({ 11: '2', 12: '1', 13: '2000' });
    expect(initialSelections(INPUTS)).toEqual(defaultSelections(INPUTS));
  });

  it('missingRequiredInputs: non-recurring inputs without a usable answer', () => {
    expect(missingRequiredInputs(INPUTS, defaultSelections(INPUTS))).toEqual([BEDROOMS]);
    expect(missingRequiredInputs(INPUTS, { 11: '2', 12: '1', 13: '600' })).toEqual([]);
    expect(missingRequiredInputs(INPUTS, { 11: '7', 12: '1', 13: '' })).toEqual([BEDROOMS, SQFT]);
    expect(missingRequiredInputs(INPUTS, {})).toEqual([BEDROOMS, CONDITION, SQFT]);
  });

  it('formulaCoversInputs lists the non-recurring aliases the formula does not use', () => {
    expect(formulaCoversInputs(FORMULA, INPUTS)).toEqual([]);
    expect(formulaCoversInputs('40 + bedrooms * 15', INPUTS)).toEqual(['CONDITION', 'SQFT']);
    expect(formulaCoversInputs('x', [])).toEqual([]);
    expect(formulaCoversInputs('40 +', INPUTS)).toEqual(['BEDROOMS', 'CONDITION', 'SQFT']);
  });

  it('unknownFormulaVariables lists the variables that are no alias', () => {
    expect(unknownFormulaVariables(FORMULA, INPUTS)).toEqual([]);
    expect(unknownFormulaVariables('BEDROMS * 15 + SQFT + x', INPUTS)).toEqual(['BEDROMS', 'X']);
    expect(unknownFormulaVariables('40 +', INPUTS)).toEqual([]);
  });
});

// ---- Properties ----------------------------------------------------------------------------------

const formulaText = fc.oneof(
  fc
    .array(
      fc.oneof(
        fc.constantFrom('+', '-', '*', '/', '(', ')', ',', ' '),
        fc.constantFrom('min(', 'max(', 'round(', 'ceil(', 'floor(', 'X', 'Y', 'SQFT'),
        fc.nat({ max: 10_000 }).map(String),
        fc.constantFrom('0.5', '.01', '0', '99999999'),
      ),
      { maxLength: 30 },
    )
    .map((parts) => parts.join('')),
  fc.string(),
  fc.constantFrom('x', '40 + X * 10', '1 / 0', '0 - X', 'min(X, Y) * SQFT', '1.005'),
);
const answers = fc.dictionary(
  fc.constantFrom('X', 'Y', 'SQFT', 'Z'),
  fc.oneof(fc.double(), fc.integer({ min: -1000, max: 100_000 })),
);
const minPrice = fc.oneof(fc.nat({ max: 100_000 }), fc.constant(3500));

describe('pricing properties', () => {
  it('a price is an integer never below the minimum price', { timeout: PROPERTY_TEST_TIMEOUT_MS }, () => {
    fc.assert(
      fc.property(formulaText, minPrice, answers, (formula, minPriceCents, a) => {
        const q = quotePrice({ formula, minPriceCents, answers: a });
        expect(Number.isInteger(q.priceCents)).toBe(true);
        expect(q.priceCents).toBeGreaterThanOrEqual(minPriceCents);
        expect(q.priceCents).toBeLessThanOrEqual(Math.max(minPriceCents, MAX_PRICE_CENTS));
        if (!q.formulaOk) {
          expect(q.priceCents).toBe(minPriceCents);
          expect(q.error?.message).toBeTruthy();
        }
      }),
      propertyOptions({ numRuns: 3000 }),
    );
  });

  it(
    'a price follows the formula in whole cents when it is above the minimum',
    { timeout: PROPERTY_TEST_TIMEOUT_MS },
    () => {
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 10_000_000 }), minPrice, (cents, minPriceCents) => {
          const formula = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
          const q = quotePrice({ formula, minPriceCents, answers: {} });
          expect(q).toEqual({ priceCents: Math.max(cents, minPriceCents), formulaOk: true });
          // Half a cent more rounds up, whatever binary makes of the decimal.
          const half = quotePrice({ formula: `${formula}5`, minPriceCents: 0, answers: {} });
          expect(half.priceCents).toBe(cents + 1);
          const less = quotePrice({ formula: `${formula}4999`, minPriceCents: 0, answers: {} });
          expect(less.priceCents).toBe(cents);
        }),
        propertyOptions({ numRuns: 2000 }),
      );
    },
  );

  it('a duration is a non-negative integer', { timeout: PROPERTY_TEST_TIMEOUT_MS }, () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: -1000, max: MAX_PRICE_CENTS }), fc.double()),
        fc.oneof(fc.integer({ min: -10, max: 100_000 }), fc.double()),
        (price, rate) => {
          const m = durationMinutes(price, rate);
          expect(Number.isInteger(m)).toBe(true);
          expect(m).toBeGreaterThanOrEqual(0);
        },
      ),
      propertyOptions({ numRuns: 100 }),
    );
  });

  it('duration texts keep their forms', { timeout: PROPERTY_TEST_TIMEOUT_MS }, () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (m) => {
        expect(formatDurationHours(m)).toMatch(/^\d+\.\d hrs?$/);
        expect(formatDurationShort(m)).toMatch(/^(\d+mins|[1-9]\d*hrs?|[1-9]\d*h [1-5]?[05]m)$/);
      }),
      propertyOptions({ numRuns: 100 }),
    );
  });

  it('answers only ever hold values an input offers', { timeout: PROPERTY_TEST_TIMEOUT_MS }, () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.constantFrom('11', '12', '13', '14', '99'),
          fc.oneof(fc.string(), fc.double().map(String), fc.integer({ min: 0, max: 6000 }).map(String)),
        ),
        (selections) => {
          const a = answersFromSelections(INPUTS, selections);
          expect(Object.keys(a).every((k) => ['BEDROOMS', 'CONDITION', 'SQFT'].includes(k))).toBe(true);
          if (a.BEDROOMS !== undefined) expect([1, 2, 3]).toContain(a.BEDROOMS);
          if (a.CONDITION !== undefined) expect([1, 1.3, 1.7]).toContain(a.CONDITION);
          if (a.SQFT !== undefined) {
            expect(a.SQFT).toBeGreaterThanOrEqual(600);
            expect(a.SQFT).toBeLessThanOrEqual(5000);
            expect(a.SQFT % 50).toBe(0);
          }
          expect(missingRequiredInputs(INPUTS, selections).length).toBe(3 - Object.keys(a).length);
        },
      ),
      propertyOptions({ numRuns: 100 }),
    );
  });
});
