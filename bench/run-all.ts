/** Runs every *.bench.ts here, one after another, each in its own process. Figures, never verdicts. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const dir = import.meta.dirname;
const only = process.argv[2];
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts') && (!only || f.includes(only)))
  .sort();
for (const file of files) {
  console.info(`\n## ${file}`);
  const res = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, file)], {
    stdio: 'inherit',
    env: { ...process.env, TZ: 'UTC' },
  });
  if (res.status !== 0) console.error(`${file} exited with ${res.status}`);
}
