/**
 * The rules of a vendor's pricing questions, formula and minimum price (spec §3 Pricing input,
 * §5 Calculator, §9), and of a customer's answers to the questions. Pure: the server enforces these
 * and the web editor shows the same messages before saving.
 *
 * A question (pricing input) is radio, select or range:
 * - radio and select: one or more choices, each with a name and a number value; a radio has exactly
 *   one choice marked default (a select starts at "Select One", so its default flag is ignored);
 * - range: one each of the settings min, max, step and default (numbers, min < max, step > 0,
 *   min ≤ default ≤ max), and optionally a tooltip whose `name` is the text shown.
 * Aliases are the formula's variable names: UPPERCASE, unique among the vendor's questions, never a
 * function name.
 */
import { INPUT_TYPES, LIMITS, RANGE_OPTION_TYPES } from './constants';
import { isOneOf } from './is-one-of';
import { dollarsToCents } from './money';
import { isPrintableText, unprintableMessage } from './printable-text';
import {
  answersFromSelections,
  defaultSelections,
  quotePrice,
  rangeSettings,
  selectionValue,
  type PricingInputLike,
} from './pricing';
import { FORMULA_LIMITS, isReservedFormulaName, parseFormula } from './pricing-formula';

export const PRICING_LIMITS = {
  maxQuestions: 30,
  maxOptions: 50,
  nameMax: 120,
  aliasMax: 40,
  optionNameMax: 200,
  /** Absolute value of an option's number (the database holds less than 1e9). */
  valueMax: 1_000_000_000,
  minPriceMax: 10_000,
  customerNotesMax: LIMITS.customerNotesMax,
  stagedFormulaMax: FORMULA_LIMITS.maxLength,
} as const;

export const ALIAS_PATTERN = /^[A-Z][A-Z0-9_]*$/;

export const PRICING_MESSAGES = {
  tooManyQuestions: `A service can have at most ${PRICING_LIMITS.maxQuestions} questions.`,
  minPriceNotNumber: 'Min price must be a number.',
  minPriceRange: `Min price must be between $0 and $${PRICING_LIMITS.minPriceMax.toLocaleString('en-US')}.`,
  minPriceStep: 'Min price must be in steps of 0.50',
  stagedFormulaTooLong: `The draft formula is too long (max ${PRICING_LIMITS.stagedFormulaMax} characters)`,
  noPreviousFormula: 'There is no previous formula to revert to.',
  answerEveryQuestion: 'Please answer every question.',
  notAChoice: 'That answer is not one of the choices.',
  notANumber: 'That answer is not a number.',
  outOfRange: 'That answer is outside the allowed range.',
  unknownQuestion: 'That question does not exist.',
  recurringQuestion: 'That question is not answered by customers.',
  bookingLocked: 'This booking can no longer be changed.',
  customerNotesTooLong: `Additional instructions must be at most ${PRICING_LIMITS.customerNotesMax} characters.`,
  formulaUses: (alias: string) => `The formula uses ${alias}: change the formula first.`,
  unknownVariable: (name: string, position: number) => `Unknown variable "${name}" at position ${position}`,
} as const;

// ---- Question sets ---------------------------------------------------------------------------------

export interface PricingInputOptionDraft {
  id?: number | string | null;
  name: string;
  value: number | string;
  default?: boolean | null;
  optionType?: string | null;
}

export interface PricingInputDraft {
  id?: number | string | null;
  name: string;
  alias: string;
  inputType: string;
  recurring?: boolean | null;
  pricingInputOptions: readonly PricingInputOptionDraft[];
}

export interface PricingInputsContext {
  /** The variables of the vendor's saved formula (UPPERCASE, as CompiledFormula.variables). */
  formulaVariables: readonly string[];
  /**
   * The aliases of the questions saved now. When given, only formula variables that are one of them
   * must stay (a question the formula uses cannot be removed or renamed); variables that never were
   * a question's alias (the default formula's X) are left alone. When absent, every variable must stay.
   */
  currentAliases?: readonly string[];
}

/** A finite number from a number or a plain decimal string; undefined otherwise. */
function numberOf(raw: unknown): number | undefined {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : undefined;
  if (typeof raw !== 'string' || !/^\s*[+-]?(?:\d+\.?\d*|\.\d+)\s*$/.test(raw)) return undefined;
  const n = Number(raw);
  return Number.isFinite(n) ? n : undefined;
}

const isChoiceOption = (o: PricingInputOptionDraft) => o.optionType === null || o.optionType === undefined;

