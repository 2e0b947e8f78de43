/**
 * The pricing formula engine: parse throughput, evaluation throughput (by record and by array) and
 * quotePrice end to end, on a realistic vendor formula. A fixed number of iterations each, so the
 * run is bounded (a few seconds). Prints figures, never a verdict.
 */
import { parseFormula } from '@stg/domain/pricing-formula';
import { answersFromSelections, quotePrice, type PricingInputLike } from '@stg/domain/pricing';

const FORMULA =
  '(45 + BEDROOMS * 12 + BATHROOMS * 18 + SQFT * 0.045 * CONDITION + min(WEEKS, 26) * 1.5 + max(0, STORIES - 1) * 25) * RENEW';
const PARSES = 200_000;
const EVALUATIONS = 2_000_000;
const QUOTES = 1_000_000;
const SELECTION_QUOTES = 200_000;

const parsed = parseFormula(FORMULA);
if (!parsed.ok) throw new Error(parsed.error.message);
const formula = parsed.formula;

// 1,024 different answer sets, so nothing is constant across iterations.
const records: Record<string, number>[] = [];
const arrays: Float64Array[] = [];
for (let i = 0; i < 1024; i++) {
  const r: Record<string, number> = {
    BEDROOMS: 1 + (i % 6),
    BATHROOMS: 1 + (i % 7) / 2,
    SQFT: 600 + (i % 89) * 50,
    CONDITION: [1, 1.3, 1.7][i % 3]!,
    WEEKS: i % 53,
    STORIES: 1 + (i % 3),
  };
  records.push(r);
  arrays.push(Float64Array.from(formula.variables, (name) => r[name] ?? 1));
}

function measure(title: string, iterations: number, body: (i: number) => number) {
  let sink = 0;
  for (let i = 0; i < Math.min(iterations, 20_000); i++) sink += body(i); // warm-up
  const started = performance.now();
  for (let i = 0; i < iterations; i++) sink += body(i);
  const ms = performance.now() - started;
  const perSecond = (iterations / ms) * 1000;
  console.info(
    `${title.padEnd(44)} ${Math.round(perSecond).toLocaleString('en-US').padStart(13)} /s   ${((ms * 1e6) / iterations).toFixed(0).padStart(6)} ns each   (${iterations.toLocaleString('en-US')} in ${ms.toFixed(0)} ms, checksum ${sink.toPrecision(6)})`,
  );
}

console.info(`formula: ${FORMULA}`);
console.info(`variables: ${formula.variables.join(', ')} (${FORMULA.length} characters)\n`);

measure('parseFormula (parse + compile)', PARSES, () => (parseFormula(FORMULA).ok ? 1 : 0));
measure('evaluate(record)', EVALUATIONS, (i) => formula.evaluate(records[i & 1023]!));
measure('evaluateWith(Float64Array)', EVALUATIONS, (i) => formula.evaluateWith(arrays[i & 1023]!));
measure(
  'quotePrice (formula text, memoised parse)',
  QUOTES,
  (i) => quotePrice({ formula: FORMULA, minPriceCents: 3500, answers: records[i & 1023]! }).priceCents,
);
measure(
  'quotePrice (compiled formula)',
  QUOTES,
  (i) => quotePrice({ formula, minPriceCents: 3500, answers: records[i & 1023]! }).priceCents,
);

// From stored selections (valueStrings by input id) to a price: what the server does per request.
const choice = (id: number, alias: string, values: number[]): PricingInputLike => ({
  id,
  alias,
  inputType: 'select',
  pricingInputOptions: values.map((value, k) => ({ id: id * 100 + k, name: String(value), value })),
});
const inputs: PricingInputLike[] = [
  choice(1, 'BEDROOMS', [1, 2, 3, 4, 5, 6]),
  choice(2, 'BATHROOMS', [1, 1.5, 2, 2.5, 3, 3.5, 4]),
  {
    id: 3,
    alias: 'SQFT',
    inputType: 'range',
    pricingInputOptions: [
      { id: 31, value: 600, optionType: 'min' },
      { id: 32, value: 5000, optionType: 'max' },
      { id: 33, value: 50, optionType: 'step' },
      { id: 34, value: 1800, optionType: 'default' },
    ],
  },
  { ...choice(4, 'CONDITION', [1, 1.3, 1.7]), inputType: 'radio' },
  {
    id: 5,
    alias: 'WEEKS',
    inputType: 'range',
    pricingInputOptions: [
      { id: 51, value: 0, optionType: 'min' },
      { id: 52, value: 52, optionType: 'max' },
      { id: 53, value: 1, optionType: 'step' },
    ],
  },
  choice(6, 'STORIES', [1, 2, 3]),
  { ...choice(7, 'RENEW', [0.95, 1]), inputType: 'radio', recurring: true },
];
const selections = records.map((r) => ({
  1: String(r.BEDROOMS),
  2: String(r.BATHROOMS),
  3: String(r.SQFT),
  4: String(r.CONDITION),
  5: String(r.WEEKS),
  6: String(r.STORIES),
}));
measure(
  'answersFromSelections + quotePrice',
  SELECTION_QUOTES,
  (i) =>
    quotePrice({
      formula: FORMULA,
      minPriceCents: 3500,
      answers: answersFromSelections(inputs, selections[i & 1023]),
    }).priceCents,
);

// Hostile formulas (the inputs of pricing-formula.test.ts's "hostile inputs are refused"): how long a
// refusal takes, which the test no longer asserts (ARCHITECTURE §6). Best and median of HOSTILE_ROUNDS.
const HOSTILE_ROUNDS = 20;
const hostile: [string, string][] = [
  ['1 MB of digits', '1'.repeat(1 << 20)],
  ['1 MB of text', 'ab+'.repeat(350_000)],
  ['10,000 nested parentheses', `${'('.repeat(10_000)}1${')'.repeat(10_000)}`],
  ['10,000 unclosed parentheses', '('.repeat(10_000)],
  ['nesting at the length limit', '('.repeat(2000)],
  ['unary minus at the length limit', `${'-'.repeat(1999)}1`],
  ['tokens at the length limit', '1+'.repeat(999) + '1'],
  ['a number too large', `${'9'.repeat(1999)}`],
  ['constructor (a variable)', 'constructor'],
];
console.info(`\nhostile formulas (${HOSTILE_ROUNDS} rounds each):`);
for (const [label, src] of hostile) {
  const ms: number[] = [];
  let refused = 0;
  for (let round = 0; round < HOSTILE_ROUNDS; round++) {
    const started = performance.now();
    if (!parseFormula(src).ok) refused++;
    ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  console.info(
    `${label.padEnd(44)} best ${ms[0]!.toFixed(3).padStart(8)} ms   median ${ms[ms.length >> 1]!.toFixed(3).padStart(8)} ms   (${refused === HOSTILE_ROUNDS ? 'refused' : refused === 0 ? 'accepted' : 'mixed'})`,
  );
}
