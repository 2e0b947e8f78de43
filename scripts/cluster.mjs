#!/usr/bin/env node
/**
 * The production topology of compose.yaml on this machine, without a container engine (issue 27, ADR 0038):
 * PostgreSQL (Debian's), an S3-compatible store (s3rver, in this process, as the server tests use), TWO
 * marketplace servers started as the image starts them (the Dockerfile's CMD in its WORKDIR, with its ENV
 * and compose's `x-server` environment) and Debian's nginx in front with deploy/nginx.conf. Ctrl-C or
 * SIGTERM stops it all cleanly; everything lives in a temporary folder that goes with it.
 *
 *   npm run cluster                              # builds, then starts; prints the address
 *   node scripts/cluster.mjs --port 8080 --set RATE_LIMIT_SCALE=100 --state /tmp/cluster.json
 *
 * Compose's variables (POSTGRES_PASSWORD, SEED_DEMO_DATA, LOG_LEVEL, …) come from the environment, as
 * compose reads them, with local defaults below. A server that exits is started again (compose's
 * `restart: unless-stopped`). The state file (--state) names each instance's port and pid, for a journey
 * that stops one (e2e/tests/cluster-failover.spec.ts).
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import S3rver from 's3rver';
import {
  composeFile,
  imageRuntime,
  localFolderOf,
  localNginxConf,
  serverEnvironment,
  serverServices,
  toLocalAddresses,
} from './cluster-topology.mjs';

const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const extraEnv = Object.fromEntries(
  args.flatMap((a, i) => (args[i - 1] === '--set' ? [a.split(/=(.*)/s).slice(0, 2)] : [])),
);
const listenPort = Number(option('--port') ?? process.env.CLUSTER_PORT ?? 8080);
const stateFile = option('--state') ?? process.env.CLUSTER_STATE;

const log = (...parts) => console.info('[cluster]', ...parts);
const isRoot = process.getuid?.() === 0;

function findPgBin(name) {
  const root = '/usr/lib/postgresql';
  for (const v of fs.existsSync(root) ? fs.readdirSync(root).sort().reverse() : []) {
    const p = `${root}/${v}/bin/${name}`;
    if (fs.existsSync(p)) return p;
  }
  return null;
}
function which(name) {
  try {
    return execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}
const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Sends `signal` to the child's whole process group (it leads one: `detached`), so that what it started dies
 * with it: nginx's workers, PostgreSQL's backends. nginx's workers outlived their master once and held its
 * port, and the next run could not start (an aborted CI run). A group with no member left is skipped.
 */
function killGroup(proc, signal) {
  try {
    process.kill(-proc.pid, signal);
  } catch {
    proc.kill(signal);
  }
}

/**
 * Every child started; their groups are killed outright if this script ends some other way than stopAll
 * (a child that exited may have left members of its group behind).
 */
const started = new Set();
process.on('exit', () => {
  for (const proc of started) killGroup(proc, 'SIGKILL');
});

/** A child whose output lines are prefixed with its name; `exited` settles when it ends. */
function child(name, command, commandArgs, opts) {
  // Each in a process group of its own: Ctrl-C reaches this script only, which stops them in order (nginx,
  // then the servers while the database is still up, then PostgreSQL).
  const proc = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'], detached: true, ...opts });
  started.add(proc);
  for (const stream of [proc.stdout, proc.stderr])
    readline.createInterface({ input: stream }).on('line', (line) => console.info(`[${name}] ${line}`));
  proc.exited = new Promise((resolve) => proc.once('exit', (code, signal) => resolve({ code, signal })));
  proc.once('error', (err) => log(`${name}: ${err.message}`));
  return proc;
}
/** Sends `signal`, then SIGKILL after `graceMs`; resolves when the process has exited. */
async function stopChild(proc, signal, graceMs) {
  if (!proc) return;
  // Already gone (nginx's master killed, say): what it started is ended with it.
  if (proc.exitCode !== null || proc.signalCode !== null) return killGroup(proc, 'SIGKILL');
  proc.kill(signal);
  const timer = setTimeout(() => killGroup(proc, 'SIGKILL'), graceMs);
  await proc.exited;
  clearTimeout(timer);
}
async function waitUntil(what, check, timeoutMs, proc) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (proc && (proc.exitCode !== null || proc.signalCode !== null)) throw new Error(`${what}: exited`);
    if (Date.now() > until) throw new Error(`${what}: not ready after ${timeoutMs / 1000} s`);
    await sleep(100);
  }
}

const nginxBin = which('nginx') ?? (fs.existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : null);
const postgresBin = findPgBin('postgres');
if (!nginxBin || !postgresBin) {
  console.error(
    `Missing ${[!nginxBin && 'nginx', !postgresBin && 'PostgreSQL'].filter(Boolean).join(' and ')}: ` +
      'apt-get install -y nginx postgresql',
  );
  process.exit(1);
}

