/**
 * Where a page's main-thread time goes, by function: loads one page in Chromium (CPU slowed down 4x, as
 * Lighthouse's mobile settings simulate it), signed in as one kind of demo user (PROFILE_USER: guest,
 * customer, vendor or operator), records V8's sampling profiler from the navigation until the network has
 * been idle for a second, and prints the functions with the most self time and the source files they
 * belong to. With source maps in the build (`npm run build -w apps/web -- --sourcemap`) the names and
 * files are the sources'; without them, the built chunks'. Figures of one load, never verdicts.
 *
 *   PROFILE_USER=operator PROFILE_PAGE=/operator npm run bench:profile -w bench
 */
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import puppeteer, { type Protocol } from 'puppeteer-core';
import { SourceMapConsumer } from 'source-map-js';
import { signInCookie } from '../lib/sign-in';
import { startDemoServer } from './demo-server';

const dist = path.resolve(import.meta.dirname, '../../apps/web/dist');
const USER = process.env.PROFILE_USER ?? 'guest';
const PAGE = process.env.PROFILE_PAGE ?? '/';
const TOP = Number(process.env.PROFILE_TOP ?? 30);
const EMAILS: Record<string, string | null> = {
  guest: null,
  customer: 'customer@example.com',
  vendor: 'vendor@example.com',
  operator: 'operator@example.com',
};
if (!(USER in EMAILS)) {
  console.error(`PROFILE_USER: one of ${Object.keys(EMAILS).join(', ')}`);
  process.exit(1);
}

const consumers = new Map<string, SourceMapConsumer | null>();
/** The source position of a built file's line and column (0-based), when the build has its map. */
function original(url: string, line: number, column: number) {
  const file = new URL(url).pathname;
  if (!consumers.has(file)) {
    const mapPath = path.join(dist, `${file}.map`);
    consumers.set(
      file,
      fs.existsSync(mapPath) ? new SourceMapConsumer(JSON.parse(fs.readFileSync(mapPath, 'utf8'))) : null,
    );
  }
  const consumer = consumers.get(file);
  const pos = consumer?.originalPositionFor({ line: line + 1, column });
  return pos?.source
    ? { source: pos.source.replace(/^.*node_modules\//, ''), name: pos.name, line: pos.line }
    : null;
}

const server = await startDemoServer();
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  await server.ready();
  const email = EMAILS[USER];
  const cookie = email ? await signInCookie(server.base, email) : null;
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  if (cookie) {
    const [name = '', value = ''] = cookie.split(/=(.*)/s);
    await browser.setCookie({ name, value, domain: '127.0.0.1', path: '/', httpOnly: true, sameSite: 'Lax' });
  }
  const page = await browser.newPage();
  await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true });
  const cdp = await page.createCDPSession();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  const started = Date.now();
  await page.goto(`${server.base}${PAGE}`, { waitUntil: 'networkidle0' });
  await new Promise((r) => setTimeout(r, 1000));
  const { profile } = await cdp.send('Profiler.stop');
  console.info(`${USER} ${PAGE}: ended on ${new URL(page.url()).pathname}, ${Date.now() - started} ms wall`);
  report(profile);
  await browser.disconnect();
} finally {
  chrome?.kill();
  await server.stop();
}

function report(profile: Protocol.Profiler.Profile) {
  const self = new Map<number, number>();
  const deltas = profile.timeDeltas ?? [];
  (profile.samples ?? []).forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (deltas[i + 1] ?? 0) / 1000));
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  let total = 0;
  for (const node of profile.nodes) {
    const ms = self.get(node.id) ?? 0;
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    if (['(idle)', '(program)', '(root)'].includes(functionName) && !url) {
      if (functionName !== '(idle)') add(byFunction, functionName, ms);
      if (functionName !== '(idle)') total += ms;
      continue;
    }
    total += ms;
    const pos = url.startsWith('http') ? original(url, lineNumber, columnNumber) : null;
    const file = pos?.source ?? (url ? new URL(url, 'http://x').pathname : '(native)');
    add(
      byFunction,
      `${pos?.name ?? (functionName || '(anonymous)')}  ${file}:${pos?.line ?? lineNumber + 1}`,
      ms,
    );
    add(byFile, file, ms);
  }
  const print = (title: string, map: Map<string, number>) => {
    console.info(`\n${title}`);
    for (const [key, ms] of [...map].sort((a, b) => b[1] - a[1]).slice(0, TOP))
      console.info(`${ms.toFixed(1).padStart(9)} ms  ${key}`);
  };
  console.info(`busy ${total.toFixed(0)} ms (self time, CPU slowed 4x)`);
  print('self time by source file', byFile);
  print('self time by function', byFunction);
}

function add(map: Map<string, number>, key: string, ms: number) {
  map.set(key, (map.get(key) ?? 0) + ms);
}
