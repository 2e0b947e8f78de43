/**
 * Lighthouse (mobile, its default simulated throttling) on the pages a visitor lands on first (/, the
 * services page and a provider page) and on the pages each kind of signed-in user opens (LH_USER): the
 * customer's orders and a provider page, the vendor's order history, pricing, scheduling and earnings, the
 * operator's console. A signed-in user is signed in by the real API (POST /api/session with a demo
 * account of the seed) and that session's cookie is put in Chrome's cookie jar (Lighthouse keeps cookies
 * between runs; a Cookie header in its extraHeaders did not reach the server), as a browser that signed in
 * would hold it.
 * Serves the built web app (apps/web/dist: run `npm run build -w
 * apps/web` first, `npm run bench:web` at the root does) from the real server started as its own
 * process, in production mode, on a free port, with a fresh throwaway data folder and seeded demo data.
 * Drives Debian's Chromium (CHROME_PATH, default /usr/bin/chromium). Prints the category scores and
 * FCP, LCP, TBT and CLS per page: the median of LH_RUNS runs (default 3). Figures, never verdicts.
 *
 *   LH_RUNS=1 LH_PAGES=/,/vendors/1 npm run bench:web -w bench
 *   LH_USER=customer LH_PAGES=/orders npm run bench:web -w bench
 *   LH_USER=all npm run bench:web -w bench          (every kind of user, each with its pages)
 *   LH_JSON=/tmp/lh npm run bench:web -w bench     (also writes each run's full report there)
 */
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { signInCookie } from '../lib/sign-in';
import { startDemoServer } from './demo-server';

const root = path.resolve(import.meta.dirname, '../..');
const distIndex = path.join(root, 'apps/web/dist/index.html');
const RUNS = Math.max(1, Number(process.env.LH_RUNS ?? 3));

/** Each kind of user: the demo account it signs in with (none: a guest) and the pages it is measured on. */
const USERS = {
  guest: { email: null, pages: ['/', '/services?category=all', '/vendors/1'] },
  customer: { email: 'customer@example.com', pages: ['/orders', '/vendors/1'] },
  vendor: {
    email: 'vendor@example.com',
    pages: ['/dashboard/orders', '/dashboard/pricing', '/dashboard/scheduling', '/dashboard/earnings'],
  },
  operator: { email: 'operator@example.com', pages: ['/operator'] },
} as const;
type UserKind = keyof typeof USERS;
const isUserKind = (name: string): name is UserKind => Object.hasOwn(USERS, name);

const userNames = (process.env.LH_USER ?? 'guest').split(',').map((u) => u.trim());
const KINDS: UserKind[] = userNames.includes('all')
  ? (Object.keys(USERS) as UserKind[])
  : userNames.map((name) => {
      if (!isUserKind(name)) {
        console.error(`LH_USER: ${name} is not one of all, ${Object.keys(USERS).join(', ')}`);
        process.exit(1);
      }
      return name;
    });
/** LH_PAGES replaces each user's own pages. */
const PAGES_OVERRIDE = process.env.LH_PAGES?.split(',');
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const JSON_DIR = process.env.LH_JSON;
/** LH_BREAKDOWN=1: also prints, for every run, where the main thread's time went. */
const BREAKDOWN = process.env.LH_BREAKDOWN === '1';
const COL = 34;

const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
const METRICS = [
  ['FCP', 'first-contentful-paint', 'ms'],
  ['LCP', 'largest-contentful-paint', 'ms'],
  ['TBT', 'total-blocking-time', 'ms'],
  ['CLS', 'cumulative-layout-shift', ''],
] as const;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

interface RunFigures {
  scores: Record<(typeof CATEGORIES)[number], number | null>;
  metrics: Record<(typeof METRICS)[number][0], number>;
  failing: string[];
}

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];
interface TableItem {
  [key: string]: unknown;
}
const itemsOf = (lhr: Result, id: string): TableItem[] => {
  const details = lhr.audits[id]?.details as { items?: TableItem[] } | undefined;
  return details?.items ?? [];
};
const shortUrl = (url: unknown) =>
  String(url)
    .replace(/^https?:\/\/[^/]+/, '')
    .slice(0, 60);

/**
 * Where the main thread's time went in one run (Lighthouse's own audits, on its simulated 4x slower CPU
 * for bootup-time and the breakdown, as observed for the long tasks): the breakdown by kind of work, the
 * scripts that took longest, and the long tasks with the script they are attributed to.
 */
function printBreakdown(label: string, lhr: Result) {
  const ms = (v: unknown) => `${Math.round(Number(v))} ms`;
  const kinds = itemsOf(lhr, 'mainthread-work-breakdown')
    .map((i) => `${String(i.groupLabel ?? i.group)} ${ms(i.duration)}`)
    .join(', ');
  console.info(`  ${label} main thread: ${kinds}`);
  for (const i of itemsOf(lhr, 'bootup-time').slice(0, 6))
    console.info(
      `    script ${shortUrl(i.url).padEnd(60)} total ${ms(i.total).padStart(7)}  run ${ms(i.scripting).padStart(7)}  parse ${ms(i.scriptParseCompile).padStart(6)}`,
    );
  for (const i of itemsOf(lhr, 'long-tasks').slice(0, 8))
    console.info(
      `    long task at ${ms(i.startTime).padStart(8)}: ${ms(i.duration).padStart(7)}  ${shortUrl(i.url)}`,
    );
}

