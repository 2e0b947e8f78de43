/**
 * One database API over two engines: PGlite (embedded, the default) and a PostgreSQL server
 * (when DATABASE_URL is set). Both run the same drizzle migrations.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema';
import { acquireDataDirLock, type DataDirLock } from './lock';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const migrationsFolder = path.join(import.meta.dirname, 'migrations');
export const pgliteExtensions = { btree_gist };

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** The PGlite instance, when embedded (tests use it to dump a migrated data folder). */
  pglite?: PGlite;
  /**
   * LISTEN on a channel: `onMessage` gets each NOTIFY payload (sent by any process on this database,
   * delivered after the sender's transaction commits). Resolves to a function that stops listening.
   */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
}

const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;

export function wrapPglite(client: PGlite, onClose?: () => void): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    async listen(channel, onMessage) {
      if (!CHANNEL_NAME.test(channel)) throw new Error(`Bad channel name ${channel}`);
      const unlisten = await client.listen(channel, onMessage);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    async close() {
      await client.close();
      onClose?.();
    },
  };
}

export function wrapPostgres(url: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection the server drops (restart, failover) must not crash the process: the pool
  // replaces it on the next query.
  pool.on('error', (err) => console.warn(`PostgreSQL connection error: ${err.message}`));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePostgres(pool),
    listen: (channel, onMessage) => listenPostgres(url, channel, onMessage),
    close: () => pool.end(),
  };
}

/** Any number, the same in every process: the session-level advisory lock that serialises migrations. */
const MIGRATION_LOCK = 7_302_114_021;

/**
 * Migrates under an advisory lock, so several instances starting together on one database take turns:
 * the first applies the migrations, the others then find nothing left to do.
 */
async function migratePostgres(pool: pg.Pool) {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migratePg(drizzlePg(client), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

/**
 * A dedicated connection that LISTENs on the channel, reconnecting (with a pause) when the server drops
 * it, until stopped.
 */
async function listenPostgres(url: string, channel: string, onMessage: (payload: string) => void) {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`Bad channel name ${channel}`);
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (msg) => {
      if (msg.channel === channel) onMessage(msg.payload ?? '');
    });
    c.on('error', (err) => {
      console.warn(`PostgreSQL LISTEN connection error: ${err.message}`);
      void c.end().catch(() => undefined);
      if (client === c) client = null;
      if (!stopped) retry = setTimeout(() => void connect().catch(() => undefined), 1_000);
    });
    await c.connect();
    await c.query(`LISTEN ${channel}`);
    if (stopped) await c.end();
    else client = c;
  };
  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    await client?.end().catch(() => undefined);
    client = null;
  };
}

/** Opens the configured database: PostgreSQL when a URL is given, else PGlite in `<dataDir>/db`. */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (opts.databaseUrl) return wrapPostgres(opts.databaseUrl);
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const lock: DataDirLock = acquireDataDirLock(opts.dataDir);
  try {
    const client = await PGlite.create({
      dataDir: path.join(opts.dataDir, 'db'),
      extensions: pgliteExtensions,
    });
    return wrapPglite(client, () => lock.release());
  } catch (err) {
    lock.release();
    throw err;
  }
}

/** Runs raw SQL and returns its rows (both drivers answer with `{ rows }`). */
export async function queryRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}
