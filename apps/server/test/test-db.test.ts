/**
 * The test databases (test-db.ts): on PGlite a worker reuses a closed database only after putting it back
 * exactly as a fresh copy of the migrated one, and never one it could not (ADR 0043-test-suite-speed).
 */
import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { queryRows, type Database } from '../src/db/client';
import { createTestDatabase, pgliteReuse } from './test-db';

const rows = <T>(database: Database, statement: SQL) => queryRows<T>(database.db, statement);

/** The migrations' own rows of cache_versions, and every table's count, as a fresh copy has them. */
async function stateOf(database: Database) {
  const tables = await rows<{ name: string }>(
    database,
    sql`select format('%I.%I', schemaname, tablename) as name from pg_tables
        where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await rows<{ n: number }>(database, sql.raw(`select count(*)::int as n from ${name}`));
    counts[name] = row!.n;
  }
  const versions = await rows(database, sql`select scope, version::int from cache_versions order by scope`);
  return { counts, versions };
}

/** A custom setting's placeholder outlives a reset (as in any long-lived session), not a fresh load. */
const MARKER = 'stg_test.reuse_marker';
const marked = async (database: Database) => {
  const [row] = await rows<{ defined: boolean }>(
    database,
    sql`select current_setting(${MARKER}, true) is not null as defined`,
  );
  return row!.defined;
};

describe.skipIf(Boolean(inject('templateDatabaseUrl')))('test databases on PGlite', () => {
  it('a used database is emptied back to the migrated state before another file gets it', async () => {
    const fresh = await createTestDatabase();
    const migrated = await stateOf(fresh);
    expect(migrated.versions.length).toBeGreaterThan(0);
    await fresh.close();

    const used = await createTestDatabase();
    await used.db.execute(sql`select set_config(${MARKER}, 'on', true)`);
    await used.db.execute(
      sql`insert into contact_messages (name, email, subject, message) values ('A', 'a@example.com', 'S', 'M'), ('B', 'b@example.com', 'S', 'M')`,
    );
    await used.db.execute(
      sql`insert into mail_outbox ("to", subject, text) values ('a@example.com', 'S', 'T')`,
    );
    await used.db.execute(sql`update cache_versions set version = version + 5`);
    await used.db.execute(sql`set statement_timeout = '7s'`);
    const heard: string[] = [];
    await used.listen('reuse_probe', (payload) => heard.push(payload));
    const refused = pgliteReuse.refused;
    const reused = pgliteReuse.reused;
    await used.close();
    expect(pgliteReuse.refused).toBe(refused);

    const next = await createTestDatabase();
    try {
      expect(pgliteReuse.reused).toBe(reused + 1);
      expect(await marked(next)).toBe(true); // the same instance, reset
      expect(await stateOf(next)).toEqual(migrated);
      const [setting] = await rows<{ value: string }>(
        next,
        sql`select current_setting('statement_timeout') as value`,
      );
      expect(setting!.value).toBe('0');
      // Identities start again at 1.
      const [first] = await rows<{ id: number }>(
        next,
        sql`insert into contact_messages (name, email, subject, message) values ('C', 'c@example.com', 'S', 'M') returning id`,
      );
      expect(first!.id).toBe(1);
      // The earlier file's listener hears nothing, and its handle no longer reaches the database.
      await next.db.execute(sql`select pg_notify('reuse_probe', 'after')`);
      expect(heard).toEqual([]);
      await expect(used.db.execute(sql`select 1`)).rejects.toMatchObject({
        cause: expect.objectContaining({ message: 'PGlite is closed' }) as unknown,
      });
    } finally {
      await next.close();
    }
  });

  it('a database whose schema a test changed and left so is closed, not reused', async () => {
    const used = await createTestDatabase();
    await used.db.execute(sql`select set_config(${MARKER}, 'on', true)`);
    await used.db.execute(sql`create function left_behind() returns int language sql as 'select 1'`);
    const refused = pgliteReuse.refused;
    await used.close();
    expect(pgliteReuse.refused).toBe(refused + 1);
    // Whichever database comes next, it is not that one.
    const next = await createTestDatabase();
    try {
      expect(await rows(next, sql`select 1 from pg_proc where proname = 'left_behind'`)).toEqual([]);
    } finally {
      await next.close();
    }
  });
});
