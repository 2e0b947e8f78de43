/**
 * Checkout under load (issue 10): POST /api/payments/create-payment-intent, and the whole pay-to-order
 * path (create-payment-intent → the sandbox's card confirmation → POST /api/payments/confirm, which
 * makes the order), with 50 customers at once. The server runs as its own process, started as in
 * production (bench/lib/processes.ts), on a fresh embedded database or, when DATABASE_URL is set (e.g. by
 * `node scripts/with-postgres.mjs npm run bench`), a fresh PostgreSQL database, with RATE_LIMIT_SCALE=10000
 * (200 customers sign up from one address); this process only sends requests (a flow of three calls per
 * customer, which autocannon cannot drive). A bare Fastify (its own process) is loaded the same way in
 * the same run, 50 requests at once, as the yardstick of what the machine gives right now; each p50 is
 * also printed as a multiple of the bare server's. Bounded: ROUNDS rounds of 50 customers, after
 * BENCH_WARMUP (2) rounds of 50 more per layout whose figures are printed on a line of their own (the
 * first 50 paths meet a server whose checkout code is not yet compiled by the JIT and whose pool's
 * connections have not yet prepared its statements: a cold start, not the steady state). Prints
 * figures, never a verdict.
 * Two layouts (issue 27), each ROUNDS rounds of 50 customers at once, printed one after the other:
 * - spread: each round's 50 customers book across BENCH_VENDORS vendors (10), 5 on each;
 * - one vendor: each round's 50 customers all book the same vendor (the worst case: one vendor's time is
 *   one lock).
 * BENCH_LAYOUT=spread|one picks only one of them. BENCH_CPU_PROF=DIR starts the server with
 * `--cpu-prof --cpu-prof-dir=DIR` (a .cpuprofile when it stops).
 * BENCH_SERVERS (1; PostgreSQL only above 1) server processes run, each request sent to the next in turn
 * (nginx's round robin, deploy/nginx.conf: production runs two instances); the server CPU and statements
 * printed are theirs together. Requests go out on node:http's kept-alive connections (bench/lib/http.ts),
 * the yardstick's too.
 * With PostgreSQL started with pg_stat_statements (`PG_STAT_STATEMENTS=1 node scripts/with-postgres.mjs npm
 * run bench -- checkout`), each layout also prints PostgreSQL's heaviest statements of its measured rounds,
 * waits for locks included (ADR 0042: the vendor lock's wait is where the rest of the intent's p99 goes).
 */
import os from 'node:os';
import { eq } from 'drizzle-orm';
import { MemoryStorage } from '../apps/server/src/adapters/storage/local-storage';
import { buildApp } from '../apps/server/src/app';
import { vendors } from '../apps/server/src/db/schema';
import { createPayableVendor, houseAnswers, type PayableVendor } from '../apps/server/test/payable-vendor';
import { bookingsApi } from '@stg/domain/api/bookings.endpoints';
import { routeKey } from '@stg/domain/api/endpoint';
import { paymentsApi } from '@stg/domain/api/payments.endpoints';
import { sessionApi } from '@stg/domain/api/session.endpoints';
import { supportApi } from '@stg/domain/api/support.endpoints';
import { usersApi } from '@stg/domain/api/users.endpoints';
import { apiClient, urlOf } from './lib/api';
import { request, roundRobin } from './lib/http';
import { freshDatabase } from './lib/database';
import { ownCpuSeconds, postgresCpuSeconds, postmasterPid, processCpuSeconds } from './lib/cpu';
import { machineLine } from './lib/measure';
import { pgObserver } from './lib/pg-observe';
import { startBareFastify, startServer } from './lib/processes';

const CONCURRENCY = 50;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const SERVERS = Number(process.env.BENCH_SERVERS ?? 1);
const database = await freshDatabase('checkout');
if (SERVERS > 1 && !database.databaseUrl)
  throw new Error('BENCH_SERVERS > 1 needs PostgreSQL (PGlite opens in one process)');

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
const median = (ms: number[]) =>
  percentile(
    [...ms].sort((a, b) => a - b),
    0.5,
  );
const summary = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  return `p50 ${percentile(s, 0.5).toFixed(1)} ms   p99 ${percentile(s, 0.99).toFixed(1)} ms   max ${s.at(-1)!.toFixed(1)} ms   (${s.length} samples)`;
};

// ---- Setup: vendors whose payouts are on, and customers with scheduled bookings --------------------

