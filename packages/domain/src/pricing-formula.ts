/**
 * The vendors' pricing formula (spec §5 Calculator): a small whitelisted grammar of its own, parsed
 * by hand and compiled into closures. Never `eval`, never `new Function`.
 *
 * Grammar (whitespace between tokens is ignored):
 *
 *     formula := sum
 *     sum     := product (("+" | "-") product)*
 *     product := unary (("*" | "/") unary)*
 *     unary   := ("-" | "+") unary | primary
 *     primary := number | variable | function "(" sum ("," sum)* ")" | "(" sum ")"
 *     number  := digits ["." [digits]] | "." digits      (no exponent: 1e3 is refused)
 *     name    := letter (letter | digit | "_")*
 *
 * - A name directly followed by "(" is a function: min(a, …) and max(a, …) take one or more
 *   arguments, round(x), ceil(x) and floor(x) exactly one. Function names are case-insensitive and
 *   reserved: `max` without parentheses is an error, not a variable.
 * - Any other name is a variable. Variable names are normalised to UPPERCASE (`x` is the variable
 *   `X`, the default formula "x" prices at the value of the input aliased X). A variable without a
 *   value counts as 1. Names starting with "_" (`__proto__`) are refused; every other name, such as
 *   `constructor`, is only a variable: values are read as own properties, never from a prototype.
 * - round() rounds half up (toward +∞), like Math.round: round(2.5) = 3, round(-2.5) = -2.
 * - Division by zero gives a non-finite number; the pricing layer (pricing.ts) treats any
 *   non-finite result as "fails to evaluate".
 *
 * Errors are values, not exceptions: parseFormula never throws, whatever the string. An error's
 * `position` is a 0-based index into the source string (JavaScript string index). Every character
 * before an error is ASCII, so it is also the number of characters before the error; `errorColumn`
 * gives the 1-based column a UI shows. Limits: 2,000 characters, 500 tokens, nesting depth 64; the
 * length is checked before anything else, the token count while tokenising and the depth while
 * parsing, so a hostile string is refused in microseconds and never overflows the stack.
 */

export const FORMULA_LIMITS = {
  /** Characters (JavaScript string length). */
  maxLength: 2000,
  /** Numbers, names, operators, parentheses and commas. */
  maxTokens: 500,
  /** Parentheses, function calls and unary signs nested inside each other. */
  maxDepth: 64,
} as const;

/** The function names a formula may call (lowercase; calls are case-insensitive). */
export const FORMULA_FUNCTIONS = ['min', 'max', 'round', 'ceil', 'floor'] as const;
export type FormulaFunction = (typeof FORMULA_FUNCTIONS)[number];

export interface FormulaError {
  message: string;
  /** 0-based index into the formula string where the problem is. */
  position: number;
}

export interface CompiledFormula {
  /** The formula text as given. */
  readonly source: string;
  /** The variables it uses: UPPERCASE, unique, in order of first use. */
  readonly variables: readonly string[];
  /**
   * The formula's value with `values` keyed by UPPERCASE variable name. A variable that is not an
   * own property of `values`, or whose value is not a number, counts as 1. May be non-finite
   * (division by zero, or a NaN/Infinity passed in).
   */
  evaluate(values: Readonly<Record<string, number>>): number;
  /**
   * Fast path: values in the order of `variables` (a plain array or a Float64Array). A missing
   * entry (`undefined`) counts as 1.
   */
  evaluateWith(values: ArrayLike<number | undefined>): number;
}

export type ParseResult = { ok: true; formula: CompiledFormula } | { ok: false; error: FormulaError };

/** The 1-based column of an error, for a UI ("column 8"). */
export function errorColumn(error: FormulaError): number {
  return error.position + 1;
}

/** True for a name a variable or pricing input alias cannot have (a function name, any case). */
export function isReservedFormulaName(name: string): boolean {
  return Object.hasOwn(FUNCTIONS, name.toLowerCase());
}

// ---- Tokens ---------------------------------------------------------------------------------------

const T_NUM = 0;
const T_NAME = 1;
const T_PLUS = 2;
const T_MINUS = 3;
const T_STAR = 4;
const T_SLASH = 5;
const T_LPAREN = 6;
const T_RPAREN = 7;
const T_COMMA = 8;
const T_END = 9;

interface Token {
  type: number;
  /** Index of the token's first character. */
  pos: number;
  /** The token's text as written. */
  text: string;
  /** For numbers. */
  value: number;
}

const PUNCTUATION: Record<string, number> = {
  '+': T_PLUS,
  '-': T_MINUS,
  '*': T_STAR,
  '/': T_SLASH,
  '(': T_LPAREN,
  ')': T_RPAREN,
  ',': T_COMMA,
};

