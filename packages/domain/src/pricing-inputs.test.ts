import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PROPERTY_TEST_TIMEOUT_MS, propertyOptions } from './test-support/property';
import {
  canonicalAnswer,
  checkBookingAnswers,
  checkSavedAnswers,
  optionsSnapshot,
  validateFormula,
  validateMinPrice,
  validatePricingInputs,
  type PricingInputDraft,
} from './pricing-inputs';

const bedrooms = (): PricingInputDraft => ({
  name: 'Bedrooms',
  alias: 'BEDROOMS',
  inputType: 'select',
  recurring: false,
  pricingInputOptions: [
    { name: '1 bedroom', value: 1 },
    { name: '2 bedrooms', value: 2 },
  ],
});
const condition = (): PricingInputDraft => ({
  name: 'Condition',
  alias: 'CONDITION',
  inputType: 'radio',
  pricingInputOptions: [
    { name: 'Tidy', value: 1, default: true },
    { name: 'Messy', value: 1.5, default: false },
  ],
});
const sqft = (overrides: Record<string, number> = {}): PricingInputDraft => {
  const s = { min: 500, max: 5000, step: 50, default: 1800, ...overrides };
  return {
    name: 'Size',
    alias: 'SQFT',
    inputType: 'range',
    pricingInputOptions: [
      { name: 'min', value: s.min, optionType: 'min' },
      { name: 'max', value: s.max, optionType: 'max' },
      { name: 'step', value: s.step, optionType: 'step' },
      { name: 'default', value: s.default, optionType: 'default' },
      { name: 'Square feet of the home', value: 0, optionType: 'tooltip' },
    ],
  };
};
const none = { formulaVariables: [] as string[] };

/** A saved question: ids on the question and on each option. */
const saved = (input: PricingInputDraft, id: number, over: Partial<PricingInputDraft> = {}) => ({
  ...input,
  ...over,
  id,
  pricingInputOptions: input.pricingInputOptions.map((o, j) => ({ ...o, id: id * 100 + j })),
});

