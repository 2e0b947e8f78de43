/**
 * The questions editor's working copy of a vendor's pricing inputs, its client-side checks (the same
 * rules the server applies, docs/api/pricing-and-bookings.md) and the payload of
 * PATCH /api/vendors/{id}/update_pricing_input_options. Pure: no React, no I/O.
 */
import type { InputType } from '@stg/domain/constants';
import { isReservedFormulaName, parseFormula } from '@stg/domain/pricing-formula';
import { ALIAS_PATTERN, PRICING_LIMITS, validatePricingInputs } from '@stg/domain/pricing-inputs';
import type { PricingInputOptionPayload, PricingInputPayload } from '@stg/domain/api/pricing';
import type { PricingInput } from '@stg/domain/api/vendors';

export const RANGE_FIELDS = ['min', 'max', 'step', 'default'] as const;
export type RangeField = (typeof RANGE_FIELDS)[number];

export const INPUT_TYPE_LABELS: Record<InputType, string> = {
  radio: 'Radio buttons',
  select: 'Dropdown',
  range: 'Slider',
};

export const NAME_MAX = PRICING_LIMITS.nameMax;

export interface ChoiceDraft {
  key: string;
  id?: number;
  name: string;
  value: string;
  isDefault: boolean;
}

export interface RangeDraft {
  min: string;
  max: string;
  step: string;
  default: string;
  tooltip: string;
  /** Ids of the existing option rows, kept so the server updates rather than recreates them. */
  ids: Partial<Record<RangeField | 'tooltip', number>>;
}

export interface QuestionDraft {
  key: string;
  id?: number;
  name: string;
  alias: string;
  inputType: InputType;
  recurring: boolean;
  /** The radio/select choices (kept while the type is range, so switching back loses nothing). */
  choices: ChoiceDraft[];
  /** The slider settings (kept while the type is radio/select). */
  range: RangeDraft;
}

let nextKey = 0;
export const newKey = (prefix: string) => `${prefix}-new-${++nextKey}`;

