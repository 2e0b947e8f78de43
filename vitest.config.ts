import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/domain',
      'apps/server',
      'apps/web',
      // The repository's own scripts: the module-boundary lint rules (ADR 0026).
      { test: { name: 'scripts', environment: 'node', include: ['scripts/**/*.test.js'] } },
    ],
    // Vitest's default is one worker fewer than the cores: on these 2-core machines, one file at a time.
    // The files wait on PGlite, jsdom and sockets as much as they compute, so one worker per core halves
    // `npm test` (issue 24; ADR 0030).
    maxWorkers: availableParallelism(),
  },
});
