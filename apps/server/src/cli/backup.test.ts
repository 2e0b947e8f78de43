/**
 * npm run db:backup / db:restore for the embedded database (src/cli/backup.ts, run as its own process
 * as npm runs it, built once per test run: builtEntry): refused while a server holds the data folder; a backup holds the database, the uploads
 * and the calendar key; a restore into a new folder and over a changed one brings back exactly the backed
 * up rows (what was there is moved aside), and the server starts on the restored folder.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { builtEntry, freePort, startServerProcess } from '../../test/server-process';
import { openDatabase } from '../db/client';
import { acquireDataDirLock } from '../db/lock';
import { vendors } from '../db/schema';

const serverDir = path.resolve(import.meta.dirname, '../..');
let folder: string;
let dataDir: string;

function cli(args: string[], dir = dataDir) {
  const res = spawnSync(process.execPath, [...builtEntry('backup'), ...args], {
    cwd: serverDir,
    env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', INIT_CWD: folder },
    encoding: 'utf8',
  });
  return { status: res.status, out: `${res.stdout}${res.stderr}` };
}

async function vendorNames(dir: string) {
  const database = await openDatabase({ dataDir: dir });
  try {
    return (await database.db.select({ name: vendors.name }).from(vendors)).map((v) => v.name).sort();
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'stg-db-backup-'));
  dataDir = path.join(folder, 'data');
  const database = await openDatabase({ dataDir });
  await database.migrate();
  await database.db.insert(vendors).values([
    {
      name: 'Kept Cleaning',
      category: 'house_cleaning',
      phoneNumber: '4355550100',
      email: 'a@example.com',
      listingStatus: 'active',
    },
    {
      name: 'Kept Pests',
      category: 'house_cleaning',
      phoneNumber: '4355550101',
      email: 'b@example.com',
      listingStatus: 'active',
    },
  ]);
  await database.close();
  fs.mkdirSync(path.join(dataDir, 'uploads/logo'), { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'uploads/logo/a.webp'), 'picture');
  fs.writeFileSync(path.join(dataDir, 'calendar-token.key'), 'ab'.repeat(32), { mode: 0o600 });
}, 60_000);
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

it('refuses while a server holds the data folder', () => {
  const lock = acquireDataDirLock(dataDir); // this process stands for the running server
  try {
    const res = cli(['backup', 'backups/refused']);
    expect(res.status).toBe(1);
    expect(res.out).toContain('already in use by another marketplace process');
    expect(res.out).toContain('Stop the server before a backup');
    expect(fs.existsSync(path.join(folder, 'backups/refused'))).toBe(false);
  } finally {
    lock.release();
  }
});

it('backs up, and restores into a new folder and over a changed one', async () => {
  const backup = cli(['backup', 'backups/nightly']);
  expect(backup.status, backup.out).toBe(0);
  const saved = path.join(folder, 'backups/nightly');
  expect(fs.readdirSync(saved).sort()).toEqual(['calendar-token.key', 'database.tar.gz', 'uploads']);
  expect(fs.readFileSync(path.join(saved, 'uploads/logo/a.webp'), 'utf8')).toBe('picture');
  expect(cli(['backup', 'backups/nightly']).out).toContain('already exists');

  // Into a new machine's folder.
  const fresh = path.join(folder, 'fresh');
  const restored = cli(['restore', 'backups/nightly'], fresh);
  expect(restored.status, restored.out).toBe(0);
  expect(await vendorNames(fresh)).toEqual(['Kept Cleaning', 'Kept Pests']);
  expect(fs.readFileSync(path.join(fresh, 'uploads/logo/a.webp'), 'utf8')).toBe('picture');
  expect(fs.readFileSync(path.join(fresh, 'calendar-token.key'), 'utf8')).toBe('ab'.repeat(32));

  // Over the original, changed since the backup: back as it was, the changed state kept aside.
  const database = await openDatabase({ dataDir });
  await database.db.delete(vendors).where(eq(vendors.name, 'Kept Pests'));
  await database.db.insert(vendors).values({
    name: 'Added Later',
    category: 'house_cleaning',
    phoneNumber: '4355550102',
    email: 'c@example.com',
  });
  await database.close();
  const over = cli(['restore', 'backups/nightly']);
  expect(over.status, over.out).toBe(0);
  expect(over.out).toMatch(/what was there is kept in .*before-restore-/);
  expect(await vendorNames(dataDir)).toEqual(['Kept Cleaning', 'Kept Pests']);
  const aside = fs.readdirSync(dataDir).find((n) => n.startsWith('before-restore-'))!;
  expect(fs.readdirSync(path.join(dataDir, aside)).sort()).toEqual(['calendar-token.key', 'db', 'uploads']);
}, 120_000);

it('the server starts on the restored folder', async () => {
  const port = await freePort();
  const server = await startServerProcess({ port, dataDir: path.join(folder, 'fresh') });
  try {
    const vendorsList = (await (await fetch(`http://127.0.0.1:${port}/api/vendors`)).json()) as {
      name: string;
    }[];
    expect(vendorsList.map((v) => v.name).sort()).toEqual(['Kept Cleaning', 'Kept Pests']);
  } finally {
    const exit = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    expect(await exit).toBe(0);
  }
}, 90_000);
