#!/usr/bin/env node
/**
 * Compiles the server to one JavaScript file for production (ADR 0020): dist/main.js, with the domain
 * package's TypeScript bundled in and every npm dependency left as an import (node_modules is installed
 * beside it, as in the image). The migrations are copied beside it: db/client.ts reads them from
 * `import.meta.dirname` + /migrations. dist/ sits at the same depth as src/, so config.ts finds the
 * repository root (and the built web app) the same way from both.
 *
 * `node build.mjs --test-build DIR` builds instead into DIR (a folder beside src/, at the same depth) both
 * src/main.ts and the backup CLI (src/cli/backup.ts -> DIR/backup.js): the server tests that run them as
 * child processes start these (test/build-setup.ts, ADR 0030 part 5), not tsx, which transpiled the whole
 * server again at every start.
 */
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = import.meta.dirname;
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const testBuild = process.argv.indexOf('--test-build');
const outdir = testBuild === -1 ? path.join(root, 'dist') : path.resolve(process.argv[testBuild + 1]);
const entryPoints = {
  main: path.join(root, 'src/main.ts'),
  ...(testBuild === -1 ? {} : { backup: path.join(root, 'src/cli/backup.ts') }),
};
// The workspace's domain package is TypeScript source (its exports point at .ts files): bundled in.
const external = Object.keys(pkg.dependencies).filter((name) => name !== '@stg/domain');

const started = Date.now();
fs.rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints,
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  external: [...external, ...external.map((name) => `${name}/*`)],
  sourcemap: true,
  // Stack traces point at the TypeScript (node --enable-source-maps, as the start command runs it).
  sourcesContent: false,
  legalComments: 'none',
  logLevel: 'warning',
});
fs.cpSync(path.join(root, 'src/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
if (testBuild === -1)
  console.info(
    `server built to ${path.relative(process.cwd(), outdir) || '.'}/main.js in ${Date.now() - started} ms`,
  );