function choiceErrors(label: string, input: PricingInputDraft): string[] {
  const errors: string[] = [];
  const options = input.pricingInputOptions;
  if (options.some((o) => !isChoiceOption(o))) {
    errors.push(`${label}: Choices cannot have a range setting (min, max, step, default or tooltip).`);
  }
  const choices = options.filter(isChoiceOption);
  if (choices.length === 0) {
    errors.push(`${label}: Add at least one choice.`);
    return errors;
  }
  if (choices.some((o) => typeof o.name !== 'string' || o.name.trim() === '')) {
    errors.push(`${label}: Every choice needs a name.`);
  }
  if (
    choices.some((o) => typeof o.name === 'string' && o.name.trim().length > PRICING_LIMITS.optionNameMax)
  ) {
    errors.push(`${label}: A choice name can be at most ${PRICING_LIMITS.optionNameMax} characters.`);
  }
  // The chosen answers are printed on the work order (issue 23 #13).
  const unprintable = choices.find((o) => typeof o.name === 'string' && !isPrintableText(o.name));
  if (unprintable) errors.push(`${label}: ${unprintableMessage('A choice name', unprintable.name)}`);
  const values = choices.map((o) => numberOf(o.value));
  if (values.some((v) => v === undefined)) {
    errors.push(`${label}: Every choice needs a number value.`);
  } else if (values.some((v) => Math.abs(v!) >= PRICING_LIMITS.valueMax)) {
    errors.push(`${label}: A choice value must be less than 1,000,000,000.`);
  }
  if (input.inputType === 'radio' && choices.filter((o) => o.default === true).length !== 1) {
    errors.push(`${label}: Mark exactly one choice as the default.`);
  }
  return errors;
}

function rangeErrors(label: string, input: PricingInputDraft): string[] {
  const errors: string[] = [];
  const options = input.pricingInputOptions;
  const known = new Set<string>(RANGE_OPTION_TYPES);
  if (options.some((o) => typeof o.optionType !== 'string' || !known.has(o.optionType))) {
    errors.push(`${label}: A range's settings must be min, max, step, default or tooltip.`);
  }
  const settings: Record<string, number | undefined> = {};
  for (const type of ['min', 'max', 'step', 'default'] as const) {
    const found = options.filter((o) => o.optionType === type);
    if (found.length === 0) {
      errors.push(`${label}: Range ${type} is required.`);
      continue;
    }
    if (found.length > 1) errors.push(`${label}: Range ${type} is given more than once.`);
    const value = numberOf(found[0]!.value);
    if (value === undefined) errors.push(`${label}: Range ${type} must be a number.`);
    else if (Math.abs(value) >= PRICING_LIMITS.valueMax)
      errors.push(`${label}: Range ${type} must be less than 1,000,000,000.`);
    else settings[type] = value;
  }
  const tooltips = options.filter((o) => o.optionType === 'tooltip');
  if (tooltips.length > 1) errors.push(`${label}: Range tooltip is given more than once.`);
  if (
    tooltips.some((o) => typeof o.name !== 'string' || o.name.trim().length > PRICING_LIMITS.optionNameMax)
  ) {
    errors.push(`${label}: The tooltip can be at most ${PRICING_LIMITS.optionNameMax} characters.`);
  }
  const { min, max, step } = settings;
  const def = settings.default;
  if (min !== undefined && max !== undefined && !(min < max))
    errors.push(`${label}: Min must be less than max.`);
  if (step !== undefined && !(step > 0)) errors.push(`${label}: Step must be greater than 0.`);
  if (min !== undefined && max !== undefined && def !== undefined && min < max && (def < min || def > max)) {
    errors.push(`${label}: Default must be between min and max.`);
  }
  return errors;
}

/**
 * Every problem of a whole question set, as messages naming the question ("Bedrooms: …", or
 * "Question 2: …" while it has no name). Empty when the set can be saved.
 */
