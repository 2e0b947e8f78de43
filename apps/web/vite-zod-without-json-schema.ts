/**
 * Leaves zod's JSON Schema converter out of the web app's build (ADR 0041). zod 4's classic build wires
 * every schema to it (`toJSONSchema()`, the Standard JSON Schema methods, the `minLength`-style getters),
 * so its two modules (`core/json-schema-processors.js`, `core/to-json-schema.js`, about 64 kB raw, a
 * third of zod's chunk gzipped) came along with every contract, although the browser only parses with
 * the schemas. At build time only, each of those modules is replaced by one that exports the same
 * names, every one a function that throws (the two `create…Method` factories hand back such a
 * function, as schemas call them while being built). Parsing, errors and messages are untouched; the
 * server and the tests keep the real modules. If zod moves these names, the build still exports
 * whatever the real module exports; `npm run size` and the zod chunk's size show the difference.
 */
import fs from 'node:fs';
import type { Plugin } from 'vite';

const CONVERTER =
  /[\\/]node_modules[\\/]zod[\\/]v4[\\/]core[\\/](json-schema-processors|to-json-schema)\.js$/;
/** Called while a schema is built: they must return, not throw. */
const FACTORIES = new Set(['createToJSONSchemaMethod', 'createStandardJSONSchemaMethod']);

/** The names a module exports (`export const|function|class X`, `export { a as b, c }`). */
export function exportedNames(source: string): string[] {
  const names = new Set<string>();
  for (const m of source.matchAll(/^export\s+(?:async\s+)?(?:const|let|var|function\*?|class)\s+([\w$]+)/gm))
    names.add(m[1]!);
  for (const m of source.matchAll(/^export\s*\{([^}]*)\}/gm))
    for (const part of m[1]!.split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop()
        ?.trim();
      if (name) names.add(name);
    }
  return [...names];
}

export function stubOf(source: string): string {
  const lines = [
    'const unavailable = () => {',
    "  throw new Error('zod JSON Schema conversion is not part of the web app (vite-zod-without-json-schema)');",
    '};',
  ];
  for (const name of exportedNames(source))
    lines.push(
      name === 'default'
        ? 'export default unavailable;'
        : `export const ${name} = ${FACTORIES.has(name) ? '() => unavailable' : 'unavailable'};`,
    );
  return lines.join('\n');
}

export function zodWithoutJsonSchema(): Plugin {
  return {
    name: 'stg:zod-without-json-schema',
    apply: 'build',
    load(id) {
      const file = id.split('?')[0]!;
      if (!CONVERTER.test(file)) return null;
      return { code: stubOf(fs.readFileSync(file, 'utf8')), map: null };
    },
  };
}
