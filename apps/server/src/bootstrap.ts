/** Opens the database, migrates it, and seeds the demo data when it is empty. Shared by main and the CLI. */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseSecretKey } from './adapters/calendars/secret-box';
import { count, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { createStorage } from './adapters/storage/create-storage';
import type { Storage } from './adapters/storage/storage';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { vendors } from './db/schema';
import { startPricingOfVendorsInSetup } from './modules/vendors/service';
import { seedDemoData } from './seed/seed-demo-data';

export async function openAndMigrate(config: Config) {
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    poolMax: config.DATABASE_POOL_MAX,
    preparedStatements: config.DATABASE_PREPARED_STATEMENTS,
  });
  try {
    await database.migrate();
    // Vendors in setup from before ADR 0032 start from their category's default pricing, as new ones do.
    await startPricingOfVendorsInSetup(database.db, new Date());
  } catch (err) {
    await database.close();
    throw err;
  }
  // DATA_DIR/uploads, or the S3 bucket when STORAGE_DRIVER=s3 (storage.root is set only for a local folder).
  const storage = await createStorage(config);
  return { database, storage };
}

export async function isEmpty(database: Database) {
  const [row] = await database.db.select({ n: count() }).from(vendors);
  return (row?.n ?? 0) === 0;
}

export async function seedIfEmpty(
  database: Database,
  storage: Storage,
  log: Pick<FastifyBaseLogger, 'info'>,
): Promise<void> {
  if (!(await isEmpty(database))) return;
  const started = Date.now();
  const summary = await seedDemoData(database.db, storage, { now: new Date() });
  // Statistics for the planner at once (PGlite never analyzes by itself; see the maintenance job).
  await database.db.execute(sql`analyze`);
  log.info({ ...summary, ms: Date.now() - started }, 'seeded demo data');
}

/**
 * The key that encrypts calendar secrets: CALENDAR_TOKEN_KEY, or (single-process default) a key made
 * once and kept in the data folder, readable by this user only. Several instances must share the
 * variable, or each would fail to read the others' secrets.
 */
export function calendarSecretKey(config: Config): Buffer {
  if (config.CALENDAR_TOKEN_KEY) return parseSecretKey(config.CALENDAR_TOKEN_KEY)!;
  const file = path.join(config.dataDir, 'calendar-token.key');
  if (fs.existsSync(file)) {
    const key = parseSecretKey(fs.readFileSync(file, 'utf8'));
    if (key) return key;
    throw new Error(`${file} does not hold a 32-byte key; remove it or set CALENDAR_TOKEN_KEY`);
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const key = randomBytes(32);
  fs.writeFileSync(file, key.toString('hex'), { mode: 0o600 });
  return key;
}
