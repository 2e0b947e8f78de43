import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PROPERTY_TEST_TIMEOUT_MS, propertyOptions } from './test-support/property';
import {
  FORMULA_LIMITS,
  errorColumn,
  isReservedFormulaName,
  parseFormula,
  type CompiledFormula,
  type FormulaError,
} from './pricing-formula';

function compile(src: string): CompiledFormula {
  const r = parseFormula(src);
  if (!r.ok) throw new Error(`${src}: ${r.error.message}`);
  return r.formula;
}

function errorOf(src: string): FormulaError {
  const r = parseFormula(src);
  if (r.ok) throw new Error(`${src} parsed`);
  return r.error;
}

const run = (src: string, values: Record<string, number> = {}) => compile(src).evaluate(values);

describe('parseFormula: values', () => {
  it.each([
    ['2+3*4', 14],
    ['2 * 3 + 4', 10],
    ['-2*3', -6],
    ['-2', -2],
    ['(2+3)*4', 20],
    ['10/4', 2.5],
    ['10 - 4 - 3', 3],
    ['100 / 10 / 5', 2],
    ['2 - -3', 5],
    ['+4', 4],
    ['- (2 + 3)', -5],
    ['--2', 2],
    ['-+-2', 2],
    ['12', 12],
    ['12.5', 12.5],
    ['.5', 0.5],
    ['12.', 12],
    ['0.1 + 0.2', 0.1 + 0.2],
    ['min(3, 1, 2)', 1],
    ['max(3, 1, 2)', 3],
    ['min(7)', 7],
    ['max(-1)', -1],
    ['round(2.5)', 3],
    ['round(2.4)', 2],
    ['round(-2.5)', -2],
    ['ceil(2.1)', 3],
    ['floor(2.9)', 2],
    ['floor(-2.1)', -3],
    ['max(0, min(10, round(4.6) * 2))', 10],
    ['round(max(1.25, 2) * ceil(1.5))', 4],
    ['min(max(1, 2), max(3, 4), 5) + floor(9.99)', 11],
    ['\t1 +\n 2\r\n', 3],
    ['1\u00a0+\u00a02', 3],
  ])('%s = %s', (src, expected) => {
    expect(run(src)).toBe(expected);
  });

  it.each(['MIN(1, 2)', 'Min(1, 2)', 'mIn(1, 2)'])('function names are case-insensitive: %s', (src) => {
    expect(run(src)).toBe(1);
  });

  it.each([
    ['ROUND(2.5) + Ceil(0.2) + FLOOR(1.9)', 5],
    ['MAX(1, 5)', 5],
  ])('%s = %s', (src, expected) => expect(run(src)).toBe(expected));

  it('the default formula "x" is the variable X, 1 when missing', () => {
    const f = compile('x');
    expect(f.variables).toEqual(['X']);
    expect(f.evaluate({})).toBe(1);
    expect(f.evaluate({ X: 42 })).toBe(42);
    expect(f.evaluate({ x: 42 })).toBe(1); // values are keyed by UPPERCASE name
    expect(f.evaluateWith([42])).toBe(42);
    expect(f.evaluateWith([])).toBe(1);
  });

  it('normalises variables to UPPERCASE, unique, in order of first use', () => {
    const f = compile('sqft * Rate + BEDS * rate + Sqft_2 + beds');
    expect(f.variables).toEqual(['SQFT', 'RATE', 'BEDS', 'SQFT_2']);
    expect(f.source).toBe('sqft * Rate + BEDS * rate + Sqft_2 + beds');
    expect(f.evaluate({ SQFT: 1000, RATE: 0.1, BEDS: 3 })).toBe(100 + 0.30000000000000004 + 1 + 3);
  });

  it('missing variables count as 1, and so do values that are not numbers', () => {
    const f = compile('A * 10 + B');
    expect(f.evaluate({})).toBe(11);
    expect(f.evaluate({ A: 2 })).toBe(21);
    expect(f.evaluate({ A: '7' as unknown as number, B: undefined as unknown as number })).toBe(11);
    expect(f.evaluate(null as unknown as Record<string, number>)).toBe(11);
  });

  it('evaluateWith takes values in the order of variables', () => {
    const f = compile('BEDS * 20 + SQFT * 0.05 * COND');
    expect(f.variables).toEqual(['BEDS', 'SQFT', 'COND']);
    expect(f.evaluateWith([3, 2000, 1.3])).toBe(f.evaluate({ BEDS: 3, SQFT: 2000, COND: 1.3 }));
    expect(f.evaluateWith(new Float64Array([3, 2000, 1.3]))).toBe(60 + 2000 * 0.05 * 1.3);
    expect(f.evaluateWith([3])).toBe(60 + 0.05);
  });

  it('a constant formula ignores its values', () => {
    const f = compile('(35 + 5) * 2');
    expect(f.variables).toEqual([]);
    expect(f.evaluate({ X: 5 })).toBe(80);
    expect(f.evaluateWith([])).toBe(80);
  });

  it('division by zero gives a non-finite result, not an error', () => {
    expect(run('1 / 0')).toBe(Infinity);
    expect(Number.isNaN(run('0 / 0'))).toBe(true);
    expect(run('10 / (A - 1)')).toBe(Infinity);
    expect(run('10 / (A - 1)', { A: 3 })).toBe(5);
  });

  it('is prototype-safe: names of Object.prototype members are plain variables', () => {
    const f = compile('constructor + toString * hasOwnProperty + valueOf + isPrototypeOf');
    expect(f.variables).toEqual(['CONSTRUCTOR', 'TOSTRING', 'HASOWNPROPERTY', 'VALUEOF', 'ISPROTOTYPEOF']);
    expect(f.evaluate({})).toBe(4);
    expect(f.evaluate({ CONSTRUCTOR: 5 })).toBe(8);
    // Inherited values never count: only own properties.
    const inherited = Object.create({ X: 50 }) as Record<string, number>;
    expect(compile('X').evaluate(inherited)).toBe(1);
    const bare = Object.create(null) as Record<string, number>;
    bare.X = 3;
    expect(compile('X').evaluate(bare)).toBe(3);
  });

  it('compiled formulas are frozen', () => {
    const f = compile('A + B');
    expect(Object.isFrozen(f)).toBe(true);
    expect(Object.isFrozen(f.variables)).toBe(true);
  });
});

