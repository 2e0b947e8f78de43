/**
 * The public read endpoints under load (issue 15), with the server as its own process started as in
 * production and the load generator in another (bench/lib), against a bare Fastify measured in the
 * same run: req/s, p50/p99 latency, errors and bad statuses, and the ratio to the bare server.
 *
 * Data, written straight into a fresh database before the server starts (bench/lib/database.ts):
 * the demo data (17 vendors with reviews, orders, calendars), analyzed as the server's own seeding
 * does, plus one "busy" vendor with 2,000 synced busy entries (30 min to 3 h, spread over 90 days) and
 * 500 upcoming orders (six a weekday-like day from day 3 on) from 200 customers, for availability.
 * The busy vendor's calendar is not marked as connected to a provider (api_integrated false), so the
 * server never tries to read a feed; its entries are read exactly as a synced calendar's are.
 *
 * Targets: GET /api/health, /api/vendors, /api/vendors/{id} (the first demo vendor), its reviews (and
 * again with If-None-Match when the answer carries an ETag: 304 expected), and the busy vendor's
 * availability (GET /api/vendors/{id}/vendor_calendars?duration=90) at 10 and 100 connections, and a demo
 * vendor's availability (a full 90-day answer) at 100 connections.
 * Public GETs only, so the request rate limits never apply and RATE_LIMIT_SCALE is left at 1.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { LocalStorage } from '../apps/server/src/adapters/storage/local-storage';
import { buildApp } from '../apps/server/src/app';
import { addresses, calendarBusyEntries, orders, users, vendorCalendars } from '../apps/server/src/db/schema';
import { seedDemoData } from '../apps/server/src/seed/seed-demo-data';
import { createPricedVendor } from '../apps/server/test/pricing-fixtures';
import { bookingsApi } from '@stg/domain/api/bookings.endpoints';
import { routeKey } from '@stg/domain/api/endpoint';
import { reviewsApi } from '@stg/domain/api/reviews.endpoints';
import { supportApi } from '@stg/domain/api/support.endpoints';
import { vendorReadsApi } from '@stg/domain/api/vendor-reads.endpoints';
import { vendorCardsResponseSchema as vendorCards } from '@stg/domain/api/vendors';
import { addressOf, urlOf } from './lib/api';
import { freshDatabase } from './lib/database';
import { compare, machineLine, printTable, probe, type Target } from './lib/measure';
import { startBareFastify, startServer } from './lib/processes';

const BUSY_ENTRIES = 2_000;
const UPCOMING_ORDERS = 500;
const CUSTOMERS = 200;
const WINDOW_DAYS = 90;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** 2,000 busy entries of 30 min to 3 h spread over the window (about 22 a day), deterministic. */
function busyEntries(now: number, count: number) {
  const out: { start: number; end: number }[] = [];
  let seed = 42;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  for (let i = 0; i < count; i++) {
    const start = now + Math.floor(next() * WINDOW_DAYS * 24 * 60) * MINUTE;
    out.push({ start, end: start + (30 + Math.floor(next() * 150)) * MINUTE });
  }
  return out;
}

// ---- Setup, before the server process starts --------------------------------------------------------

const database = await freshDatabase('http-api');
const setupStarted = performance.now();
const setupDb = await database.open();
const storage = new LocalStorage(path.join(database.dataDir, 'uploads'));
const setup = await buildApp({ database: setupDb, storage });
const { db } = setup.deps;
const now = Date.now();
// The seed's duration: a figure here, no longer in seed-demo-data.test.ts (ARCHITECTURE §6).
const seedStarted = performance.now();
const seeded = await seedDemoData(db, storage, { now: new Date(now) });
console.info(
  `seedDemoData on ${database.label}: ${Math.round(performance.now() - seedStarted)} ms ` +
    `(${seeded.activeVendors} active vendors, ${seeded.images} images, ${seeded.orders} orders, ${seeded.reviews} reviews)`,
);

const busy = await createPricedVendor(setup, { email: 'bench-busy-vendor@example.com' });
const [calendar] = await db
  .insert(vendorCalendars)
  .values({ vendorId: busy.vendorId, lastSyncedAt: new Date(now) })
  .returning({ id: vendorCalendars.id });
const entryRows = busyEntries(now, BUSY_ENTRIES).map((b, i) => ({
  vendorCalendarId: calendar!.id,
  externalId: `bench-${i}`,
  startTime: new Date(b.start),
  endTime: new Date(b.end),
}));
for (let i = 0; i < entryRows.length; i += 500)
  await db.insert(calendarBusyEntries).values(entryRows.slice(i, i + 500));

const customerRows = await db
  .insert(users)
  .values(
    Array.from({ length: CUSTOMERS }, (_, i) => ({
      firstName: 'Bench',
      lastName: `Customer${i}`,
      email: `bench-http-customer-${i}@example.com`,
      phoneNumber: '4355550199',
      // Never signed in: any digest will do.
      passwordDigest: 'bench-not-a-password',
    })),
  )
  .returning({ id: users.id });
const addressRows = await db
  .insert(addresses)
  .values(
    customerRows.map((c, i) => ({
      userId: c.id,
      streetAddress: `${100 + i} S Main St`,
      city: 'St George',
      state: 'UT',
      zipCode: '84770',
      isDefault: true,
    })),
  )
  .returning({ id: addresses.id, userId: addresses.userId });
