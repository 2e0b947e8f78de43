#!/usr/bin/env node
/**
 * Compiles the server to one JavaScript file for production (ADR 0020): dist/main.js, with the domain
 * package's TypeScript bundled in and every npm dependency left as an import (node_modules is installed
 * beside it, as in the image). The migrations are copied beside it: db/client.ts reads them from
 * `import.meta.dirname` + /migrations. dist/ sits at the same depth as src/, so config.ts finds the
 * repository root (and the built web app) the same way from both.
 */
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = import.meta.dirname;
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const outdir = path.join(root, 'dist');
// The workspace's domain package is TypeScript source (its exports point at .ts files): bundled in.
const external = Object.keys(pkg.dependencies).filter((name) => name !== '@stg/domain');

const started = Date.now();
fs.rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: [path.join(root, 'src/main.ts')],
  outfile: path.join(outdir, 'main.js'),
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
console.info(
  `server built to ${path.relative(process.cwd(), outdir) || '.'}/main.js in ${Date.now() - started} ms`,
);
