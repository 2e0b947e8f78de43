/**
 * A day of plan visits charged (issue 26, ADR 0037): BENCH_PLANS (10,000) active plans on BENCH_PLAN_VENDORS
 * (50) vendors, each with its next visit held and its `plan-visit-charge` job queued, charged off-session
 * on the sandbox's saved cards and settled into orders by the server's own job worker, while customers
 * check out against the same server (checkout.bench.ts's flow: create-payment-intent → the sandbox's card
 * confirmation → POST /api/payments/confirm). Prints the seconds until every visit of the day is settled,
 * visits/s, and checkout p50/p99 before the run (baseline) and during it. Figures, never a verdict.
 *
 * Setup goes straight into the database (one multi-row insert per thousand, as bench/lib/many-orders.ts):
 * the plan vendors are made as the checkout bench makes its vendors (payouts on in the sandbox); the
 * customers with bench/lib/many-orders.ts; each customer's saved card as the sandbox stores it after
 * ensureCustomer + attachCard (a `customer` and an attached `payment_method` in sandbox_objects); the plans
 * as insertPlan writes them; and each visit as the plans module's holdVisits writes it (the plan_visits row
 * in `held`, whose trigger writes its time claim; the `visit_held` plan event; the charge job with the same
 * unique key and attempts), not through holdVisits itself: one transaction per plan is minutes at this size.
 *
 * The run is the server as in production (bench/lib/processes.ts, NODE_ENV=production, its job worker on the
 * wall clock: production refuses the settable clock). So the visits' charge times are put BENCH_PLAN_LEAD_S
 * (30) seconds after the last insert: the server starts, the baseline checkout is measured, and the worker
 * finds them all due at that moment (the worst case of a day: every charge time at once). The checkout
 * customers are signed up and their bookings scheduled over HTTP on a first start of the server, which is
 * then stopped while the visits are inserted (PGlite allows one process) and started again on the same port
 * (sessions live in the database, so their clients keep working).
 *
 * BENCH_SERVERS server processes run (2 on PostgreSQL, production's topology: compose.yaml and `npm run
 * cluster` run two instances, each one's job worker claims its own batches; checkout goes to the first; 1 on
 * PGlite, which one process opens), each with the server's JOB_CONCURRENCY (unless set, half of DATABASE_POOL_MAX on PostgreSQL, at most 8: config.ts defaultJobConcurrency). Each server's /metrics is read before and after the run: the statements its
 * process sent (marketplace_db_query_duration_seconds_count, checkout's included) and its CPU seconds
 * (process_cpu_seconds_total), printed per visit settled: figures a shared machine's load moves less than
 * the seconds. bench/plan-visit-statements.ts counts one visit's statements alone.
 *
 * Done is polled in the database on PostgreSQL (no visit left held or charging); on PGlite the bench cannot
 * open the folder the server holds, so it polls the operator's dashboard (every order ever placed, less the
 * checkout orders this bench made). Checkout runs BENCH_CHECKOUT_AT_ONCE (10) customers at once, round after
 * round until the visits are done (or its customers run out).
 *   npm run bench -- plan-visits                                         PGlite (try BENCH_PLANS=1000)
 *   node scripts/with-postgres.mjs npm run bench -- plan-visits          PostgreSQL
 *   BENCH_SERVERS=1 node scripts/with-postgres.mjs npm run bench -- plan-visits   one server process
 *   PG_STAT_STATEMENTS=1 node scripts/with-postgres.mjs …                 PostgreSQL's heaviest statements too
 *   BENCH_CPU_PROF=/tmp/prof …                                           the servers' CPU profiles
 */
