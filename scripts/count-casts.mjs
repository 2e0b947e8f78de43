// Count type assertions outside tests (issue 24, "Casts").
//
// A cast tells the compiler to stop checking; each one is a place where a wrong type can slip through.
// This script counts them so the number can only go down on purpose: every `x as T` / `<T>x`
// (ts.SyntaxKind.AsExpression, TypeAssertionExpression) and every non-null assertion `x!`
// (NonNullExpression) in the non-test .ts/.tsx files of packages/domain/src, apps/server/src and
// apps/web/src. `as const` is not a cast (it narrows, never widens) and does not count. Test files
// (*.test.ts(x)), test fixtures (test-fixtures.ts), test/ and test-support/ folders and declaration files
// (.d.ts) are left out: a cast in a test double is honest.
//
// Usage: node scripts/count-casts.mjs [--list]   (npm run count-casts; --list prints each cast with
// its file:line, grouped by package, so the remaining ones can be reviewed)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const packages = ['packages/domain/src', 'apps/server/src', 'apps/web/src'];
const list = process.argv.includes('--list');

const isCounted = (file) =>
  /\.tsx?$/.test(file) &&
  !/\.d\.ts$/.test(file) &&
  !/\.test\.tsx?$/.test(file) &&
  !/test-fixtures\.tsx?$/.test(file);

function* walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (['node_modules', 'test', 'test-support'].includes(entry.name)) continue;
      yield* walk(full);
    } else if (isCounted(entry.name)) yield full;
  }
}

const isAsConst = (node) =>
  ts.isTypeReferenceNode(node.type) &&
  ts.isIdentifier(node.type.typeName) &&
  node.type.typeName.text === 'const';

/** The casts in one file: [{ line, kind, text }]. */
function castsIn(file) {
  const text = fs.readFileSync(file, 'utf8');
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found = [];
  const visit = (node) => {
    let what;
    if ((ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) && !isAsConst(node)) {
      what = 'as';
    } else if (ts.isNonNullExpression(node)) what = '!';
    if (what) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      const snippet = node.getText(source).replace(/\s+/g, ' ');
      found.push({
        line: line + 1,
        what,
        text: snippet.length > 100 ? `${snippet.slice(0, 97)}...` : snippet,
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

let total = { as: 0, '!': 0 };
for (const pkg of packages) {
  const counts = { as: 0, '!': 0 };
  for (const file of walk(path.join(root, pkg))) {
    for (const cast of castsIn(file)) {
      counts[cast.what] += 1;
      if (list) console.log(`  ${path.relative(root, file)}:${cast.line}  ${cast.text}`);
    }
  }
  total.as += counts.as;
  total['!'] += counts['!'];
  console.log(
    `${pkg.padEnd(22)} as: ${String(counts.as).padStart(4)}   !: ${String(counts['!']).padStart(4)}   total: ${String(counts.as + counts['!']).padStart(4)}`,
  );
}
console.log(
  `${'all'.padEnd(22)} as: ${String(total.as).padStart(4)}   !: ${String(total['!']).padStart(4)}   total: ${String(total.as + total['!']).padStart(4)}`,
);