describe('validatePricingInputs', () => {
  it('accepts a good set of all three types, and an empty set', () => {
    expect(validatePricingInputs([bedrooms(), condition(), sqft()], none)).toEqual([]);
    expect(validatePricingInputs([], none)).toEqual([]);
  });

  it('requires a name of at most 120 characters', () => {
    expect(validatePricingInputs([{ ...bedrooms(), name: '  ' }], none)).toEqual([
      'Question 1: Name is required.',
    ]);
    expect(validatePricingInputs([{ ...bedrooms(), name: 'x'.repeat(121) }], none)).toEqual([
      'Question 1: Name can be at most 120 characters.',
    ]);
  });

  it('checks aliases: shape, uniqueness and function names', () => {
    const shape =
      'Bedrooms: Alias must start with a capital letter and use only capital letters, digits and _ (like BEDROOMS).';
    for (const alias of ['bedrooms', '1BED', 'BED-ROOMS', '_BED', 'BED ROOMS'])
      expect(validatePricingInputs([{ ...bedrooms(), alias }], none)).toEqual([shape]);
    expect(validatePricingInputs([{ ...bedrooms(), alias: '' }], none)).toEqual([
      'Bedrooms: Alias is required.',
    ]);
    expect(validatePricingInputs([{ ...bedrooms(), alias: 'MAX' }], none)).toEqual([
      'Bedrooms: MAX is a formula function and cannot be an alias.',
    ]);
    expect(validatePricingInputs([bedrooms(), { ...condition(), alias: 'BEDROOMS' }], none)).toEqual([
      'Alias BEDROOMS is used by more than one question.',
    ]);
    expect(validatePricingInputs([{ ...bedrooms(), alias: 'B_2' }], none)).toEqual([]);
  });

  it('checks the type', () => {
    expect(validatePricingInputs([{ ...bedrooms(), inputType: 'checkbox' }], none)).toEqual([
      'Bedrooms: Type must be radio, select or range.',
    ]);
  });

  it('needs choices with names and number values, and one default on a radio', () => {
    expect(validatePricingInputs([{ ...bedrooms(), pricingInputOptions: [] }], none)).toEqual([
      'Bedrooms: Add at least one choice.',
    ]);
    expect(
      validatePricingInputs(
        [
          {
            ...bedrooms(),
            pricingInputOptions: [
              { name: '', value: 1 },
              { name: 'Two', value: 'two' },
            ],
          },
        ],
        none,
      ),
    ).toEqual(['Bedrooms: Every choice needs a name.', 'Bedrooms: Every choice needs a number value.']);
    const noDefault = condition().pricingInputOptions.map((o) => ({ ...o, default: false }));
    const twoDefaults = condition().pricingInputOptions.map((o) => ({ ...o, default: true }));
    for (const pricingInputOptions of [noDefault, twoDefaults])
      expect(validatePricingInputs([{ ...condition(), pricingInputOptions }], none)).toEqual([
        'Condition: Mark exactly one choice as the default.',
      ]);
    // A select's default flag does not matter; numeric strings are numbers.
    expect(
      validatePricingInputs([{ ...bedrooms(), pricingInputOptions: [{ name: 'One', value: '1.5' }] }], none),
    ).toEqual([]);
    expect(
      validatePricingInputs(
        [{ ...bedrooms(), pricingInputOptions: [{ name: 'One', value: 1, optionType: 'min' }] }],
        none,
      ),
    ).toContain('Bedrooms: Choices cannot have a range setting (min, max, step, default or tooltip).');
  });

  it('needs a range to have min < max, step > 0 and the default inside', () => {
    expect(validatePricingInputs([sqft({ min: 10, max: 10 })], none)).toEqual([
      'Size: Min must be less than max.',
    ]);
    expect(validatePricingInputs([sqft({ step: 0 })], none)).toEqual(['Size: Step must be greater than 0.']);
    expect(validatePricingInputs([sqft({ default: 9000 })], none)).toEqual([
      'Size: Default must be between min and max.',
    ]);
    const noStep = {
      ...sqft(),
      pricingInputOptions: sqft().pricingInputOptions.filter((o) => o.name !== 'step'),
    };
    expect(validatePricingInputs([noStep], none)).toEqual(['Size: Range step is required.']);
    const noTooltip = {
      ...sqft(),
      pricingInputOptions: sqft().pricingInputOptions.filter((o) => o.optionType !== 'tooltip'),
    };
    expect(validatePricingInputs([noTooltip], none)).toEqual([]);
    const stray = {
      ...sqft(),
      pricingInputOptions: [...sqft().pricingInputOptions, { name: 'x', value: 1 }],
    };
    expect(validatePricingInputs([stray], none)).toEqual([
      "Size: A range's settings must be min, max, step, default or tooltip.",
    ]);
    const textMin = {
      ...sqft(),
      pricingInputOptions: sqft().pricingInputOptions.map((o) =>
        o.optionType === 'min' ? { ...o, value: 'abc' } : o,
      ),
    };
    expect(validatePricingInputs([textMin], none)).toEqual(['Size: Range min must be a number.']);
  });

  it('refuses to remove or rename a question the formula uses', () => {
    const ctx = { formulaVariables: ['BEDROOMS', 'SQFT'], currentAliases: ['BEDROOMS', 'SQFT'] };
    expect(validatePricingInputs([bedrooms()], ctx)).toEqual([
      'The formula uses SQFT: change the formula first.',
    ]);
    expect(validatePricingInputs([{ ...bedrooms(), alias: 'ROOMS' }, sqft()], ctx)).toEqual([
      'The formula uses BEDROOMS: change the formula first.',
    ]);
    expect(validatePricingInputs([bedrooms(), sqft()], ctx)).toEqual([]);
    // The default formula "x" names no question: adding questions is fine.
    expect(validatePricingInputs([bedrooms()], { formulaVariables: ['X'], currentAliases: [] })).toEqual([]);
    expect(validatePricingInputs([bedrooms()], { formulaVariables: ['X'] })).toEqual([
      'The formula uses X: change the formula first.',
    ]);
  });

  it('limits the number of questions', () => {
    const many = Array.from({ length: 31 }, (_, i) => ({ ...bedrooms(), alias: `Q${i}` }));
    expect(validatePricingInputs(many, none)).toEqual(['A service can have at most 30 questions.']);
  });

  it('never throws on junk', { timeout: PROPERTY_TEST_TIMEOUT_MS }, () => {
    fc.assert(
      fc.property(fc.array(fc.anything(), { maxLength: 5 }), (junk) => {
        expect(Array.isArray(validatePricingInputs(junk as PricingInputDraft[], none))).toBe(true);
      }),
      propertyOptions({ numRuns: 100 }),
    );
  });
});

