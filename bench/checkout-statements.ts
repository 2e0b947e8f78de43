/**
 * Counts and times the statements of one checkout (issue 27): create-payment-intent, the sandbox's card
 * confirmation and POST /api/payments/confirm, one customer alone, in process (no load), on a fresh
 * database (PostgreSQL with `node scripts/with-postgres.mjs npx tsx bench/checkout-statements.ts`).
 * Prints each statement's time and text (shortened), and the count per call. Figures, never verdicts.
 */
import { MemoryStorage } from '../apps/server/src/adapters/storage/local-storage';
import { buildApp } from '../apps/server/src/app';
import { createPayableVendor, houseAnswers } from '../apps/server/test/payable-vendor';
import { bookingsApi } from '@stg/domain/api/bookings.endpoints';
import { paymentsApi } from '@stg/domain/api/payments.endpoints';
import { sessionApi } from '@stg/domain/api/session.endpoints';
import { usersApi } from '@stg/domain/api/users.endpoints';
import { apiClient } from './lib/api';
import { ownCpuSeconds, postgresCpuSeconds, postmasterPid } from './lib/cpu';
import { freshDatabase } from './lib/database';
import { sql } from 'drizzle-orm';
import { queryRows } from '../apps/server/src/db/client';

const database = await freshDatabase('checkout-statements');
const db = await database.open();
const app = await buildApp({ database: db, storage: new MemoryStorage(), rateLimitScale: 10000 });
const vendor = await createPayableVendor(app, `stmts-${Date.now()}@example.com`);

await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

