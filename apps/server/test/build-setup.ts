/**
 * Compiles the server and the backup CLI once per test run (build.mjs --test-build) for the tests that
 * start them as child processes (test/server-process.ts, src/cli/backup.test.ts): node runs the built
 * files in about half the CPU time that tsx takes to transpile the server at each start (ADR 0030 part 5).
 * Into a folder of this run's own beside src/ (so config.ts finds the repository root as from src/), not
 * dist/, which `npm run build` may be writing or the Playwright journeys running at the same time.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export default function setup() {
  const serverDir = path.resolve(import.meta.dirname, '..');
  const outdir = path.join(serverDir, `.test-build-${process.pid}`);
  execFileSync(process.execPath, [path.join(serverDir, 'build.mjs'), '--test-build', outdir], {
    stdio: 'inherit',
  });
  // Read by test/server-process.ts (builtEntry) in the workers, which vitest starts with this environment.
  process.env.SERVER_TEST_BUILD_DIR = outdir;
  return () => fs.rmSync(outdir, { recursive: true, force: true });
}
