/**
 * How long the provider page's two slow-feeling steps take in Debian's Chromium against the built web app
 * on a warm server (issue 23 #18), on fresh visits (a new browser context each run: empty HTTP cache, no
 * chunk loaded yet):
 *
 *   - Pricing Continue → the Scheduling panel shows its times (the Minute buttons are on the page);
 *   - Checkout → the card form is ready (the Card number field is on the page and enabled).
 *
 * Each interval is measured inside the page, from the click (a capturing listener) to the first
 * animation frame in which the target is there. With BOOKING_WATERFALL=1 it also prints every request
 * made in each interval (start and end relative to the click), to see where the time goes.
 *
 * Serves apps/web/dist (build it first; `npm run build -w apps/web`) from the real server started as its
 * own process in production mode with a throwaway data folder and the demo data, or, with
 * BOOKING_BASE=http://…, from a server already running. Two unmeasured runs warm the server first.
 * Figures, never verdicts.
 *
 *   npx tsx bench/web/booking-timing.ts                  (17 runs)
 *   BOOKING_RUNS=5 BOOKING_WATERFALL=1 npx tsx bench/web/booking-timing.ts
 *   BOOKING_CPU_SLOWDOWN=4 npx tsx bench/web/booking-timing.ts     (Chromium's CPU throttling)
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page, type Request } from 'playwright-core';
import { pathOf } from '@stg/domain/api/endpoint';
import { supportApi } from '@stg/domain/api/support.endpoints';
import { vendorReadsApi } from '@stg/domain/api/vendor-reads.endpoints';
import { vendorCardsResponseSchema } from '@stg/domain/api/vendors';
import { waitUntilUp } from '../lib/processes';
import { startDemoServer } from './demo-server';

const root = path.resolve(import.meta.dirname, '../..');
const distIndex = path.join(root, 'apps/web/dist/index.html');
const RUNS = Math.max(1, Number(process.env.BOOKING_RUNS ?? 17));
const WARM_RUNS = 2;
const WATERFALL = process.env.BOOKING_WATERFALL === '1';
/** Chromium's CPU throttling (1: none; 4: a slow phone or a busy laptop), to see the steps' CPU share. */
const CPU_SLOWDOWN = Math.max(1, Number(process.env.BOOKING_CPU_SLOWDOWN ?? 1));
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CUSTOMER = 'customer@example.com';
const PASSWORD = 'Password123!';
const VENDOR = 'Sparkle & Shine Home Cleaning';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

/**
 * Runs `click`, resolves with the milliseconds from the click to the first animation frame in which an
 * element matching `selector` is on the page and not disabled.
 */
async function timeClick(page: Page, click: () => Promise<void>, selector: string): Promise<number> {
  // A string, not a function: tsx would wrap a function's inner names in a helper the page lacks.
  await page.evaluate(`
    window.__timing = new Promise((resolve) => {
      document.addEventListener('click', () => {
        const t0 = performance.now();
        const check = () => {
          const el = document.querySelector(${JSON.stringify(selector)});
          if (el && !el.disabled) resolve(performance.now() - t0);
          else requestAnimationFrame(check);
        };
        check();
      }, { capture: true, once: true });
    });
    undefined;
  `);
  await click();
  return page.evaluate<number>('window.__timing');
}

interface Logged {
  url: string;
  start: number;
  end: number | null;
}

function logRequests(page: Page) {
  const log: Logged[] = [];
  const byRequest = new Map<Request, Logged>();
  let origin = 0;
  page.on('request', (r) => {
    const entry = { url: r.url(), start: Date.now() - origin, end: null };
    byRequest.set(r, entry);
    log.push(entry);
  });
  const done = (r: Request) => {
    const entry = byRequest.get(r);
    if (entry) entry.end = Date.now() - origin;
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    reset: () => {
      log.length = 0;
      origin = Date.now();
    },
    print: (label: string) => {
      console.info(`    ${label}:`);
      for (const e of log)
        console.info(
          `      ${String(e.start).padStart(5)} → ${String(e.end ?? '…').padStart(5)} ms  ${e.url.replace(/^https?:\/\/[^/]+/, '')}`,
        );
    },
  };
}

