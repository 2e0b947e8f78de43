/**
 * Pricing semantics of spec §5 (Calculator) and §9: the price a vendor's formula gives for a
 * customer's answers, the booking duration it implies, and how answers are read from the inputs.
 * Pure: no I/O, no clock. Money is integer cents (money.ts, ADR 0003); formulas are in dollars.
 *
 * Answers: a selection is stored per pricing input id as a `valueString` (user_inputs.value_string,
 * bookings.answers). For radio and select inputs the canonical valueString is the chosen option's
 * VALUE written as a number (`String(option.value)`, e.g. "1.3"), which is what the seed stores;
 * an option id is accepted as a fallback when no option has that value. For a range input it is
 * the number itself. Recurring inputs are not shown to customers and never give an answer, so they
 * count as 1 in the formula like any other missing variable.
 */
import { DEFAULT_PRICE_TO_DURATION_RATE_CENTS, type InputType, type RangeOptionType } from './constants';
import { dollarsToCents, type Cents } from './money';
import { parseFormula, type CompiledFormula, type FormulaError, type ParseResult } from './pricing-formula';

/** The largest price a quote gives: the largest integer cents the price columns hold. */
export const MAX_PRICE_CENTS = 2_147_483_647;

// ---- Shapes (structural, so both the API's and the database's rows fit) --------------------------

export interface PricingInputOptionLike {
  id: number | string;
  name?: string;
  /** A number; the API may carry it as a string. */
  value: number | string;
  default?: boolean | null;
  /** Set on a range input's options: min, max, step, default, tooltip. */
  optionType?: RangeOptionType | string | null;
}

export interface PricingInputLike {
  id: number | string;
  alias: string;
  inputType: InputType | string;
  recurring?: boolean | null;
  pricingInputOptions: readonly PricingInputOptionLike[];
}

/** A stored answer: the valueString itself, a number, or an address's `{ valueString }`. */
export type SelectionValue = string | number | { valueString: string } | null | undefined;
/** Answers keyed by pricing input id (as a string, like JSON keys). */
export type Selections = Readonly<Record<string, SelectionValue>>;

// ---- Quotes ---------------------------------------------------------------------------------------

export interface QuoteInput {
  /** The formula text, or one already compiled by parseFormula. */
  formula: string | CompiledFormula;
  minPriceCents: Cents;
  /** Input values by UPPERCASE alias; a missing alias counts as 1. */
  answers: Readonly<Record<string, number>>;
}

export interface Quote {
  /** Integer cents, never below the minimum price. */
  priceCents: Cents;
  /** False when the formula does not parse or gives no usable number for these answers. */
  formulaOk: boolean;
  error?: FormulaError;
}

const CACHE_SIZE = 64;
const cache = new Map<string, ParseResult>();

/** parseFormula with a small memo, so pricing many answers against one formula parses it once. */
function compiled(formula: string | CompiledFormula): ParseResult {
  if (typeof formula !== 'string') return { ok: true, formula };
  let result = cache.get(formula);
  if (!result) {
    result = parseFormula(formula);
    if (cache.size >= CACHE_SIZE) cache.clear();
    cache.set(formula, result);
  }
  return result;
}

function sanitizeMin(minPriceCents: number): Cents {
  return Number.isFinite(minPriceCents) && minPriceCents > 0 ? Math.ceil(minPriceCents) : 0;
}

/**
 * The price for a customer's answers (spec §5): the formula's result in dollars, converted to
 * cents (half up), never below the minimum price.
 *
 * A formula that does not parse, or gives a non-finite number (division by zero), a negative number
 * or more than MAX_PRICE_CENTS for these answers, gives the minimum price with `formulaOk: false`
 * and the reason. The calculator then keeps the price it showed before ("the price stays
 * unchanged", see priceOrUnchanged), and the server refuses to save such a formula.
 */
export function quotePrice({ formula, minPriceCents, answers }: QuoteInput): Quote {
  const min = sanitizeMin(minPriceCents);
  const parsed = compiled(formula);
  if (!parsed.ok) return { priceCents: min, formulaOk: false, error: parsed.error };
  const dollars = parsed.formula.evaluate(answers ?? {});
  if (!Number.isFinite(dollars)) {
    return {
      priceCents: min,
      formulaOk: false,
      error: { message: 'Formula gives no number for these answers (division by zero?)', position: 0 },
    };
  }
  if (dollars < 0) {
    return {
      priceCents: min,
      formulaOk: false,
      error: { message: 'Formula gives a negative price for these answers', position: 0 },
    };
  }
  const cents = dollarsToCents(dollars);
  if (cents > MAX_PRICE_CENTS) {
    return {
      priceCents: min,
      formulaOk: false,
      error: { message: 'Formula gives a price that is too large for these answers', position: 0 },
    };
  }
  return { priceCents: Math.max(min, cents), formulaOk: true };
}

/**
 * The calculator's rule "a formula that fails to evaluate … the price stays unchanged": the new
 * price, or `previousCents` when the formula fails (the minimum price when there was none).
 */