export function validatePricingInputs(
  inputs: readonly PricingInputDraft[],
  context: PricingInputsContext,
): string[] {
  const errors: string[] = [];
  if (!Array.isArray(inputs)) return ['Questions must be a list.'];
  if (inputs.length > PRICING_LIMITS.maxQuestions) errors.push(PRICING_MESSAGES.tooManyQuestions);
  const aliasCount = new Map<string, number>();
  inputs.forEach((raw, index) => {
    // Untyped callers (a JSON body) may send anything: read only what is there.
    const input = (raw !== null && typeof raw === 'object' ? raw : {}) as PricingInputDraft;
    const name = typeof input.name === 'string' ? input.name.trim() : '';
    const label = name === '' ? `Question ${index + 1}` : name;
    if (name === '') errors.push(`${label}: Name is required.`);
    else if (name.length > PRICING_LIMITS.nameMax)
      errors.push(`Question ${index + 1}: Name can be at most ${PRICING_LIMITS.nameMax} characters.`);
    else if (!isPrintableText(name))
      // The question is printed on the work order (issue 23 #13).
      errors.push(`Question ${index + 1}: ${unprintableMessage('Name', name)}`);

    const alias = typeof input.alias === 'string' ? input.alias.trim() : '';
    if (alias === '') errors.push(`${label}: Alias is required.`);
    else if (!ALIAS_PATTERN.test(alias))
      errors.push(
        `${label}: Alias must start with a capital letter and use only capital letters, digits and _ (like BEDROOMS).`,
      );
    else if (alias.length > PRICING_LIMITS.aliasMax)
      errors.push(`${label}: Alias can be at most ${PRICING_LIMITS.aliasMax} characters.`);
    else if (isReservedFormulaName(alias))
      errors.push(`${label}: ${alias} is a formula function and cannot be an alias.`);
    if (alias !== '') aliasCount.set(alias, (aliasCount.get(alias) ?? 0) + 1);

    if (!isOneOf(INPUT_TYPES, input.inputType)) {
      errors.push(`${label}: Type must be radio, select or range.`);
      return;
    }
    const options = (Array.isArray(input.pricingInputOptions) ? input.pricingInputOptions : []).map(
      (o: unknown) =>
        (o !== null && typeof o === 'object'
          ? o
          : { name: '', value: Number.NaN }) as PricingInputOptionDraft,
    );
    if (options.length > PRICING_LIMITS.maxOptions) {
      errors.push(`${label}: A question can have at most ${PRICING_LIMITS.maxOptions} choices.`);
      return;
    }
    const checked = { ...input, pricingInputOptions: options };
    errors.push(
      ...(input.inputType === 'range' ? rangeErrors(label, checked) : choiceErrors(label, checked)),
    );
  });
  for (const [alias, n] of aliasCount) {
    if (n > 1) errors.push(`Alias ${alias} is used by more than one question.`);
  }
  const newAliases = new Set(aliasCount.keys());
  const guarded = context.currentAliases ? new Set(context.currentAliases) : null;
  for (const variable of context.formulaVariables) {
    if (guarded && !guarded.has(variable)) continue;
    if (!newAliases.has(variable)) errors.push(PRICING_MESSAGES.formulaUses(variable));
  }
  return [...new Set(errors)];
}

// ---- Formula and minimum price ---------------------------------------------------------------------

/** The first position of each variable in a formula that parses (a name not followed by "("). */
function variablePositions(formula: string): Map<string, number> {
  const positions = new Map<string, number>();
  const name = /[A-Za-z_][A-Za-z0-9_]*/g;
  for (let m = name.exec(formula); m !== null; m = name.exec(formula)) {
    const rest = formula.slice(m.index + m[0].length).trimStart();
    if (rest.startsWith('(')) continue;
    const upper = m[0].toUpperCase();
    if (!positions.has(upper)) positions.set(upper, m.index);
  }
  return positions;
}

/**
 * What stops a formula from being saved for these questions: the engine's message when it does not
 * parse (`Unexpected "*" at position 7`); each variable that is no question's alias
 * (`Unknown variable "BEDROOM" at position 12`, the position 0-based like the engine's); and, when it
 * parses, gives no usable price for the questions' default answers.
 */
export function validateFormula(formula: string, inputs: readonly PricingInputLike[]): string[] {
  const parsed = parseFormula(formula);
  if (!parsed.ok) return [parsed.error.message];
  const aliases = new Set(inputs.map((i) => i.alias.toUpperCase()));
  const positions = variablePositions(formula);
  const errors = parsed.formula.variables
    .filter((v) => !aliases.has(v))
    .map((v) => PRICING_MESSAGES.unknownVariable(v, positions.get(v) ?? 0));
  if (errors.length > 0) return errors;
  const quote = quotePrice({
    formula: parsed.formula,
    minPriceCents: 0,
    answers: answersFromSelections(inputs, defaultSelections(inputs)),
  });
  return quote.formulaOk ? [] : [quote.error?.message ?? 'Formula gives no price for the default answers'];
}

/** A minimum price in dollars: 0 to 10,000 in steps of 0.50. */
export function validateMinPrice(minPrice: unknown): string[] {
  if (typeof minPrice !== 'number' || !Number.isFinite(minPrice)) return [PRICING_MESSAGES.minPriceNotNumber];
  if (minPrice < 0 || minPrice > PRICING_LIMITS.minPriceMax) return [PRICING_MESSAGES.minPriceRange];
  const halves = minPrice * 2;
  if (Math.abs(halves - Math.round(halves)) > 1e-9) return [PRICING_MESSAGES.minPriceStep];
  return [];
}

