/**
 * The files that the PostgreSQL run leaves out (DATABASE_FREE in test/database-free.ts, excluded in vitest.config.ts) reach no database
 * through their imports: no db/client.ts, no test database, app or server process, no PGlite or pg driver.
 * A file that starts using one fails here until it leaves the list, so it is not silently skipped there.
 */
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { expect, it } from 'vitest';
import { DATABASE_FREE } from './database-free';

const serverDir = path.resolve(import.meta.dirname, '..');
const DATABASE_MODULES = /(^|\/)(src\/db\/client|test\/test-db|test\/test-app|test\/server-process)\.ts$/;
const DATABASE_PACKAGES = /^(pg|pg-pool|@electric-sql\/pglite|drizzle-orm\/(pglite|node-postgres))(\/|$)/;

it('lists only existing test files that reach no database', async () => {
  for (const file of DATABASE_FREE) expect(fs.existsSync(path.join(serverDir, file)), file).toBe(true);
  const { metafile } = await build({
    absWorkingDir: serverDir,
    entryPoints: DATABASE_FREE,
    outdir: 'out',
    write: false,
    bundle: true,
    metafile: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'silent',
  });
  const reached = Object.values(metafile.outputs)
    .filter((output) => output.entryPoint)
    .flatMap((output) => [
      ...Object.keys(output.inputs)
        .filter((input) => DATABASE_MODULES.test(input))
        .map((input) => `${output.entryPoint} imports ${input}`),
      ...output.imports
        .filter((i) => i.external && DATABASE_PACKAGES.test(i.path))
        .map((i) => `${output.entryPoint} imports ${i.path}`),
    ]);
  expect(reached).toEqual([]);
  expect(Object.values(metafile.outputs).filter((output) => output.entryPoint)).toHaveLength(
    DATABASE_FREE.length,
  );
});
