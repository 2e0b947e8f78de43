import fs from 'node:fs';
import path from 'node:path';
import { configDefaults, defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

const INCLUDE = 'src/**/*.test.{ts,tsx}';

/** The web's test files (paths from this folder) that replace modules with `vi.mock`. */
function filesWithModuleMocks(dir = 'src'): string[] {
  return fs.readdirSync(path.join(import.meta.dirname, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return filesWithModuleMocks(file);
    if (!/\.test\.tsx?$/.test(entry.name)) return [];
    return /\bvi\.mock\(/.test(fs.readFileSync(path.join(import.meta.dirname, file), 'utf8')) ? [file] : [];
  });
}

/**
 * The files that mock modules run in project `web-module-mocks` (vitest.module-mocks.config.ts), each in a
 * worker of its own: in `vmThreads` a file's `vi.mock` registrations can resolve against another file's module
 * graph in the same worker (vitest issue 11284); three payment-modal tests failed so in two of four web runs
 * here (its mocked cable and leave-page never called, the real ones run). ADR 0030, sixth part.
 */
export const MODULE_MOCK_FILES = filesWithModuleMocks();

/** What both web projects share: React, jsdom, the setup file and the timeout. */
export function webProject(test: {
  name: string;
  pool: 'vmThreads' | 'threads';
  include: string[];
  exclude?: string[];
}) {
  return defineProject({
    plugins: [react()],
    test: {
      ...test,
      // A timeout catches a hang, not a slow machine: a whole checkout journey in jsdom (lazy chunks, typing
      // a card) takes 2-4 s alone and more beside the server's tests.
      testTimeout: 20_000,
      environment: 'jsdom',
      setupFiles: ['./src/test/setup.ts'],
    },
  });
}

export default webProject({
  name: 'web',
  // Each file in its own VM context on reused worker threads: as isolated as a fresh worker (its own
  // globals, jsdom and module graph) without starting one per file; 70 s -> 40 s for this project here
  // (ADR 0030). Module mocks excepted (above).
  pool: 'vmThreads',
  include: [INCLUDE],
  exclude: [...configDefaults.exclude, ...MODULE_MOCK_FILES],
});
