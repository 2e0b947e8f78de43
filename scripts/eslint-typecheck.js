// @ts-check
/**
 * `typecheck/tsc` (issue 24, ADR 0030): every TypeScript error, reported by ESLint.
 *
 * Type-aware lint already builds, for each file, the TypeScript program of its own tsconfig (the
 * `projectService`), and its rules type most of every file on the way. `tsc -p` built the same five
 * programs (domain, server, web, e2e, bench) a second time in CI, for about 50 s of CPU on the 2-core
 * machine. This rule asks the program ESLint already has for the file's syntactic and semantic
 * diagnostics, the ones `tsc -p <its tsconfig>` prints for it, and reports each one as a lint error.
 * Once per program it also reports the program's global, option and tsconfig diagnostics.
 *
 * Files outside every tsconfig (the vitest configs, linted through `allowDefaultProject`) are skipped: no
 * tsconfig types them, as before. `npm run typecheck` (tsc) stays as the command to run alone.
 */
import ts from 'typescript';

/** Programs whose program-wide diagnostics were reported already. */
const reportedPrograms = new WeakSet();

/** @param {ts.Diagnostic} diagnostic */
const text = (diagnostic) =>
  `TS${diagnostic.code}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;

/** @type {import('eslint').Rule.RuleModule} */
const tsc = {
  meta: {
    type: 'problem',
    docs: { description: 'Reports the TypeScript compiler errors of the file, as `tsc -p` does' },
    schema: [],
  },
  create(context) {
    const program = /** @type {ts.Program | null | undefined} */ (context.sourceCode.parserServices?.program);
    // Only files typed by a tsconfig of ours: not the default project's, nor untyped JavaScript.
    if (!program || !program.getCompilerOptions().configFilePath) return {};
    return {
      'Program:exit'(node) {
        const sourceFile = program.getSourceFile(context.filename);
        /** @type {ts.Diagnostic[]} */
        const diagnostics = [];
        if (!reportedPrograms.has(program)) {
          reportedPrograms.add(program);
          diagnostics.push(
            ...program.getConfigFileParsingDiagnostics(),
            ...program.getOptionsDiagnostics(),
            ...program.getGlobalDiagnostics(),
          );
        }
        if (sourceFile) {
          diagnostics.push(
            ...program.getSyntacticDiagnostics(sourceFile),
            ...program.getSemanticDiagnostics(sourceFile),
          );
        }
        for (const diagnostic of diagnostics) {
          if (diagnostic.category !== ts.DiagnosticCategory.Error) continue;
          const inThisFile = diagnostic.file === sourceFile && diagnostic.start !== undefined && sourceFile;
          if (!inThisFile) {
            const where = diagnostic.file ? `${diagnostic.file.fileName}: ` : '';
            context.report({ node, message: `${where}${text(diagnostic)}` });
            continue;
          }
          const start = sourceFile.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
          const end = sourceFile.getLineAndCharacterOfPosition(
            (diagnostic.start ?? 0) + (diagnostic.length ?? 0),
          );
          context.report({
            loc: {
              start: { line: start.line + 1, column: start.character },
              end: { line: end.line + 1, column: end.character },
            },
            message: text(diagnostic),
          });
        }
      },
    };
  },
};

export default { meta: { name: 'typecheck' }, rules: { tsc } };
