import { describe, expect, it } from 'vitest';
import { minPriceError } from './min-price';
import { draftsFromInputs, newQuestion, toPayload, validateQuestions, withType } from './question-drafts';
import { FORMULA, PRICING_INPUTS } from './test-fixtures';

const saved = { inputs: PRICING_INPUTS, formula: FORMULA };

describe('question drafts', () => {
  it('round-trips the saved questions into the same payload, ids kept', () => {
    const payload = toPayload(draftsFromInputs(PRICING_INPUTS));
    expect(payload.map((q) => q.id)).toEqual([11, 12, 13, 14]);
    expect(payload[2]!.pricingInputOptions).toEqual([
      { id: 131, name: 'min', value: 500, default: false, optionType: 'min' },
      { id: 132, name: 'max', value: 5000, default: false, optionType: 'max' },
      { id: 133, name: 'step', value: 100, default: false, optionType: 'step' },
      { id: 134, name: 'default', value: 1500, default: false, optionType: 'default' },
      { id: 135, name: 'Heated square feet only', value: 0, default: false, optionType: 'tooltip' },
    ]);
    expect(validateQuestions(draftsFromInputs(PRICING_INPUTS), saved).summary).toEqual([]);
  });

  it('switching a radio to a range and back loses nothing', () => {
    const [bedrooms] = draftsFromInputs(PRICING_INPUTS);
    const back = withType(withType(bedrooms!, 'range'), 'radio');
    expect(toPayload([back])).toEqual(toPayload([bedrooms!]));
  });

  it('a radio needs exactly one default; a select sends none', () => {
    const radio = newQuestion('radio');
    radio.name = 'Pets';
    radio.alias = 'PETS';
    radio.choices = [
      { key: 'a', name: 'No', value: '0', isDefault: false },
      { key: 'b', name: 'Yes', value: '10', isDefault: false },
    ];
    expect(validateQuestions([radio], { inputs: [], formula: 'PETS' }).summary).toEqual([
      'Pets: Mark exactly one choice as the default.',
    ]);
    expect(validateQuestions([radio], { inputs: [], formula: 'PETS' }).fields).toEqual({
      [`${radio.key}.choices`]: 'Mark exactly one choice as the default.',
    });
    const select = withType(
      { ...radio, choices: radio.choices.map((c) => ({ ...c, isDefault: true })) },
      'select',
    );
    expect(validateQuestions([select], { inputs: [], formula: 'PETS' }).summary).toEqual([]);
    expect(toPayload([select])[0]!.pricingInputOptions.every((o) => o.default === false)).toBe(true);
  });

  it('aliases are checked for format, function names (any case) and duplicates', () => {
    const qs = ['A B', 'ROUND', 'X', 'X', ''].map((alias) => ({ ...newQuestion('range'), name: 'Q', alias }));
    const { fields } = validateQuestions(qs, { inputs: [], formula: null });
    expect(qs.map((q) => fields[`${q.key}.alias`])).toEqual([
      'Alias must start with a capital letter and use only capital letters, digits and _ (like BEDROOMS).',
      'ROUND is a formula function and cannot be an alias.',
      'Alias X is used by more than one question.',
      'Alias X is used by more than one question.',
      'Alias is required.',
    ]);
  });

  it('a range needs numbers with min < max, step > 0 and the default inside', () => {
    const q = { ...newQuestion('range'), name: 'Size', alias: 'SIZE' };
    q.range = { ...q.range, min: '5', max: '5', step: '-1', default: 'x' };
    expect(validateQuestions([q], { inputs: [], formula: null }).summary).toEqual([
      'Size: Range default must be a number.',
      'Size: Min must be less than max.',
      'Size: Step must be greater than 0.',
    ]);
    q.range = { ...q.range, max: '10', step: '1', default: '11' };
    expect(validateQuestions([q], { inputs: [], formula: null }).fields).toEqual({
      [`${q.key}.range.default`]: 'Default must be between min and max.',
    });
  });

  it('a question the saved formula uses cannot be removed or renamed', () => {
    const drafts = draftsFromInputs(PRICING_INPUTS);
    expect(validateQuestions(drafts.slice(1), saved).summary).toEqual([
      'The formula uses BEDROOMS: change the formula first.',
    ]);
    drafts[2] = { ...drafts[2]!, alias: 'AREA' };
    expect(validateQuestions(drafts, saved).summary).toEqual([
      'The formula uses SQFT: change the formula first.',
    ]);
  });
});

describe('min price', () => {
  it.each([
    ['35', null],
    ['0', null],
    ['35.5', null],
    ['10000', null],
    ['', 'Min price is required.'],
    ['abc', 'Min price must be a number.'],
    ['-1', 'Min price must be between $0 and $10,000.'],
    ['10000.5', 'Min price must be between $0 and $10,000.'],
    ['35.25', 'Min price must be in steps of 0.50'],
    ['0.1', 'Min price must be in steps of 0.50'],
  ])('%j → %s', (text, message) => {
    expect(minPriceError(text)).toBe(message);
  });
});
