/**
 * The row a write's `.returning()` (or a lookup that must find one) answered. Drizzle answers a list;
 * an empty one here means the row the caller counted on is gone (an update of a deleted id, say): that
 * is a bug to hear about by name, not an `undefined` to carry on with (issue 24: this replaces `row!`).
 */
export class MissingRowError extends Error {
  constructor(readonly what: string) {
    super(`No ${what} row where one was expected`);
    this.name = 'MissingRowError';
  }
}

export function oneRow<T>(rows: readonly T[], what: string): T {
  const [row] = rows;
  if (row === undefined) throw new MissingRowError(what);
  return row;
}