import { DEFAULT_POOL_MAX, defaultJobConcurrency } from '../apps/server/src/config';
import fs from 'node:fs';
import os from 'node:os';
import { eq, sql } from 'drizzle-orm';
import { findTestCard } from '@stg/domain/checkout';
import { bookingsApi } from '@stg/domain/api/bookings.endpoints';
import { operatorApi } from '@stg/domain/api/operator.endpoints';
import { paymentsApi } from '@stg/domain/api/payments.endpoints';
import { sessionApi } from '@stg/domain/api/session.endpoints';
import { usersApi } from '@stg/domain/api/users.endpoints';
import { MemoryStorage } from '../apps/server/src/adapters/storage/local-storage';
import { buildApp } from '../apps/server/src/app';
import { openDatabase, wrapPostgres, type Db } from '../apps/server/src/db/client';
import {
  jobs,
  planEvents,
  plans,
  planVisits,
  sandboxObjects,
  users,
  vendors,
} from '../apps/server/src/db/schema';
import { VISIT_CHARGE_JOB } from '../apps/server/src/modules/plans/visit-jobs';
import { createPayableVendor, houseAnswers, type PayableVendor } from '../apps/server/test/payable-vendor';
import { apiClient } from './lib/api';
import { freshDatabase, serverUrl } from './lib/database';
import { insertCustomers } from './lib/many-orders';
import { machineLine } from './lib/measure';
import { activityLines, pgObserver } from './lib/pg-observe';
import { startServer, type RunningProcess } from './lib/processes';

