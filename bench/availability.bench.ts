/**
 * The slot engine and the availability endpoint (issue 5's target: 90 days of availability for a
 * vendor with 2,000 busy entries in under 5 ms; the endpoint's p99 under load). Bounded: a fixed number
 * of engine runs, then a few seconds of load on 127.0.0.1. Prints figures, never a verdict.
 */
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import { computeAvailability, type AvailabilityQuery, type BusyRange } from '@stg/domain/availability';
import { MemoryStorage } from '../apps/server/src/adapters/storage/local-storage';
import { buildApp } from '../apps/server/src/app';
import { pgliteExtensions, wrapPglite } from '../apps/server/src/db/client';
import { calendarBusyEntries, vendorCalendars } from '../apps/server/src/db/schema';
import { seedDemoData } from '../apps/server/src/db/seed/seed-demo-data';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const BUSY_ENTRIES = 2_000;
const WINDOW_DAYS = 90;
const RUNS = 2_000;
const MINUTE = 60_000;

/** 2,000 busy entries of 30 min to 3 h spread over the window (about 22 a day), deterministic. */
function busyEntries(now: number, count: number): BusyRange[] {
  const out: BusyRange[] = [];
  let seed = 42;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  for (let i = 0; i < count; i++) {
    const start = now + Math.floor(next() * WINDOW_DAYS * 24 * 60) * MINUTE;
    out.push({ start, end: start + (30 + Math.floor(next() * 150)) * MINUTE });
  }
  return out;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

// ---- The engine ------------------------------------------------------------------------------------

const now = Date.now();
const busy = busyEntries(now, BUSY_ENTRIES);
const query = (nowMs: number, stepMinutes: number): AvailabilityQuery => ({
  now: nowMs,
  workdayStartMinutes: 8 * 60,
  workdayEndMinutes: 17 * 60,
  gapMinutes: 30,
  minimumNoticeDays: 2,
  bookingLimitDays: 180,
  durationMinutes: 90,
  stepMinutes,
  busy,
});

const coldStarted = performance.now();
const first = computeAvailability(query(now, 1), WINDOW_DAYS);
const coldMs = performance.now() - coldStarted;
const ranges = first.days.reduce((n, d) => n + d.ranges.length, 0);
console.info(
  `engine: ${WINDOW_DAYS} days, ${BUSY_ENTRIES} busy entries, 90-minute job: ${first.days.length} days with starts, ${ranges} ranges`,
);
console.info(`  first call (cold caches, unoptimised code)   ${coldMs.toFixed(2)} ms`);

for (const step of [1, 15]) {
  const times: number[] = [];
  let sink = 0;
  for (let i = 0; i < RUNS; i++) {
    // A different "now" each run (minutes apart), so each run really computes.
    const t0 = performance.now();
    sink += computeAvailability(query(now + (i % 600) * MINUTE, step), WINDOW_DAYS).days.length;
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  console.info(
    `  ${step === 1 ? 'customer, 1-minute steps' : 'vendor, 15-minute steps'.padEnd(24)}   mean ${mean.toFixed(3)} ms   p50 ${percentile(times, 0.5).toFixed(3)} ms   p99 ${percentile(times, 0.99).toFixed(3)} ms   max ${times.at(-1)!.toFixed(3)} ms   (${RUNS} runs, checksum ${sink})`,
  );
}

// ---- The endpoint under load -----------------------------------------------------------------------

const database = wrapPglite(await PGlite.create({ extensions: pgliteExtensions }));
await database.migrate();
const storage = new MemoryStorage();
await seedDemoData(database.db, storage, { now: new Date() });
const app = await buildApp({ database, storage });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const vendors = (await (await fetch(`${address}/api/vendors`)).json()) as { id: number }[];
const vendorId = vendors[0]!.id;
const [calendar] = await database.db
  .select()
  .from(vendorCalendars)
  .where(eq(vendorCalendars.vendorId, vendorId));
const rows = busyEntries(now, BUSY_ENTRIES).map((b, i) => ({
  vendorCalendarId: calendar!.id,
  externalId: `bench-${i}`,
  startTime: new Date(b.start),
  endTime: new Date(b.end),
}));
for (let i = 0; i < rows.length; i += 500)
  await database.db.insert(calendarBusyEntries).values(rows.slice(i, i + 500));

const path = `/api/vendors/${vendorId}/vendor_calendars?duration=${WINDOW_DAYS}&minutes=90`;
const sample = (await (await fetch(`${address}${path}`)).json()) as { days: unknown[] };
console.info(
  `\nendpoint: GET ${path} (vendor with ${BUSY_ENTRIES} synced entries plus its demo orders; ${sample.days.length} days in the answer), 10 connections, ${DURATION_S} s`,
);
const result = await autocannon({ url: `${address}${path}`, connections: 10, duration: DURATION_S });
console.info(
  `  ${result.requests.average.toFixed(0)} req/s   p50 ${result.latency.p50} ms   p90 ${result.latency.p90} ms   p99 ${result.latency.p99} ms   errors ${result.errors + result.non2xx}`,
);
await app.close();
