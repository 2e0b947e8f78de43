import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'domain',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Child processes, not threads: a property test sets process.env.TZ, which only a process obeys.
    pool: 'forks',
  },
});
