#!/usr/bin/env node
/**
 * Runs a command against a real PostgreSQL server.
 * With DATABASE_URL already set, it just runs the command. Otherwise it creates a throw-away
 * cluster in a temp folder (initdb refuses root, so it runs as the postgres user), starts it on
 * a free local port, runs the command with DATABASE_URL pointing at it, and removes it after.
 *   node scripts/with-postgres.mjs vitest run --project server
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const [cmd, ...args] = process.argv.slice(2);
if (!cmd) {
  console.error('usage: node scripts/with-postgres.mjs <command> [args...]');
  process.exit(2);
}

function run(command, commandArgs, env) {
  const res = spawnSync(command, commandArgs, { stdio: 'inherit', env, shell: false });
  return res.status ?? 1;
}

function findBin(name) {
  const versions = fs.existsSync('/usr/lib/postgresql')
    ? fs.readdirSync('/usr/lib/postgresql').sort().reverse()
    : [];
  for (const v of versions) {
    const p = `/usr/lib/postgresql/${v}/bin/${name}`;
    if (fs.existsSync(p)) return p;
  }
  try {
    return execFileSync('which', [name], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

const localBin = path.resolve('node_modules/.bin');
const env = { ...process.env, PATH: `${localBin}:${process.env.PATH}` };

if (process.env.DATABASE_URL) process.exit(run(cmd, args, env));

const initdb = findBin('initdb');
const pgCtl = findBin('pg_ctl');
if (!initdb || !pgCtl) {
  console.error(
    'PostgreSQL is not installed (no initdb/pg_ctl). Install it with: apt-get install -y postgresql',
  );
  process.exit(1);
}
const isRoot = process.getuid?.() === 0;
const asPg = (bin, binArgs) =>
  isRoot
    ? execFileSync('runuser', ['-u', 'postgres', '--', bin, ...binArgs], { stdio: 'inherit' })
    : execFileSync(bin, binArgs, { stdio: 'inherit' });

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stg-pg-'));
fs.chmodSync(dir, 0o777);
const dataDir = path.join(dir, 'data');
const port = await freePort();
const user = isRoot ? 'postgres' : os.userInfo().username;
let status;
try {
  if (isRoot) execFileSync('chown', ['postgres', dir]);
  asPg(initdb, ['-D', dataDir, '--auth=trust', '-U', user, '--no-sync', '-E', 'UTF8']);
  asPg(pgCtl, [
    '-D',
    dataDir,
    '-l',
    path.join(dir, 'log'),
    '-w',
    '-o',
    `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
    'start',
  ]);
  env.DATABASE_URL = `postgres://${user}@127.0.0.1:${port}/postgres`;
  console.info(`PostgreSQL started for this run on port ${port}`);
  status = run(cmd, args, env);
} finally {
  try {
    asPg(pgCtl, ['-D', dataDir, '-m', 'immediate', 'stop']);
  } catch {
    // already stopped
  }
  fs.rmSync(dir, { recursive: true, force: true });
}
process.exit(status);
