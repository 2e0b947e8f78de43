/**
 * A fingerprint of every table of the database (row count and a hash of its rows), taken in one query,
 * so a refused request can be shown to have changed nothing at all.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

export type Fingerprint = Map<string, string>;

/**
 * Left out: request counters. A refused request still counts against its caller's rate limit (it is
 * an attempt), which is not a change to anyone's resource.
 */
const NOT_STATE = new Set(['rate_limits']);

export async function tableNames(app: FastifyInstance): Promise<string[]> {
  const result = await app.deps.db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return (result as { rows: { name: string }[] }).rows.map((r) => r.name).filter((t) => !NOT_STATE.has(t));
}

/** Every table's rows (count and md5 of their text, in a stable order). */
export async function fingerprint(app: FastifyInstance, tables: string[]): Promise<Fingerprint> {
  // Work a request started in the background (mail, events) lands before the fingerprint is taken.
  await app.deps.background.drain();
  const parts = tables.map(
    (t) =>
      `select '${t}' as name, count(*)::text || ':' || md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${t}" x`,
  );
  const result = await app.deps.db.execute<{ name: string; h: string }>(sql.raw(parts.join(' union all ')));
  return new Map((result as { rows: { name: string; h: string }[] }).rows.map((r) => [r.name, r.h]));
}

/** The tables whose rows differ between two fingerprints. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  return [...before.keys()].filter((t) => before.get(t) !== after.get(t));
}
