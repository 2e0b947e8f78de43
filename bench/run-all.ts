/**
 * Runs every *.bench.ts here, one after another, each in its own process. Figures, never verdicts.
 *   npm run bench                     all of them, on the embedded database (PGlite)
 *   npm run bench -- http-api         the ones whose file name contains "http-api"
 *   node scripts/with-postgres.mjs npm run bench     all of them on a throwaway PostgreSQL
 * The HTTP benches start the server as its own process (NODE_ENV=production) and load it from another,
 * against a bare Fastify measured in the same run (bench/lib). BENCH_SECONDS (5) and BENCH_WARMUP (1)
 * set each load's measured period and warm-up.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serverUrl } from './lib/database';

const dir = import.meta.dirname;
const only = process.argv.slice(2);
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts') && (only.length === 0 || only.some((o) => f.includes(o))))
  .sort();
if (files.length === 0) {
  console.error(
    `no bench matches ${only.join(', ')}; there are: ${fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.bench.ts'))
      .join(', ')}`,
  );
  process.exit(1);
}
const cpus = os.cpus();
console.info(
  `# benchmarks ${new Date().toISOString()}: ${cpus[0]?.model.trim() ?? 'unknown CPU'} × ${cpus.length}, Node ${process.version}, database ${serverUrl() ? 'PostgreSQL (DATABASE_URL)' : 'PGlite (embedded)'}`,
);
const failed: string[] = [];
for (const file of files) {
  console.info(`\n## ${file}`);
  const started = performance.now();
  const res = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, file)], {
    stdio: 'inherit',
    env: { ...process.env, TZ: 'UTC' },
  });
  console.info(`(${file}: ${((performance.now() - started) / 1000).toFixed(0)} s)`);
  if (res.status !== 0) {
    console.error(`${file} exited with ${res.status ?? res.signal}`);
    failed.push(file);
  }
}
if (failed.length) {
  console.error(`\nfailed: ${failed.join(', ')}`);
  process.exitCode = 1;
}
