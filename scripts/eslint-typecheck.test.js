// The typecheck/tsc lint rule (ADR 0030): TypeScript's errors, from the program type-aware lint builds.
// Run by `npm test` (vitest project `scripts`).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import typecheck from './eslint-typecheck.js';

RuleTester.describe = describe;
// The first case builds the program from the repository's tsconfigs: a few seconds, more on a busy machine.
RuleTester.it = (name, fn) => it(name, { timeout: 60_000 }, fn);
RuleTester.itOnly = it.only;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const tester = new RuleTester({
  languageOptions: {
    parser: tseslint.parser,
    ecmaVersion: 'latest',
    sourceType: 'module',
    parserOptions: {
      projectService: { allowDefaultProject: ['vitest.config.ts'] },
      tsconfigRootDir: root,
    },
  },
});

// A real file of the domain package, its text replaced: typed with packages/domain/tsconfig.json.
const domainFile = path.join(root, 'packages/domain/src/is-one-of.ts');

tester.run('tsc', typecheck.rules.tsc, {
  valid: [
    { filename: domainFile, code: 'export const n: number = 1;\n' },
    // A file outside every tsconfig is not typed (as tsc never saw it).
    { filename: path.join(root, 'vitest.config.ts'), code: "export const n: number = 'one';\n" },
  ],
  invalid: [
    {
      filename: domainFile,
      code: "export const n: number = 'one';\n",
      errors: [
        {
          message: "TS2322: Type 'string' is not assignable to type 'number'.",
          line: 1,
          column: 14,
          endColumn: 15,
        },
      ],
    },
    {
      // Under the domain's own options: no node types, so no `process`.
      filename: domainFile,
      code: 'export const env = process.env;\n',
      errors: [{ message: /^TS\d+: Cannot find name 'process'/, line: 1, column: 20 }],
    },
  ],
});
