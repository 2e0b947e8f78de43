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
  /**
   * Tells `listener` of every query the app's connections run (its SQL, how long it took including the
   * wait for a connection, whether it failed), for the metrics (ADR 0039). Returns a function that stops.
   */
  onQuery(listener: QueryListener): () => void;
  /** The connections now: PostgreSQL's pool; PGlite's one connection (busy while a query or transaction runs). */
  poolStats(): PoolStats;
}

export interface QueryEvent {
  sql: string;
  seconds: number;
  failed: boolean;
}
export type QueryListener = (event: QueryEvent) => void;

export interface PoolStats {
  /** Connections open. */
  total: number;
  /** Of those, not in use. */
  idle: number;
  /** Queries (or transactions) waiting for a connection. */
  waiting: number;
}

/** The listeners of one database, and the one place a finished query is reported to them. */
class QueryListeners {
  private readonly listeners = new Set<QueryListener>();
  /** Queries started and not finished (PGlite: with open transactions, how busy its one connection is). */
  inFlight = 0;

  add(listener: QueryListener) {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** A query starts: call the answer when it has finished. */
  start(query: unknown): (failed: boolean) => void {
    const started = performance.now();
    this.inFlight++;
    return (failed) => {
      this.inFlight--;
      this.report(textOf(query), started, failed);
    };
  }

  /** Wraps a query-running function: times each call and reports it. */
  timed<A extends unknown[], R>(run: (...args: A) => Promise<R>) {
    return async (...args: A): Promise<R> => {
      const finish = this.start(args[0]);
      let failed = true;
      try {
        const result = await run(...args);
        failed = false;
        return result;
      } finally {
        finish(failed);
      }
    };
  }

  report(sql: string, started: number, failed: boolean) {
    if (this.listeners.size === 0) return;
    const event = { sql, seconds: (performance.now() - started) / 1000, failed };
    for (const listener of this.listeners) listener(event);
  }
}

const INSTRUMENTED = Symbol('instrumented');
const textOf = (query: unknown): string => {
  if (typeof query === 'string') return query;
  const text = (query as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text : '';
};

/** PGlite's query, exec and transaction (its transaction's own query and exec) report to `listeners`. */
function instrumentPglite(client: PGlite, listeners: QueryListeners) {
  const marked = client as PGlite & { [INSTRUMENTED]?: true };
  if (marked[INSTRUMENTED]) return;
  marked[INSTRUMENTED] = true;
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = listeners.timed(query) as typeof client.query;
  client.exec = listeners.timed(exec);
  client.transaction = (async (callback: Parameters<PGlite['transaction']>[0]) => {
    // The transaction holds the one connection from BEGIN to COMMIT: busy all that time.
    listeners.inFlight++;
    try {
      return await transaction((tx) => {
        const timedTx = Object.create(tx) as typeof tx;
        timedTx.query = listeners.timed(tx.query.bind(tx)) as typeof tx.query;
        timedTx.exec = listeners.timed(tx.exec.bind(tx));
        return callback(timedTx);
      });
    } finally {
      listeners.inFlight--;
    }
  }) as typeof client.transaction;
}

type QueryConfigLike = { name?: unknown; text?: unknown; values?: unknown; submit?: unknown };
const TRANSACTION_START = /^\s*begin\s*$/i;
const TRANSACTION_END = /^\s*(commit|rollback)\s*$/i;
/** advisoryXactLocks' text (db/advisory-locks.ts): the one first statement sent with its BEGIN. */
const ADVISORY_LOCKS =
  /^select pg_advisory_xact_lock\(-?\d+, -?\d+\)(, pg_advisory_xact_lock\(-?\d+, -?\d+\))*$/;

/**
 * A pool connection's query reports to `listeners`: drizzle's (a promise) and the pool's own `pool.query`
 * (a callback). A submittable (a cursor) is left untimed; the app uses none.
 *
 * A transaction's BEGIN waits for its first statement (ADR 0042 "Ninth step"): when that statement is the
 * advisory locks a checkout's hold or a booking's change starts with (db/advisory-locks.ts: fixed text, no
 * parameters, so never a syntax error that would stop the BEGIN with it), both go in one round trip as one
 * simple query (`begin; select pg_advisory_xact_lock(…)`; PostgreSQL runs them in order and the transaction
 * stays open). Before any other statement the BEGIN is sent first, as before, queued with it (node-postgres
 * runs a connection's queries in the order asked, so nothing the transaction asks meanwhile overtakes it);
 * a transaction that ran no statement sends neither BEGIN nor its COMMIT or ROLLBACK.
 */
function instrumentPgClient(client: pg.PoolClient, listeners: QueryListeners, names: StatementNames | null) {
  const original = client.query.bind(client) as (...args: unknown[]) => unknown;
  let beginPending = false;
  const send = (...args: unknown[]): unknown => {
    const first = args[0] as QueryConfigLike | string;
    if (typeof first === 'object' && typeof first?.submit === 'function') return original(...args);
    if (names && typeof first === 'object' && first !== null) names.name(first, args[1]);
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      const finish = listeners.start(first);
      args[args.length - 1] = (err: unknown, result: unknown) => {
        finish(Boolean(err));
        (callback as (e: unknown, r: unknown) => void)(err, result);
      };
      return original(...args);
    }
    return listeners.timed(async (_query: unknown) => await original(...args))(first);
  };
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const first = args[0] as QueryConfigLike | string;
    const text = typeof first === 'string' ? first : first?.text;
    const values = Array.isArray(args[1]) ? args[1] : typeof first === 'object' ? first?.values : undefined;
    const simple =
      typeof text === 'string' &&
      typeof args.at(-1) !== 'function' &&
      (typeof first === 'string' || (first?.name === undefined && first?.submit === undefined)) &&
      (!Array.isArray(values) || values.length === 0);
    if (simple && TRANSACTION_START.test(text) && !beginPending) {
      beginPending = true;
      return Promise.resolve(EMPTY_RESULT);
    }
    if (!beginPending) return send(...args);
    beginPending = false;
    if (simple && TRANSACTION_END.test(text)) return Promise.resolve(EMPTY_RESULT);
    if (simple && ADVISORY_LOCKS.test(text)) {
      const merged = typeof first === 'string' ? `begin; ${first}` : { ...first, text: `begin; ${text}` };
      // Two statements answer with two results: the caller's is the second.
      return (send(merged, ...args.slice(1)) as Promise<unknown>).then((results: unknown) =>
        Array.isArray(results) ? (results.at(-1) as unknown) : results,
      );
    }
    const begun = send('begin') as Promise<unknown>;
    const answer = send(...args);
    if (typeof args.at(-1) === 'function') {
      // A callback's query: its callback tells its outcome (a failed BEGIN fails it too).
      begun.catch(() => undefined);
      return answer;
    }
    return Promise.all([begun, answer]).then(([, result]) => result);
  };
}

