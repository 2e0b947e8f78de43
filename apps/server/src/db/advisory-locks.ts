import { sql, type SQL } from 'drizzle-orm';

const isInt32 = (n: number) => Number.isInteger(n) && n >= -2_147_483_648 && n <= 2_147_483_647;

/**
 * `select pg_advisory_xact_lock(a, b), …`: transaction-level advisory locks on each pair of 32-bit keys, taken
 * in the order given (PostgreSQL evaluates a select list left to right). The keys are written into the text,
 * not sent as parameters, so that a transaction starting with its locks sends them with its BEGIN in one
 * round trip (db/client.ts, ADR 0042 "Ninth step"); each key is checked to be a 32-bit integer first.
 */
export function advisoryXactLocks(...pairs: readonly (readonly [number, number])[]): SQL {
  if (pairs.length === 0) throw new Error('no advisory lock to take');
  for (const [a, b] of pairs)
    if (!isInt32(a) || !isInt32(b)) throw new Error(`advisory lock keys must be 32-bit integers: ${a}, ${b}`);
  return sql.raw(`select ${pairs.map(([a, b]) => `pg_advisory_xact_lock(${a}, ${b})`).join(', ')}`);
}
