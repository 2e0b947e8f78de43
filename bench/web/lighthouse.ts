/**
 * Lighthouse (mobile, its default simulated throttling) on the pages a visitor lands on first: /, the
 * services page and a provider page. Serves the built web app (apps/web/dist: run `npm run build -w
 * apps/web` first, `npm run bench:web` at the root does) from the real server started as its own
 * process, in production mode, on a free port, with a fresh throwaway data folder and seeded demo data.
 * Drives Debian's Chromium (CHROME_PATH, default /usr/bin/chromium). Prints the category scores and
 * FCP, LCP, TBT and CLS per page: the median of LH_RUNS runs (default 3). Figures, never verdicts.
 *
 *   LH_RUNS=1 LH_PAGES=/,/vendors/1 npm run bench:web -w bench
 *   LH_JSON=/tmp/lh npm run bench:web -w bench     (also writes each run's full report there)
 */
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startDemoServer } from './demo-server';

const root = path.resolve(import.meta.dirname, '../..');
const distIndex = path.join(root, 'apps/web/dist/index.html');
const RUNS = Math.max(1, Number(process.env.LH_RUNS ?? 3));
const PAGES = (process.env.LH_PAGES ?? '/,/services?category=all,/vendors/1').split(',');
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const JSON_DIR = process.env.LH_JSON;

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
    `${'page'.padEnd(26)} ${'perf'.padStart(5)} ${'a11y'.padStart(5)} ${'b-p'.padStart(5)} ${'FCP'.padStart(8)} ${'LCP'.padStart(8)} ${'TBT'.padStart(7)} ${'CLS'.padStart(6)}`,
  );
  for (const page of PAGES) {
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
      if (lhr.runtimeError) throw new Error(`${page}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      if (JSON_DIR) {
        const name = `${page.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'root'}-${i + 1}.json`;
        fs.writeFileSync(path.join(JSON_DIR, name), result.report as string);
      }
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
              (ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && lhr.audits[ref.id]!.score! < 1,
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
      `${page.padEnd(26)} ${score('performance').padStart(5)} ${score('accessibility').padStart(5)} ${score('best-practices').padStart(5)} ${`${Math.round(metric('FCP'))} ms`.padStart(8)} ${`${Math.round(metric('LCP'))} ms`.padStart(8)} ${`${Math.round(metric('TBT'))} ms`.padStart(7)} ${metric('CLS').toFixed(3).padStart(6)}`,
    );
    const failing = [...new Set(runs.flatMap((r) => r.failing))];
    if (failing.length) console.info(`${''.padEnd(26)} not passed: ${failing.join(', ')}`);
  }
} finally {
  await cleanUp();
}
