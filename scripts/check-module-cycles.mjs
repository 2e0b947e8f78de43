// Module-level cycle check for apps/server/src (issue 16, ADR 0026).
//
// `madge --circular` (npm run check:cycles) catches cycles between files. Two modules can still
// depend on each other both ways through different files (bookings/routes -> scheduling/busy-times and
// scheduling/availability -> bookings/repo): no file cycle, but neither module can be understood,
// tested or moved without the other. This script groups the server's files into modules and fails on
// any pair of modules that import each other both ways, naming one file edge each way.
//
// Modules: src/modules/<name>/** is `modules/<name>`; any other top-level folder (http, db, adapters,
// seed, ...) is that folder; a top-level file (app.ts, config.ts, deps.ts, main.ts, ...) is itself.
// Tests (*.test.ts) are ignored, and imports outside src (../test, packages) do not count.
//
// Usage: node scripts/check-module-cycles.mjs [--list]   (--list prints every module edge)
import madge from 'madge';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const srcDir = path.join(root, 'apps/server/src');

// Pairs allowed to depend on each other both ways, each with its reason. Keep it as short as possible:
// an entry is a debt, not a design. Write each pair in alphabetical order: 'a <-> b'.
const ALLOWED = new Map([
  // (none)
]);

const isTest = (file) => /\.test\.tsx?$/.test(file);

/** The module a file (relative to src) belongs to. */
function moduleOf(file) {
  const parts = file.split('/');
  if (parts[0] === 'modules' && parts.length > 2) return `modules/${parts[1]}`;
  if (parts.length > 1) return parts[0];
  return parts[0];
}

const result = await madge(srcDir, {
  fileExtensions: ['ts'],
  tsConfig: path.join(root, 'apps/server/tsconfig.json'),
  excludeRegExp: [/\.test\.ts$/],
});
const graph = result.obj();

/** edges.get(`${a}\0${b}`) = first file edge seen from module a to module b */
const edges = new Map();
for (const [from, targets] of Object.entries(graph)) {
  if (isTest(from) || from.startsWith('..')) continue;
  const a = moduleOf(from);
  for (const to of targets) {
    if (isTest(to) || to.startsWith('..')) continue;
    const b = moduleOf(to);
    if (a === b) continue;
    const key = `${a}\0${b}`;
    if (!edges.has(key)) edges.set(key, []);
    edges.get(key).push(`${from} -> ${to}`);
  }
}

if (process.argv.includes('--list')) {
  for (const [key, files] of [...edges].sort(([x], [y]) => x.localeCompare(y))) {
    const [a, b] = key.split('\0');
    console.log(`${a} -> ${b}`);
    for (const f of files) console.log(`    ${f}`);
  }
}

const failures = [];
const allowedSeen = new Set();
for (const [key, files] of edges) {
  const [a, b] = key.split('\0');
  if (a > b) continue;
  const back = edges.get(`${b}\0${a}`);
  if (!back) continue;
  const pair = `${a} <-> ${b}`;
  if (ALLOWED.has(pair)) {
    allowedSeen.add(pair);
    continue;
  }
  failures.push(`  ${pair}\n    ${files[0]}\n    ${back[0]}`);
}

for (const pair of ALLOWED.keys()) {
  if (!allowedSeen.has(pair)) {
    failures.push(`  ${pair} is allowed in scripts/check-module-cycles.mjs but no longer tangled: remove it`);
  }
}

if (failures.length > 0) {
  console.error(
    `Server modules that depend on each other both ways (apps/server/src, ADR 0026):\n${failures.join('\n')}\n` +
      'Move the shared piece down into the lower module (or a neutral file such as src/deps.ts) so the ' +
      'dependency has one direction.',
  );
  process.exit(1);
}
console.log(
  `No two server modules depend on each other both ways (${new Set([...edges.keys()].map((k) => k.split('\0')[0])).size} modules` +
    (ALLOWED.size > 0 ? `, ${ALLOWED.size} pair(s) allowed` : '') +
    ').',
);
