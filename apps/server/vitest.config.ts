import { configDefaults, defineProject } from 'vitest/config';
import { DATABASE_FREE } from './test/database-free';

/** The HTTP fuzz suite runs as its own stage (`npm run test:fuzz`; vitest.fuzz.config.ts, ADR 0030). */
export const FUZZ_SUITE = 'test/fuzz.test.ts';

export default defineProject({
  test: {
    name: 'server',
    // Worker threads start faster than child processes (ADR 0030).
    pool: 'threads',
    // One module graph per worker, not per file (ADR 0030): importing the app's graph again for each of the 86
    // files cost about 55 s of each run. Safe because nothing in the server keeps state at module level
    // except per-database caches (WeakMaps keyed by the Database) and constants, and no server test mocks
    // modules, stubs globals or the environment (vi.mock, vi.stubEnv, vi.stubGlobal): each file builds its
    // own app on its own database (on PGlite a worker's closed one, reset to the migrated state and checked:
    // test/test-db.ts). A file that needs module mocks goes in a project of its own, isolated.
    isolate: false,
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, FUZZ_SUITE, ...(process.env.DATABASE_URL ? DATABASE_FREE : [])],
    // The built server and backup CLI for the tests that start them as processes (ADR 0030 part 5).
    globalSetup: ['./test/global-setup.ts', './test/build-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