const text = (value: number | string | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

export function emptyChoice(isDefault = false): ChoiceDraft {
  return { key: newKey('c'), name: '', value: '', isDefault };
}

const DEFAULT_RANGE: RangeDraft = { min: '1', max: '10', step: '1', default: '1', tooltip: '', ids: {} };

/** A new question of a type, with one empty option (radio: marked default) or a 1–10 slider. */
export function newQuestion(inputType: InputType): QuestionDraft {
  return {
    key: newKey('q'),
    name: '',
    alias: '',
    inputType,
    recurring: false,
    choices: inputType === 'range' ? [] : [emptyChoice(inputType === 'radio')],
    range: { ...DEFAULT_RANGE, ids: {} },
  };
}

/** The working copy of the saved questions. */
export function draftsFromInputs(inputs: readonly PricingInput[]): QuestionDraft[] {
  return inputs.map((input) => {
    const choices: ChoiceDraft[] = [];
    const range: RangeDraft = { min: '', max: '', step: '', default: '', tooltip: '', ids: {} };
    for (const option of input.pricingInputOptions) {
      const type = option.optionType ?? null;
      if (type === null) {
        choices.push({
          key: `c-${option.id}`,
          id: option.id,
          name: option.name,
          value: text(option.value),
          isDefault: option.default === true,
        });
      } else if (type === 'tooltip') {
        range.tooltip = option.name;
        range.ids.tooltip = option.id;
      } else {
        range[type] = text(option.value);
        range.ids[type] = option.id;
      }
    }
    if (input.inputType === 'range') {
      for (const field of RANGE_FIELDS) if (range[field] === '') range[field] = DEFAULT_RANGE[field];
    } else {
      Object.assign(range, { ...DEFAULT_RANGE, ids: {} });
      if (input.inputType === 'radio' && choices.length > 0 && !choices.some((c) => c.isDefault)) {
        choices[0]!.isDefault = true;
      }
    }
    return {
      key: `q-${input.id}`,
      id: input.id,
      name: input.name,
      alias: input.alias,
      inputType: input.inputType,
      recurring: input.recurring,
      choices,
      range,
    };
  });
}

/** Changes a question's type; a radio gets a default choice, a choice list gets a first row. */
export function withType(question: QuestionDraft, inputType: InputType): QuestionDraft {
  let choices = question.choices;
  if (inputType !== 'range' && choices.length === 0) choices = [emptyChoice()];
  if (inputType === 'radio' && !choices.some((c) => c.isDefault)) {
    choices = choices.map((c, i) => ({ ...c, isDefault: i === 0 }));
  }
  return { ...question, inputType, choices };
}

const toNumber = (value: string): number => (value.trim() === '' ? NaN : Number(value.trim()));

const withId = <T extends object>(id: number | undefined, row: T): T & { id?: number } =>
  id === undefined ? row : { id, ...row };

/** The request payload: the whole set, existing questions and options keeping their ids. */
export function toPayload(drafts: readonly QuestionDraft[]): PricingInputPayload[] {
  return drafts.map((q) => {
    let options: PricingInputOptionPayload[];
    if (q.inputType === 'range') {
      options = RANGE_FIELDS.map((field) =>
        withId(q.range.ids[field], {
          name: field,
          value: toNumber(q.range[field]),
          default: false,
          optionType: field,
        }),
      );
      const tooltip = q.range.tooltip.trim();
      if (tooltip) {
        options.push(
          withId(q.range.ids.tooltip, { name: tooltip, value: 0, default: false, optionType: 'tooltip' }),
        );
      }
    } else {
      options = q.choices.map((c) =>
        withId(c.id, {
          name: c.name.trim(),
          value: toNumber(c.value),
          default: q.inputType === 'radio' && c.isDefault,
          optionType: null,
        }),
      );
    }
    return withId(q.id, {
      name: q.name.trim(),
      alias: q.alias.trim(),
      inputType: q.inputType,
      recurring: q.recurring,
      pricingInputOptions: options,
    });
  });
}

export interface QuestionErrors {
  /** Every problem, worded as the server words it (validatePricingInputs of @stg/domain). */
  summary: string[];
  /** Field messages keyed by fieldKey(), shown by their fields. */
  fields: Record<string, string>;
}

/** The key of one field's message: `q-3.alias`, `q-3.choices`, `q-3.choice.c-9.value`, `q-3.range.min`. */
export const fieldKey = (...parts: string[]) => parts.join('.');

/** The field messages, in the words of the domain rules (packages/domain/src/pricing-inputs.ts). */
export const FIELD_MESSAGES = {
  nameRequired: 'Name is required.',
  nameTooLong: `Name can be at most ${PRICING_LIMITS.nameMax} characters.`,
  aliasRequired: 'Alias is required.',
  aliasFormat:
    'Alias must start with a capital letter and use only capital letters, digits and _ (like BEDROOMS).',
  aliasTooLong: `Alias can be at most ${PRICING_LIMITS.aliasMax} characters.`,
  aliasReserved: (alias: string) => `${alias} is a formula function and cannot be an alias.`,
  aliasTaken: (alias: string) => `Alias ${alias} is used by more than one question.`,
  noChoices: 'Add at least one choice.',
  choiceName: 'This choice needs a name.',
  choiceValue: 'This choice needs a number value.',
  radioDefault: 'Mark exactly one choice as the default.',
  rangeNumber: (field: string) => `Range ${field} must be a number.`,
  rangeOrder: 'Min must be less than max.',
  rangeStep: 'Step must be greater than 0.',
  rangeDefault: 'Default must be between min and max.',
} as const;

const RANGE_LABELS: Record<RangeField, string> = { min: 'Min', max: 'Max', step: 'Step', default: 'Default' };
export const rangeLabel = (field: RangeField) => RANGE_LABELS[field];

/** The per-field messages of the editor (the summary comes from the shared domain rules). */
function fieldErrors(drafts: readonly QuestionDraft[]): Record<string, string> {
  const fields: Record<string, string> = {};
  const add = (key: string, message: string) => {
    if (!(key in fields)) fields[key] = message;
  };
  const aliasCount = new Map<string, number>();
  for (const q of drafts) {
    const alias = q.alias.trim();
    if (alias) aliasCount.set(alias, (aliasCount.get(alias) ?? 0) + 1);
  }
  for (const q of drafts) {
    const name = q.name.trim();
    if (!name) add(fieldKey(q.key, 'name'), FIELD_MESSAGES.nameRequired);
    else if (name.length > PRICING_LIMITS.nameMax) add(fieldKey(q.key, 'name'), FIELD_MESSAGES.nameTooLong);

    const alias = q.alias.trim();
    const aliasKey = fieldKey(q.key, 'alias');
    if (!alias) add(aliasKey, FIELD_MESSAGES.aliasRequired);
    else if (!ALIAS_PATTERN.test(alias)) add(aliasKey, FIELD_MESSAGES.aliasFormat);
    else if (alias.length > PRICING_LIMITS.aliasMax) add(aliasKey, FIELD_MESSAGES.aliasTooLong);
    else if (isReservedFormulaName(alias)) add(aliasKey, FIELD_MESSAGES.aliasReserved(alias));
    else if ((aliasCount.get(alias) ?? 0) > 1) add(aliasKey, FIELD_MESSAGES.aliasTaken(alias));

    if (q.inputType === 'range') {
      const n: Partial<Record<RangeField, number>> = {};
      for (const field of RANGE_FIELDS) {
        const value = toNumber(q.range[field]);
        if (Number.isFinite(value)) n[field] = value;
        else add(fieldKey(q.key, 'range', field), FIELD_MESSAGES.rangeNumber(field));
      }
      const { min, max, step, default: dflt } = n;
      if (min !== undefined && max !== undefined && min >= max) {
        add(fieldKey(q.key, 'range', 'max'), FIELD_MESSAGES.rangeOrder);
      }
      if (step !== undefined && step <= 0) add(fieldKey(q.key, 'range', 'step'), FIELD_MESSAGES.rangeStep);
      if (
        min !== undefined &&
        max !== undefined &&
        dflt !== undefined &&
        min < max &&
        (dflt < min || dflt > max)
      ) {
        add(fieldKey(q.key, 'range', 'default'), FIELD_MESSAGES.rangeDefault);
      }
    } else {
      if (q.choices.length === 0) add(fieldKey(q.key, 'choices'), FIELD_MESSAGES.noChoices);
      for (const c of q.choices) {
        if (!c.name.trim()) add(fieldKey(q.key, 'choice', c.key, 'name'), FIELD_MESSAGES.choiceName);
        if (!Number.isFinite(toNumber(c.value))) {
          add(fieldKey(q.key, 'choice', c.key, 'value'), FIELD_MESSAGES.choiceValue);
        }
      }
      if (
        q.inputType === 'radio' &&
        q.choices.length > 0 &&
        q.choices.filter((c) => c.isDefault).length !== 1
      ) {
        add(fieldKey(q.key, 'choices'), FIELD_MESSAGES.radioDefault);
      }
    }
  }
  return fields;
}

/**
 * The editor's checks, the server's own rules (validatePricingInputs): name required (≤120); alias
 * UPPERCASE /^[A-Z][A-Z0-9_]*$/, unique and not a function name; radio/select at least one choice with
 * a name and a number value, radio exactly one default; range min < max, step > 0, min ≤ default ≤ max;
 * a question whose alias the saved formula uses cannot be removed or renamed.
 */
export function validateQuestions(
  drafts: readonly QuestionDraft[],
  saved: { inputs: readonly PricingInput[]; formula: string | null },
): QuestionErrors {
  const parsed = saved.formula ? parseFormula(saved.formula) : null;
  const summary = validatePricingInputs(toPayload(drafts), {
    formulaVariables: parsed?.ok ? parsed.formula.variables : [],
    currentAliases: saved.inputs.map((input) => input.alias.toUpperCase()),
  });
  return { summary, fields: fieldErrors(drafts) };
}
