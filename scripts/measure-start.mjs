#!/usr/bin/env node
/**
 * Cold start and memory of the production server, TypeScript through tsx against the compiled bundle
 * (ADR 0020). Each way is started ROUNDS times in turn, on the same database (migrated and seeded by a first
 * start that is not counted): the time from spawning node to the first 200 from /api/health, and the
 * process's resident memory (VmRSS) then and after 200 requests to public and signed-in pages.
 *   npm run build -w apps/server && node scripts/with-postgres.mjs node scripts/measure-start.mjs
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const ROUNDS = Number(process.env.ROUNDS ?? 5);
const serverDir = path.resolve(import.meta.dirname, '../apps/server');
const ways = {
  tsx: ['--import', 'tsx', 'src/main.ts'],
  compiled: ['--enable-source-maps', 'dist/main.js'],
};

const freePort = () =>
  new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
const rssMb = (pid) => {
  const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return Math.round(Number(line[1]) / 1024);
};

async function startOnce(args, { load = false } = {}) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: serverDir,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}`);
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const ms = performance.now() - started;
  const rss = rssMb(child.pid);
  let rssLoaded;
  if (load) {
    const pages = ['/', '/vendors/2', '/api/vendors/2', '/api/categories', '/api/session'];
    for (let i = 0; i < 200; i += 1) await fetch(base + pages[i % pages.length]).then((r) => r.arrayBuffer());
    rssLoaded = rssMb(child.pid);
  }
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  return { ms, rss, rssLoaded };
}

if (!process.env.DATABASE_URL) {
  console.error('needs DATABASE_URL (run it through scripts/with-postgres.mjs)');
  process.exit(2);
}
await startOnce(ways.tsx); // migrations and demo data, once
const results = { tsx: [], compiled: [] };
for (let round = 0; round < ROUNDS; round += 1)
  for (const [name, args] of Object.entries(ways)) results[name].push(await startOnce(args, { load: true }));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.info(`node ${process.version}, ${ROUNDS} starts each, medians (min–max):`);
for (const [name, runs] of Object.entries(results)) {
  const f = (key, unit, digits = 0) =>
    `${median(runs.map((r) => r[key])).toFixed(digits)} ${unit} (${Math.min(...runs.map((r) => r[key])).toFixed(digits)}–${Math.max(...runs.map((r) => r[key])).toFixed(digits)})`;
  console.info(
    `${name.padEnd(9)} start to first health answer ${f('ms', 'ms')}, RSS then ${f('rss', 'MB')}, after 200 requests ${f('rssLoaded', 'MB')}`,
  );
}