describe('parseFormula: errors', () => {
  it.each([
    ['', 'Formula is empty', 0],
    ['   ', 'Formula is empty', 0],
    ['2 + 3 * * 4', 'Unexpected "*" at position 8', 8],
    ['2 + 3 *', 'Unexpected end of formula at position 7', 7],
    ['sqrt(4)', 'Unknown function "sqrt" at position 0', 0],
    ['1 + X(2)', 'Unknown function "X" at position 4', 4],
    ['max(1, (2 + 3)', 'Missing closing parenthesis at position 14', 14],
    ['(2 + 3', 'Missing closing parenthesis at position 6', 6],
    ['(2 3)', 'Unexpected "3" at position 3', 3],
    ['max(', 'Unexpected end of formula at position 4', 4],
    ['max(1,)', 'Unexpected ")" at position 6', 6],
    ['max(1,,2)', 'Unexpected "," at position 6', 6],
    ['min()', 'Function "min" takes at least 1 argument at position 0', 0],
    ['round()', 'Function "round" takes exactly 1 argument at position 0', 0],
    ['2 * ROUND(1, 2)', 'Function "round" takes exactly 1 argument at position 4', 4],
    ['max + 1', 'Function "max" needs parentheses at position 0', 0],
    ['1 + Floor', 'Function "floor" needs parentheses at position 4', 4],
    [')(', 'Unexpected ")" at position 0', 0],
    ['()', 'Unexpected ")" at position 1', 1],
    ['1 2', 'Unexpected "2" at position 2', 2],
    ['1 (2)', 'Unexpected "(" at position 2', 2],
    ['A B', 'Unexpected "B" at position 2', 2],
    ['1, 2', 'Unexpected "," at position 1', 1],
    ['2x', 'Unexpected "x" at position 1', 1],
    ['1e3', 'Unexpected "e" at position 1 (exponent notation is not supported)', 1],
    ['1E999', 'Unexpected "E" at position 1 (exponent notation is not supported)', 1],
    ['2.5e-3', 'Unexpected "e" at position 3 (exponent notation is not supported)', 3],
    ['2each', 'Unexpected "e" at position 1', 1],
    ['1.2.3', 'Unexpected "." at position 3', 3],
    ['.', 'Unexpected "." at position 0', 0],
    ['1 + .', 'Unexpected "." at position 4', 4],
    ['2**999', 'Unexpected "*" at position 2', 2],
    ['2 ^ 3', 'Unexpected "^" at position 2', 2],
    ['2 % 3', 'Unexpected "%" at position 2', 2],
    ['__proto__', 'Invalid name "__proto__" at position 0 (names start with a letter)', 0],
    ['1 + _x', 'Invalid name "_x" at position 4 (names start with a letter)', 4],
    ['A.b', 'Unexpected "." at position 1', 1],
    ['A[0]', 'Unexpected "[" at position 1', 1],
    ['"1"', 'Unexpected """ at position 0', 0],
    ['a;b', 'Unexpected ";" at position 1', 1],
    ['١٢', 'Unexpected "١" at position 0', 0],
    ['１', 'Unexpected "１" at position 0', 0],
    ['1 + 😀', 'Unexpected "😀" at position 4', 4],
    ['1\u0000', 'Unexpected character U+0000 at position 1', 1],
    ['1 +\u200b2', 'Unexpected character U+200B at position 3', 3],
    ['\ufeff1', 'Unexpected character U+FEFF at position 0', 0],
    ['\ud800', 'Unexpected character U+D800 at position 0', 0],
    ['9'.repeat(400), 'Number is too large at position 0', 0],
  ])('%j: %s', (src, message, position) => {
    expect(errorOf(src)).toEqual({ message, position });
  });

  it('errorColumn is 1-based', () => {
    expect(errorColumn(errorOf('2 + * 3'))).toBe(5);
  });

  it('function names are reserved, in any case', () => {
    for (const name of ['min', 'MAX', 'Round', 'ceil', 'FLOOR'])
      expect(isReservedFormulaName(name)).toBe(true);
    for (const name of ['X', 'SQFT', 'constructor', 'MINUTES'])
      expect(isReservedFormulaName(name)).toBe(false);
  });
});

