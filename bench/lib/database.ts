/**
 * A fresh, empty database for one benchmark, prepared here (migrated, filled) and then handed to the
 * server process:
 * - embedded (default): a new temp DATA_DIR; the server opens the same PGlite folder once this process
 *   has closed it (PGlite's lock refuses two processes on one folder);
 * - PostgreSQL, when DATABASE_URL (or BENCH_DATABASE_URL) is set, e.g. by `node scripts/with-postgres.mjs
 *   npm run bench`: a new database `stg_bench_<name>_<time>` created on that server (so one bench never
 *   sees another's rows, and the database named in the URL is never written), dropped afterwards.
 *   The URL's role needs CREATEDB (with-postgres's superuser has it).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, wrapPostgres, type Database } from '../../apps/server/src/db/client';

export interface BenchDatabase {
  /** 'PGlite' or 'PostgreSQL 15.x', for the report. */
  label: string;
  kind: 'pglite' | 'postgres';
  /** The server's DATA_DIR (uploads, the calendar key; the PGlite folder when embedded). */
  dataDir: string;
  /** Set on PostgreSQL: the fresh database's URL, the server's DATABASE_URL. */
  databaseUrl?: string;
  /** Opens and migrates it (close it before the server starts on PGlite). */
  open(): Promise<Database>;
  /** Removes the temp folder and drops the PostgreSQL database. */
  dispose(): Promise<void>;
}

/** The PostgreSQL server the benches run on, or undefined for the embedded database. */
export const serverUrl = (): string | undefined =>
  process.env.DATABASE_URL || process.env.BENCH_DATABASE_URL || undefined;

export async function freshDatabase(name: string): Promise<BenchDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `stg-bench-${name}-`));
  const url = serverUrl();
  const open = async (databaseUrl?: string) => {
    const database = await openDatabase({ databaseUrl, dataDir });
    await database.migrate();
    return database;
  };
  if (!url) {
    return {
      label: 'PGlite (embedded)',
      kind: 'pglite',
      dataDir,
      open: () => open(),
      dispose: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const dbName = `stg_bench_${name.replace(/[^a-z0-9]/gi, '_').toLowerCase()}_${Date.now().toString(36)}`;
  const admin = wrapPostgres(url, 1);
  const version = await (async () => {
    try {
      await admin.db.execute(sql.raw(`create database ${dbName}`));
      const rows = (await admin.db.execute<Record<string, unknown>>(sql`show server_version`)) as {
        rows: { server_version: string }[];
      };
      return rows.rows[0]?.server_version.split(' ')[0] ?? '';
    } finally {
      await admin.close();
    }
  })();
  const u = new URL(url);
  u.pathname = `/${dbName}`;
  const databaseUrl = u.toString();
  return {
    label: `PostgreSQL ${version}`.trim(),
    kind: 'postgres',
    dataDir,
    databaseUrl,
    open: () => open(databaseUrl),
    dispose: async () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      const a = wrapPostgres(url, 1);
      try {
        await a.db.execute(sql.raw(`drop database if exists ${dbName} with (force)`));
      } finally {
        await a.close();
      }
    },
  };
}
