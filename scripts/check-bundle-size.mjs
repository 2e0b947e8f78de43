#!/usr/bin/env node
/**
 * Size budget of the landing page (issue 15, ADR 0023): the JavaScript a browser must fetch before the
 * first page can render, gzipped, must stay within the budget. Read from the built app:
 *
 *   dist/index.html → its module entry scripts and <link rel="modulepreload"> files → every file they
 *   import statically (import … from "./x.js", import "./x.js", export … from "./x.js"), recursively.
 *
 * Dynamic imports (import("./x.js"): lazy pages, forms, Stripe) are not counted: they load later, if at
 * all. Each file is gzipped at level 9 (as the build's .gz twins are); the brotli figure and the style
 * sheets are printed for information only. Exit 1 above the budget or when the build is missing.
 *
 *   node scripts/check-bundle-size.mjs [--dist apps/web/dist] [--budget-kb 100] [--json]
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function argValue(name, fallback) {
  const i = process.argv.indexOf(name);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

const distDir = path.resolve(repoRoot, argValue('--dist', 'apps/web/dist'));
const budgetKb = Number(argValue('--budget-kb', '100'));
const asJson = process.argv.includes('--json');
const KB = 1000;

const attr = (tag, name) => tag.match(new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`, 'i'))?.[1];

/** The scripts and style sheets index.html makes the browser fetch before anything renders. */
function entryFiles(html) {
  const scripts = [];
  const styles = [];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attr(tag, 'src');
    if (src) scripts.push(src);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attr(tag, 'rel') ?? '').toLowerCase().split(/\s+/);
    const href = attr(tag, 'href');
    if (!href) continue;
    if (rel.includes('modulepreload')) scripts.push(href);
    else if (rel.includes('stylesheet')) styles.push(href);
  }
  return { scripts, styles };
}

/**
 * The relative specifiers a built module imports statically. Minified output puts them at the top as
 * `import{a as b}from"./x.js"`, `import"./x.js"` or `export{a}from"./x.js"`; `import("./x.js")` (a
 * lazy chunk) and `import.meta` are excluded by requiring `from` or a string right after `import`.
 */
function staticImports(code) {
  const found = new Set();
  const patterns = [
    /(?:^|[;\s}])import\s*(?:[\w$]+\s*,?\s*)?(?:\*\s*as\s*[\w$]+|\{[^}]*\})?\s*from\s*["']([^"']+)["']/g,
    /(?:^|[;\s}])import\s*["']([^"']+)["']/g,
    /(?:^|[;\s}])export\s*(?:\*(?:\s*as\s*[\w$]+)?|\{[^}]*\})\s*from\s*["']([^"']+)["']/g,
  ];
  for (const pattern of patterns) for (const match of code.matchAll(pattern)) found.add(match[1]);
  return [...found];
}

function resolveAsset(ref, fromFile) {
  if (/^(?:[a-z]+:)?\/\//i.test(ref)) return null; // another origin: not part of this build
  const clean = ref.split(/[?#]/)[0];
  return clean.startsWith('/') ? path.join(distDir, clean) : path.resolve(path.dirname(fromFile), clean);
}

function measure(file) {
  const source = fs.readFileSync(file);
  return {
    file: path.relative(distDir, file),
    raw: source.length,
    gzip: zlib.gzipSync(source, { level: 9 }).length,
    brotli: zlib.brotliCompressSync(source, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
    }).length,
  };
}

function main() {
  const indexHtml = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexHtml)) {
    console.error(
      `No ${path.relative(repoRoot, indexHtml)}: build the web app first (npm run build -w apps/web).`,
    );
    process.exit(1);
  }
  const { scripts, styles } = entryFiles(fs.readFileSync(indexHtml, 'utf8'));
  const queue = scripts.map((ref) => resolveAsset(ref, indexHtml)).filter(Boolean);
  const seen = new Set();
  const missing = [];
  while (queue.length > 0) {
    const file = queue.shift();
    if (seen.has(file)) continue;
    seen.add(file);
    if (!fs.existsSync(file)) {
      missing.push(path.relative(distDir, file));
      continue;
    }
    for (const ref of staticImports(fs.readFileSync(file, 'utf8'))) {
      const next = resolveAsset(ref, file);
      if (next && !seen.has(next)) queue.push(next);
    }
  }
  if (missing.length > 0) {
    console.error(`Files index.html needs are missing from the build: ${missing.join(', ')}`);
    process.exit(1);
  }
  const js = [...seen].map(measure).sort((a, b) => b.gzip - a.gzip);
  const css = styles
    .map((ref) => resolveAsset(ref, indexHtml))
    .filter((file) => file && fs.existsSync(file))
    .map(measure);
  const sum = (rows, key) => rows.reduce((total, row) => total + row[key], 0);
  const total = { raw: sum(js, 'raw'), gzip: sum(js, 'gzip'), brotli: sum(js, 'brotli') };
  const ok = total.gzip <= budgetKb * KB;

  if (asJson) {
    console.info(JSON.stringify({ budgetKb, ok, total, js, css }, null, 2));
  } else {
    const kb = (bytes) => `${(bytes / KB).toFixed(1)} kB`;
    const pad = (text, width) => text.padStart(width);
    console.info('Initial JavaScript of the landing page (index.html, its entry and static imports):');
    for (const row of js) {
      console.info(
        `  ${pad(kb(row.raw), 10)} raw ${pad(kb(row.gzip), 9)} gzip ${pad(kb(row.brotli), 9)} br  ${row.file}`,
      );
    }
    console.info(
      `  ${pad(kb(total.raw), 10)} raw ${pad(kb(total.gzip), 9)} gzip ${pad(kb(total.brotli), 9)} br  total, ${js.length} files`,
    );
    for (const row of css) {
      console.info(`  (style sheet, not counted: ${kb(row.raw)} raw, ${kb(row.gzip)} gzip  ${row.file})`);
    }
    console.info(
      ok
        ? `OK: ${kb(total.gzip)} gzipped, within the budget of ${budgetKb} kB.`
        : `Over budget: ${kb(total.gzip)} gzipped, the budget is ${budgetKb} kB. Move what the landing page does not need behind a dynamic import (ADR 0023).`,
    );
  }
  process.exit(ok ? 0 : 1);
}

main();
