/**
 * Counts the statements of a plan visit's charge (issue 26, ADR 0037 "Step 3: the bench"): the server's own
 * job worker (job-worker.ts, JOB_CONCURRENCY 1) charges held visits of plans on the sandbox's saved cards
 * and settles them into orders, in process, on a fresh database (PostgreSQL with
 * `node scripts/with-postgres.mjs npx tsx bench/plan-visit-statements.ts`), with a moved clock. Every
 * statement the process sends counts: the job's claim and outcome, the charge's transactions, the
 * sandbox's write, the in-process delivery of its event, the mails after the commit, and, 30 s later, the
 * sandbox event's retry job. Deterministic: the before/after figure of a change to the charge path, on a
 * machine whose load moves every timing. Prints one visit's statements, then the count per visit of
 * BENCH_STATEMENT_VISITS (20) more. Figures, never verdicts.
 */
import { MemoryStorage } from '../apps/server/src/adapters/storage/local-storage';
import { buildApp } from '../apps/server/src/app';
import { jobWorkerOf } from '../apps/server/src/job-worker';
import { holdVisits } from '../apps/server/src/modules/plans/service';
import { createPayableVendor } from '../apps/server/test/payable-vendor';
import { saveSandboxPlan } from '../apps/server/test/sandbox-plan';
import { freshDatabase } from './lib/database';
import { insertCustomers } from './lib/many-orders';

const VISITS = Number(process.env.BENCH_STATEMENT_VISITS ?? 20);
const HOUR = 3_600_000;
// Monday, November 23rd 2026, 8:00 in St George; the visits from Wednesday on, two hours apart.
const START = new Date('2026-11-23T15:00:00Z');
let clock = START;

const database = await freshDatabase('plan-visit-statements');
const db = await database.open();
const app = await buildApp({
  database: db,
  storage: new MemoryStorage(),
  rateLimitScale: 10000,
  now: () => clock,
});
const vendor = await createPayableVendor(app, `plan-stmts-${Date.now()}@example.com`);
const worker = jobWorkerOf(app, { now: () => clock, googlePlaces: null, concurrency: 1 });

let made = 0;
/** A plan with one held visit, charged at `chargeAt`. */
async function planWithHeldVisit(chargeAt: Date) {
  const n = made++;
  const start = new Date(Date.UTC(2026, 10, 25, 15) + n * 2 * HOUR);
  // A customer with a card saved in the sandbox, and its plan (as plan checkout leaves them).
  const [customer] = await insertCustomers(app.deps.db, 1, `stmts${n}x${Date.now().toString(36)}`);
  const { plan } = await saveSandboxPlan(
    app,
    { ...customer!, email: `plan-stmts-${n}@example.com` },
    { vendorId: vendor.vendorId, startMinutes: 8 * 60, consentedAt: START },
  );
  await app.deps.db.transaction((tx) =>
    holdVisits(
      tx,
      plan,
      [
        {
          sequence: 1,
          localDate: new Date(start.getTime() - 7 * HOUR).toISOString().slice(0, 10),
          appointmentAt: start,
          appointmentEndAt: new Date(start.getTime() + HOUR),
          chargeAt,
        },
      ],
      { now: clock },
    ),
  );
}

let log: string[] = [];
db.onQuery((e) => log.push(e.sql.replace(/\s+/g, ' ')));

/** Runs what is due at `at` (and what its after-commit work does); answers the statements sent. */
async function runDue(at: Date) {
  clock = at;
  log = [];
  await worker.drain();
  await app.deps.background.drain();
  return log;
}

// Warm-up: the worker's first pass enqueues the recurring jobs of the day (maintenance, horizon …).
await planWithHeldVisit(new Date(START.getTime() + HOUR));
await runDue(new Date(START.getTime() + HOUR));
await runDue(new Date(START.getTime() + HOUR + 60_000));

await planWithHeldVisit(new Date(START.getTime() + 2 * HOUR));
const one = await runDue(new Date(START.getTime() + 2 * HOUR));
console.info(`one visit charged and settled: ${one.length} statements`);
for (const s of one) console.info(`  ${s.slice(0, 160)}`);
const oneRetry = await runDue(new Date(START.getTime() + 2 * HOUR + 60_000));
console.info(`its sandbox event's retry job, 30 s later: ${oneRetry.length} statements`);
for (const s of oneRetry) console.info(`  ${s.slice(0, 160)}`);

for (let i = 0; i < VISITS; i++) await planWithHeldVisit(new Date(START.getTime() + 3 * HOUR));
const many = await runDue(new Date(START.getTime() + 3 * HOUR));
const manyRetry = await runDue(new Date(START.getTime() + 3 * HOUR + 60_000));
const per = (n: number) => (n / VISITS).toFixed(1);
console.info(
  `\n${VISITS} visits due together (one worker, one job at a time): ${per(many.length)} statements a visit, then ${per(manyRetry.length)} a visit for the sandbox events' retry jobs: ${per(many.length + manyRetry.length)} in all`,
);
await app.close();
await database.dispose();