const SPREAD = Number(process.env.BENCH_VENDORS ?? 10);
const layoutEnv = process.env.BENCH_LAYOUT ?? 'both';
interface Layout {
  title: string;
  /** Vendors of the layout, and how many customers each one takes per round. */
  vendors: number;
  perRound: number;
}
const layouts: Layout[] = [
  ...(layoutEnv !== 'one'
    ? [
        {
          title: `across ${SPREAD} vendors`,
          vendors: SPREAD,
          perRound: Math.ceil(CONCURRENCY / SPREAD),
        },
      ]
    : []),
  ...(layoutEnv !== 'spread' ? [{ title: 'one vendor', vendors: 1, perRound: CONCURRENCY }] : []),
];

const setupDb = await database.open();
const setup = await buildApp({ database: setupDb, storage: new MemoryStorage() });
/** Each layout's vendors are its own (a vendor's times are booked once); `slots` starts each. */
const plans = layouts.map((layout) => ({ layout, vendors: [] as PayableVendor[] }));
for (const plan of plans)
  for (let i = 0; i < plan.layout.vendors; i++) {
    const v = await createPayableVendor(
      setup,
      `bench-vendor-${plan.layout.vendors}-${i}-${Date.now()}@example.com`,
    );
    // About 40-minute jobs: eight a day fit in each vendor's workday.
    await setup.deps.db
      .update(vendors)
      .set({ priceToDurationRateCents: 25_000 })
      .where(eq(vendors.id, v.vendorId));
    plan.vendors.push(v);
  }
const postmaster = database.kind === 'postgres' ? await postmasterPid(setup.deps.db) : null;
await setup.close();

const profileDir = process.env.BENCH_CPU_PROF;
const servers: Awaited<ReturnType<typeof startServer>>[] = [];
for (let i = 0; i < SERVERS; i++)
  servers.push(
    await startServer(
      database,
      { RATE_LIMIT_SCALE: '10000' },
      profileDir ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] } : {},
    ),
  );
const base = servers[0]!.base;
const nextBase = roundRobin(servers.map((s) => s.base));

/** A customer's client (its own session) that fails loudly on any refusal (bench/lib/api.ts). */
const client = () => apiClient(nextBase);

type Customer = { call: ReturnType<typeof client>; bookingId: number };
let made = 0;
/** `count` customers, each with a booking of `vendor` scheduled at its own hourly start. */
async function customersOf(vendor: PayableVendor, count: number): Promise<Customer[]> {
  const out: Customer[] = [];
  const probe = client();
  await probe(sessionApi.current, {});
  const times = await probe(bookingsApi.availability, {
    params: { id: vendor.vendorId },
    query: { duration: '60', minutes: '40' },
  });
  // One start per hour of each free range: jobs of about 40 minutes never overlap.
  const hourly: string[] = [];
  for (const day of times.days)
    for (const r of day.ranges) {
      const s = Date.parse(r.start_time);
      const e = Date.parse(r.end_time);
      for (let t = s; t <= e; t += 3_600_000) hourly.push(new Date(t).toISOString());
    }
  for (const start of hourly.slice(0, count)) {
    const call = client();
    await call(sessionApi.current, {});
    const n = made++;
    await call(usersApi.signUp, {
      body: {
        user: {
          firstName: 'Bench',
          lastName: `Customer${n}`,
          email: `bench-${n}-${Date.now()}@example.com`,
          phoneNumber: '4355550199',
          password: 'Password123!',
          passwordConfirmation: 'Password123!',
          address: {
            streetAddress: `${n} Main St`,
            street_address_2: '',
            city: 'St George',
            state: 'UT',
            zipCode: '84770',
          },
        },
      },
    });
    const priced = await call(bookingsApi.create, {
      body: {
        booking: {
          vendorId: vendor.vendorId,
          answers: houseAnswers(vendor, { BEDROOMS: '1', BATHROOMS: '1' }),
        },
      },
    });
    await call(bookingsApi.update, {
      params: { id: priced.booking.id },
      body: { booking: { appointmentAt: start } },
    });
    out.push({ call, bookingId: priced.booking.id });
  }
  if (out.length < count) console.info(`  only ${out.length} free hourly starts found for a vendor`);
  return out;
}

/** Each layout's rounds: round r takes `perRound` customers of each of its vendors. */
const roundsOf = new Map<Layout, Customer[][]>();
for (const { layout, vendors: vs } of plans) {
  console.info(
    `preparing ${CONCURRENCY * (WARMUP + ROUNDS)} customers with scheduled bookings ${layout.title}…`,
  );
  const pools: Customer[][] = [];
  for (const v of vs) pools.push(await customersOf(v, layout.perRound * (WARMUP + ROUNDS)));
  const rounds: Customer[][] = [];
  for (let r = 0; r < WARMUP + ROUNDS; r++)
    rounds.push(
      pools
        .flatMap((pool) => pool.slice(r * layout.perRound, (r + 1) * layout.perRound))
        .slice(0, CONCURRENCY),
    );
  roundsOf.set(layout, rounds);
}

