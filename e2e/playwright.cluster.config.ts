import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { pathOf } from '@stg/domain/api/endpoint';
import { supportApi } from '@stg/domain/api/support.endpoints';
import { CLUSTER_SPECS } from './cluster-specs';
import base from './playwright.config';

const PORT = Number(process.env.E2E_CLUSTER_PORT ?? 3200);
/** Where scripts/cluster.mjs writes each instance's port and pid (cluster-failover.spec.ts stops them). */
const stateFile = path.join(os.tmpdir(), `stg-cluster-e2e-${PORT}.json`);
process.env.CLUSTER_STATE = stateFile;

/**
 * The journeys of cluster-specs.ts through the production topology (issue 27, ADR 0038): `npm run cluster`'s
 * PostgreSQL, S3 store, two servers started as the image starts them (NODE_ENV=production) and nginx with
 * deploy/nginx.conf in front. The browser only ever talks to nginx.
 */
export default defineConfig({
  ...base,
  testIgnore: [],
  testMatch: CLUSTER_SPECS,
  outputDir: 'test-results-cluster',
  reporter: process.env.CI
    ? [['list'], ['json', { outputFile: 'test-results-cluster/results.json' }]]
    : 'list',
  use: { ...base.use, baseURL: `http://localhost:${PORT}` },
  webServer: {
    // Compose's environment and the image's command; only the request rate limits are relaxed, since every
    // journey comes from this one address (as the single-server run does).
    command: `exec node ../scripts/cluster.mjs --port ${PORT} --state "${stateFile}" --set RATE_LIMIT_SCALE=100`,
    url: `http://localhost:${PORT}${pathOf(supportApi.health)}`,
    timeout: 180_000,
    reuseExistingServer: false,
    // Compose's variables (compose.yaml): demo data for the journeys, warnings only in the log.
    env: { SEED_DEMO_DATA: 'true', LOG_LEVEL: 'warn' },
    // The cluster stops nginx, then both servers gracefully, then PostgreSQL, and removes its folder.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 45_000 },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
