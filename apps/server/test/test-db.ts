/** A fresh, migrated database for one test file: a copy of the one global-setup migrated. */
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
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
  const dump = fs.readFileSync(inject('pgliteDumpPath'));
  const client = await PGlite.create({ loadDataDir: new Blob([dump]), extensions: pgliteExtensions });
  return wrapPglite(client);
}