export function priceOrUnchanged(previousCents: Cents | null | undefined, input: QuoteInput): Cents {
  const quote = quotePrice(input);
  return quote.formulaOk ? quote.priceCents : (previousCents ?? quote.priceCents);
}

// ---- Duration -------------------------------------------------------------------------------------

/**
 * Booking minutes for a price (spec §9): price / rate × 60, rounded half up. Computed as
 * priceCents × 60 / rate so only one rounding happens. A non-positive or non-finite rate uses the
 * default rate (35 dollars per hour); a negative or non-finite price gives 0. Always a non-negative
 * integer (capped at Number.MAX_SAFE_INTEGER for absurd rates).
 */
export function durationMinutes(
  priceCents: Cents,
  rateCentsPerHour: Cents = DEFAULT_PRICE_TO_DURATION_RATE_CENTS,
): number {
  const price = Number.isFinite(priceCents) && priceCents > 0 ? priceCents : 0;
  const rate =
    Number.isFinite(rateCentsPerHour) && rateCentsPerHour > 0
      ? rateCentsPerHour
      : DEFAULT_PRICE_TO_DURATION_RATE_CENTS;
  return Math.min(Number.MAX_SAFE_INTEGER, Math.round((price * 60) / rate));
}

const wholeMinutes = (minutes: number) => (Number.isFinite(minutes) && minutes > 0 ? minutes : 0);

/**
 * Estimated duration in hours to one decimal (spec §9), rounded half up to the tenth:
 * 150 → "2.5 hrs", 60 → "1.0 hr", 20 → "0.3 hrs", 0 → "0.0 hrs". "hr" only for exactly 1.0.
 */
export function formatDurationHours(minutes: number): string {
  const tenths = Math.round(wholeMinutes(minutes) / 6);
  return `${Math.floor(tenths / 10)}.${tenths % 10} ${tenths === 10 ? 'hr' : 'hrs'}`;
}

/**
 * The short form (spec §9), minutes rounded to the nearest 5 (half up): 150 → "2h 30m",
 * 120 → "2hrs", 60 → "1hr", 45 → "45mins", 65 → "1h 5m". A positive duration under 2.5 minutes
 * shows "5mins" rather than nothing; 0 → "0mins".
 */
export function formatDurationShort(minutes: number): string {
  const m = wholeMinutes(minutes);
  let rounded = Math.round(m / 5) * 5;
  if (rounded === 0 && m > 0) rounded = 5;
  const hours = Math.floor(rounded / 60);
  const rest = rounded % 60;
  if (hours === 0) return `${rest}mins`;
  if (rest === 0) return hours === 1 ? '1hr' : `${hours}hrs`;
  return `${hours}h ${rest}m`;
}

// ---- Inputs and answers ---------------------------------------------------------------------------

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** A finite number from a number or a numeric string (no "", no "Infinity", no "0x10"). */
function toNumber(raw: unknown): number | undefined {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : undefined;
  if (typeof raw !== 'string') return undefined;
  const s = raw.trim();
  if (!NUMBER.test(s)) return undefined;
  const n = Number(s);
  return Number.isFinite(n) ? n : undefined;
}

/** Drops binary noise from a computed value: 0.1 + 0.2 → 0.3. */
const clean = (n: number) => Number(n.toPrecision(15));

function rawSelection(selection: SelectionValue): string | number | undefined {
  if (selection === null || selection === undefined) return undefined;
  if (typeof selection === 'object') {
    const v: unknown = selection.valueString;
    return typeof v === 'string' ? v : undefined;
  }
  return selection;
}

function selectionOf(selections: Selections | null | undefined, id: number | string): SelectionValue {
  if (!selections) return undefined;
  const key = String(id);
  return Object.hasOwn(selections, key) ? selections[key] : undefined;
}

export interface RangeSettings {
  min: number;
  max: number;
  /** Always > 0. */
  step: number;
  /** Inside [min, max] and on a step. */
  defaultValue: number;
  tooltip?: string;
}

/**
 * A range input's slider settings from its options (spec §5: min, max, step and default). Missing
 * pieces fall back: min 0, max = the larger of min and the default, step 1, default = min.
 */
export function rangeSettings(input: PricingInputLike): RangeSettings {
  const option = (type: string) => input.pricingInputOptions.find((o) => o.optionType === type);
  const num = (type: string) => toNumber(option(type)?.value);
  const min = num('min') ?? 0;
  const rawDefault = num('default');
  const max = Math.max(min, num('max') ?? Math.max(min, rawDefault ?? min));
  const rawStep = num('step');
  const step = rawStep !== undefined && rawStep > 0 ? rawStep : 1;
  const settings: RangeSettings = { min, max, step, defaultValue: min };
  settings.defaultValue = snapToRange(settings, rawDefault ?? min);
  const tooltip = option('tooltip')?.name;
  if (tooltip) settings.tooltip = tooltip;
  return settings;
}