// ---- The bare yardstick ---------------------------------------------------------------------------

const bare = await startBareFastify();

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const value = await fn();
  return [value, performance.now() - t0];
}

const healthUrl = urlOf(base, supportApi.health, {});
const bareMs: number[] = [];
const healthMs: number[] = [];
for (let r = 0; r < ROUNDS; r++) {
  const bareRound = await Promise.all(
    Array.from({ length: CONCURRENCY }, () => timed(() => request(`${bare.base}/`))),
  );
  bareMs.push(...bareRound.map(([, ms]) => ms));
  const healthRound = await Promise.all(
    Array.from({ length: CONCURRENCY }, () => timed(() => request(healthUrl))),
  );
  healthMs.push(...healthRound.map(([, ms]) => ms));
}

// ---- Checkout, 50 customers at once per round ------------------------------------------------------

/**
 * The server's statements so far (its /metrics: the count of every statement kind's time histogram) and
 * its CPU seconds (process_cpu_seconds_total). A scrape itself runs one statement (the gauges): one per server.
 */
async function serverCounters(): Promise<{ statements: number; cpu: number }> {
  let statements = 0;
  let cpu = 0;
  for (const s of servers) {
    const one = await countersOf(s.base);
    statements += one.statements;
    cpu += one.cpu;
  }
  return { statements, cpu };
}
async function countersOf(at: string): Promise<{ statements: number; cpu: number }> {
  const { text } = await request(`${at}/metrics`);
  let statements = 0;
  let cpu = Number.NaN;
  for (const row of text.split('\n')) {
    if (row.startsWith('marketplace_db_query_duration_seconds_count'))
      statements += Number(row.split(' ').at(-1));
    else if (row.startsWith('process_cpu_seconds_total')) cpu = Number(row.split(' ').at(-1));
  }
  return { statements, cpu };
}
/** CPU seconds of each process of the bench now (PostgreSQL's null on PGlite: it is the server's). */
async function cpuNow() {
  const counters = await serverCounters();
  return {
    ...counters,
    serverProc: servers.reduce<number | null>((sum, s) => {
      const one = processCpuSeconds(s.pid);
      return sum === null || one === null ? null : sum + one;
    }, 0),
    postgres: postmaster === null ? null : postgresCpuSeconds(postmaster),
    bench: ownCpuSeconds(),
  };
}
type CpuSample = Awaited<ReturnType<typeof cpuNow>>;

/** The timed calls' answers are typed but not parsed: the client's parsing is not the server's time. */
const UNPARSED = { parse: false };
async function measure(rounds: Customer[][]) {
  const intentMs: number[] = [];
  const cardMs: number[] = [];
  const confirmMs: number[] = [];
  const pathMs: number[] = [];
  let orders = 0;
  const loadBefore = os.loadavg();
  const cpuBefore = await cpuNow();
  const started = performance.now();
  const roundMs: number[] = [];
  for (const round of rounds) {
    if (round.length === 0) break;
    const roundStart = performance.now();
    await Promise.all(
      round.map(async ({ call, bookingId }) => {
        const t0 = performance.now();
        const [intent, a] = await timed(() =>
          call(paymentsApi.createPaymentIntent, { body: { booking: { id: bookingId } } }, UNPARSED),
        );
        const [, b] = await timed(() =>
          call(
            paymentsApi.sandboxConfirm,
            {
              body: {
                clientSecret: intent.clientSecret,
                card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
                returnUrl: '/orders',
              },
            },
            UNPARSED,
          ),
        );
        const [done, c] = await timed(() =>
          call(paymentsApi.confirm, { body: { paymentIntentId: intent.paymentIntentId } }, UNPARSED),
        );
        pathMs.push(performance.now() - t0);
        intentMs.push(a);
        cardMs.push(b);
        confirmMs.push(c);
        if (done.status === 'succeeded') orders++;
      }),
    );
    roundMs.push(performance.now() - roundStart);
  }
  const seconds = (performance.now() - started) / 1000;
  // The work a path leaves behind (its jobs: the confirmation mail, the provider's event retries) is
  // part of its cost: one second for it before the counters are read (an idle second costs the server a
  // few ms: its job worker's polls).
  await new Promise((r) => setTimeout(r, 1000));
  const cpuAfter = await cpuNow();
  return {
    intentMs,
    cardMs,
    confirmMs,
    pathMs,
    orders,
    seconds,
    roundMs,
    cpuBefore,
    cpuAfter,
    loadBefore,
    loadAfter: os.loadavg(),
  };
}
const observer =
  database.databaseUrl && process.env.PG_STAT_STATEMENTS ? await pgObserver(database.databaseUrl) : null;
