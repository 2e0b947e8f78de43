/**
 * A vendor's earnings and the operator's console on a big marketplace (issue 25, Done when: "a vendor with
 * 10,000 orders and a marketplace with 100,000: p99 < 50 ms on PostgreSQL"). Ten vendors with 10,000
 * orders each (90 % in the past, with the refunds, disputes, Paper Checks and sent transfers of
 * bench/lib/many-orders.ts) and 2,000 customers are inserted straight into the database; the server then
 * runs as its own process, started as in production, and a load generator in another asks, signed in, for
 * one vendor's earnings summary, a page of its payouts and a month of its CSV, and for the operator's
 * dashboard and lists, at 10 connections each; a bare Fastify is measured just before each target.
 * Tables are vacuumed and analyzed after the insert, as PostgreSQL's autovacuum does after a bulk insert
 * (index-only scans of the covering indexes need the visibility map).
 * BENCH_VENDORS and BENCH_ORDERS_PER_VENDOR change the size, BENCH_CONNECTIONS the load (10).
 */
import { sql } from 'drizzle-orm';
import { routeKey } from '@stg/domain/api/endpoint';
import { earningsApi } from '@stg/domain/api/earnings.endpoints';
import { operatorApi } from '@stg/domain/api/operator.endpoints';
import { supportApi } from '@stg/domain/api/support.endpoints';
import { formatLocalDate, localDateTimeOf } from '@stg/domain/zoned-time';
import { TIME_ZONE } from '@stg/domain/constants';
import { MemoryStorage } from '../apps/server/src/adapters/storage/local-storage';
import { buildApp } from '../apps/server/src/app';
import { users } from '../apps/server/src/db/schema';
import { hashPassword } from '../apps/server/src/modules/auth/password';
import { createPricedVendor } from '../apps/server/test/pricing-fixtures';
import { addressOf, urlOf, type CallInput } from './lib/api';
import { freshDatabase } from './lib/database';
import { insertCustomers, insertOrders } from './lib/many-orders';
import { compare, machineLine, printTable, probe, type Target } from './lib/measure';
import { startBareFastify, startServer } from './lib/processes';
import { signInCookie } from './lib/sign-in';
import type { AnyEndpoint } from '@stg/domain/api/endpoint';

const VENDORS = Number(process.env.BENCH_VENDORS ?? 10);
const ORDERS_PER_VENDOR = Number(process.env.BENCH_ORDERS_PER_VENDOR ?? 10_000);
const CUSTOMERS = 2_000;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const database = await freshDatabase('earnings-console');

// ---- Setup: vendors, customers, orders, an operator ---------------------------------------------------

const setupDb = await database.open();
const setup = await buildApp({ database: setupDb, storage: new MemoryStorage() });
const { db } = setup.deps;
const runId = Date.now().toString(36).toUpperCase();
const seeded = performance.now();
const customers = await insertCustomers(db, CUSTOMERS, `earnings-${runId}`);
const vendorEmails: string[] = [];
const vendorIds: number[] = [];
for (let v = 0; v < VENDORS; v++) {
  const email = `bench-earnings-vendor-${v}-${runId}@example.com`;
  const vendor = await createPricedVendor(setup, { email });
  vendorEmails.push(email);
  vendorIds.push(vendor.vendorId);
  await insertOrders(db, {
    vendorId: vendor.vendorId,
    customers,
    count: ORDERS_PER_VENDOR,
    pastShare: 0.9,
    now: Date.now(),
    tag: `${runId}V${v}`,
    ledger: true,
  });
}
const operatorEmail = `bench-operator-${runId}@example.com`;
await db.insert(users).values({
  firstName: 'Bench',
  lastName: 'Operator',
  email: operatorEmail,
  phoneNumber: '4355550198',
  passwordDigest: await hashPassword('Password123!'),
  userType: 'customer',
  isOperator: true,
});
await db.execute(sql`vacuum analyze`);
const seedSeconds = (performance.now() - seeded) / 1000;
await setup.close();

// ---- The server as its own process; the vendor and the operator signed in ---------------------------

const server = await startServer(database, { RATE_LIMIT_SCALE: '10000' });
const base = server.base;
const vendorId = vendorIds[0]!;
const vendorCookie = await signInCookie(base, vendorEmails[0]!);
const operatorCookie = await signInCookie(base, operatorEmail);
const bare = await startBareFastify();

const today = localDateTimeOf(Date.now(), TIME_ZONE);
const monthAgo = localDateTimeOf(Date.now() - 30 * 86_400_000, TIME_ZONE);

async function target<E extends AnyEndpoint>(
  endpoint: E,
  input: CallInput<E>,
  cookie: string,
): Promise<Target> {
  const url = urlOf(base, endpoint, input);
  const path = addressOf(endpoint, input);
  const answer = await probe(url, { cookie });
  if (answer.status !== 200)
    throw new Error(
      `${endpoint.method} ${endpoint.path}: HTTP ${answer.status} ${answer.text.slice(0, 300)}`,
    );
  return {
    name: `${endpoint.method} ${path.replace(`/${vendorId}/`, '/{id}/')} (signed in)`,
    url,
    connections: CONNECTIONS,
    headers: { cookie },
    expectStatus: 200,
    note: answer.describe,
  };
}

console.info(machineLine(database.label));
console.info(
  `${VENDORS * ORDERS_PER_VENDOR} orders of ${VENDORS} vendors (${ORDERS_PER_VENDOR} each, 90 % past) and ${CUSTOMERS} customers inserted, vacuumed and analyzed in ${seedSeconds.toFixed(1)} s; ${CONNECTIONS} connections; server pid ${server.pid} (NODE_ENV=production)`,
);
try {
  const v = { params: { id: vendorId } };
  const targets: Target[] = [
    { name: routeKey(supportApi.health), url: urlOf(base, supportApi.health, {}), connections: CONNECTIONS },
    await target(earningsApi.summary, v, vendorCookie),
    await target(earningsApi.payouts, { ...v, query: { limit: 25 } }, vendorCookie),
    await target(
      earningsApi.csv,
      { ...v, query: { from: formatLocalDate(monthAgo), to: formatLocalDate(today) } },
      vendorCookie,
    ),
    await target(operatorApi.dashboard, {}, operatorCookie),
    await target(operatorApi.payoutsDue, { query: { page: 1 } }, operatorCookie),
    await target(operatorApi.failedRefunds, { query: { page: 1 } }, operatorCookie),
    await target(operatorApi.openDisputes, { query: { page: 1 } }, operatorCookie),
  ];
  printTable(`Earnings and the operator's console on ${database.label}`, await compare(bare, targets));
} finally {
  await server.stop();
  await bare.stop();
  await database.dispose();
}
