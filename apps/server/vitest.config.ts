import { configDefaults, defineProject } from 'vitest/config';

/** The HTTP fuzz suite runs as its own stage (`npm run test:fuzz`; vitest.fuzz.config.ts, ADR 0030). */
export const FUZZ_SUITE = 'test/fuzz.test.ts';

export default defineProject({
  test: {
    name: 'server',
    // Worker threads start faster than child processes (ADR 0030).
    pool: 'threads',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, FUZZ_SUITE],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