const results = [];
for (const layout of layouts) {
  const rounds = roundsOf.get(layout)!;
  const warmup = await measure(rounds.slice(0, WARMUP));
  await observer?.start();
  const measured = await measure(rounds.slice(WARMUP));
  observer?.stop();
  results.push({ layout, warmup, ...measured, heaviest: (await observer?.top(6)) ?? [] });
}
await observer?.close();

/** CPU milliseconds and statements per path, by process (load-insensitive; issue 27's budget). */
function cpuLine(paths: number, a: CpuSample, b: CpuSample, loadA: number[], loadB: number[]) {
  const per = (x: number | null, y: number | null) =>
    x === null || y === null ? 'n/a' : `${(((y - x) * 1000) / paths).toFixed(1)} ms`;
  const total = [
    [a.cpu, b.cpu],
    [a.postgres, b.postgres],
    [a.bench, b.bench],
  ].reduce((sum, [x, y]) => sum + (x === null || y === null ? 0 : y! - x!), 0);
  console.info(
    `  CPU per path: server ${per(a.cpu, b.cpu)} (/proc ${per(a.serverProc, b.serverProc)}), PostgreSQL ${per(a.postgres, b.postgres)}, bench client ${per(a.bench, b.bench)}, total ${((total * 1000) / paths).toFixed(1)} ms; statements per path ${((b.statements - a.statements - SERVERS) / paths).toFixed(1)}; load average ${loadA.map((l) => l.toFixed(1)).join(' ')} → ${loadB.map((l) => l.toFixed(1)).join(' ')}`,
  );
}

const bareP50 = median(bareMs);
const line = (title: string, ms: number[]) =>
  console.info(`  ${title.padEnd(36)}${summary(ms)}   p50 ${(median(ms) / bareP50).toFixed(1)}× bare`);
console.info(machineLine(database.label));
console.info(
  `${CONCURRENCY} customers at once, ${ROUNDS} rounds, ${SERVERS} server process${SERVERS > 1 ? 'es' : ''} (pid ${servers.map((s) => s.pid).join(', ')}${SERVERS > 1 ? ', requests in turn' : ''}) (NODE_ENV=production, RATE_LIMIT_SCALE=10000) on ${database.label}`,
);
line('bare Fastify (yardstick)', bareMs);
line(routeKey(supportApi.health), healthMs);
for (const r of results) {
  console.info(`${CONCURRENCY} customers at once ${r.layout.title}:`);
  line('create-payment-intent', r.intentMs);
  line('sandbox card confirmation', r.cardMs);
  line(`${routeKey(paymentsApi.confirm)} (order)`, r.confirmMs);
  line('whole pay-to-order path', r.pathMs);
  if (r.warmup.pathMs.length > 0)
    console.info(
      `  (the ${r.warmup.pathMs.length} paths of the unmeasured first round${WARMUP > 1 ? 's' : ''}: create-payment-intent ${summary(r.warmup.intentMs)}; whole path ${summary(r.warmup.pathMs)})`,
    );
  console.info(
    `  ${r.orders} orders made of ${r.pathMs.length} paths in ${r.seconds.toFixed(1)} s (${(r.orders / r.seconds).toFixed(1)} orders/s); rounds ${r.roundMs.map((ms) => ms.toFixed(0)).join(', ')} ms`,
  );
  cpuLine(r.pathMs.length, r.cpuBefore, r.cpuAfter, r.loadBefore, r.loadAfter);
  if (r.heaviest.length > 0) {
    console.info(
      `  PostgreSQL's heaviest statements of these rounds (pg_stat_statements; waits for locks included):`,
    );
    for (const q of r.heaviest)
      console.info(
        `    ${q.total_ms.toFixed(0).padStart(6)} ms ${String(q.calls).padStart(5)} calls, mean ${q.mean_ms.toFixed(2)} ms, max ${q.max_ms.toFixed(1)} ms  ${q.query}`,
      );
  }
}

for (const s of servers) await s.stop();
await bare.stop();
await database.dispose();