/** What node-postgres answers a statement that returns no rows (the deferred BEGIN's own answer). */
const EMPTY_RESULT = { command: '', rowCount: 0, oid: 0, rows: [], fields: [] };

/**
 * Names the app's parameterised statements, so each pool connection parses (and, once PostgreSQL settles on a
 * generic plan, plans) each one once instead of on every run (issue 26: a plan visit's 38 statements, a day
 * of them at once). node-postgres prepares a named statement on a connection the first time it runs there and
 * then only binds and executes it. One name per statement text, the same in every connection; statements
 * without parameters (BEGIN, COMMIT, a migration's DDL) are left as they are, as is every text past the first
 * MAX_NAMED (texts that vary with their data, such as `in (…)` lists of any length, would otherwise grow it).
 * Prepared statements are not rolled back with a transaction, and PostgreSQL plans them again itself when a
 * table they read changes; a change to a statement's result columns (a migration of another instance) fails
 * it once with "cached plan must not change result type" on each connection. Off with
 * DATABASE_PREPARED_STATEMENTS=false (e.g. behind a pooler in transaction mode, which cannot keep them).
 */
export class StatementNames {
  static readonly MAX_NAMED = 1000;
  private readonly names = new Map<string, string>();

  /** Gives `query` (a node-postgres query config) its text's name, if it has parameters and no name yet. */
  name(query: { name?: unknown; text?: unknown; values?: unknown }, values: unknown) {
    if (query.name !== undefined || typeof query.text !== 'string') return;
    const params = Array.isArray(values) ? values : query.values;
    if (!Array.isArray(params) || params.length === 0) return;
    let name = this.names.get(query.text);
    if (name === undefined) {
      if (this.names.size >= StatementNames.MAX_NAMED) return;
      name = `stg_${this.names.size + 1}`;
      this.names.set(query.text, name);
    }
    query.name = name;
  }
}

const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;

export function wrapPglite(client: PGlite, onClose?: () => void): Database {
  const listeners = new QueryListeners();
  instrumentPglite(client, listeners);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    onQuery: (listener) => listeners.add(listener),
    poolStats: () => ({
      total: 1,
      idle: listeners.inFlight === 0 ? 1 : 0,
      waiting: Math.max(0, listeners.inFlight - 1),
    }),
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

export function wrapPostgres(url: string, max = 10, opts: { preparedStatements?: boolean } = {}): Database {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection the server drops (restart, failover) must not crash the process: the pool
  // replaces it on the next query.
  pool.on('error', (err) => console.warn(`PostgreSQL connection error: ${err.message}`));
  const listeners = new QueryListeners();
  const names = opts.preparedStatements === false ? null : new StatementNames();
  pool.on('connect', (client) => instrumentPgClient(client, listeners, names));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    onQuery: (listener) => listeners.add(listener),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
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
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  /** PostgreSQL's pool size (DATABASE_POOL_MAX). */
  poolMax?: number;
  /** PostgreSQL: name the parameterised statements (StatementNames; DATABASE_PREPARED_STATEMENTS). */
  preparedStatements?: boolean;
}): Promise<Database> {
  if (opts.databaseUrl)
    return wrapPostgres(opts.databaseUrl, opts.poolMax, { preparedStatements: opts.preparedStatements });
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
