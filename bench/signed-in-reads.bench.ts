/**
 * Signed-in reads under load (issue 27 §1): what every signed-in page load asks for, against a bare Fastify
 * measured just before each target. A vendor with BENCH_ORDERS (10,000) orders (70 % past: fulfilled or
 * cancelled, with the refunds, disputes, Paper Checks and transfers of bench/lib/many-orders.ts) from 200
 * customers; one of those customers (50 orders) and the vendor sign in. Targets, at BENCH_CONNECTIONS (10)
 * connections each:
 * - the customer's GET /api/session and GET /api/orders;
 * - the vendor's GET /api/session, its orders (active and past, 50 a page) and its earnings summary;
 * - the public GET /api/vendors/{id} beside them, for the public reads' ratio (ADR 0022).
 * The server runs as its own process, started as in production (bench/lib/processes.ts), on a fresh
 * embedded database or, with DATABASE_URL (`node scripts/with-postgres.mjs npm run bench`), a fresh
 * PostgreSQL database; the load generator is a third process. Tables are vacuumed and analyzed after the
 * insert, as PostgreSQL's autovacuum does after a bulk insert.
 * BENCH_CPU_PROF=DIR starts the server with `--cpu-prof --cpu-prof-dir=DIR` (a .cpuprofile when it stops).
 */
import { eq, sql } from 'drizzle-orm';
import { routeKey } from '@stg/domain/api/endpoint';
import { earningsApi } from '@stg/domain/api/earnings.endpoints';
import { ordersApi } from '@stg/domain/api/orders.endpoints';
import { sessionApi } from '@stg/domain/api/session.endpoints';
import { supportApi } from '@stg/domain/api/support.endpoints';
import { vendorReadsApi } from '@stg/domain/api/vendor-reads.endpoints';
import type { AnyEndpoint } from '@stg/domain/api/endpoint';
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

const ORDERS = Number(process.env.BENCH_ORDERS ?? 10_000);
const CUSTOMERS = 200;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const database = await freshDatabase('signed-in-reads');

// ---- Setup: a vendor, 200 customers, 10,000 orders; one customer can sign in ------------------------

const setupDb = await database.open();
const setup = await buildApp({ database: setupDb, storage: new MemoryStorage() });
const { db } = setup.deps;
const runId = Date.now().toString(36).toUpperCase();
const seeded = performance.now();
const vendorEmail = `bench-signed-in-vendor-${runId}@example.com`;
const vendor = await createPricedVendor(setup, { email: vendorEmail });
const customers = await insertCustomers(db, CUSTOMERS, `signed-in-${runId}`);
const { pastCount } = await insertOrders(db, {
  vendorId: vendor.vendorId,
  customers,
  count: ORDERS,
  pastShare: 0.7,
  now: Date.now(),
  tag: runId,
  ledger: true,
});
const customer = customers[0]!;
const [customerRow] = await db
  .update(users)
  .set({ passwordDigest: await hashPassword('Password123!') })
  .where(eq(users.id, customer.userId))
  .returning({ email: users.email });
await db.execute(sql`vacuum analyze`);
const seedSeconds = (performance.now() - seeded) / 1000;
await setup.close();

// ---- The server as its own process; the customer and the vendor signed in --------------------------

const profileDir = process.env.BENCH_CPU_PROF;
const server = await startServer(
  database,
  { RATE_LIMIT_SCALE: '10000' },
  profileDir ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] } : {},
);
const base = server.base;
const customerCookie = await signInCookie(base, customerRow!.email);
const vendorCookie = await signInCookie(base, vendorEmail);
const bare = await startBareFastify();

async function target<E extends AnyEndpoint>(
  who: string,
  endpoint: E,
  input: CallInput<E>,
  cookie?: string,
): Promise<Target> {
  const url = urlOf(base, endpoint, input);
  const path = addressOf(endpoint, input);
  const headers = cookie ? { cookie } : undefined;
  const answer = await probe(url, headers);
  if (answer.status !== 200)
    throw new Error(`${endpoint.method} ${path}: HTTP ${answer.status} ${answer.text.slice(0, 300)}`);
  let count = '';
  try {
    const body = JSON.parse(answer.text) as { orders?: unknown[] };
    if (Array.isArray(body.orders)) count = `, ${body.orders.length} orders`;
  } catch {
    // not JSON
  }
  return {
    name: `${who} ${endpoint.method} ${path.replace(`/${vendor.vendorId}`, '/{id}')}`,
    url,
    connections: CONNECTIONS,
    headers,
    expectStatus: 200,
    note: `${answer.describe}${count}`,
  };
}

console.info(machineLine(database.label));
console.info(
  `${ORDERS} orders of one vendor (${pastCount} past) from ${CUSTOMERS} customers inserted, vacuumed and analyzed in ${seedSeconds.toFixed(1)} s; ${CONNECTIONS} connections; server pid ${server.pid} (NODE_ENV=production)`,
);
try {
  const v = { params: { id: vendor.vendorId } };
  const page = (filter: 'active' | 'past') => ({ ...v, query: { filter, limit: 50 } });
  const targets: Target[] = [
    { name: routeKey(supportApi.health), url: urlOf(base, supportApi.health, {}), connections: CONNECTIONS },
    await target('public', vendorReadsApi.vendor, v),
    await target('customer', sessionApi.current, {}, customerCookie),
    await target('customer', ordersApi.customerOrders, {}, customerCookie),
    await target('vendor', sessionApi.current, {}, vendorCookie),
    await target('vendor', ordersApi.vendorOrders, page('active'), vendorCookie),
    await target('vendor', ordersApi.vendorOrders, page('past'), vendorCookie),
    await target('vendor', earningsApi.summary, v, vendorCookie),
  ];
  const only = process.env.BENCH_TARGETS?.split(',');
  const chosen = only ? targets.filter((t) => only.some((o) => t.name.includes(o))) : targets;
  printTable(`Signed-in reads on ${database.label}`, await compare(bare, chosen));
} finally {
  await server.stop();
  await bare.stop();
  await database.dispose();
}
