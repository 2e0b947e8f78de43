/**
 * Backups of the PostgreSQL deployment (issue 14): scripts/backup-postgres.sh (pg_dump -Fc) of a database
 * with real data, scripts/restore-postgres.sh (pg_restore) into a fresh database: every table holds the
 * same rows, a non-empty target is refused, and the server (src/main.ts as in production) starts on the
 * restored database, where the customer signs in and sees the order. PostgreSQL only (npm run test:pg).
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MemoryStorage } from '../src/adapters/storage/local-storage';
import { buildApp } from '../src/app';
import { wrapPostgres } from '../src/db/client';
import { orders } from '../src/db/schema';
import { payFor, scheduledBooking, signedUpCustomer } from './checkout-fixtures';
import { createPayableVendor } from './payable-vendor';
import { freePort, httpClient, startServerProcess } from './server-process';
import { createTestDatabase } from './test-db';

const onPostgres = Boolean(inject('templateDatabaseUrl'));
const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Every table's row count, in both schemas the app uses (public, drizzle's migrations). */
async function rowCounts(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ s: string; t: string }>(
      `select table_schema as s, table_name as t from information_schema.tables
        where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1, 2`,
    );
    const counts: Record<string, number> = {};
    for (const { s, t } of rows)
      counts[`${s}.${t}`] = Number((await client.query(`select count(*) as n from "${s}"."${t}"`)).rows[0].n);
    return counts;
  } finally {
    await client.end();
  }
}

function script(name: string, args: string[], env: Record<string, string> = {}) {
  const res = spawnSync('bash', [path.join(repoRoot, 'scripts', name), ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  return { status: res.status, out: `${res.stdout}${res.stderr}` };
}

describe.skipIf(!onPostgres)(
  'pg_dump / pg_restore round trip (skipped on PGlite: see the db:backup test; runs in npm run test:pg)',
  () => {
    let source: Awaited<ReturnType<typeof createTestDatabase>>;
    let restoredUrl: string;
    let admin: pg.Client;
    let folder: string;
    let customerEmail: string;
    let confirmationId: string;

    beforeAll(async () => {
      source = await createTestDatabase();
      folder = fs.mkdtempSync(path.join(os.tmpdir(), 'stg-pg-backup-'));
      const clock = new Date('2026-11-23T15:00:00Z');
      const app = await buildApp({
        database: wrapPostgres(source.url!, 2),
        storage: new MemoryStorage(),
        now: () => clock,
      });
      const vendor = await createPayableVendor(app, 'backup-vendor@example.com');
      const customer = await signedUpCustomer(app, 'backup');
      customerEmail = customer.email;
      const booking = await scheduledBooking(customer.client, vendor, '2026-11-25T16:00:00.000Z');
      const paid = await payFor(customer.client, booking.id);
      expect(paid.json().status).toBe('succeeded');
      const [order] = await app.deps.db.select({ confirmationId: orders.confirmationId }).from(orders);
      confirmationId = order!.confirmationId;
      await app.deps.background.drain();
      await app.close();

      const url = new URL(source.url!);
      const name = `stg_restored_${randomBytes(6).toString('hex')}`;
      url.pathname = '/postgres';
      admin = new pg.Client({ connectionString: url.toString() });
      await admin.connect();
      await admin.query(`create database ${name}`);
      url.pathname = `/${name}`;
      restoredUrl = url.toString();
    }, 120_000);

    afterAll(async () => {
      if (restoredUrl)
        await admin.query(`drop database if exists ${new URL(restoredUrl).pathname.slice(1)} with (force)`);
      await admin?.end();
      await source?.close();
      if (folder) fs.rmSync(folder, { recursive: true, force: true });
    });

    it('dumps with pg_dump -Fc, restores into a fresh database with every row, refuses a non-empty target', async () => {
      const file = path.join(folder, 'nightly.dump');
      const backup = script('backup-postgres.sh', [file], { DATABASE_URL: source.url! });
      expect(backup.status, backup.out).toBe(0);
      expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('PGDMP'); // the custom format

      const restore = script('restore-postgres.sh', [file, restoredUrl]);
      expect(restore.status, restore.out).toBe(0);
      const before = await rowCounts(source.url!);
      expect(before['public.orders']).toBe(1);
      expect(before['drizzle.__drizzle_migrations']).toBeGreaterThan(0);
      expect(await rowCounts(restoredUrl)).toEqual(before);

      const again = script('restore-postgres.sh', [file, restoredUrl]);
      expect(again.status).toBe(1);
      expect(again.out).toMatch(/already has \d+ tables; restore into an empty database/);
    }, 60_000);

    it('the server starts on the restored database: the customer signs in and sees the order', async () => {
      const port = await freePort();
      const dataDir = fs.mkdtempSync(path.join(folder, 'data-'));
      const server = await startServerProcess({ port, dataDir, databaseUrl: restoredUrl });
      try {
        const call = httpClient(`http://127.0.0.1:${port}`);
        await call('GET', '/api/session');
        const signIn = await call('POST', '/api/session', {
          user: { email: customerEmail, password: 'Password123!' },
        });
        expect(signIn.status).toBe(200);
        const orders = (await call('GET', '/api/orders')).json.orders as { confirmationId: string }[];
        expect(orders.map((o) => o.confirmationId)).toEqual([confirmationId]);
      } finally {
        server.kill('SIGTERM');
        const code = await new Promise((resolve) => server.once('exit', resolve));
        expect(code).toBe(0);
      }
    }, 90_000);
  },
);
