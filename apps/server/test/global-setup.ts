/**
 * Migrates one database per test run and lets every test file copy it (ARCHITECTURE §7):
 * with PGlite, a dumped data folder, kept between runs for the same migrations; with DATABASE_URL, a
 * template database.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrationsFolder, pgliteExtensions, wrapPglite, wrapPostgres } from '../src/db/client';

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
  const cached = migratedDumpCache();
  if (fs.existsSync(cached.file)) {
    project.provide('pgliteDumpPath', cached.file);
    project.provide('templateDatabaseUrl', '');
    return;
  }
  const started = Date.now();
  const database = wrapPglite(await PGlite.create({ extensions: pgliteExtensions }));
  await database.migrate();
  const dump = await database.pglite!.dumpDataDir('none');
  await database.close();
  // Written under a name of this process's, then renamed: a run starting meanwhile never reads half a file.
  fs.mkdirSync(cached.dir, { recursive: true });
  const partial = `${cached.file}.${process.pid}.partial`;
  fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(partial, cached.file);
  for (const other of fs.readdirSync(cached.dir))
    if (other.endsWith('.tar') && path.join(cached.dir, other) !== cached.file)
      fs.rmSync(path.join(cached.dir, other), { force: true });
  project.provide('pgliteDumpPath', cached.file);
  project.provide('templateDatabaseUrl', '');
  if (process.env.DEBUG_TEST_DB) console.info(`migrated test database in ${Date.now() - started} ms`);
}

/**
 * Where the migrated PGlite data folder of these migrations is kept between runs (about 2 s of migrating
 * saved at each start): named by a hash of every file in the migrations folder and of the PGlite and
 * drizzle versions, so a new or changed migration, or an upgrade, makes a new one (older ones are removed).
 */
function migratedDumpCache() {
  const hash = createHash('sha256');
  const modules = path.resolve(import.meta.dirname, '../../../node_modules');
  for (const pkg of ['@electric-sql/pglite', 'drizzle-orm'])
    hash.update(fs.readFileSync(path.join(modules, pkg, 'package.json')));
  const files = (dir: string): string[] =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]))
      .sort();
  for (const file of files(migrationsFolder)) {
    hash.update(`${path.relative(migrationsFolder, file)}\n`);
    hash.update(fs.readFileSync(file));
  }
  const dir = path.join(modules, '.cache/stg-test-db');
  return { dir, file: path.join(dir, `migrated-${hash.digest('hex').slice(0, 16)}.tar`) };
}