/** Puts the session cookie (`name=value`) in Chrome's jar for the server's origin, or none (a guest). */
async function useSession(port: number, cookie: string | null) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const held = await browser.cookies();
    if (held.length) await browser.deleteCookie(...held);
    if (!cookie) return;
    const [name = '', value = ''] = cookie.split(/=(.*)/s);
    await browser.setCookie({
      name,
      value,
      domain: new URL(base).hostname,
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
    });
  } finally {
    await browser.disconnect();
  }
}

if (!fs.existsSync(distIndex)) {
  console.error(`${distIndex} is missing: build the web app first (npm run build -w apps/web).`);
  process.exit(1);
}
const builtAt = fs.statSync(distIndex).mtime;

const server = await startDemoServer();
const { base } = server;

let chrome: chromeLauncher.LaunchedChrome | undefined;
const cleanUp = async () => {
  chrome?.kill();
  await server.stop();
};
process.once('SIGINT', () => void cleanUp().then(() => process.exit(130)));

try {
  console.info(`web build of ${builtAt.toISOString()}; starting the server on ${base} (seeding demo data)…`);
  await server.ready();
  chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  if (JSON_DIR) fs.mkdirSync(JSON_DIR, { recursive: true });

  console.info(`Lighthouse, mobile (default throttling), median of ${RUNS} run(s) per page\n`);
  console.info(
    `${'page'.padEnd(COL)} ${'perf'.padStart(5)} ${'a11y'.padStart(5)} ${'b-p'.padStart(5)} ${'FCP'.padStart(8)} ${'LCP'.padStart(8)} ${'TBT'.padStart(7)} ${'CLS'.padStart(6)}`,
  );
  for (const kind of KINDS) {
    const { email, pages } = USERS[kind];
    // One session per kind of user, shared by its runs (a session read does not change it).
    await useSession(chrome.port, email ? await signInCookie(base, email) : null);
    for (const page of PAGES_OVERRIDE ?? pages) {
      const label = `${kind === 'guest' ? '' : `${kind} `}${page}`;
      const runs: RunFigures[] = [];
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouse(`${base}${page}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
        const { lhr } = result;
        if (lhr.runtimeError)
          throw new Error(`${page}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        if (JSON_DIR) {
          const name = `${label.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'root'}-${i + 1}.json`;
          fs.writeFileSync(path.join(JSON_DIR, name), result.report as string);
        }
        const shown = new URL(lhr.finalDisplayedUrl);
        if (`${shown.pathname}${shown.search}` !== page)
          console.info(`${label}: run ${i + 1} ended on ${shown.pathname}${shown.search}`);
        if (BREAKDOWN) printBreakdown(label, lhr);
        runs.push({
          scores: Object.fromEntries(
            CATEGORIES.map((c) => [c, lhr.categories[c]?.score ?? null]),
          ) as RunFigures['scores'],
          metrics: Object.fromEntries(
            METRICS.map(([label, id]) => [label, lhr.audits[id]?.numericValue ?? NaN]),
          ) as RunFigures['metrics'],
          failing: CATEGORIES.filter((c) => c !== 'performance').flatMap((c) =>
            (lhr.categories[c]?.auditRefs ?? [])
              .filter(
                (ref) =>
                  ref.weight > 0 && lhr.audits[ref.id]?.score !== null && lhr.audits[ref.id]!.score! < 1,
              )
              .map((ref) => `${c}: ${ref.id}`),
          ),
        });
      }
      const score = (c: (typeof CATEGORIES)[number]) => {
        const values = runs.map((r) => r.scores[c]).filter((v): v is number => v !== null);
        return values.length ? median(values).toFixed(2) : 'n/a';
      };
      const metric = (label: (typeof METRICS)[number][0]) => median(runs.map((r) => r.metrics[label]));
      console.info(
        `${label.padEnd(COL)} ${score('performance').padStart(5)} ${score('accessibility').padStart(5)} ${score('best-practices').padStart(5)} ${`${Math.round(metric('FCP'))} ms`.padStart(8)} ${`${Math.round(metric('LCP'))} ms`.padStart(8)} ${`${Math.round(metric('TBT'))} ms`.padStart(7)} ${metric('CLS').toFixed(3).padStart(6)}`,
      );
      const failing = [...new Set(runs.flatMap((r) => r.failing))];
      if (failing.length) console.info(`${''.padEnd(COL)} not passed: ${failing.join(', ')}`);
    }
  }
} finally {
  await cleanUp();
}
