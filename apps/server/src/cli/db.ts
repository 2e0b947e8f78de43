/** npm run db:reset (drop everything, migrate, seed) and npm run db:seed (seed when empty). */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { openAndMigrate, seedIfEmpty, isEmpty } from '../bootstrap';
import { acquireDataDirLock } from '../db/lock';

const command = process.argv[2];
const config = loadConfig();
const log = { info: (obj: unknown, msg?: string) => console.info(msg ?? '', obj) };

if (command === 'reset') {
  if (config.DATABASE_URL) {
    const { database } = await openAndMigrate(config);
    await database.db.execute(sql`drop schema public cascade`);
    await database.db.execute(sql`drop schema if exists drizzle cascade`);
    await database.db.execute(sql`create schema public`);
    await database.close();
    fs.rmSync(path.join(config.dataDir, 'uploads'), { recursive: true, force: true });
  } else {
    fs.mkdirSync(config.dataDir, { recursive: true });
    // Refuses (with a clear message) while a running marketplace holds the folder.
    const lock = acquireDataDirLock(config.dataDir);
    fs.rmSync(path.join(config.dataDir, 'db'), { recursive: true, force: true });
    fs.rmSync(path.join(config.dataDir, 'uploads'), { recursive: true, force: true });
    lock.release();
  }
  const { database, storage } = await openAndMigrate(config);
  await seedIfEmpty(database, storage, log);
  await database.close();
  console.info('Database reset and demo data seeded.');
} else if (command === 'seed') {
  const { database, storage } = await openAndMigrate(config);
  if (await isEmpty(database)) {
    await seedIfEmpty(database, storage, log);
    console.info('Demo data seeded.');
  } else {
    console.info('The database already has data; nothing seeded (use npm run db:reset to start over).');
  }
  await database.close();
} else {
  console.error('usage: tsx src/cli/db.ts reset|seed');
  process.exit(2);
}
