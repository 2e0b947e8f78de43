/**
 * A vendor's Order History under load (issue 12): a vendor with 10,000 orders (7,000 past: fulfilled or
 * cancelled; 3,000 active), signed in, asks for GET /api/vendors/{id}/orders?filter=active&limit=50 and
 * ?filter=past&limit=50 over 20 connections at once. The server runs as its own process, started as in
 * production (bench/lib/processes.ts), on a fresh embedded database or, when DATABASE_URL is set (e.g. by
 * `node scripts/with-postgres.mjs npm run bench`), a fresh PostgreSQL database; the load generator is
 * another process (bench/lib/load.ts); a bare Fastify is loaded just before each target and the ratio
 * printed. Orders are inserted straight into the database (one multi-row insert per thousand) before the
 * server starts. An endpoint that ignores the query (no paging yet) is measured as it answers: the size of
 * each answer is printed. BENCH_FILTERS=active,past,all picks the lists; BENCH_ANALYZE=1 runs ANALYZE
 * after the insert (see below). The vendor signs in, so the server gets RATE_LIMIT_SCALE=10000.
 */
import { sql } from 'drizzle-orm';
import { MemoryStorage } from '../apps/server/src/adapters/storage/local-storage';
import { buildApp } from '../apps/server/src/app';
import { createPricedVendor } from '../apps/server/test/pricing-fixtures';
import { routeKey } from '@stg/domain/api/endpoint';
import { ordersApi } from '@stg/domain/api/orders.endpoints';
import { VENDOR_ORDER_FILTERS, type VendorOrderFilter } from '@stg/domain/api/orders';
import { isOneOf } from '@stg/domain/is-one-of';
import { supportApi } from '@stg/domain/api/support.endpoints';
import { addressOf, urlOf } from './lib/api';
import { freshDatabase } from './lib/database';
import { insertCustomers, insertOrders } from './lib/many-orders';
import { signInCookie } from './lib/sign-in';
import { compare, machineLine, printTable, type Target } from './lib/measure';
import { startBareFastify, startServer } from './lib/processes';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 10_000);
const PAST_SHARE = 0.7;
const CUSTOMERS = 200;
const CONNECTIONS = 20;
const database = await freshDatabase('vendor-orders');

// ---- Setup: a vendor, 200 customers, 10,000 orders ---------------------------------------------------

const setupDb = await database.open();
const setup = await buildApp({ database: setupDb, storage: new MemoryStorage() });
const { db } = setup.deps;
const email = `bench-orders-vendor-${Date.now()}@example.com`;
const vendor = await createPricedVendor(setup, { email });

const seeded = performance.now();
const runId = Date.now().toString(36).toUpperCase();
const customers = await insertCustomers(db, CUSTOMERS, `orders-${runId}`);
// One order every two hours, one hour long: past ones end before now, active ones start after it.
const { pastCount } = await insertOrders(db, {
  vendorId: vendor.vendorId,
  customers,
  count: ORDERS,
  pastShare: PAST_SHARE,
  now: Date.now(),
  tag: runId,
});
const seedSeconds = (performance.now() - seeded) / 1000;
// PGlite has no autovacuum: its planner knows nothing of rows inserted since the tables were made until
// someone runs ANALYZE (PostgreSQL's autovacuum does, a minute or so later). BENCH_ANALYZE=1 measures the
// analyzed database; by default the one a freshly grown embedded database is.
const analyzed = process.env.BENCH_ANALYZE === '1';
if (analyzed) await db.execute(sql`analyze`);
await setup.close();

// ---- The server as its own process, and the vendor signed in --------------------------------------

const server = await startServer(database, { RATE_LIMIT_SCALE: '10000' });
const base = server.base;
const cookie = await signInCookie(base, email);

// ---- The bare yardstick ---------------------------------------------------------------------------

const bare = await startBareFastify();

// ---- Measure ----------------------------------------------------------------------------------------

/** What one answer of a list holds (a sanity check that the vendor sees its orders). */
async function probe(url: string) {
  const res = await fetch(`${base}${url}`, { headers: { cookie } });
  const text = await res.text();
  let count = '?';
  try {
    const body = JSON.parse(text) as { orders?: unknown[] };
    count = String(body.orders?.length ?? '?');
  } catch {
    // not JSON: reported by its status
  }
  return `HTTP ${res.status}, ${count} orders, ${(text.length / 1024).toFixed(1)} kB`;
}

const list = (filter: VendorOrderFilter) =>
  addressOf(ordersApi.vendorOrders, { params: { id: vendor.vendorId }, query: { filter, limit: 50 } });
console.info(machineLine(database.label));
console.info(
  `${ORDERS} orders (${pastCount} past, ${ORDERS - pastCount} active) of one vendor inserted in ${seedSeconds.toFixed(1)} s; ${CONNECTIONS} connections; server pid ${server.pid} (NODE_ENV=production)${analyzed ? ', tables analyzed' : ', tables not analyzed since the insert'}`,
);
try {
  const targets: Target[] = [
    {
      name: routeKey(supportApi.health),
      url: urlOf(base, supportApi.health, {}),
      connections: CONNECTIONS,
    },
  ];
  for (const filter of (process.env.BENCH_FILTERS ?? 'active,past').split(',')) {
    if (!isOneOf(VENDOR_ORDER_FILTERS, filter)) throw new Error(`BENCH_FILTERS: no filter "${filter}"`);
    const url = list(filter);
    targets.push({
      name: `GET ${url.replace(String(vendor.vendorId), '{id}')} (signed in)`,
      url: `${base}${url}`,
      connections: CONNECTIONS,
      headers: { cookie },
      note: await probe(url),
    });
  }
  printTable(`A vendor's orders on ${database.label}`, await compare(bare, targets));
} finally {
  await server.stop();
  await bare.stop();
  await database.dispose();
}
