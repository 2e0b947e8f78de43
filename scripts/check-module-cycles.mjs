// Both cycle checks of `npm run check:cycles` (issue 16, ADR 0026), from one madge pass (ADR 0030):
//
// 1. File cycles: no file of apps/server/src, apps/web/src or packages/domain/src imports itself round a
//    loop of other files (what `madge --circular` over those three folders reported before).
// 2. Module cycles in apps/server/src. Two modules can still depend on each other both ways through
//    different files (bookings/routes -> scheduling/busy-times and scheduling/availability -> bookings/repo):
//    no file cycle, but neither module can be understood, tested or moved without the other. This groups
//    the server's files into modules and fails on any pair of modules that import each other both ways,
//    naming one file edge each way, and on any longer loop of modules (A -> B -> C -> A), naming one file
//    edge per step.
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
const ROOTS = ['apps/server/src', 'apps/web/src', 'packages/domain/src'];
const SERVER_SRC = 'apps/server/src/';

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
  return parts[0]; // a top-level folder (http, db, ...) or a top-level file (app.ts, config.ts, ...)
}

// One graph of the three folders, as `madge --circular --extensions ts,tsx --ts-config tsconfig.base.json`
// built it; paths relative to the repository.
const result = await madge(
  ROOTS.map((dir) => path.join(root, dir)),
  { baseDir: root, fileExtensions: ['ts', 'tsx'], tsConfig: path.join(root, 'tsconfig.base.json') },
);

const fileCycles = result.circular();
if (fileCycles.length > 0) {
  console.error(
    `Files that import each other round a loop (${ROOTS.join(', ')}):\n` +
      fileCycles.map((cycle, i) => `  ${i + 1}) ${cycle.join(' > ')}`).join('\n'),
  );
  process.exit(1);
}
console.log(`No circular dependency between files (${Object.keys(result.obj()).length} files).`);

// The server's files, relative to its src folder; imports of anything outside it are left out.
const graph = {};
for (const [from, targets] of Object.entries(result.obj())) {
  if (!from.startsWith(SERVER_SRC)) continue;
  graph[from.slice(SERVER_SRC.length)] = targets
    .filter((to) => to.startsWith(SERVER_SRC))
    .map((to) => to.slice(SERVER_SRC.length));
}

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

// Longer loops: strongly connected groups of modules (Tarjan), left aside what the two-way pairs above
// already name. An allowed pair is taken out of the graph first, so it does not hide or cause a loop.
const next = new Map();
for (const key of edges.keys()) {
  const [a, b] = key.split('\0');
  if (ALLOWED.has([a, b].sort().join(' <-> '))) continue;
  if (edges.has(`${b}\0${a}`)) continue; // a two-way pair, reported (or allowed) above
  if (!next.has(a)) next.set(a, []);
  next.get(a).push(b);
}
const index = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
let counter = 0;
function strongConnect(v) {
  index.set(v, counter);
  low.set(v, counter);
  counter += 1;
  stack.push(v);
  onStack.add(v);
  for (const w of next.get(v) ?? []) {
    if (!index.has(w)) {
      strongConnect(w);
      low.set(v, Math.min(low.get(v), low.get(w)));
    } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
  }
  if (low.get(v) !== index.get(v)) return;
  const group = new Set();
  let w;
  do {
    w = stack.pop();
    onStack.delete(w);
    group.add(w);
  } while (w !== v);
  if (group.size < 2) return;
  // One loop through the group, by breadth-first search from v back to v.
  const from = new Map([[v, null]]);
  const queue = [v];
  let end = null;
  while (queue.length > 0 && end === null) {
    const x = queue.shift();
    for (const y of next.get(x) ?? []) {
      if (!group.has(y)) continue;
      if (y === v) {
        end = x;
        break;
      }
      if (!from.has(y)) {
        from.set(y, x);
        queue.push(y);
      }
    }
  }
  const loop = [v];
  for (let x = end; x !== v; x = from.get(x)) loop.splice(1, 0, x);
  const steps = loop.map((x, i) => `    ${edges.get(`${x}\0${loop[(i + 1) % loop.length]}`)[0]}`);
  failures.push(`  ${[...loop, v].join(' -> ')}\n${steps.join('\n')}`);
}
for (const v of next.keys()) if (!index.has(v)) strongConnect(v);

for (const pair of ALLOWED.keys()) {
  if (!allowedSeen.has(pair)) {
    failures.push(`  ${pair} is allowed in scripts/check-module-cycles.mjs but no longer tangled: remove it`);
  }
}

if (failures.length > 0) {
  console.error(
    `Server modules that depend on each other, both ways or round a loop (apps/server/src, ADR 0026):\n${failures.join('\n')}\n` +
      'Move the shared piece down into the lower module (or a neutral file such as src/deps.ts) so the ' +
      'dependency has one direction.',
  );
  process.exit(1);
}
console.log(
  `No server modules depend on each other both ways or round a loop (${new Set([...edges.keys()].map((k) => k.split('\0')[0])).size} modules` +
    (ALLOWED.size > 0 ? `, ${ALLOWED.size} pair(s) allowed` : '') +
    ').',
);