describe('parseFormula: limits', () => {
  it('takes 2,000 characters and refuses 2,001', () => {
    const ok = `1${' '.repeat(FORMULA_LIMITS.maxLength - 1)}`;
    expect(parseFormula(ok).ok).toBe(true);
    expect(errorOf(`${ok} `)).toEqual({
      message: 'Formula is too long (max 2000 characters)',
      position: 2000,
    });
  });

  it('takes 500 tokens and refuses 501', () => {
    const tokens = (n: number) => Array.from({ length: (n + 1) / 2 }, () => '1').join('+'); // n odd
    expect(run(tokens(499))).toBe(250);
    const e499 = parseFormula(`${tokens(499)}+`);
    expect(e499.ok).toBe(false); // 500 tokens, but ends with "+"
    expect(errorOf(`${tokens(501)}`)).toEqual({
      message: 'Formula is too complex (max 500 numbers, names and symbols)',
      position: 500, // the 501st token
    });
  });

  it('takes nesting depth 64 and refuses 65', () => {
    const nest = (n: number) => `${'('.repeat(n)}1${')'.repeat(n)}`;
    expect(run(nest(64))).toBe(1);
    expect(errorOf(nest(65))).toEqual({ message: 'Formula is nested too deeply', position: 64 });
    expect(run(`${'-'.repeat(64)}1`)).toBe(1);
    expect(errorOf(`${'-'.repeat(65)}1`).message).toBe('Formula is nested too deeply');
    const calls = (n: number) => `${'max('.repeat(n)}1${')'.repeat(n)}`;
    expect(run(calls(64))).toBe(1);
    expect(errorOf(calls(65)).message).toBe('Formula is nested too deeply');
    expect(run(`${'max(('.repeat(32)}A${'))'.repeat(32)}`)).toBe(1);
  });
});