// Six one-hour orders a day, 90 minutes apart from 15:00 UTC (8 or 9 a.m. in St George), from day 3 on.
const firstDay = Math.floor(now / DAY) * DAY + 3 * DAY;
const orderValues = Array.from({ length: UPCOMING_ORDERS }, (_, i): typeof orders.$inferInsert => {
  const start = firstDay + Math.floor(i / 6) * DAY + 15 * HOUR + (i % 6) * 90 * MINUTE;
  const customer = addressRows[i % addressRows.length]!;
  return {
    confirmationId: `SG-BH${String(i).padStart(6, '0')}`,
    vendorId: busy.vendorId,
    userId: customer.userId!,
    addressId: customer.id,
    appointmentAt: new Date(start),
    appointmentEndAt: new Date(start + HOUR),
    durationMins: 60,
    optionsSnapshot: { Bedrooms: '3 bedrooms', Bathrooms: '2 bathrooms' },
    fulfillmentStatus: i % 7 === 0 ? 'rescheduled' : 'unfulfilled',
    paymentStatus: 'collected',
    paymentProvider: 'sandbox',
    paymentIntentId: `pi_bench_http_${i}`,
    paymentMethodLast4: '4242',
    paymentMethodBrand: 'visa',
    totalCollectedCents: 10_255,
    subtotalCents: 10_000,
    serviceFeeCents: 255,
    commissionCents: 1_000,
    vendorPayoutCents: 9_000,
    refundAmountCents: 0,
    createdAt: new Date(now - DAY),
    updatedAt: new Date(now - DAY),
  };
});
await db.insert(orders).values(orderValues);
// Statistics for the planner, as the server's own demo seeding does (PGlite never analyzes by itself).
await db.execute(sql`analyze`);
await setup.close();
const setupSeconds = (performance.now() - setupStarted) / 1000;

// ---- The server, the yardstick, the targets --------------------------------------------------------

const server = await startServer(database);
const bare = await startBareFastify();
try {
  const base = server.base;
  // The addresses, built once from the endpoint objects (the load generator sends these strings).
  const vendorsUrl = urlOf(base, vendorReadsApi.vendors, {});
  const list = await (await fetch(vendorsUrl)).json().then((json) => vendorCards.parse(json));
  const vendorId = Math.min(...list.map((v) => v.id).filter((id) => id !== busy.vendorId));
  const vendorUrl = urlOf(base, vendorReadsApi.vendor, { params: { id: vendorId } });
  const reviewsUrl = urlOf(base, reviewsApi.vendorReviews, { params: { id: vendorId } });
  const reviews = await probe(reviewsUrl);
  const availabilityPath = addressOf(bookingsApi.availability, {
    params: { id: busy.vendorId },
    query: { duration: String(WINDOW_DAYS) },
  });
  const availability = await probe(`${base}${availabilityPath}`);
  const days = (JSON.parse(availability.text) as { days?: unknown[] }).days?.length ?? '?';

  const targets: Target[] = [
    { name: routeKey(supportApi.health), url: urlOf(base, supportApi.health, {}), connections: 10 },
    {
      name: routeKey(vendorReadsApi.vendors),
      url: vendorsUrl,
      connections: 10,
      note: `${(await probe(vendorsUrl)).describe}, ${list.length} vendors`,
    },
    {
      name: routeKey(vendorReadsApi.vendor, { id: vendorId }),
      url: vendorUrl,
      connections: 10,
      note: (await probe(vendorUrl)).describe,
    },
    {
      name: routeKey(reviewsApi.vendorReviews, { id: vendorId }),
      url: reviewsUrl,
      connections: 10,
      note: reviews.describe,
    },
  ];
  if (reviews.etag) {
    const conditional = await probe(reviewsUrl, {
      'if-none-match': reviews.etag,
    });
    targets.push({
      name: `${routeKey(reviewsApi.vendorReviews, { id: vendorId })} (If-None-Match)`,
      url: reviewsUrl,
      connections: 10,
      headers: { 'if-none-match': reviews.etag },
      expectStatus: 304,
      note: `${conditional.describe} (304 expected)`,
    });
  }
  for (const connections of [10, 100])
    targets.push({
      name: `GET ${availabilityPath}`,
      url: `${base}${availabilityPath}`,
      connections,
      note:
        connections === 10
          ? `${availability.describe}, ${days} ${days === 1 ? 'day' : 'days'} with starts; vendor ${busy.vendorId}: ${BUSY_ENTRIES} busy entries, ${UPCOMING_ORDERS} upcoming orders`
          : undefined,
    });

  // A demo vendor's availability: a full answer (every workday of the window has starts), at 100 clients.
  const openPath = addressOf(bookingsApi.availability, {
    params: { id: vendorId },
    query: { duration: String(WINDOW_DAYS) },
  });
  const open = await probe(`${base}${openPath}`);
  const openDays = (JSON.parse(open.text) as { days?: unknown[] }).days?.length ?? '?';
  targets.push({
    name: `GET ${openPath}`,
    url: `${base}${openPath}`,
    connections: 100,
    note: `${open.describe}, ${openDays} days with starts (a demo vendor)`,
  });

  console.info(machineLine(database.label));
  console.info(
    `setup: demo data + busy vendor (${BUSY_ENTRIES} busy entries, ${UPCOMING_ORDERS} orders) written and analyzed in ${setupSeconds.toFixed(1)} s; server pid ${server.pid} (NODE_ENV=production), bare Fastify pid ${bare.pid}; ETag on reviews: ${reviews.etag ? 'yes' : 'no (the If-None-Match run is skipped)'}`,
  );
  const rows = await compare(bare, targets);
  printTable(`HTTP API on ${database.label}`, rows);
} finally {
  await server.stop();
  await bare.stop();
  await database.dispose();
}
