/**
 * Backups of the embedded database (PGlite in DATA_DIR), with the server stopped:
 *   npm run db:backup [-- FOLDER]    a consistent copy: the database dumped by PGlite (dumpDataDir) with
 *                                    the uploads and the calendar key, into FOLDER (default
 *                                    backups/marketplace-<UTC time>)
 *   npm run db:restore -- FOLDER     puts a backup in DATA_DIR; what was there is moved aside, not deleted
 * Both take the data folder's lock, so they refuse while a server uses it (PGlite loses data when two
 * processes share a folder). With DATABASE_URL, use scripts/backup-postgres.sh instead.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { loadConfig } from '../config';
import { pgliteExtensions } from '../db/client';
import { acquireDataDirLock, DataDirLockedError } from '../db/lock';

const DUMP = 'database.tar.gz';
const MOVABLE = ['db', 'uploads', 'calendar-token.key'] as const;

const stamp = () =>
  new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

async function backup(dataDir: string, target: string) {
  const dbDir = path.join(dataDir, 'db');
  if (!fs.existsSync(path.join(dbDir, 'PG_VERSION')))
    throw new Error(`There is no embedded database in ${dataDir} to back up.`);
  if (fs.existsSync(target)) throw new Error(`${target} already exists; name a new folder.`);
  const partial = `${target}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(partial, { recursive: true });
  const client = await PGlite.create({ dataDir: dbDir, extensions: pgliteExtensions });
  try {
    const dump = await client.dumpDataDir('gzip');
    fs.writeFileSync(path.join(partial, DUMP), Buffer.from(await dump.arrayBuffer()));
  } finally {
    await client.close();
  }
  const uploads = path.join(dataDir, 'uploads');
  if (fs.existsSync(uploads)) fs.cpSync(uploads, path.join(partial, 'uploads'), { recursive: true });
  const key = path.join(dataDir, 'calendar-token.key');
  if (fs.existsSync(key)) fs.copyFileSync(key, path.join(partial, 'calendar-token.key'));
  fs.renameSync(partial, target);
  return target;
}

async function restore(dataDir: string, source: string) {
  const dump = path.join(source, DUMP);
  if (!fs.existsSync(dump))
    throw new Error(`${source} is not a backup made by npm run db:backup (no ${DUMP}).`);
  // Load into a new folder first: what is in DATA_DIR is touched only once the backup has loaded.
  const incoming = path.join(dataDir, `db.restoring`);
  fs.rmSync(incoming, { recursive: true, force: true });
  const client = await PGlite.create({
    dataDir: incoming,
    loadDataDir: new Blob([fs.readFileSync(dump)]),
    extensions: pgliteExtensions,
  });
  await client.query('select 1');
  await client.close();
  const aside = path.join(dataDir, `before-restore-${stamp()}`);
  for (const name of MOVABLE) {
    const current = path.join(dataDir, name);
    if (!fs.existsSync(current)) continue;
    fs.mkdirSync(aside, { recursive: true });
    fs.renameSync(current, path.join(aside, name));
  }
  fs.renameSync(incoming, path.join(dataDir, 'db'));
  if (fs.existsSync(path.join(source, 'uploads')))
    fs.cpSync(path.join(source, 'uploads'), path.join(dataDir, 'uploads'), { recursive: true });
  if (fs.existsSync(path.join(source, 'calendar-token.key')))
    fs.copyFileSync(path.join(source, 'calendar-token.key'), path.join(dataDir, 'calendar-token.key'));
  return fs.existsSync(aside) ? aside : null;
}

async function main() {
  const [command, folder] = process.argv.slice(2);
  if (command !== 'backup' && command !== 'restore') {
    console.error('usage: tsx src/cli/backup.ts backup [FOLDER] | restore FOLDER');
    return 2;
  }
  const config = loadConfig();
  if (config.DATABASE_URL) {
    console.error(
      'DATABASE_URL is set: this command backs up the embedded database only. For PostgreSQL use ' +
        'scripts/backup-postgres.sh and scripts/restore-postgres.sh (docs/deploy.md).',
    );
    return 2;
  }
  const base = process.env.INIT_CWD ?? process.cwd();
  if (command === 'restore' && !folder) {
    console.error('usage: npm run db:restore -- FOLDER');
    return 2;
  }
  const dataDir = config.dataDir;
  fs.mkdirSync(dataDir, { recursive: true });
  let lock;
  try {
    lock = acquireDataDirLock(dataDir);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(`${err.message}\nStop the server before a backup or a restore of the embedded database.`);
      return 1;
    }
    throw err;
  }
  try {
    if (command === 'backup') {
      const target = path.resolve(base, folder ?? path.join('backups', `marketplace-${stamp()}`));
      console.info(`Backed up ${dataDir} to ${await backup(dataDir, target)}`);
    } else {
      const aside = await restore(dataDir, path.resolve(base, folder!));
      console.info(
        `Restored ${path.resolve(base, folder!)} into ${dataDir}` +
          (aside ? `; what was there is kept in ${aside}` : ''),
      );
    }
    return 0;
  } catch (err) {
    console.error((err as Error).message);
    return 1;
  } finally {
    lock.release();
  }
}

process.exit(await main());
