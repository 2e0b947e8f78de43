/**
 * A fresh, migrated database for one test file: a copy of the one global-setup migrated (PostgreSQL: a
 * database made from the template), or on PGlite a worker's used instance put back into that same state.
 */
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { expect, inject } from 'vitest';
import { pgliteExtensions, wrapPglite, wrapPostgres, type Database } from '../src/db/client';

export async function createTestDatabase(): Promise<Database & { url?: string }> {
  const templateUrl = inject('templateDatabaseUrl');
  if (templateUrl) {
    const url = new URL(templateUrl);
    const template = url.pathname.slice(1);
    const name = `stg_test_${randomBytes(6).toString('hex')}`;
    url.pathname = '/postgres';
    const admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    await admin.end();
    url.pathname = `/${name}`;
    const database: Database & { url?: string } = wrapPostgres(url.toString(), 4);
    database.url = url.toString();
    const close = database.close;
    database.close = async () => {
      await close();
      const drop = new pg.Client({ connectionString: templateUrl });
      await drop.connect();
      await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await drop.end();
    };
    return database;
  }
  return leasePglite();
}

// ---- PGlite: instances reused within a worker (ADR 0043-test-suite-speed) ------------------------------
//
// Loading the migrated data folder into a new PGlite (untar 44 MB into its in-memory file system, start
// PostgreSQL) costs 0.4-0.9 s of CPU; ninety server files do it at least once each. The server project
// runs files one after the other on reused worker threads (isolate: false), so a closed database is not
// thrown away: it is emptied back to the migrated state (every table truncated with its sequences, the rows
// the migrations insert put back, the session reset with DISCARD ALL), which takes tens of milliseconds.
// It is reused only if it then matches, in a fingerprint of its catalog, settings, sequences and rows,
// what a freshly loaded copy showed; otherwise it is closed, and the next file loads a fresh copy as before.

/** What a freshly loaded copy of the migrated database looks like, and the statements that restore it. */
interface Reference {
  fingerprint: string;
  reset: string;
  fingerprintQuery: string;
}

let reference: Promise<Reference> | null = null;
const idle: PGlite[] = [];
/** Clean instances kept per worker (a file may use two or three databases at once). */
const MAX_IDLE = 3;
/** Counts for DEBUG_TEST_DB: instances loaded from the dump, leases served by a reset one, resets refused. */
export const pgliteReuse = { loaded: 0, reused: 0, refused: 0 };

async function loadPglite(): Promise<PGlite> {
  const dump = fs.readFileSync(inject('pgliteDumpPath'));
  pgliteReuse.loaded++;
  return PGlite.create({ loadDataDir: new Blob([dump]), extensions: pgliteExtensions });
}

const userTables = `select format('%I.%I', n.nspname, c.relname) as name from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema', 'drizzle')
    and n.nspname not like 'pg_toast%' and n.nspname not like 'pg_temp%'
  order by 1`;

/** Catalog objects by count and OIDs (a created object takes a new OID), and how they are set. */
const catalogFingerprint = [
  `(select count(*) || ':' || sum(oid::int8) || ':' || sum(relrowsecurity::int) || ':' || count(reloptions) || ':' || sum(relnatts) from pg_class)`,
  `(select count(*) || ':' || sum(attrelid::int8 * attnum) || ':' || sum(atttypid::int8) || ':' || sum(attnotnull::int) || ':' || sum(attisdropped::int) || ':' || sum(atthasdef::int) from pg_attribute)`,
  `(select count(*) || ':' || sum(oid::int8) || ':' || sum(length(prosrc)) from pg_proc)`,
  `(select count(*) || ':' || coalesce(sum(oid::int8), 0) || ':' || coalesce(string_agg(tgenabled::text, '' order by oid), '') from pg_trigger)`,
  ...[
    'pg_constraint',
    'pg_type',
    'pg_namespace',
    'pg_attrdef',
    'pg_enum',
    'pg_extension',
    'pg_rewrite',
    'pg_policy',
    'pg_authid',
    'pg_database',
    'pg_index',
    'pg_sequence',
  ].map((catalog) =>
    catalog === 'pg_index' || catalog === 'pg_sequence'
      ? `(select count(*) from ${catalog})`
      : `(select count(*) || ':' || coalesce(sum(oid::int8), 0) from ${catalog})`,
  ),
  `(select count(*) from pg_prepared_xacts)`,
  `(select count(*) from pg_largeobject_metadata)`,
  `(select count(*) || ':' || max(id) from drizzle.__drizzle_migrations)`,
  `(select string_agg(format('%s.%s=%s', schemaname, sequencename, coalesce(last_value::text, '-')), ',' order by schemaname, sequencename) from pg_sequences)`,
  // Settings away from their defaults (a custom one the triggers set for their transaction, or plpgsql's once
  // loaded, stays defined at its default for the session, as in any long-lived connection).
  `(select md5(string_agg(name || '=' || setting, ',' order by name)) from pg_settings where source <> 'default')`,
];