const PLANS = Number(process.env.BENCH_PLANS ?? 10_000);
const PLAN_VENDORS = Number(process.env.BENCH_PLAN_VENDORS ?? 50);
const LEAD_MS = Number(process.env.BENCH_PLAN_LEAD_S ?? 30) * 1000;
const TIMEOUT_MS = Number(process.env.BENCH_PLAN_TIMEOUT_S ?? 1200) * 1000;
const AT_ONCE = Number(process.env.BENCH_CHECKOUT_AT_ONCE ?? 10);
const BASELINE_ROUNDS = 4;
const RUN_ROUNDS = Number(process.env.BENCH_CHECKOUT_ROUNDS ?? 40);
const HOUR = 3_600_000;
const CHUNK = 1_000;
/** Two by default on PostgreSQL, as production runs them (compose.yaml, `npm run cluster`); one on PGlite. */
const SERVERS = Number(process.env.BENCH_SERVERS ?? (serverUrl() ? 2 : 1));
/** A folder: the servers of the run write their CPU profiles there when they stop (node --cpu-prof). */
const CPU_PROF = process.env.BENCH_CPU_PROF;
const RUN_OPTIONS = CPU_PROF ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`] } : {};
const ENV = { RATE_LIMIT_SCALE: '10000' };
const tag = Date.now().toString(36);

const database = await freshDatabase('plan-visits');
if (SERVERS > 1 && !database.databaseUrl)
  throw new Error('BENCH_SERVERS > 1 needs PostgreSQL (PGlite opens in one process)');

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
const summary = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  if (s.length === 0) return 'no samples';
  return `p50 ${percentile(s, 0.5).toFixed(1)} ms   p99 ${percentile(s, 0.99).toFixed(1)} ms   max ${s.at(-1)!.toFixed(1)} ms   (${s.length} paths)`;
};

// ---- Setup 1: vendors (plans' and checkout's), an operator, the checkout customers --------------------

async function setupVendorsAndOperator() {
  const db = await database.open();
  const app = await buildApp({ database: db, storage: new MemoryStorage() });
  const planVendors: PayableVendor[] = [];
  for (let i = 0; i < PLAN_VENDORS; i++)
    planVendors.push(await createPayableVendor(app, `bench-plan-vendor-${i}-${tag}@example.com`));
  const checkoutTotal = AT_ONCE * (BASELINE_ROUNDS + RUN_ROUNDS);
  const checkoutVendors: PayableVendor[] = [];
  for (let i = 0; i < Math.ceil(checkoutTotal / 40); i++) {
    const v = await createPayableVendor(app, `bench-checkout-vendor-${i}-${tag}@example.com`);
    // About 40-minute jobs, as in checkout.bench.ts: eight a day fit in each vendor's workday.
    await app.deps.db
      .update(vendors)
      .set({ priceToDurationRateCents: 25_000 })
      .where(eq(vendors.id, v.vendorId));
    checkoutVendors.push(v);
  }
  const [policy] = await app.deps.db
    .select({ hours: vendors.cancelationPolicyHours })
    .from(vendors)
    .where(eq(vendors.id, planVendors[0]!.vendorId));
  await app.close(); // closes the database too
  return { planVendors, checkoutVendors, policyHours: policy!.hours };
}

type Call = ReturnType<typeof apiClient>;

/** A customer signed up over HTTP (its own session). */
async function signUp(base: string, email: string): Promise<Call> {
  const call = apiClient(base);
  await call(sessionApi.current, {});
  await call(usersApi.signUp, {
    body: {
      user: {
        firstName: 'Bench',
        lastName: 'Customer',
        email,
        phoneNumber: '4355550199',
        password: 'Password123!',
        passwordConfirmation: 'Password123!',
        address: {
          streetAddress: '1 Main St',
          street_address_2: '',
          city: 'St George',
          state: 'UT',
          zipCode: '84770',
        },
      },
    },
  });
  return call;
}

/** Customers signed up over HTTP with a booking scheduled each, as checkout.bench.ts prepares them. */
async function prepareCheckoutCustomers(base: string, checkoutVendors: PayableVendor[], total: number) {
  const customers: { call: Call; bookingId: number }[] = [];
  for (const vendor of checkoutVendors) {
    if (customers.length >= total) break;
    const probe = apiClient(base);
    await probe(sessionApi.current, {});
    const times = await probe(bookingsApi.availability, {
      params: { id: vendor.vendorId },
      query: { duration: '60', minutes: '40' },
    });
    const hourly: string[] = [];
    for (const day of times.days)
      for (const r of day.ranges)
        for (let t = Date.parse(r.start_time); t <= Date.parse(r.end_time); t += HOUR)
          hourly.push(new Date(t).toISOString());
    for (const start of hourly.slice(0, 40)) {
      if (customers.length >= total) break;
      const n = customers.length;
      const call = await signUp(base, `bench-checkout-${n}-${tag}@example.com`);
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
      customers.push({ call, bookingId: priced.booking.id });
    }
  }
  return customers;
}

// ---- Setup 2: customers with saved cards, plans, held visits and their charge jobs -------------------

const PLAN_MONEY = {
  baseSubtotalCents: 20_000,
  discountPercent: 10,
  subtotalCents: 18_000,
  serviceFeeCents: 255,
};

async function insertChunked<T>(count: number, insert: (from: number, size: number) => Promise<T[]>) {
  const out: T[] = [];
  for (let from = 0; from < count; from += CHUNK)
    out.push(...(await insert(from, Math.min(CHUNK, count - from))));
  return out;
}

const sandboxId = (prefix: string, i: number) => `${prefix}_sbxbench${tag}${String(i).padStart(6, '0')}`;

/** Returns the visits' charge time (LEAD_MS after the last insert). */
async function insertPlansAndVisits(db: Db, planVendors: PayableVendor[], policyHours: number) {
  const customers = await insertCustomers(db, PLANS, tag);
  const now = new Date();
  const card = findTestCard('4242424242424242')!;
  await insertChunked(PLANS, async (from, size) => {
    const rows = Array.from({ length: size }, (_, k) => {
      const i = from + k;
      const customerId = sandboxId('cus', i);
      return [
        {
          id: customerId,
          object: 'customer',
          data: {
            id: customerId,
            object: 'customer',
            email: `bench-${tag}-customer-${i}@example.com`,
            name: `Bench Customer${i}`,
            metadata: { userId: String(customers[i]!.userId) },
          },
          createdAt: now,
          updatedAt: now,
        },
        {
          id: sandboxId('pm', i),
          object: 'payment_method',
          data: {
            id: sandboxId('pm', i),
            object: 'payment_method',
            customer: customerId,
            card: { brand: card.brand, last4: '4242', exp_month: 12, exp_year: 2030 },
            behaviour: card.behaviour,
            created: Math.floor(now.getTime() / 1000),
          },
          createdAt: now,
          updatedAt: now,
        },
      ];
    }).flat();
    await db.insert(sandboxObjects).values(rows);
    return [];
  });
  // Each vendor's visits two hours apart from three days ahead (claims of one vendor never overlap).
  const firstStart = Math.ceil(now.getTime() / HOUR) * HOUR + 72 * HOUR;
  const startOf = (i: number) => new Date(firstStart + Math.floor(i / planVendors.length) * 2 * HOUR);
  const localDate = (d: Date) => new Date(d.getTime() - 7 * HOUR).toISOString().slice(0, 10);
  const planRows = await insertChunked(PLANS, (from, size) =>
    db
      .insert(plans)
      .values(
        Array.from({ length: size }, (_, k) => {
          const i = from + k;
          const start = startOf(i);
          const local = new Date(start.getTime() - 7 * HOUR);
          return {
            userId: customers[i]!.userId,
            vendorId: planVendors[i % planVendors.length]!.vendorId,
            addressId: customers[i]!.addressId,
            frequency: 'every_2_weeks' as const,
            anchorLocalDate: localDate(start),
            anchorStartMinutes: local.getUTCHours() * 60 + local.getUTCMinutes(),
            durationMins: 60,
            ...PLAN_MONEY,
            paymentProvider: 'sandbox' as const,
            providerCustomerId: sandboxId('cus', i),
            paymentMethodId: sandboxId('pm', i),
            paymentMethodBrand: card.brand,
            paymentMethodLast4: '4242',
            consentText: 'We charge $182.55 a visit 24 hours before it.',
            consentedAt: now,
          };
        }),
      )
      .returning({ id: plans.id }),
  );
  const visits = await insertChunked(PLANS, (from, size) =>
    db
      .insert(planVisits)
      .values(
        Array.from({ length: size }, (_, k) => {
          const start = startOf(from + k);
          return {
            planId: planRows[from + k]!.id,
            sequence: 1,
            localDate: localDate(start),
            appointmentAt: start,
            appointmentEndAt: new Date(start.getTime() + HOUR),
            // Set again below, once every row is in: the charge time is LEAD_MS after the setup.
            chargeAt: new Date(start.getTime() - policyHours * HOUR),
            status: 'held' as const,
          };
        }),
      )
      .returning({ id: planVisits.id, planId: planVisits.planId, appointmentAt: planVisits.appointmentAt }),
  );
  await insertChunked(PLANS, async (from, size) => {
    const slice = visits.slice(from, from + size);
    await db.insert(planEvents).values(
      slice.map((v) => ({
        planId: v.planId,
        planVisitId: v.id,
        actorRole: 'customer' as const,
        action: 'visit_held' as const,
        details: { sequence: 1, appointmentAt: v.appointmentAt.toISOString() },
      })),
    );
    return [];
  });
  const chargeAt = new Date(Date.now() + LEAD_MS + 5_000);
  await db.update(planVisits).set({ chargeAt });
  await insertChunked(PLANS, async (from, size) => {
    await db.insert(jobs).values(
      visits.slice(from, from + size).map((v) => ({
        kind: VISIT_CHARGE_JOB,
        payload: { visitId: v.id },
        runAt: chargeAt,
        uniqueKey: `${VISIT_CHARGE_JOB}:${v.id}`,
        maxAttempts: 10,
      })),
    );
    return [];
  });
  return chargeAt;
}

// ---- Measuring ---------------------------------------------------------------------------------------

const UNPARSED = { parse: false };
let checkoutOrders = 0;

async function payOnce(call: Call, bookingId: number): Promise<number> {
  const t0 = performance.now();
  const intent = await call(
    paymentsApi.createPaymentIntent,
    { body: { booking: { id: bookingId } } },
    UNPARSED,
  );
  await call(
    paymentsApi.sandboxConfirm,
    {
      body: {
        clientSecret: intent.clientSecret,
        card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
        returnUrl: '/orders',
      },
    },
    UNPARSED,
  );
  const done = await call(
    paymentsApi.confirm,
    { body: { paymentIntentId: intent.paymentIntentId } },
    UNPARSED,
  );
  if (done.status === 'succeeded') checkoutOrders++;
  return performance.now() - t0;
}

/** Rounds of AT_ONCE customers paying, until `stop()` says so or the customers run out. */
async function checkoutRounds(customers: { call: Call; bookingId: number }[], stop: () => boolean) {
  const ms: number[] = [];
  while (customers.length > 0 && !stop()) {
    const round = customers.splice(0, AT_ONCE);
    ms.push(...(await Promise.all(round.map((c) => payOnce(c.call, c.bookingId)))));
  }
  return ms;
}

type Progress = {
  settled: number;
  open: number;
  failed: number;
};

/** How far the day's visits are: from the database on PostgreSQL, from the operator's dashboard on PGlite. */
function progressReader(base: string, operatorEmail: string): () => Promise<Progress> {
  if (database.databaseUrl) {
    const pg = wrapPostgres(database.databaseUrl, 1);
    return async () => {
      const r = await pg.db.execute<Progress>(sql`select
        count(*) filter (where status = 'ordered')::int as settled,
        count(*) filter (where status in ('held', 'charging'))::int as open,
        count(*) filter (where status in ('payment_failed', 'action_required'))::int as failed
        from plan_visits`);
      return (r as { rows: Progress[] }).rows[0]!;
    };
  }
  const operator = apiClient(base);
  let signedIn = false;
  return async () => {
    if (!signedIn) {
      await operator(sessionApi.current, {});
      await operator(sessionApi.signIn, {
        body: { user: { email: operatorEmail, password: 'Password123!' } },
      });
      signedIn = true;
    }
    const d = await operator(operatorApi.dashboard, {});
    const settled = d.allTime.orders - checkoutOrders;
    return { settled, open: PLANS - settled, failed: 0 };
  };
}

interface Counters {
  statements: number;
  /** Seconds the process's statements took, each from its send to its answer (the pool's wait excluded). */
  statementSeconds: number;
  cpuSeconds: number;
  /** Seconds the visit charge jobs' handlers ran (summed over the lanes) and how many ran. */
  chargeJobSeconds: number;
  chargeJobs: number;
}

/** What a server's process has done so far, from its /metrics: statements sent, CPU seconds, charge jobs. */
async function processCounters(base: string): Promise<Counters> {
  const res = await fetch(`${base}/metrics`);
  const text = await res.text();
  const c: Counters = {
    statements: 0,
    statementSeconds: 0,
    cpuSeconds: NaN,
    chargeJobSeconds: 0,
    chargeJobs: 0,
  };
  const value = (line: string) => Number(line.slice(line.lastIndexOf(' ') + 1));
  const charge = `kind="${VISIT_CHARGE_JOB}"`;
  for (const line of text.split('\n')) {
    if (line.startsWith('marketplace_db_query_duration_seconds_count')) c.statements += value(line);
    else if (line.startsWith('marketplace_db_query_duration_seconds_sum')) c.statementSeconds += value(line);
    else if (line.startsWith('process_cpu_seconds_total ')) c.cpuSeconds = value(line);
    else if (line.startsWith('marketplace_job_duration_seconds_sum') && line.includes(charge))
      c.chargeJobSeconds += value(line);
    else if (line.startsWith('marketplace_job_duration_seconds_count') && line.includes(charge))
      c.chargeJobs += value(line);
  }
  return c;
}

/** The machine's CPU ticks so far (all cores, USER_HZ): busy, and idle or waiting on I/O. */
function machineCpu(): { busy: number; idle: number } | null {
  try {
    const [, ...ticks] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
    const n = ticks.slice(0, 8).map(Number); // user nice system idle iowait irq softirq steal
    const idle = n[3]! + n[4]!;
    return { busy: n.reduce((a, b) => a + b, 0) - idle, idle };
  } catch {
    return null;
  }
}

// ---- The run -----------------------------------------------------------------------------------------

const setupStarted = performance.now();
const { planVendors, checkoutVendors, policyHours } = await setupVendorsAndOperator();
let server: RunningProcess = await startServer(database, ENV);
const port = new URL(server.base).port;
const operatorEmail = `bench-operator-${tag}@example.com`;
await signUp(server.base, operatorEmail);
const customers = await prepareCheckoutCustomers(
  server.base,
  checkoutVendors,
  AT_ONCE * (BASELINE_ROUNDS + RUN_ROUNDS),
);
await server.stop();
const db = await openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
await db.db.update(users).set({ isOperator: true }).where(eq(users.email, operatorEmail));
const chargeAt = await insertPlansAndVisits(db.db, planVendors, policyHours);
await db.close();
const setupSeconds = (performance.now() - setupStarted) / 1000;
server = await startServer(database, { ...ENV, PORT: port }, RUN_OPTIONS);
// More instances (BENCH_SERVERS, PostgreSQL): each its own job worker on the same jobs table.
const others: RunningProcess[] = [];
for (let i = 1; i < SERVERS; i++) others.push(await startServer(database, ENV, RUN_OPTIONS));
const servers = [server, ...others];

const baselineCustomers = customers.splice(0, AT_ONCE * BASELINE_ROUNDS);
const baseline = await checkoutRounds(baselineCustomers, () => false);
const lateBy = Date.now() - chargeAt.getTime();
if (lateBy > 0)
  console.info(
    `  (the baseline ended ${(lateBy / 1000).toFixed(1)} s after the charge time: raise BENCH_PLAN_LEAD_S)`,
  );
else await new Promise((r) => setTimeout(r, -lateBy));

const readProgress = progressReader(server.base, operatorEmail);
const countersBefore = await Promise.all(servers.map((s) => processCounters(s.base)));
// PostgreSQL's own share (its CPU, its sessions' states, its heaviest statements) and the bench's CPU.
const observer = database.databaseUrl ? await pgObserver(database.databaseUrl) : null;
await observer?.start();
const pgCpuBefore = observer?.cpuSeconds() ?? null;
const benchCpuBefore = process.cpuUsage();
const machineBefore = machineCpu();
const loadBefore = os.loadavg();
const t0 = performance.now();
let done = false;
let checkoutEnded = Infinity;
const during = checkoutRounds(customers, () => done).then((ms) => {
  checkoutEnded = performance.now();
  return ms;
});
let last: Progress = { settled: 0, open: PLANS, failed: 0 };
while (performance.now() - t0 < TIMEOUT_MS) {
  last = await readProgress();
  if (last.open === 0 && last.settled + last.failed >= PLANS) break;
  await new Promise((r) => setTimeout(r, 500));
}
const finished = performance.now();
const seconds = (finished - t0) / 1000;
const pgCpuAfter = observer?.cpuSeconds() ?? null;
const pgCpuByKind = (await observer?.cpuByKind()) ?? [];
const benchCpu = process.cpuUsage(benchCpuBefore);
const machineAfter = machineCpu();
const loadAfter = os.loadavg();
observer?.stop();
done = true;
const duringMs = await during;
const countersAfter = await Promise.all(servers.map((s) => processCounters(s.base)));
const delta = (k: keyof Counters) => countersAfter.reduce((n, c, i) => n + c[k] - countersBefore[i]![k], 0);
const statements = delta('statements');
const cpuSeconds = delta('cpuSeconds');

console.info(machineLine(database.label));
console.info(
  `${PLANS} plans on ${PLAN_VENDORS} vendors, every visit's charge due at once; ${SERVERS === 1 ? `server pid ${server.pid} as its own process` : `${SERVERS} server processes (pids ${servers.map((s) => s.pid).join(', ')}; checkout on the first)`} (NODE_ENV=production, JOB_CONCURRENCY ${process.env.JOB_CONCURRENCY ?? 'default'}, its job worker on the wall clock) on ${database.label}; setup ${setupSeconds.toFixed(0)} s`,
);
console.info(
  `  visits settled into orders: ${last.settled} of ${PLANS} (${last.failed} refused, ${last.open} still open) in ${seconds.toFixed(1)} s (${(last.settled / seconds).toFixed(1)} visits/s)${last.open > 0 ? '  TIMED OUT' : ''}`,
);
console.info(`  checkout path, ${AT_ONCE} at once, before the run   ${summary(baseline)}`);
console.info(`  checkout path, ${AT_ONCE} at once, during the run   ${summary(duringMs)}`);
const settled = Math.max(1, last.settled);
console.info(
  `  server processes during the run: ${statements} statements (${(statements / settled).toFixed(1)} a visit settled, checkout's included), ${cpuSeconds.toFixed(1)} CPU s (${(settled / cpuSeconds).toFixed(1)} visits a CPU second)`,
);
const perVisit = (x: number) => `${((x / settled) * 1000).toFixed(2)} ms a visit`;
const pgCpu = pgCpuBefore !== null && pgCpuAfter !== null ? pgCpuAfter - pgCpuBefore : null;
const benchCpuSeconds = (benchCpu.user + benchCpu.system) / 1e6;
console.info(
  `  CPU during the run (${seconds.toFixed(1)} s, so ${(2 * seconds).toFixed(0)} CPU s on 2 cores): servers ${cpuSeconds.toFixed(1)} s (${perVisit(cpuSeconds)}), PostgreSQL ${pgCpu === null ? 'not read' : `${pgCpu.toFixed(1)} s (${perVisit(pgCpu)})`}, the bench ${benchCpuSeconds.toFixed(1)} s (${perVisit(benchCpuSeconds)}, its checkout customers and polling); load average ${loadBefore.map((l) => l.toFixed(2)).join(' ')} before, ${loadAfter.map((l) => l.toFixed(2)).join(' ')} after`,
);
if (machineBefore && machineAfter) {
  const busy = machineAfter.busy - machineBefore.busy;
  const all = busy + machineAfter.idle - machineBefore.idle;
  const ours = cpuSeconds + (pgCpu ?? 0) + benchCpuSeconds;
  console.info(
    `  the machine's ${os.cpus().length} cores during the run: ${((100 * busy) / all).toFixed(0)} % busy (${(busy / 100).toFixed(1)} CPU s), of which this bench's processes ${ours.toFixed(1)} s and others' ${(busy / 100 - ours).toFixed(1)} s; idle ${((all - busy) / 100).toFixed(1)} s`,
  );
}
const lanes =
  SERVERS *
  Number(
    process.env.JOB_CONCURRENCY ??
      defaultJobConcurrency(
        database.databaseUrl ? 'postgres' : 'pglite',
        Number(process.env.DATABASE_POOL_MAX ?? DEFAULT_POOL_MAX),
      ),
  );
