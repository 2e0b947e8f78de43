/**
 * A transaction's BEGIN goes with its first statement when that statement has no parameters (db/client.ts,
 * ADR 0042 "Ninth step"): one round trip, and the statement still runs inside the transaction.
 */
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advisoryXactLocks } from './advisory-locks';
import { wrapPostgres, type Database } from './client';

const url = process.env.DATABASE_URL;
const table = `stg_begin_merge_${process.pid}`;

describe.skipIf(!url)('BEGIN sent with the first statement (PostgreSQL)', () => {
  let database: Database;
  let other: pg.Client;
  beforeAll(async () => {
    database = wrapPostgres(url!, 2);
    other = new pg.Client({ connectionString: url });
    await other.connect();
    await other.query(`create table ${table} (id int primary key)`);
  });
  afterAll(async () => {
    await other.query(`drop table if exists ${table}`);
    await other.end();
    await database.close();
  });

  /** The statements `fn` sends, as their texts. */
  async function sent(fn: () => Promise<unknown>): Promise<string[]> {
    const texts: string[] = [];
    const stop = database.onQuery((e) => texts.push(e.sql.replace(/\s+/g, ' ').trim()));
    try {
      await fn().catch(() => undefined);
    } finally {
      stop();
    }
    return texts;
  }
  const rows = async () => (await other.query(`select id from ${table} order by id`)).rows.map((r) => r.id);

  it('locks first: one round trip with BEGIN, and the locks are the transaction’s (held until it ends)', async () => {
    let heldMeanwhile: boolean | undefined;
    const texts = await sent(() =>
      database.db.transaction(async (tx) => {
        await tx.execute(advisoryXactLocks([7403, 991], [7404, 992]));
        await tx.execute(sql.raw(`insert into ${table} (id) values (1)`));
        const tried = await other.query('select pg_try_advisory_xact_lock(7403, 991) as got');
        heldMeanwhile = tried.rows[0].got;
      }),
    );
    expect(texts).toEqual([
      'begin; select pg_advisory_xact_lock(7403, 991), pg_advisory_xact_lock(7404, 992)',
      `insert into ${table} (id) values (1)`,
      'commit',
    ]);
    expect(heldMeanwhile).toBe(false);
    expect(await rows()).toEqual([1]);
    const after = await other.query('select pg_try_advisory_xact_lock(7403, 991) as got');
    expect(after.rows[0].got).toBe(true);
  });

  it('a refusal after the merged first statement rolls everything back', async () => {
    const texts = await sent(() =>
      database.db.transaction(async (tx) => {
        await tx.execute(advisoryXactLocks([7403, 993]));
        await tx.execute(sql`insert into ${sql.raw(table)} (id) values (${2})`);
        throw new Error('refused');
      }),
    );
    expect(texts[0]).toBe('begin; select pg_advisory_xact_lock(7403, 993)');
    expect(texts.at(-1)).toBe('rollback');
    expect(await rows()).toEqual([1]);
  });

  it('a first statement with parameters: BEGIN is sent before it, as before', async () => {
    const texts = await sent(() =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into ${sql.raw(table)} (id) values (${3})`);
        throw new Error('refused');
      }),
    );
    expect(texts).toEqual(['begin', `insert into ${table} (id) values ($1)`, 'rollback']);
    expect(await rows()).toEqual([1]);
  });

  it('only the advisory locks go with BEGIN; a transaction with no statement sends nothing', async () => {
    const texts = await sent(() =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql.raw('select 1/0'));
      }),
    );
    expect(texts).toEqual(['begin', 'select 1/0', 'rollback']);
    expect(await sent(() => database.db.transaction(async () => undefined))).toEqual([]);
    // The connections still work.
    const [a, b] = await Promise.all([
      database.db.execute(sql`select ${5}::int as n`),
      database.db.transaction((tx) => tx.execute(advisoryXactLocks([7403, 994]))),
    ]);
    expect((a as { rows: { n: number }[] }).rows[0]!.n).toBe(5);
    expect((b as { rows: unknown[] }).rows).toHaveLength(1);
  });

  it('statements asked for at once keep their order behind the BEGIN, and none runs after its rollback', async () => {
    const texts = await sent(() =>
      database.db.transaction(async (tx) => {
        await Promise.all([tx.execute(sql`select ${1}::int as a`), tx.execute(sql`select ${2}::int as b`)]);
      }),
    );
    expect(texts).toEqual(['begin', 'select $1::int as a', 'select $1::int as b', 'commit']);
    // A refusal while the transaction's first statement still waits for the BEGIN: rolled back with it.
    await expect(
      database.db.transaction(async (tx) => {
        await Promise.all([
          tx.execute(sql`insert into ${sql.raw(table)} (id) values (${4})`),
          Promise.reject(new Error('refused')),
        ]);
      }),
    ).rejects.toThrow('refused');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await rows()).toEqual([1]);
  });

  it('refuses keys that are not 32-bit integers', () => {
    expect(() => advisoryXactLocks([7403, 2 ** 31])).toThrow(/32-bit/);
    expect(() => advisoryXactLocks([7403, 1.5])).toThrow(/32-bit/);
  });
});
