/**
 * Statements drizzle builds once (issue 27, ADR 0042). Drizzle makes a statement's text from its query
 * tree on every run: 80–300 µs of the server's CPU for a table's whole row, a quarter of the server's CPU
 * in the checkout bench. A statement made here is built on first use with placeholders
 * (`sql.placeholder`) and `.prepare()`d; every later run, on the pool or inside a transaction, only fills
 * in the values.
 *
 * One built statement serves every database and transaction of the same driver: each run is handed the
 * connection of the `db` or `tx` it is asked on (drizzle's prepared query runs on its `client`: the pool,
 * PGlite, or the transaction's own connection). `prepared.test.ts` checks that a statement run in a
 * transaction sees that transaction's rows and that two databases each see their own; if drizzle's
 * objects ever lack that shape, the statement is built for the caller as before.
 *
 * Placeholder values reach the driver as they are (no column's mapping): pass text, numbers or booleans,
 * not dates.
 */
import { getTableColumns, type Table } from 'drizzle-orm';
import type { Db, Tx } from './client';

interface Session {
  client?: unknown;
  constructor: unknown;
}
const sessionOf = (db: Db | Tx) => (db as unknown as { session?: Session }).session;

export function preparedPerDb<T extends object>(build: (db: Db | Tx) => T): (db: Db | Tx) => T {
  /** The statement built once per driver (its session's class: node-postgres' or PGlite's). */
  const built = new Map<unknown, T>();
  return (db) => {
    const session = sessionOf(db);
    if (!session?.client) return build(db);
    let statement = built.get(session.constructor);
    if (statement === undefined) {
      statement = build(db);
      if (!('client' in statement)) return statement;
      built.set(session.constructor, statement);
    }
    // This run on the caller's connection: the built statement with its `client` replaced.
    return Object.create(statement, { client: { value: session.client } }) as T;
  };
}

/**
 * A whole table row's columns as a CTE of that table (a `$with` of a select, or of an insert's or update's
 * `returning()`) names them, to select from it as the row (issue 27: statements that write and read at once).
 */
export function rowColumnsOf<C extends { _: { selectedFields: unknown } }>(cte: C, table: Table) {
  return Object.fromEntries(
    Object.keys(getTableColumns(table)).map((key) => [key, (cte as unknown as Record<string, unknown>)[key]]),
  ) as unknown as C['_']['selectedFields'];
}