describe('validateFormula', () => {
  const inputs = [saved(bedrooms(), 1), saved(condition(), 2), saved(sqft(), 3)];
  it('gives the engine message for a typo', () => {
    expect(validateFormula('40 + * BEDROOMS', inputs)).toEqual(['Unexpected "*" at position 5']);
  });
  it('names unknown variables with their position', () => {
    expect(validateFormula('40 + BEDROOM * 2', inputs)).toEqual(['Unknown variable "BEDROOM" at position 5']);
    expect(validateFormula('max(1, sqft) + bedroomz', inputs)).toEqual([
      'Unknown variable "BEDROOMZ" at position 15',
    ]);
  });
  it('accepts a formula using the aliases in any case', () => {
    expect(validateFormula('40 + bedrooms * 15 + SQFT * 0.03 * Condition', inputs)).toEqual([]);
    expect(validateFormula('120', [])).toEqual([]);
  });
  it('refuses a formula without a price for the default answers', () => {
    expect(validateFormula('100 / (CONDITION - 1)', inputs)).toHaveLength(1);
    expect(validateFormula('0 - SQFT', inputs)).toEqual(['Formula gives a negative price for these answers']);
  });
});

describe('validateMinPrice', () => {
  it('allows 0 to 10,000 in steps of 0.50', () => {
    for (const ok of [0, 0.5, 35, 35.5, 10_000]) expect(validateMinPrice(ok)).toEqual([]);
    for (const bad of [35.25, 0.1, 35.01])
      expect(validateMinPrice(bad)).toEqual(['Min price must be in steps of 0.50']);
    expect(validateMinPrice(-0.5)).toEqual(['Min price must be between $0 and $10,000.']);
    expect(validateMinPrice(10_000.5)).toEqual(['Min price must be between $0 and $10,000.']);
    expect(validateMinPrice(Number.NaN)).toEqual(['Min price must be a number.']);
  });
});

describe('answers', () => {
  const inputs = [
    saved(bedrooms(), 1),
    saved(condition(), 2),
    saved(sqft(), 3),
    saved(condition(), 4, { alias: 'RENEW', name: 'Renew', recurring: true }),
  ];

  it('canonicalises answers: option value for choices, snapped number for ranges', () => {
    expect(canonicalAnswer(inputs[0]!, '2')).toEqual({ ok: true, valueString: '2', value: 2 });
    expect(canonicalAnswer(inputs[0]!, '2.0')).toEqual({ ok: true, valueString: '2', value: 2 });
    expect(canonicalAnswer(inputs[0]!, '3')).toEqual({ ok: false, problem: 'notAChoice' });
    expect(canonicalAnswer(inputs[2]!, '1820')).toEqual({ ok: true, valueString: '1800', value: 1800 });
    expect(canonicalAnswer(inputs[2]!, '9000')).toEqual({ ok: false, problem: 'outOfRange' });
    expect(canonicalAnswer(inputs[2]!, 'big')).toEqual({ ok: false, problem: 'notANumber' });
    expect(canonicalAnswer(inputs[3]!, '1')).toEqual({ ok: false, problem: 'recurring' });
  });

  it('needs every non-recurring question answered for a booking', () => {
    expect(checkBookingAnswers(inputs, { '1': '2', '2': '1.5', '3': '2000', '99': '7' })).toEqual({
      answers: { '1': '2', '2': '1.5', '3': '2000' },
      errors: [],
    });
    expect(checkBookingAnswers(inputs, { '1': '2', '2': '1.5' }).errors).toEqual([
      'Please answer every question.',
    ]);
    expect(checkBookingAnswers(inputs, { '1': '2', '2': '7', '3': '' }).errors).toEqual([
      'That answer is not one of the choices.',
      'Please answer every question.',
    ]);
  });

  it('checks saved answers against the questions they name', () => {
    const byId = new Map(inputs.map((i) => [String(i.id), i]));
    expect(checkSavedAnswers(byId, { '1': '1', '3': '600' })).toEqual({
      answers: { '1': '1', '3': '600' },
      errors: [],
    });
    expect(checkSavedAnswers(byId, { '42': '1' }).errors).toEqual(['That question does not exist.']);
    expect(checkSavedAnswers(byId, { '3': '1' }).errors).toEqual([
      'That answer is outside the allowed range.',
    ]);
  });

  it('snapshots the chosen labels', () => {
    expect(optionsSnapshot(inputs, { '1': '2', '2': '1.5', '3': '2000' })).toEqual({
      Bedrooms: '2 bedrooms',
      Condition: 'Messy',
      Size: '2000',
    });
  });
});