let made = 0;
/** A signed-up customer with a booking of the vendor at its `nth` free start. */
async function customerWithBooking(nth: number) {
  const call = apiClient(base);
  await call(sessionApi.current, {});
  const n = made++;
  await call(usersApi.signUp, {
    body: {
      user: {
        firstName: 'Stmt',
        lastName: `Customer${n}`,
        email: `stmt-${n}-${Date.now()}@example.com`,
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
  const times = await call(bookingsApi.availability, {
    params: { id: vendor.vendorId },
    query: { duration: '60', minutes: '60' },
  });
  const start = times.days[nth]!.ranges[0]!.start_time;
  await call(bookingsApi.update, {
    params: { id: priced.booking.id },
    body: { booking: { appointmentAt: start } },
  });
  return { call, bookingId: priced.booking.id };
}

let log: { sql: string; ms: number; end: number }[] = [];
db.onQuery((e) => log.push({ sql: e.sql, ms: e.seconds * 1000, end: performance.now() }));

/**
 * Round trips waited for one after another: statements that overlap in time (run at once on the pool)
 * count once, as one wave (a statement starting before every statement of the wave so far has ended).
 */
function waves(entries: readonly { ms: number; end: number }[]): number {
  const spans = entries.map((l) => ({ start: l.end - l.ms, end: l.end })).sort((a, b) => a.start - b.start);
  let count = 0;
  let waveEnd = Number.NEGATIVE_INFINITY;
  for (const span of spans) {
    if (span.start >= waveEnd) {
      count++;
      waveEnd = span.end;
    } else waveEnd = Math.min(waveEnd, span.end);
  }
  return count;
}
async function measured(title: string, fn: () => Promise<unknown>) {
  log = [];
  const t0 = performance.now();
  const value = await fn();
  await app.deps.background.drain();
  const total = performance.now() - t0;
  console.info(
    `\n${title}: ${log.length} statements (${waves(log)} waits in a row: statements at once count once), ${log.reduce((s, l) => s + l.ms, 0).toFixed(1)} ms in the database, ${total.toFixed(1)} ms in all`,
  );
  // The hold transaction (issue 27): from its BEGIN to its COMMIT, the statements run while the vendor's
  // time is locked (the lock is the statement `pg_advisory_xact_lock(7403, <vendor>)`; on PostgreSQL it is
  // sent with the BEGIN, db/client.ts).
  const lock = log.findIndex((l) => /pg_advisory_xact_lock\(7403, /.test(l.sql));
  if (lock >= 0) {
    const withBegin = /^\s*begin;/.test(log[lock]!.sql);
    const begin = withBegin ? lock : log.slice(0, lock).findLastIndex((l) => l.sql.trim() === 'begin');
    const commit = log.findIndex((l, i) => i > lock && l.sql.trim() === 'commit');
    const held = log.slice(begin, commit + 1);
    // PGlite's transactions send their BEGIN and COMMIT themselves, unreported: no line then.
    if (begin >= 0 && commit > lock)
      console.info(
        `  the hold transaction: ${held.length} round trips from begin to commit, ${commit - lock + 1} with the vendor's time locked (${held.reduce((s, l) => s + l.ms, 0).toFixed(1)} ms)`,
      );
  }
  for (const l of log)
    console.info(`  ${l.ms.toFixed(2).padStart(7)} ms  ${l.sql.replace(/\s+/g, ' ').slice(0, 150)}`);
  return value;
}
const warm = await customerWithBooking(0);
await warm.call(paymentsApi.createPaymentIntent, { body: { booking: { id: warm.bookingId } } });
const { call, bookingId } = await customerWithBooking(1);
const intent = (await measured('create-payment-intent', () =>
  call(paymentsApi.createPaymentIntent, { body: { booking: { id: bookingId } } }),
)) as { clientSecret: string; paymentIntentId: string };
await measured('sandbox card confirmation', () =>
  call(paymentsApi.sandboxConfirm, {
    body: {
      clientSecret: intent.clientSecret,
      card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
      returnUrl: '/orders',
    },
  }),
);
await measured('confirm (order)', () =>
  call(paymentsApi.confirm, { body: { paymentIntentId: intent.paymentIntentId } }),
);

// CPU per path, load-insensitive (issue 27): PATHS more customers' whole paths one after another, this
// process's CPU (the app and the client in one process here) and PostgreSQL's (on PostgreSQL).
const PATHS = Number(process.env.BENCH_PATHS ?? 20);
const ready = [];
for (let i = 0; i < PATHS; i++) ready.push(await customerWithBooking(2 + i));
const postmaster = database.kind === 'postgres' ? await postmasterPid(app.deps.db) : null;
let statements = 0;
const stopCounting = db.onQuery(() => statements++);
const cpu0 = ownCpuSeconds();
const pg0 = postmaster === null ? null : postgresCpuSeconds(postmaster);
for (const c of ready) {
  const i = (await c.call(paymentsApi.createPaymentIntent, { body: { booking: { id: c.bookingId } } })) as {
    clientSecret: string;
    paymentIntentId: string;
  };
  await c.call(paymentsApi.sandboxConfirm, {
    body: {
      clientSecret: i.clientSecret,
      card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
      returnUrl: '/orders',
    },
  });
  await c.call(paymentsApi.confirm, { body: { paymentIntentId: i.paymentIntentId } });
  await app.deps.background.drain();
}
const cpu1 = ownCpuSeconds();
const pg1 = postmaster === null ? null : postgresCpuSeconds(postmaster);
stopCounting();
console.info(
  `\n${PATHS} whole paths one after another: this process (app and client) ${(((cpu1 - cpu0) * 1000) / PATHS).toFixed(1)} ms CPU a path, PostgreSQL ${pg0 === null || pg1 === null ? 'n/a' : `${(((pg1 - pg0) * 1000) / PATHS).toFixed(1)} ms`}, ${(statements / PATHS).toFixed(1)} statements a path`,
);

// The plans of the statements the vendor's time is held across, and of the saved-card list.
const plans = {
  'open payments overlapping the time (lapsed)': sql`select * from payments where vendor_id = ${vendor.vendorId} and status = 'open' and hold_expires_at <= now() and appointment_at < now() + interval '60 days' and appointment_at + make_interval(mins => duration_mins) > now() and booking_id is distinct from 0 order by id`,
  'saved cards (sandbox)': sql`select data from sandbox_objects where object = 'payment_method' and data->>'customer' = 'cus_x' order by created_at desc`,
};
for (const [title, query] of Object.entries(plans)) {
  const rows = await queryRows<Record<string, string>>(app.deps.db, sql`explain analyze ${query}`);
  console.info(`\nEXPLAIN ANALYZE, ${title}:`);
  for (const r of rows) console.info(`  ${Object.values(r)[0]}`);
}
await app.close();
await database.dispose();