/** Thrown only inside this module and always caught by parseFormula. */
class FormulaSyntaxError {
  constructor(
    readonly message: string,
    readonly position: number,
  ) {}
}

const isDigit = (c: number) => c >= 48 && c <= 57;
const isLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isNameChar = (c: number) => isLetter(c) || isDigit(c) || c === 95;
/** Space, tab, line feed, carriage return and the no-break space a pasted formula may carry. */
const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13 || c === 0xa0;

/** How an unexpected character is named in a message: itself, or U+XXXX when it is invisible. */
function describeChar(src: string, i: number): string {
  const cp = src.codePointAt(i)!;
  const invisible =
    cp < 0x21 ||
    (cp >= 0x7f && cp <= 0xa0) ||
    cp === 0xad ||
    (cp >= 0x2000 && cp <= 0x200f) ||
    (cp >= 0x2028 && cp <= 0x202f) ||
    (cp >= 0xd800 && cp <= 0xdfff) ||
    (cp >= 0xfe00 && cp <= 0xfe0f) ||
    cp === 0xfeff;
  if (invisible) return `character U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
  return `"${String.fromCodePoint(cp)}"`;
}

function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  const n = src.length;
  let i = 0;
  while (i < n) {
    const c = src.charCodeAt(i);
    if (isSpace(c)) {
      i++;
      continue;
    }
    if (tokens.length >= FORMULA_LIMITS.maxTokens) {
      throw new FormulaSyntaxError(
        `Formula is too complex (max ${FORMULA_LIMITS.maxTokens} numbers, names and symbols)`,
        i,
      );
    }
    const start = i;
    if (isDigit(c) || c === 46 /* . */) {
      while (i < n && isDigit(src.charCodeAt(i))) i++;
      if (i < n && src.charCodeAt(i) === 46) {
        i++;
        while (i < n && isDigit(src.charCodeAt(i))) i++;
      }
      const text = src.slice(start, i);
      if (text === '.') throw new FormulaSyntaxError(`Unexpected "." at position ${start}`, start);
      if (i < n) {
        const next = src.charCodeAt(i);
        if (next === 46 || isNameChar(next)) {
          const after = src.charCodeAt(i + 1);
          const exponent = (next === 101 || next === 69) && (isDigit(after) || after === 43 || after === 45);
          const what = exponent ? ' (exponent notation is not supported)' : '';
          throw new FormulaSyntaxError(`Unexpected ${describeChar(src, i)} at position ${i}${what}`, i);
        }
      }
      const value = Number(text);
      if (!Number.isFinite(value)) {
        throw new FormulaSyntaxError(`Number is too large at position ${start}`, start);
      }
      tokens.push({ type: T_NUM, pos: start, text, value });
      continue;
    }
    if (isLetter(c) || c === 95 /* _ */) {
      while (i < n && isNameChar(src.charCodeAt(i))) i++;
      const text = src.slice(start, i);
      if (c === 95) {
        throw new FormulaSyntaxError(
          `Invalid name "${text}" at position ${start} (names start with a letter)`,
          start,
        );
      }
      tokens.push({ type: T_NAME, pos: start, text, value: 0 });
      continue;
    }
    const ch = src[i]!;
    const type = Object.hasOwn(PUNCTUATION, ch) ? PUNCTUATION[ch] : undefined;
    if (type === undefined) {
      throw new FormulaSyntaxError(`Unexpected ${describeChar(src, i)} at position ${i}`, i);
    }
    tokens.push({ type, pos: start, text: ch, value: 0 });
    i++;
  }
  tokens.push({ type: T_END, pos: n, text: '', value: 0 });
  return tokens;
}

// ---- Compiled nodes -------------------------------------------------------------------------------

type Fn = (v: ArrayLike<number | undefined>) => number;
/** A node while compiling: a constant, a variable slot, or a closure. */
type Node = { k: 'c'; c: number } | { k: 'v'; i: number } | { k: 'f'; f: Fn };

const constant = (c: number): Node => ({ k: 'c', c });

function toFn(node: Node): Fn {
  if (node.k === 'f') return node.f;
  if (node.k === 'c') {
    const c = node.c;
    return () => c;
  }
  const i = node.i;
  return (v) => {
    const x = v[i];
    return x === undefined ? 1 : x;
  };
}

type BinOp = '+' | '-' | '*' | '/';

function applyOp(op: BinOp, a: number, b: number): number {
  return op === '+' ? a + b : op === '-' ? a - b : op === '*' ? a * b : a / b;
}

/** A binary operation, folded when both sides are constant and specialised when one side is. */
function binary(op: BinOp, left: Node, right: Node): Node {
  if (left.k === 'c' && right.k === 'c') return constant(applyOp(op, left.c, right.c));
  let f: Fn;
  if (right.k === 'c') {
    const a = toFn(left);
    const c = right.c;
    f =
      op === '+'
        ? (v) => a(v) + c
        : op === '-'
          ? (v) => a(v) - c
          : op === '*'
            ? (v) => a(v) * c
            : (v) => a(v) / c;
  } else if (left.k === 'c') {
    const c = left.c;
    const b = toFn(right);
    f =
      op === '+'
        ? (v) => c + b(v)
        : op === '-'
          ? (v) => c - b(v)
          : op === '*'
            ? (v) => c * b(v)
            : (v) => c / b(v);
  } else {
    const a = toFn(left);
    const b = toFn(right);
    f =
      op === '+'
        ? (v) => a(v) + b(v)
        : op === '-'
          ? (v) => a(v) - b(v)
          : op === '*'
            ? (v) => a(v) * b(v)
            : (v) => a(v) / b(v);
  }
  return { k: 'f', f };
}

function negate(node: Node): Node {
  if (node.k === 'c') return constant(-node.c);
  const a = toFn(node);
  return { k: 'f', f: (v) => -a(v) };
}

interface FunctionDef {
  minArgs: number;
  maxArgs: number;
  /** Evaluates constant arguments at compile time. */
  fold: (args: number[]) => number;
  compile: (args: Fn[]) => Fn;
}

const unaryFunction = (m: (x: number) => number): FunctionDef => ({
  minArgs: 1,
  maxArgs: 1,
  fold: ([x]) => m(x!),
  compile:
    ([a]) =>
    (v) =>
      m(a!(v)),
});

const FUNCTIONS: Record<FormulaFunction, FunctionDef> = {
  min: {
    minArgs: 1,
    maxArgs: Infinity,
    fold: (args) => Math.min(...args),
    compile: (args) => {
      const [a, b] = args as [Fn, Fn];
      if (args.length === 1) return a;
      if (args.length === 2) return (v) => Math.min(a(v), b(v));
      return (v) => {
        let m = a(v);
        for (let i = 1; i < args.length; i++) m = Math.min(m, args[i]!(v));
        return m;
      };
    },
  },
  max: {
    minArgs: 1,
    maxArgs: Infinity,
    fold: (args) => Math.max(...args),
    compile: (args) => {
      const [a, b] = args as [Fn, Fn];
      if (args.length === 1) return a;
      if (args.length === 2) return (v) => Math.max(a(v), b(v));
      return (v) => {
        let m = a(v);
        for (let i = 1; i < args.length; i++) m = Math.max(m, args[i]!(v));
        return m;
      };
    },
  },
  round: unaryFunction(Math.round),
  ceil: unaryFunction(Math.ceil),
  floor: unaryFunction(Math.floor),
};

// ---- Parser ---------------------------------------------------------------------------------------

class Parser {
  private pos = 0;
  private depth = 0;
  readonly variables: string[] = [];
  private readonly slots = new Map<string, number>();

  constructor(
    private readonly src: string,
    private readonly tokens: Token[],
  ) {}

  parse(): Node {
    if (this.tokens.length === 1) throw new FormulaSyntaxError('Formula is empty', 0);
    const node = this.sum();
    const t = this.peek();
    if (t.type !== T_END) throw this.unexpected(t);
    return node;
  }

  private peek(): Token {
    return this.tokens[this.pos]!;
  }

  private unexpected(t: Token): FormulaSyntaxError {
    if (t.type === T_END)
      return new FormulaSyntaxError(`Unexpected end of formula at position ${t.pos}`, t.pos);
    return new FormulaSyntaxError(`Unexpected "${t.text}" at position ${t.pos}`, t.pos);
  }

  private enter(t: Token): void {
    if (++this.depth > FORMULA_LIMITS.maxDepth)
      throw new FormulaSyntaxError('Formula is nested too deeply', t.pos);
  }

  private sum(): Node {
    let left = this.product();
    for (;;) {
      const t = this.peek();
      if (t.type !== T_PLUS && t.type !== T_MINUS) return left;
      this.pos++;
      left = binary(t.type === T_PLUS ? '+' : '-', left, this.product());
    }
  }

  private product(): Node {
    let left = this.unary();
    for (;;) {
      const t = this.peek();
      if (t.type !== T_STAR && t.type !== T_SLASH) return left;
      this.pos++;
      left = binary(t.type === T_STAR ? '*' : '/', left, this.unary());
    }
  }

  private unary(): Node {
    const t = this.peek();
    if (t.type !== T_MINUS && t.type !== T_PLUS) return this.primary();
    this.pos++;
    this.enter(t);
    const operand = this.unary();
    this.depth--;
    return t.type === T_MINUS ? negate(operand) : operand;
  }

  private primary(): Node {
    const t = this.peek();
    if (t.type === T_NUM) {
      this.pos++;
      return constant(t.value);
    }
    if (t.type === T_LPAREN) {
      this.pos++;
      this.enter(t);
      const inner = this.sum();
      this.closeParen();
      this.depth--;
      return inner;
    }
    if (t.type === T_NAME) {
      this.pos++;
      const lower = t.text.toLowerCase();
      const isCall = this.peek().type === T_LPAREN;
      const fn = Object.hasOwn(FUNCTIONS, lower) ? FUNCTIONS[lower as FormulaFunction] : undefined;
      if (isCall) {
        if (!fn) throw new FormulaSyntaxError(`Unknown function "${t.text}" at position ${t.pos}`, t.pos);
        return this.call(t, lower, fn);
      }
      if (fn) {
        throw new FormulaSyntaxError(`Function "${lower}" needs parentheses at position ${t.pos}`, t.pos);
      }
      return { k: 'v', i: this.slot(t.text.toUpperCase()) };
    }
    throw this.unexpected(t);
  }

  private call(name: Token, lower: string, fn: FunctionDef): Node {
    const open = this.peek();
    this.pos++;
    this.enter(open);
    const args: Node[] = [];
    if (this.peek().type !== T_RPAREN) {
      args.push(this.sum());
      while (this.peek().type === T_COMMA) {
        this.pos++;
        args.push(this.sum());
      }
    }
    this.closeParen();
    this.depth--;
    if (args.length < fn.minArgs || args.length > fn.maxArgs) {
      const wanted =
        fn.maxArgs === fn.minArgs
          ? `exactly ${fn.minArgs} argument${fn.minArgs === 1 ? '' : 's'}`
          : `at least ${fn.minArgs} argument${fn.minArgs === 1 ? '' : 's'}`;
      throw new FormulaSyntaxError(`Function "${lower}" takes ${wanted} at position ${name.pos}`, name.pos);
    }
    if (args.every((a) => a.k === 'c')) return constant(fn.fold(args.map((a) => (a as { c: number }).c)));
    return { k: 'f', f: fn.compile(args.map(toFn)) };
  }

  private closeParen(): void {
    const t = this.peek();
    if (t.type === T_RPAREN) {
      this.pos++;
      return;
    }
    if (t.type === T_END)
      throw new FormulaSyntaxError(`Missing closing parenthesis at position ${t.pos}`, t.pos);
    throw this.unexpected(t);
  }

  private slot(name: string): number {
    let i = this.slots.get(name);
    if (i === undefined) {
      i = this.variables.length;
      this.slots.set(name, i);
      this.variables.push(name);
    }
    return i;
  }
}

// ---- Public entry point ---------------------------------------------------------------------------

function compile(source: string, root: Node, variables: string[]): CompiledFormula {
  const names = Object.freeze(variables.slice());
  const count = names.length;
  let evaluateWith: Fn;
  if (root.k === 'c') {
    const c = root.c;
    evaluateWith = () => c;
  } else if (root.k === 'v') {
    const i = root.i;
    evaluateWith = (values) => {
      const x = values[i];
      return x === undefined ? 1 : x;
    };
  } else {
    evaluateWith = root.f;
  }
  // evaluate() copies the record into this buffer and runs the array path. Evaluation is synchronous
  // and calls nothing outside this module, so one buffer per compiled formula is safe to reuse.
  const buffer = new Float64Array(count);
  const f = evaluateWith;
  const evaluate = (values: Readonly<Record<string, number>>): number => {
    for (let i = 0; i < count; i++) {
      const name = names[i]!;
      let x: unknown = 1;
      if (values != null && Object.hasOwn(values, name)) x = values[name];
      buffer[i] = typeof x === 'number' ? x : 1;
    }
    return f(buffer);
  };
  return Object.freeze({ source, variables: names, evaluate, evaluateWith });
}

/**
 * Parses and compiles a pricing formula. Never throws: any string (or a non-string passed by
 * untyped code) gives either a compiled formula or an error with a position.
 */
export function parseFormula(src: string): ParseResult {
  try {
    if (typeof src !== 'string')
      return { ok: false, error: { message: 'Formula must be text', position: 0 } };
    if (src.length > FORMULA_LIMITS.maxLength) {
      return {
        ok: false,
        error: {
          message: `Formula is too long (max ${FORMULA_LIMITS.maxLength} characters)`,
          position: FORMULA_LIMITS.maxLength,
        },
      };
    }
    const parser = new Parser(src, tokenize(src));
    const root = parser.parse();
    return { ok: true, formula: compile(src, root, parser.variables) };
  } catch (e) {
    if (e instanceof FormulaSyntaxError)
      return { ok: false, error: { message: e.message, position: e.position } };
    // Unreachable by design; kept so that "never throws" holds even against a bug.
    return { ok: false, error: { message: 'Formula could not be read', position: 0 } };
  }
}