const runtime = imageRuntime();
const compose = composeFile();
const instances = serverServices(compose);
const distMain = path.join(localFolderOf(runtime.workdir), runtime.cmd.find((a) => a.endsWith('.js')) ?? '');
if (runtime.cmd[0] === 'node' && !fs.existsSync(distMain)) {
  console.error(`${path.relative(process.cwd(), distMain)} is missing: run \`npm run build\` first`);
  process.exit(1);
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stg-cluster-'));
fs.chmodSync(dir, 0o755);
let stopping = false;
const procs = { postgres: null, nginx: null, servers: new Map() };
let s3 = null;

async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  log('stopping: nginx, then the servers (graceful, as on SIGTERM from compose), S3, PostgreSQL');
  // nginx first (SIGQUIT: finishes what it is proxying), then the servers answer what they hold and exit.
  await stopChild(procs.nginx, 'SIGQUIT', 10_000);
  await Promise.all([...procs.servers.values()].map((p) => stopChild(p, 'SIGTERM', 30_000)));
  if (s3) await s3.close().catch(() => {});
  // SIGINT is PostgreSQL's fast shutdown.
  await stopChild(procs.postgres, 'SIGINT', 15_000);
  fs.rmSync(dir, { recursive: true, force: true });
  if (stateFile) fs.rmSync(stateFile, { force: true });
  log('stopped');
  process.exit(code);
}
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

/** As root, PostgreSQL runs as the postgres user (it refuses root); setpriv execs, so the pid is postgres's. */
const asPostgres = (bin, binArgs) =>
  isRoot
    ? ['setpriv', ['--reuid=postgres', '--regid=postgres', '--init-groups', '--', bin, ...binArgs]]
    : [bin, binArgs];

// compose's variables: the environment first (as compose reads it), local defaults otherwise.
const vars = {
  POSTGRES_PASSWORD: 'cluster-local',
  // s3rver accepts these credentials only.
  MINIO_ROOT_USER: 'S3RVER',
  MINIO_ROOT_PASSWORD: 'S3RVER',
  CALENDAR_TOKEN_KEY: randomBytes(32).toString('hex'),
  PUBLIC_URL: `http://localhost:${listenPort}`,
  // A local look at the marketplace needs something in it; compose's own default is false.
  SEED_DEMO_DATA: 'true',
  ...process.env,
};
const composeEnv = serverEnvironment(vars, compose);
const postgres = compose.services.postgres.environment;
const pgUser = postgres.POSTGRES_USER;
const pgDb = postgres.POSTGRES_DB;

async function startPostgres() {
  const port = await freePort();
  const pgDir = path.join(dir, 'postgres');
  fs.mkdirSync(pgDir);
  if (isRoot) execFileSync('chown', ['postgres', pgDir]);
  const pwFile = path.join(pgDir, 'pw');
  fs.writeFileSync(pwFile, vars.POSTGRES_PASSWORD, { mode: 0o600 });
  if (isRoot) execFileSync('chown', ['postgres', pwFile]);
  const [initCmd, initArgs] = asPostgres(findPgBin('initdb'), [
    '-D',
    path.join(pgDir, 'data'),
    '-U',
    pgUser,
    `--pwfile=${pwFile}`,
    '--auth=scram-sha-256',
    '--no-sync',
    '-E',
    'UTF8',
  ]);
  execFileSync(initCmd, initArgs, { stdio: 'ignore' });
  const [cmd, cmdArgs] = asPostgres(postgresBin, [
    '-D',
    path.join(pgDir, 'data'),
    '-c',
    'listen_addresses=127.0.0.1',
    '-p',
    String(port),
    '-k',
    pgDir,
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
    '-c',
    'max_connections=200',
    '-c',
    'log_min_messages=warning',
  ]);
  procs.postgres = child('postgres', cmd, cmdArgs, {});
  const env = { ...process.env, PGPASSWORD: vars.POSTGRES_PASSWORD };
  await waitUntil(
    'PostgreSQL',
    async () => {
      execFileSync(
        findPgBin('pg_isready'),
        ['-q', '-h', '127.0.0.1', '-p', String(port), '-U', pgUser, '-d', 'postgres'],
        { env },
      );
      return true;
    },
    30_000,
    procs.postgres,
  );
  // What the postgres image does with POSTGRES_DB.
  execFileSync(findPgBin('createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', pgUser, pgDb], { env });
  return port;
}

async function startS3() {
  const folder = path.join(dir, 's3');
  fs.mkdirSync(folder);
  // What compose's minio-init does: the bucket, made once.
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: folder,
    configureBuckets: [{ name: composeEnv.S3_BUCKET, configs: [] }],
  });
  const { port } = await s3.run();
  return port;
}