/** The cents of a valid minimum price. */
export const minPriceCents = (minPrice: number) => dollarsToCents(minPrice);

// ---- Customers' answers ----------------------------------------------------------------------------

export type AnswerProblem = 'unknown' | 'recurring' | 'notAChoice' | 'notANumber' | 'outOfRange';

const PROBLEM_MESSAGES: Record<AnswerProblem, string> = {
  unknown: PRICING_MESSAGES.unknownQuestion,
  recurring: PRICING_MESSAGES.recurringQuestion,
  notAChoice: PRICING_MESSAGES.notAChoice,
  notANumber: PRICING_MESSAGES.notANumber,
  outOfRange: PRICING_MESSAGES.outOfRange,
};

/**
 * One answer (a valueString) to one question, as its canonical valueString (the chosen option's
 * value for radio and select, the number snapped to the step for a range), or the problem with it.
 * A range answer outside min..max does not fit; one between steps is snapped.
 */
export function canonicalAnswer(
  input: PricingInputLike,
  valueString: string,
): { ok: true; valueString: string; value: number } | { ok: false; problem: AnswerProblem } {
  if (input.recurring) return { ok: false, problem: 'recurring' };
  if (input.inputType === 'range') {
    const n = numberOf(valueString);
    if (n === undefined) return { ok: false, problem: 'notANumber' };
    const { min, max } = rangeSettings(input);
    if (n < min || n > max) return { ok: false, problem: 'outOfRange' };
  }
  const value = selectionValue(input, valueString);
  if (value === undefined) return { ok: false, problem: 'notAChoice' };
  return { ok: true, valueString: String(value), value };
}

export interface CheckedAnswers {
  /** Canonical valueStrings by input id, for the non-recurring inputs answered. */
  answers: Record<string, string>;
  /** Messages; empty when every non-recurring input has an answer that fits. */
  errors: string[];
}

/**
 * A booking's answers against the vendor's questions: every non-recurring question needs an answer
 * that fits (spec §5: Continue only when every non-recurring input has a value). Answers to
 * recurring questions and to ids that are not the vendor's questions are dropped.
 */
export function checkBookingAnswers(
  inputs: readonly PricingInputLike[],
  given: Readonly<Record<string, string>>,
): CheckedAnswers {
  const answers: Record<string, string> = {};
  const errors = new Set<string>();
  for (const input of inputs) {
    if (input.recurring) continue;
    const key = String(input.id);
    const raw = Object.hasOwn(given, key) ? given[key] : undefined;
    if (raw === undefined || raw === null || String(raw).trim() === '') {
      errors.add(PRICING_MESSAGES.answerEveryQuestion);
      continue;
    }
    const checked = canonicalAnswer(input, String(raw));
    if (checked.ok) answers[key] = checked.valueString;
    else errors.add(PROBLEM_MESSAGES[checked.problem]);
  }
  return { answers, errors: [...errors] };
}

/**
 * Saved answers (an address's or a guest's) against the questions they name: each must name a
 * question and fit it. `inputsById` holds the questions found for the given ids.
 */
export function checkSavedAnswers(
  inputsById: ReadonlyMap<string, PricingInputLike>,
  given: Readonly<Record<string, string>>,
): CheckedAnswers {
  const answers: Record<string, string> = {};
  const errors = new Set<string>();
  for (const [key, raw] of Object.entries(given)) {
    const input = inputsById.get(key);
    if (!input) {
      errors.add(PRICING_MESSAGES.unknownQuestion);
      continue;
    }
    const checked = canonicalAnswer(input, String(raw));
    if (checked.ok) answers[key] = checked.valueString;
    else errors.add(PROBLEM_MESSAGES[checked.problem]);
  }
  return { answers, errors: [...errors] };
}

/**
 * What a booking shows of its answers (bookings.options_snapshot): question name → the chosen
 * choice's name, or the range's number.
 */
export function optionsSnapshot<
  T extends PricingInputLike & {
    name: string;
    pricingInputOptions: readonly (PricingInputLike['pricingInputOptions'][number] & { name?: string })[];
  },
>(inputs: readonly T[], answers: Readonly<Record<string, string>>): Record<string, string> {
  const snapshot: Record<string, string> = {};
  for (const input of inputs) {
    const key = String(input.id);
    if (!Object.hasOwn(answers, key)) continue;
    const value = selectionValue(input, answers[key]);
    if (value === undefined) continue;
    if (input.inputType === 'range') {
      snapshot[input.name] = String(value);
      continue;
    }
    const chosen = input.pricingInputOptions.find(
      (o) => (o.optionType === null || o.optionType === undefined) && numberOf(o.value) === value,
    );
    snapshot[input.name] = chosen?.name ?? String(value);
  }
  return snapshot;
}
