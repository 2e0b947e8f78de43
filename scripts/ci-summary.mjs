#!/usr/bin/env node
/** Adds up the JSON reports of vitest and Playwright and prints one closing line: "N passed, N failed". */
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  const report = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  let p = 0;
  let f = 0;
  let s = 0;
  if (typeof report.numPassedTests === 'number') {
    // vitest (jest-compatible JSON)
    p = report.numPassedTests;
    f = report.numFailedTests;
    s = report.numPendingTests + (report.numTodoTests ?? 0);
  } else if (report.stats) {
    // Playwright: flaky tests passed on retry
    p = report.stats.expected + report.stats.flaky;
    f = report.stats.unexpected;
    s = report.stats.skipped;
  }
  console.info(`${file}: ${p} passed, ${f} failed, ${s} skipped`);
  passed += p;
  failed += f;
  skipped += s;
}
// The fuzz and authorization suites' own counts (written by the suites, kept by .ci/run per database).
for (const file of fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.counts'))
  .sort()) {
  const c = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  const name = file.replace(/\.counts$/, '');
  if (name.endsWith('-fuzz'))
    console.info(
      `${name}: ${c.requests} fuzzed requests over ${c.routesCovered} of ${c.routesInTable} routes, ` +
        `${Object.entries(c.byStatus ?? {})
          .filter(([status]) => Number(status) >= 500)
          .reduce((n, [, count]) => n + count, 0)} answers 5xx`,
    );
  else if (name.endsWith('-authz'))
    console.info(
      `${name}: ${c.routeActorChecks} route × actor checks over ${c.routes} routes, ${c.csrfChecks} CSRF checks, ` +
        `${c.protectedChecks} checks of otherwise protected routes`,
    );
}
console.info(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
