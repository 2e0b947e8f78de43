/**
 * A tiny evaluator for the seed's own pricing formulas, in the same whitelisted grammar the product
 * uses: numbers, UPPERCASE variables, + - * / ( ), unary minus, min(a,b), max(a,b), round, ceil, floor.
 * A variable without a value counts as 1 (spec §5). The seed uses it to price its demo orders; it
 * throws on anything outside the grammar so a typo in the demo data fails loudly.
 */
type Token =
  | { kind: 'num'; value: number }
  | { kind: 'ident'; name: string }
  | { kind: 'op'; op: '+' | '-' | '*' | '/' | '(' | ')' | ',' };

const FUNCTIONS: Record<string, { arity: number; fn: (...args: number[]) => number }> = {
  min: { arity: 2, fn: (a, b) => Math.min(a, b) },
  max: { arity: 2, fn: (a, b) => Math.max(a, b) },
  round: { arity: 1, fn: (a) => Math.round(a) },
  ceil: { arity: 1, fn: (a) => Math.ceil(a) },
  floor: { arity: 1, fn: (a) => Math.floor(a) },
};

function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (c === ' ') {
      i++;
    } else if (/[0-9.]/.test(c)) {
      const m = /^(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)/.exec(src.slice(i));
      if (!m) throw new Error(`Bad number at ${i} in "${src}"`);
      tokens.push({ kind: 'num', value: Number(m[0]) });
      i += m[0].length;
    } else if (/[A-Za-z]/.test(c)) {
      const m = /^[A-Za-z][A-Za-z0-9_]*/.exec(src.slice(i))!;
      tokens.push({ kind: 'ident', name: m[0] });
      i += m[0].length;
    } else if ('+-*/(),'.includes(c)) {
      tokens.push({ kind: 'op', op: c as '+' });
      i++;
    } else {
      throw new Error(`Unexpected "${c}" in "${src}"`);
    }
  }
  return tokens;
}

/** The UPPERCASE variable names a formula uses. */
export function formulaVariables(formula: string): string[] {
  return [
    ...new Set(
      tokenize(formula)
        .filter((t): t is { kind: 'ident'; name: string } => t.kind === 'ident' && !(t.name in FUNCTIONS))
        .map((t) => t.name),
    ),
  ];
}

export function evaluateFormula(formula: string, vars: Record<string, number>): number {
  const tokens = tokenize(formula);
  let pos = 0;
  const peek = () => tokens[pos];
  const isOp = (op: string) => {
    const t = peek();
    return t?.kind === 'op' && t.op === op;
  };
  const expect = (op: string) => {
    if (!isOp(op)) throw new Error(`Expected "${op}" in "${formula}"`);
    pos++;
  };

  function expr(): number {
    let v = term();
    while (isOp('+') || isOp('-')) {
      const op = (tokens[pos++] as { op: string }).op;
      const r = term();
      v = op === '+' ? v + r : v - r;
    }
    return v;
  }
  function term(): number {
    let v = unary();
    while (isOp('*') || isOp('/')) {
      const op = (tokens[pos++] as { op: string }).op;
      const r = unary();
      v = op === '*' ? v * r : v / r;
    }
    return v;
  }
  function unary(): number {
    if (isOp('-')) {
      pos++;
      return -unary();
    }
    return primary();
  }
  function primary(): number {
    const t = tokens[pos++];
    if (!t) throw new Error(`Unexpected end of "${formula}"`);
    if (t.kind === 'num') return t.value;
    if (t.kind === 'ident') {
      const fn = FUNCTIONS[t.name];
      if (fn) {
        expect('(');
        const args = [expr()];
        while (isOp(',')) {
          pos++;
          args.push(expr());
        }
        expect(')');
        if (args.length !== fn.arity)
          throw new Error(`${t.name} takes ${fn.arity} argument(s) in "${formula}"`);
        return fn.fn(...args);
      }
      if (!/^[A-Z][A-Z0-9_]*$/.test(t.name)) throw new Error(`Unknown name "${t.name}" in "${formula}"`);
      return vars[t.name] ?? 1;
    }
    if (t.op === '(') {
      const v = expr();
      expect(')');
      return v;
    }
    throw new Error(`Unexpected "${t.op}" in "${formula}"`);
  }

  const value = expr();
  if (pos !== tokens.length) throw new Error(`Trailing input in "${formula}"`);
  if (!Number.isFinite(value)) throw new Error(`"${formula}" is not finite`);
  return value;
}
