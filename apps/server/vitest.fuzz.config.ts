/**
 * The HTTP fuzz suite (17,000 generated requests against every route: authorization, CSRF, XSS, bad input)
 * as a stage of its own: `npm run test:fuzz` (PGlite) and, in CI, again on PostgreSQL. It is the slowest
 * file by far (about 40 s on the 2-core machine), an end-to-end check of the whole app rather than a unit's,
 * so it runs beside the Playwright journeys instead of inside `npm test` (issue 24; ADR 0030).
 */
import { defineConfig } from 'vitest/config';
import { FUZZ_SUITE } from './vitest.config';

export default defineConfig({
  root: import.meta.dirname,
  test: {
    name: 'fuzz',
    pool: 'threads',
    environment: 'node',
    include: [FUZZ_SUITE],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
