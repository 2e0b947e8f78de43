/**
 * The slot engine (issue 5's target: 90 days of availability for a vendor with 2,000 busy entries in
 * under 5 ms), a pure function measured in this process. Bounded: a fixed number of engine runs. Prints
 * figures, never a verdict. The availability endpoint under load is in http-api.bench.ts.
 */
import { computeAvailability, type AvailabilityQuery, type BusyRange } from '@stg/domain/availability';

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

// The endpoint (GET /api/vendors/{id}/vendor_calendars for a vendor with 2,000 busy entries and 500
// orders, at 10 and 100 connections) is measured over HTTP with the server as its own process, in
// http-api.bench.ts.
