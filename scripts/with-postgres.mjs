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

/**
 * PG_CPU=1: prints the PostgreSQL server's CPU seconds (the postmaster's, its ended backends' and its
 * running processes'), which `/usr/bin/time` around this script does not count: pg_ctl detaches the
 * server (ADR 0030).
 */
function reportServerCpu(dataDir) {
  const stat = (pid) => {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (n) => Number(fields[n - 3]); // field n of proc(5), 1-based
  };
  try {
    const pid = fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0].trim();
    const main = stat(pid);
    let user = main(14) + main(16);
    let sys = main(15) + main(17);
    for (const child of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      try {
        const s = stat(child);
        if (String(s(4)) !== pid) continue;
        user += s(14);
        sys += s(15);
      } catch {
        // ended meanwhile
      }
    }
    const hz = 100; // USER_HZ
    console.info(`PostgreSQL server CPU: ${(user / hz).toFixed(1)} user ${(sys / hz).toFixed(1)} sys`);
  } catch (error) {
    console.info(`PostgreSQL server CPU: not read (${error.message})`);
  }
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
// PG_STAT_STATEMENTS=1: the server preloads pg_stat_statements (bench/lib/pg-observe.ts reads it).
const statStatements = process.env.PG_STAT_STATEMENTS
  ? ' -c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track_planning=on'
  : '';
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
    `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200${statStatements}`,
    'start',
  ]);
  // PG_SOCKET=1: connect over the Unix socket in the run's directory instead of loopback TCP (measurements).
  env.DATABASE_URL = process.env.PG_SOCKET
    ? `postgres://${user}@localhost:${port}/postgres?host=${encodeURIComponent(dir)}`
    : `postgres://${user}@127.0.0.1:${port}/postgres`;
  console.info(`PostgreSQL started for this run on port ${port}`);
  status = run(cmd, args, env);
} finally {
  if (process.env.PG_CPU) reportServerCpu(dataDir);
  try {
    asPg(pgCtl, ['-D', dataDir, '-m', 'immediate', 'stop']);
  } catch {
    // already stopped
  }
  fs.rmSync(dir, { recursive: true, force: true });
}
process.exit(status);
