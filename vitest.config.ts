import { availableParallelism } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { defineConfig } from 'vitest/config';

// A larger young generation for every worker thread (V8's flags are the process's; set before the workers
// start): each web file builds a new VM context with its own React, jsdom and module graph, and with the
// default 16 MB semi-spaces much of that survives a scavenge and is copied and promoted. Web project alone,
// quiet: 87 -> 75 CPU s, 56 -> 52 s (ADR 0030, eighth part). Child processes the tests start are unaffected.
setFlagsFromString('--max-semi-space-size=64');

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
