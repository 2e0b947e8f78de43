/**
 * Several instances starting at once on one empty PostgreSQL database (compose, a rolling deploy) all
 * migrate it: they take turns under an advisory lock instead of colliding on the same DDL.
 */
import pg from 'pg';
import { expect, it } from 'vitest';
import { wrapPostgres } from './client';

const url = process.env.DATABASE_URL;

it.skipIf(!url)('three instances migrating one empty database at once all succeed (PostgreSQL)', async () => {
  const name = `stg_migrate_race_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  const target = new URL(url!);
  target.pathname = `/${name}`;
  const instances = [1, 2, 3].map(() => wrapPostgres(target.toString(), 2));
  try {
    const outcomes = await Promise.allSettled(instances.map((d) => d.migrate()));
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    const check = new pg.Client({ connectionString: target.toString() });
    await check.connect();
    const applied = await check.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    const journal = (await import('./migrations/meta/_journal.json', { with: { type: 'json' } })).default;
    expect(applied.rows[0].n).toBe(journal.entries.length);
    await check.end();
  } finally {
    await Promise.all(instances.map((d) => d.close()));
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.end();
  }
});
