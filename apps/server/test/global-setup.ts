/**
 * Migrates one database per test run and lets every test file copy it (ARCHITECTURE §7):
 * with PGlite, a dumped data folder in a temp file; with DATABASE_URL, a template database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { pgliteExtensions, wrapPglite, wrapPostgres } from '../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDumpPath: string;
    templateDatabaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = `stg_test_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${template}`;
    const database = wrapPostgres(templateUrl.toString(), 1);
    await database.migrate();
    await database.close();
    project.provide('templateDatabaseUrl', templateUrl.toString());
    project.provide('pgliteDumpPath', '');
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${template}`);
      await admin.end();
    };
  }
  const started = Date.now();
  const database = wrapPglite(await PGlite.create({ extensions: pgliteExtensions }));
  await database.migrate();
  const dump = await database.pglite!.dumpDataDir('none');
  await database.close();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'stg-test-')), 'migrated.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteDumpPath', file);
  project.provide('templateDatabaseUrl', '');
  if (process.env.DEBUG_TEST_DB) console.info(`migrated test database in ${Date.now() - started} ms`);
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}
