/** Opens the database, migrates it, and seeds the demo data when it is empty. Shared by main and the CLI. */
import path from 'node:path';
import { count } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { LocalStorage } from './adapters/storage/local-storage';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { vendors } from './db/schema';
import { seedDemoData } from './db/seed/seed-demo-data';

export async function openAndMigrate(config: Config) {
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    await database.migrate();
  } catch (err) {
    await database.close();
    throw err;
  }
  const storage = new LocalStorage(path.join(config.dataDir, 'uploads'));
  return { database, storage };
}

export async function isEmpty(database: Database) {
  const [row] = await database.db.select({ n: count() }).from(vendors);
  return (row?.n ?? 0) === 0;
}

export async function seedIfEmpty(
  database: Database,
  storage: LocalStorage,
  log: Pick<FastifyBaseLogger, 'info'>,
): Promise<void> {
  if (!(await isEmpty(database))) return;
  const started = Date.now();
  const summary = await seedDemoData(database.db, storage, { now: new Date() });
  log.info({ ...summary, ms: Date.now() - started }, 'seeded demo data');
}
