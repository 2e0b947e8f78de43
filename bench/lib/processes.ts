/**
 * The processes of an HTTP benchmark, each on its own event loop (docs ARCHITECTURE §7): the server
 * under test started as in production (the compiled bundle, `node --enable-source-maps main.js` with
 * NODE_ENV=production, as `npm start` and the image run it, ADR 0020), and the yardstick, a bare Fastify answering a constant JSON (bench/lib/bare-fastify.ts). The load
 * generator is a third process (bench/lib/measure.ts).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { pathOf } from '@stg/domain/api/endpoint';
import { supportApi } from '@stg/domain/api/support.endpoints';
import type { BenchDatabase } from './database';

const repoRoot = path.resolve(import.meta.dirname, '../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * Resolves once `url` answers 200; fails if the process exits or `limitMs` passes (`child` null: a server
 * started elsewhere).
 */
export async function waitUntilUp(url: string, child: ChildProcess | null, limitMs = 120_000) {
  const until = Date.now() + limitMs;
  while (Date.now() < until) {
    if (child && (child.exitCode !== null || child.signalCode !== null))
      throw new Error(
        `${url}: the process exited (${child.exitCode ?? child.signalCode}) before it answered`,
      );
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${limitMs / 1000} s`);
}

export interface RunningProcess {
  base: string;
  pid: number;
  /** SIGTERM (the server's graceful shutdown), SIGKILL after 30 s; resolves when it has exited. */
  stop(): Promise<void>;
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves when the process has exited. */
export async function stopProcess(child: ChildProcess, graceMs = 30_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

function stopper(child: ChildProcess) {
  return () => stopProcess(child);
}

/** Children still running when this process ends are killed (a failed bench leaves no server behind). */
const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
});
/**
 * The server compiled as `npm run build` compiles it (apps/server/build.mjs, about 0.2 s), once per bench
 * process, into a folder of its own beside src/ (not dist/, which a build or the journeys may be using),
 * removed when the bench ends. BENCH_FROM_SOURCE=1 runs src/main.ts through tsx instead (as benches did
 * before 2026-11-28; tsx's loader is then part of the figures).
 */
let builtMain: string | null = null;
function serverEntry(): string[] {
  if (process.env.BENCH_FROM_SOURCE) return ['--import', 'tsx', 'apps/server/src/main.ts'];
  if (!builtMain) {
    const serverDir = path.join(repoRoot, 'apps/server');
    const outdir = path.join(serverDir, `.test-build-bench-${process.pid}`);
    execFileSync(process.execPath, [path.join(serverDir, 'build.mjs'), '--test-build', outdir], {
      stdio: 'ignore',
    });
    process.once('exit', () => fs.rmSync(outdir, { recursive: true, force: true }));
    builtMain = path.join(outdir, 'main.js');
  }
  return ['--enable-source-maps', builtMain];
}

function track(child: ChildProcess) {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/**
 * The marketplace server as its own process, as in production: the compiled server (serverEntry) with
 * NODE_ENV=production on the bench's fresh database (its DATA_DIR, and its DATABASE_URL on PostgreSQL), no demo seeding (the
 * bench prepared the rows it wants), no web app, logs at error level. `env` adds or overrides variables
 * (RATE_LIMIT_SCALE=10000 for a bench that signs in or writes; PORT to start it again where a stopped one
 * listened, so clients made for that one keep working); `nodeArgs` go to node before the script (e.g.
 * `--cpu-prof`, whose profile is written when the server exits after SIGTERM).
 */
export async function startServer(
  database: BenchDatabase,
  env: Record<string, string> = {},
  options: { nodeArgs?: string[] } = {},
): Promise<RunningProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child = track(
    spawn(process.execPath, [...(options.nodeArgs ?? []), ...serverEntry()], {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: database.dataDir,
        DATABASE_URL: database.databaseUrl ?? '',
        SEED_DEMO_DATA: 'false',
        LOG_LEVEL: 'error',
        WEB_DIST_DIR: path.join(database.dataDir, 'no-web'),
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
  );
  const base = `http://127.0.0.1:${port}`;
  await waitUntilUp(`${base}${pathOf(supportApi.health)}`, child);
  return { base, pid: child.pid!, stop: stopper(child) };
}

/** The yardstick: a bare Fastify 5 answering {"hello":"world"}, in its own process. */
export async function startBareFastify(): Promise<RunningProcess> {
  const port = await freePort();
  const child = track(
    spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'bare-fastify.ts')], {
      cwd: repoRoot,
      env: { ...process.env, NODE_ENV: 'production', PORT: String(port) },
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
  );
  const base = `http://127.0.0.1:${port}`;
  await waitUntilUp(`${base}/`, child);
  return { base, pid: child.pid!, stop: stopper(child) };
}