// How long each takes is a figure of bench/pricing.bench.ts ("hostile formulas", the same inputs), never
// a verdict here (ARCHITECTURE §6: timing never decides a test).
describe('parseFormula: hostile inputs are refused', () => {
  const cases: [string, string][] = [
    ['1 MB of digits', '1'.repeat(1 << 20)],
    ['1 MB of text', 'ab+'.repeat(350_000)],
    ['10,000 nested parentheses', `${'('.repeat(10_000)}1${')'.repeat(10_000)}`],
    ['10,000 unclosed parentheses', '('.repeat(10_000)],
    ['nesting at the length limit', '('.repeat(2000)],
    ['unary minus at the length limit', `${'-'.repeat(1999)}1`],
    ['tokens at the length limit', '1+'.repeat(999) + '1'],
    ['__proto__', '__proto__'],
    ['__proto__ as a call', '__proto__(1)'],
    ['1e999', '1e999'],
    ['2**999', '2**999'],
    ['max( unclosed', 'max('],
    [')(', ')('],
    ['unicode digits', '١٢٣ + ۴'],
    ['a number too large', `${'9'.repeat(1999)}`],
    ['eval', 'eval("1")'],
    ['Function', 'Function("return 1")()'],
    ['a template', '`${1}`'],
  ];

  it.each(cases)('%s', (_label, src) => {
    const r = parseFormula(src);
    expect(r.ok).toBe(false);
    // Input at or past the length limit is cut off by a limit, never read to its end.
    if (!r.ok && src.length >= FORMULA_LIMITS.maxLength)
      expect(r.error.message).toMatch(/^Formula is (too long|too complex|nested too deeply)/);
  });

  it('constructor is just a variable', () => {
    const r = parseFormula('constructor');
    expect(r.ok && r.formula.evaluate({})).toBe(1);
  });
});

// ---- Properties ----------------------------------------------------------------------------------

/** Near-valid formulas: random sequences of the grammar's tokens and a few stray characters. */
const tokenSoup = fc
  .array(
    fc.oneof(
      fc.constantFrom('+', '-', '*', '/', '(', ')', ',', ' ', '.', '_', 'e', '\t'),
      fc.constantFrom(
        'min',
        'max',
        'round',
        'CEIL',
        'floor',
        'sqrt',
        'x',
        'SQFT',
        'constructor',
        '__proto__',
      ),
      fc.nat({ max: 1000 }).map(String),
      fc.constantFrom('1.5', '.25', '0', '9999999999', '1e5', '١', '😀', '\u0000'),
    ),
    { maxLength: 60 },
  )
  .map((parts) => parts.join(''));

interface Expr {
  text: string;
  value: (vars: Record<string, number>) => number;
}

const NAMES = ['A', 'B', 'sqft', 'Rooms'];
const upper = (s: string) => s.toUpperCase();

/** Well-formed formulas with the value JavaScript gives them, to compare against the engine. */
const expr: fc.Arbitrary<Expr> = fc.letrec<{ e: Expr }>((tie) => ({
  e: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc
      .tuple(fc.nat({ max: 100_000 }), fc.option(fc.nat({ max: 999 }), { nil: undefined }))
      .map(([whole, frac]): Expr => {
        const text = frac === undefined ? String(whole) : `${whole}.${frac}`;
        const n = Number(text);
        return { text, value: () => n };
      }),
    fc.constantFrom(...NAMES).map((name): Expr => ({ text: name, value: (v) => v[upper(name)] ?? 1 })),
    fc.tuple(tie('e'), fc.constantFrom('+', '-', '*', '/'), tie('e')).map(([a, op, b]): Expr => {
      const f = {
        '+': (x: number, y: number) => x + y,
        '-': (x: number, y: number) => x - y,
        '*': (x: number, y: number) => x * y,
        '/': (x: number, y: number) => x / y,
      }[op];
      return { text: `(${a.text} ${op} ${b.text})`, value: (v) => f(a.value(v), b.value(v)) };
    }),
    tie('e').map((a): Expr => ({ text: `-${a.text}`, value: (v) => -a.value(v) })),
    fc.tuple(fc.constantFrom('round', 'ceil', 'FLOOR'), tie('e')).map(([name, a]): Expr => {
      const m = { round: Math.round, ceil: Math.ceil, FLOOR: Math.floor }[name];
      return { text: `${name}(${a.text})`, value: (v) => m(a.value(v)) };
    }),
    fc
      .tuple(fc.constantFrom('min', 'Max'), fc.array(tie('e'), { minLength: 1, maxLength: 4 }))
      .map(([name, args]): Expr => {
        const m = name === 'min' ? Math.min : Math.max;
        return {
          text: `${name}(${args.map((a) => a.text).join(', ')})`,
          value: (v) => m(...args.map((a) => a.value(v))),
        };
      }),
  ),
})).e;

