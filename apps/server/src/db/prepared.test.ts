/**
 * Statements built once (preparedPerDb, issue 27): one built statement runs on whichever connection it is
 * asked on — the pool, or a transaction's own connection (it sees the transaction's uncommitted rows and
 * its row locks hold) — and on each database its own rows. PGlite, and PostgreSQL under
 * scripts/with-postgres.mjs.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestDatabase } from '../../test/test-db';
import type { Database } from './client';
import { preparedPerDb } from './prepared';
import { cacheVersions } from './schema';

const versionOf = preparedPerDb((db) =>
  db
    .select({ version: cacheVersions.version })
    .from(cacheVersions)
    .where(eq(cacheVersions.scope, sql.placeholder('scope')))
    .prepare('test_version_of'),
);
const read = async (db: Database['db'], scope: string) =>
  (await versionOf(db).execute({ scope }))[0]?.version ?? null;

let one: Database;
let two: Database;
beforeAll(async () => {
  one = await createTestDatabase();
  two = await createTestDatabase();
});
afterAll(async () => {
  await one?.close();
  await two?.close();
});

it('runs inside a transaction on its connection: it sees the rows the transaction wrote', async () => {
  const scope = `prepared-test-${Date.now()}`;
  expect(await read(one.db, scope)).toBeNull();
  await one.db
    .transaction(async (tx) => {
      await tx.insert(cacheVersions).values({ scope, version: 7 });
      expect(await read(tx, scope)).toBe(7);
      tx.rollback();
    })
    .catch(() => undefined);
  expect(await read(one.db, scope)).toBeNull();
});

it('reads each database its own rows', async () => {
  const scope = `prepared-two-${Date.now()}`;
  await one.db.insert(cacheVersions).values({ scope, version: 1 });
  await two.db.insert(cacheVersions).values({ scope, version: 2 });
  expect(await read(one.db, scope)).toBe(1);
  expect(await read(two.db, scope)).toBe(2);
  await two.db.transaction(async (tx) => {
    expect(await read(tx, scope)).toBe(2);
  });
});