/** The image's start: its CMD in its WORKDIR, with its ENV under compose's environment. */
function serverEnv(name, port, hosts) {
  const dataDir = path.join(dir, name);
  fs.mkdirSync(dataDir, { recursive: true });
  return {
    PATH: process.env.PATH,
    ...runtime.env,
    ...toLocalAddresses(composeEnv, hosts),
    // Each container has port 3000 on its own address; here each instance has a port of its own, on
    // loopback only (compose publishes no server port: only the proxy reaches them).
    PORT: String(port),
    HOST: '127.0.0.1',
    // The image's /data volume.
    DATA_DIR: dataDir,
    ...extraEnv,
  };
}

function startServer(name, port, hosts) {
  const [command, ...commandArgs] = runtime.cmd;
  const proc = child(name, command === 'node' ? process.execPath : command, commandArgs, {
    cwd: localFolderOf(runtime.workdir),
    env: serverEnv(name, port, hosts),
  });
  procs.servers.set(name, proc);
  writeState();
  void proc.exited.then(async ({ code, signal }) => {
    if (stopping) return;
    // compose.yaml: restart: unless-stopped.
    log(`${name} exited (${signal ?? `code ${code}`}); starting it again`);
    await sleep(500);
    if (stopping) return;
    const again = startServer(name, port, hosts);
    await waitHealthy(name, port, again).catch((err) => log(err.message));
    if (!stopping && again.exitCode === null) log(`${name} is back (pid ${again.pid})`);
  });
  return proc;
}

/** The Dockerfile's HEALTHCHECK and compose's healthcheck: GET /api/ready answers 2xx in JSON (ADR 0039). */
const healthy = async (port) => {
  const res = await fetch(`http://127.0.0.1:${port}/api/ready`);
  return res.ok && String(res.headers.get('content-type')).startsWith('application/json');
};
const waitHealthy = (name, port, proc) => waitUntil(name, () => healthy(port), 120_000, proc);

let state = null;
function writeState() {
  if (!stateFile || !state) return;
  state.instances = state.instances.map((i) => ({ ...i, pid: procs.servers.get(i.name)?.pid ?? null }));
  fs.writeFileSync(`${stateFile}.tmp`, JSON.stringify(state, null, 2));
  fs.renameSync(`${stateFile}.tmp`, stateFile);
}

async function startNginx(upstreamPorts) {
  const runDir = path.join(dir, 'nginx');
  fs.mkdirSync(runDir);
  // Its workers run as nobody when started by root: the temporary folders must be theirs to write.
  fs.chmodSync(runDir, 0o777);
  const conf = path.join(runDir, 'nginx.conf');
  fs.writeFileSync(conf, localNginxConf({ upstreamPorts, listenPort, runDir }));
  const global = `daemon off; pid ${runDir}/nginx.pid; error_log stderr warn;`;
  execFileSync(nginxBin, ['-q', '-t', '-e', 'stderr', '-p', runDir, '-c', conf, '-g', global], {
    stdio: 'inherit',
  });
  procs.nginx = child('nginx', nginxBin, ['-e', 'stderr', '-p', runDir, '-c', conf, '-g', global], {});
  const url = `http://127.0.0.1:${listenPort}`;
  await waitUntil('nginx', async () => (await fetch(`${url}/api/health`)).ok, 30_000, procs.nginx);
  void procs.nginx.exited.then(({ code, signal }) => {
    if (stopping) return;
    log(`nginx exited (${signal ?? `code ${code}`}); stopping the cluster`);
    void stopAll(1);
  });
}

try {
  const started = Date.now();
  const pgPort = await startPostgres();
  log(`PostgreSQL on 127.0.0.1:${pgPort} (database ${pgDb}, user ${pgUser})`);
  const s3Port = await startS3();
  log(`S3 (s3rver) on 127.0.0.1:${s3Port}, bucket ${composeEnv.S3_BUCKET}`);
  const hosts = { 'postgres:5432': `127.0.0.1:${pgPort}`, 'minio:9000': `127.0.0.1:${s3Port}` };
  const ports = [];
  for (const _ of instances) ports.push(await freePort());
  state = {
    url: `http://localhost:${listenPort}`,
    instances: instances.map((name, i) => ({ name, port: ports[i], pid: null })),
  };
  // compose: server-2 starts once server-1 is healthy (migrations and demo data in one process first).
  for (const [i, name] of instances.entries()) {
    const proc = startServer(name, ports[i], hosts);
    await waitHealthy(name, ports[i], proc);
    log(`${name} healthy on 127.0.0.1:${ports[i]} (pid ${proc.pid}): ${runtime.cmd.join(' ')}`);
  }
  await startNginx(ports);
  writeState();
  log(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  console.info(
    `\n  The marketplace: ${state.url}   (nginx → ${instances.join(', ')}; Ctrl-C stops it all)\n`,
  );
} catch (err) {
  console.error(`[cluster] ${err.message}`);
  await stopAll(1);
}
