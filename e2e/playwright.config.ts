import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { pathOf } from '@stg/domain/api/endpoint';
import { supportApi } from '@stg/domain/api/support.endpoints';
import { CLUSTER_SPECS } from './cluster-specs';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const dataDir = path.join(import.meta.dirname, '.data-e2e');

/** Playwright journeys in Debian's Chromium against the built app on a fresh embedded database. */
export default defineConfig({
  testDir: './tests',
  // These run through nginx against two instances instead (playwright.cluster.config.ts).
  testIgnore: CLUSTER_SPECS,
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/results.json' }]] : 'list',
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    // Modals animate in; axe must see them settled.
    contextOptions: { reducedMotion: 'reduce' },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
    { name: 'mobile', use: { ...devices['Pixel 7'] }, grep: /@mobile/ },
  ],
  webServer: {
    // A fresh database every run: the folder is removed, then the server migrates and seeds it.
    command: `rm -rf "${dataDir}" && exec npx tsx ../apps/server/src/main.ts`,
    url: `http://localhost:${PORT}${pathOf(supportApi.health)}`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      // Test mode: started like production, but with the development outbox (mails are read from it)
      // and request rate limits relaxed, since every journey comes from this one address.
      NODE_ENV: 'test',
      RATE_LIMIT_SCALE: '100',
      // A journey may move this server's clock (PUT /api/dev/clock, apps/server/src/clock.ts), as appointments
      // fall on weekdays only; accepted only with NODE_ENV=test.
      SETTABLE_CLOCK: 'true',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
