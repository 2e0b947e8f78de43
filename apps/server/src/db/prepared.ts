/**
 * Statements drizzle builds once per database (issue 27, ADR 0042). Drizzle makes a statement's text from
 * its query tree on every run, 80–300 µs of the server's CPU for a table's whole row (a quarter of the
 * server's CPU in the checkout bench); a statement made here is built on first use with placeholders
 * (`sql.placeholder`) and `.prepare()`d, and each later run only fills in the values. Kept per `db` (a
 * process has one; tests open several): a transaction passed instead gets its own, built for it, so a
 * caller that runs the statement inside a transaction stays correct, only not faster.
 *
 * Placeholder values reach the driver as they are (no column's mapping): pass text, numbers or booleans,
 * not dates.
 */
import type { Db, Tx } from './client';

export function preparedPerDb<T>(build: (db: Db | Tx) => T): (db: Db | Tx) => T {
  const made = new WeakMap<Db | Tx, T>();
  return (db) => {
    let statement = made.get(db);
    if (statement === undefined) {
      statement = build(db);
      made.set(db, statement);
    }
    return statement;
  };
}
