import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    // Each file in its own VM context on reused worker threads: as isolated as a fresh worker (its own
    // globals, jsdom and module graph) without starting one per file; 70 s -> 40 s for this project here
    // (ADR 0030).
    pool: 'vmThreads',
    // A timeout catches a hang, not a slow machine: a whole checkout journey in jsdom (lazy chunks, typing
    // a card) takes 2-4 s alone and more beside the server's tests.
    testTimeout: 20_000,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
  },
});