/** Clamps a value into [min, max] and snaps it to the nearest step counted from min. */
export function snapToRange(settings: Pick<RangeSettings, 'min' | 'max' | 'step'>, value: number): number {
  const { min, max, step } = settings;
  if (!Number.isFinite(value)) return min;
  const clamped = Math.min(max, Math.max(min, value));
  let snapped = clean(min + Math.round((clamped - min) / step) * step);
  if (snapped > max) snapped = clean(snapped - step);
  return Math.min(max, Math.max(min, snapped));
}

const choiceOptions = (input: PricingInputLike) =>
  input.pricingInputOptions.filter((o) => o.optionType === null || o.optionType === undefined);

/**
 * The number an answer gives for one input, or undefined when there is none: a radio or select
 * answer must name one of the options (by value, or else by option id); a range answer is clamped
 * to the range and snapped to its step. Recurring inputs have no answer.
 */
export function selectionValue(input: PricingInputLike, selection: SelectionValue): number | undefined {
  if (input.recurring) return undefined;
  const raw = rawSelection(selection);
  if (raw === undefined) return undefined;
  if (input.inputType === 'range') {
    const n = toNumber(raw);
    return n === undefined ? undefined : snapToRange(rangeSettings(input), n);
  }
  if (input.inputType !== 'radio' && input.inputType !== 'select') return undefined;
  const options = choiceOptions(input);
  const n = toNumber(raw);
  if (n !== undefined) {
    const byValue = options.find((o) => toNumber(o.value) === n);
    if (byValue) return n;
  }
  const key = String(raw).trim();
  const byId = options.find((o) => String(o.id) === key);
  return byId ? toNumber(byId.value) : undefined;
}

/**
 * The formula's answers from the selections: `{ ALIAS: value }` with aliases in UPPERCASE, for the
 * non-recurring inputs whose selection gives a value (see selectionValue). Anything else is left
 * out, so it counts as 1 in the formula.
 */
export function answersFromSelections(
  inputs: readonly PricingInputLike[],
  selections: Selections | null | undefined,
): Record<string, number> {
  const answers: Record<string, number> = {};
  for (const input of inputs) {
    const value = selectionValue(input, selectionOf(selections, input.id));
    if (value !== undefined) answers[input.alias.toUpperCase()] = value;
  }
  return answers;
}

/**
 * The calculator's starting answers, as canonical valueStrings keyed by input id: a radio's option
 * marked default, a range's default; a select starts with none ("Select One"). Recurring inputs
 * are not shown and get none.
 */
export function defaultSelections(inputs: readonly PricingInputLike[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const input of inputs) {
    if (input.recurring) continue;
    if (input.inputType === 'range') {
      out[String(input.id)] = String(rangeSettings(input).defaultValue);
    } else if (input.inputType === 'radio') {
      const chosen = choiceOptions(input).find((o) => o.default === true);
      const value = chosen ? toNumber(chosen.value) : undefined;
      if (value !== undefined) out[String(input.id)] = String(value);
    }
  }
  return out;
}

/**
 * The defaults, overlaid with saved answers (an address's userInputs, spec §5 "Inputs prefill from
 * the address's saved answers") where they still give a value; every answer as its canonical
 * valueString.
 */
export function initialSelections(
  inputs: readonly PricingInputLike[],
  saved?: Selections | null,
): Record<string, string> {
  const out = defaultSelections(inputs);
  for (const input of inputs) {
    const value = selectionValue(input, selectionOf(saved, input.id));
    if (value !== undefined) out[String(input.id)] = String(value);
  }
  return out;
}

/**
 * The non-recurring inputs without a usable answer. The calculator's Continue is enabled only when
 * this is empty (spec §5).
 */
export function missingRequiredInputs<T extends PricingInputLike>(
  inputs: readonly T[],
  selections: Selections | null | undefined,
): T[] {
  return inputs.filter(
    (input) => !input.recurring && selectionValue(input, selectionOf(selections, input.id)) === undefined,
  );
}

function formulaVariables(formula: string | CompiledFormula): readonly string[] | undefined {
  const parsed = compiled(formula);
  return parsed.ok ? parsed.formula.variables : undefined;
}

/**
 * The UPPERCASE aliases of non-recurring inputs the formula does not use (empty when it covers them
 * all), so the formula editor can warn. A formula that does not parse uses none of them.
 */
export function formulaCoversInputs(
  formula: string | CompiledFormula,
  inputs: readonly PricingInputLike[],
): string[] {
  const used = new Set(formulaVariables(formula) ?? []);
  return inputs
    .filter((i) => !i.recurring && !used.has(i.alias.toUpperCase()))
    .map((i) => i.alias.toUpperCase());
}

/**
 * The variables a formula uses that are no input's alias (they always count as 1: usually a typo).
 * Empty for a formula that does not parse.
 */
export function unknownFormulaVariables(
  formula: string | CompiledFormula,
  inputs: readonly PricingInputLike[],
): string[] {
  const aliases = new Set(inputs.map((i) => i.alias.toUpperCase()));
  return (formulaVariables(formula) ?? []).filter((v) => !aliases.has(v));
}