const jobSeconds = delta('chargeJobSeconds');
console.info(
  `  charge jobs: ${delta('chargeJobs')} ran, ${jobSeconds.toFixed(1)} s in handlers (${perVisit(jobSeconds)}; ${lanes} lanes busy ${((100 * jobSeconds) / (lanes * seconds)).toFixed(0)} % of the run); the servers' statements took ${delta('statementSeconds').toFixed(1)} s from send to answer (${perVisit(delta('statementSeconds'))})`,
);
if (observer) {
  console.info(
    `  PostgreSQL's CPU by process (those running at the end): ${pgCpuByKind.map(([k, s]) => `${k} ${s.toFixed(1)} s`).join(', ')}`,
  );
  for (const line of activityLines(observer.tally)) console.info(line);
  const totals = await observer.totals();
  if (totals) {
    console.info(
      `  pg_stat_statements: ${totals.calls} statements, ${totals.total_ms.toFixed(0)} ms planning and executing (${perVisit(totals.total_ms / 1000)}); heaviest:`,
    );
    for (const r of await observer.top())
      console.info(
        `    ${r.total_ms.toFixed(0).padStart(7)} ms ${String(r.calls).padStart(7)} calls ${r.mean_ms.toFixed(3).padStart(8)} ms  ${r.query}`,
      );
  }
  await observer.close();
}
if (checkoutEnded < finished) console.info('  (the checkout customers ran out before the visits were done)');

await Promise.all(servers.map((s) => s.stop()));
await database.dispose();