async function takeReference(client: PGlite): Promise<Reference> {
  const tables = (await client.query<{ name: string }>(userTables)).rows.map((r) => r.name);
  // Each table's rows (only the migrations' few), in their physical order, to compare and to put back.
  const rowsOf = (table: string) =>
    `(select coalesce(json_agg(t order by ctid)::text, '[]') from ${table} t)`;
  const fingerprintQuery = `select concat_ws(' | ', ${[...catalogFingerprint, ...tables.map(rowsOf)].join(', ')}) as fingerprint`;
  const fingerprint = await fingerprintOf(client, fingerprintQuery);
  const restore: string[] = [];
  for (const table of tables) {
    const rows = (
      await client.query<{ json: string | null }>(
        `select json_agg(t order by ctid)::text as json from ${table} t`,
      )
    ).rows[0]?.json;
    if (!rows) continue;
    const columns = (
      await client.query<{ name: string }>(
        `select format('%I', attname) as name from pg_attribute
         where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
        [table],
      )
    ).rows.map((r) => r.name);
    const list = columns.join(', ');
    restore.push(
      `insert into ${table} (${list}) overriding system value select ${list} from json_populate_recordset(null::${table}, ${quote(rows)});`,
    );
  }
  // Triggers off for the reset (session_replication_role replica): the truncate triggers would bump the
  // cache versions and notify; the rows put back are the migrations' own.
  const reset = [
    'begin;',
    'set local session_replication_role = replica;',
    tables.length > 0 ? `truncate ${tables.join(', ')} restart identity;` : '',
    ...restore,
    'commit;',
  ].join('\n');
  return { fingerprint, reset, fingerprintQuery };
}

async function fingerprintOf(client: PGlite, query: string): Promise<string> {
  const [row] = (await client.query<{ fingerprint: string }>(query)).rows;
  if (!row) throw new Error('no fingerprint');
  return row.fingerprint;
}

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

async function leasePglite(): Promise<Database> {
  let client = idle.pop();
  if (client) pgliteReuse.reused++;
  else {
    client = await loadPglite();
    // The reference comes from the first instance a worker loads, before any test has used it.
    reference ??= takeReference(client);
    await reference;
  }
  const lease = new Lease(client);
  const database = wrapPglite(lease.handle);
  database.close = () => lease.release();
  return database;
}

/**
 * One test file's use of a PGlite instance. The file gets `handle`, a stand-in for the instance whose methods
 * fail once the file has closed its database (as a closed PGlite's would), so nothing left running by one
 * file can reach the next file's data. Its notification listeners are removed at release.
 */
class Lease {
  readonly handle: PGlite;
  private released = false;
  private readonly stopListening: (() => Promise<void>)[] = [];

  constructor(private readonly client: PGlite) {
    // Properties set on the handle (the app's query instrumentation) stay on this lease's handle.
    const own = new Map<PropertyKey, unknown>();
    this.handle = new Proxy(client, {
      get: (target, prop) => {
        if (own.has(prop)) return own.get(prop);
        if (prop === 'closed') return this.released || target.closed;
        if (prop === 'close') return () => this.release();
        if (prop === 'listen') return this.listen;
        const value: unknown = Reflect.get(target, prop, target);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          if (this.released) throw new Error('PGlite is closed');
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
      set: (_target, prop, value) => {
        own.set(prop, value);
        return true;
      },
      has: (target, prop) => own.has(prop) || prop in target,
    });
  }

  private readonly listen = async (channel: string, callback: (payload: string) => void, tx?: unknown) => {
    if (this.released) throw new Error('PGlite is closed');
    const stop = await this.client.listen(channel, callback, tx as never);
    let stopped = false;
    const unlisten = async () => {
      if (stopped) return;
      stopped = true;
      await stop();
    };
    this.stopListening.push(unlisten);
    return unlisten;
  };

  async release(): Promise<void> {
    if (this.released) return;
    this.released = true;
    const client = this.client;
    let clean = false;
    try {
      for (const stop of this.stopListening) await stop();
      const ref = await reference!;
      // A transaction a test left open (raw BEGIN) ends here: the reset must not join it.
      await client.exec('rollback');
      await client.exec(ref.reset);
      await client.exec('discard all');
      const now = await fingerprintOf(client, ref.fingerprintQuery);
      clean = now === ref.fingerprint;
      if (!clean) debug('it differs from a fresh copy:', differences(ref.fingerprint, now));
    } catch (error) {
      debug('its reset failed:', error);
    }
    if (!clean) pgliteReuse.refused++;
    if (clean && !client.closed) {
      // The latest one is handed out next; past MAX_IDLE the one idle longest is closed.
      idle.push(client);
      if (idle.length > MAX_IDLE) await idle.shift()!.close();
    } else if (!client.closed) await client.close();
  }
}

/** DEBUG_TEST_DB=1: says which file's database was not reused, and why. */
function debug(why: string, detail: unknown) {
  if (process.env.DEBUG_TEST_DB)
    console.info(`test database not reused (${expect.getState().testPath}): ${why}`, detail);
}

/** The fingerprint's parts that differ, each as the items (comma-separated) added and removed. */
function differences(was: string, now: string) {
  const before = was.split(' | ');
  return now.split(' | ').flatMap((part, i) => {
    if (part === before[i]) return [];
    const items = new Set(part.split(','));
    const old = new Set(before[i]?.split(','));
    const added = [...items].filter((item) => !old.has(item));
    const removed = [...old].filter((item) => !items.has(item));
    return [`part ${i}: ${added.join(',').slice(0, 300)} (was ${removed.join(',').slice(0, 300)})`];
  });
}