const values = fc.record(
  {
    A: fc.double({ noNaN: true }),
    B: fc.integer(),
    SQFT: fc.nat({ max: 10_000 }),
    ROOMS: fc.nat({ max: 12 }),
  },
  { requiredKeys: [] },
);

describe('parseFormula: properties', () => {
  const neverThrows = (src: string) => {
    const r = parseFormula(src);
    if (r.ok) {
      expect(typeof r.formula.evaluate({})).toBe('number');
    } else {
      expect(r.error.message.length).toBeGreaterThan(0);
      expect(Number.isInteger(r.error.position)).toBe(true);
      expect(r.error.position).toBeGreaterThanOrEqual(0);
      expect(r.error.position).toBeLessThanOrEqual(Math.min(src.length, FORMULA_LIMITS.maxLength));
    }
  };

  it('never throws on any string', { timeout: PROPERTY_TEST_TIMEOUT_MS }, () => {
    fc.assert(fc.property(fc.string(), neverThrows), propertyOptions({ numRuns: 2000 }));
  });

  it('never throws on any unicode string', { timeout: PROPERTY_TEST_TIMEOUT_MS }, () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), neverThrows), propertyOptions({ numRuns: 2000 }));
  });

  it('never throws on near-valid formulas', { timeout: PROPERTY_TEST_TIMEOUT_MS }, () => {
    fc.assert(fc.property(tokenSoup, neverThrows), propertyOptions({ numRuns: 5000 }));
  });

  it('"a + b" equals JavaScript addition for finite doubles', { timeout: PROPERTY_TEST_TIMEOUT_MS }, () => {
    const f = compile('a + b');
    fc.assert(
      fc.property(
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        (a, b) => {
          expect(f.evaluate({ A: a, B: b })).toBe(a + b);
          expect(f.evaluateWith([a, b])).toBe(a + b);
        },
      ),
      propertyOptions({ numRuns: 100 }),
    );
  });

  it('evaluates well-formed formulas as JavaScript does', { timeout: PROPERTY_TEST_TIMEOUT_MS }, () => {
    fc.assert(
      fc.property(expr, values, (e, v) => {
        const r = parseFormula(e.text);
        if (!r.ok) {
          // Only the limits may refuse a well-formed formula.
          expect(r.error.message).toMatch(/too long|too complex|nested too deeply/);
          return;
        }
        expect(r.formula.evaluate(v)).toBe(e.value(v));
        const ordered = r.formula.variables.map((name) => v[name as keyof typeof v]);
        expect(r.formula.evaluateWith(ordered)).toBe(e.value(v));
        for (const name of r.formula.variables) expect(name).toBe(name.toUpperCase());
        expect(new Set(r.formula.variables).size).toBe(r.formula.variables.length);
      }),
      propertyOptions({ numRuns: 1000 }),
    );
  });

  it('an error points inside the formula', { timeout: PROPERTY_TEST_TIMEOUT_MS }, () => {
    fc.assert(
      fc.property(tokenSoup, (src) => {
        const r = parseFormula(src);
        if (r.ok || /^Formula is (empty|too long|too complex|nested too deeply)/.test(r.error.message))
          return;
        expect(r.error.message).toContain(` at position ${r.error.position}`);
        expect(r.error.position).toBeLessThan(src.length + 1);
      }),
      propertyOptions({ numRuns: 2000 }),
    );
  });
});