async function signIn(page: Page) {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await dialog.getByLabel('Email').fill(CUSTOMER);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** One fresh visit: sign in, open the provider page, price, schedule, check out. */
async function visit(browser: Browser, base: string, vendorId: number, show: boolean) {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  if (CPU_SLOWDOWN > 1)
    await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const requests = logRequests(page);
  try {
    await signIn(page);
    await page.goto(`/vendors/${vendorId}`);
    await page.getByRole('button', { name: /^(Get Price|Edit Service)$/ }).click();
    const form = page.getByRole('form', { name: 'Instant pricing' });
    await form.getByRole('button', { name: 'Continue' }).waitFor();

    requests.reset();
    const pricing = await timeClick(
      page,
      () => form.getByRole('button', { name: 'Continue' }).click(),
      '.time-picker__minutes .time-picker__minute',
    );
    if (show) requests.print(`Pricing Continue → times shown: ${pricing.toFixed(0)} ms`);

    const scheduling = page.getByRole('region', { name: 'Scheduling' });
    await scheduling
      .getByRole('group', { name: /^Minute/ })
      .getByRole('button')
      .first()
      .click();
    await scheduling.getByRole('button', { name: /^Continue — / }).click();
    // The Summary panel's own Checkout button (not the panel's header button).
    const checkoutButton = page.locator('.checkout-action button');
    await checkoutButton.waitFor();

    requests.reset();
    const checkout = await timeClick(
      page,
      () => checkoutButton.click(),
      '[role="dialog"] input[autocomplete="cc-number"]',
    );
    if (show) requests.print(`Checkout → card form ready: ${checkout.toFixed(0)} ms`);
    return { pricing, checkout };
  } finally {
    await context.close().catch(() => undefined);
  }
}

if (!fs.existsSync(distIndex)) {
  console.error(`${distIndex} is missing: build the web app first (npm run build -w apps/web).`);
  process.exit(1);
}

// The server of BOOKING_BASE, or our own (demo data, rate limits relaxed for the repeated sign-ins).
const server = process.env.BOOKING_BASE ? null : await startDemoServer({ RATE_LIMIT_SCALE: '100' });
const base = process.env.BOOKING_BASE ?? server!.base;

let browser: Browser | undefined;
try {
  console.info(`web build of ${fs.statSync(distIndex).mtime.toISOString()}; server ${base}`);
  await (server ? server.ready() : waitUntilUp(`${base}${pathOf(supportApi.health)}`, null));
  const vendors = vendorCardsResponseSchema.parse(
    await (await fetch(`${base}${pathOf(vendorReadsApi.vendors)}`)).json(),
  );
  const vendor = vendors.find((v) => v.name === VENDOR);
  if (!vendor) throw new Error(`${VENDOR} is not among the vendors`);
  browser = await chromium.launch({
    executablePath: CHROME_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  for (let i = 0; i < WARM_RUNS; i += 1) await visit(browser, base, vendor.id, false);

  const pricing: number[] = [];
  const checkout: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    if (WATERFALL) console.info(`  visit ${i + 1}`);
    const run = await visit(browser, base, vendor.id, WATERFALL);
    pricing.push(run.pricing);
    checkout.push(run.checkout);
  }
  const line = (label: string, values: number[]) =>
    console.info(
      `${label.padEnd(36)} median ${percentile(values, 50).toFixed(0).padStart(5)} ms   p90 ${percentile(values, 90).toFixed(0).padStart(5)} ms   max ${Math.max(
        ...values,
      )
        .toFixed(0)
        .padStart(5)} ms   over 300 ms: ${values.filter((v) => v > 300).length}/${values.length}`,
    );
  console.info(
    `\n${RUNS} fresh visits (new browser context each), warm server, 1280 × 900, CPU slowdown ${CPU_SLOWDOWN}×`,
  );
  line('Pricing Continue → times shown', pricing);
  line('Checkout → card form ready', checkout);
  console.info(`  each: pricing ${pricing.map((v) => v.toFixed(0)).join(' ')}`);
  console.info(`        checkout ${checkout.map((v) => v.toFixed(0)).join(' ')}`);
} finally {
  await browser?.close();
  await server?.stop();
}
