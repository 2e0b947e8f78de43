/**
 * Whether `x` is one of `values`, as a type guard (issue 24): `isOneOf(CATEGORIES, raw)` narrows `raw`
 * to `Category`. Replaces `(VALUES as readonly string[]).includes(x) ? (x as T) : ...`, whose two casts
 * the compiler could not check (the second one still compiles after the includes check is dropped).
 */
export function isOneOf<const T>(values: readonly T[], x: unknown): x is T {
  return values.some((value) => value === x);
}
