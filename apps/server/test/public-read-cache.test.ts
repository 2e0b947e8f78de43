/**
 * Issue 15 (ADR 0022): the public reads GET /api/vendors, /api/vendors/{id} and /api/vendors/{id}/reviews
 * are cached in process memory, answer with a strong ETag and 304, and are never stale: a vendor's write
 * (price, formula, name, listing status), a new review, or any write straight to the tables is seen by the
 * very next request, on the same app, on a second app on the same database, and (PostgreSQL) in a second
 * server process.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { vendorCardSchema, vendorSchema } from '@stg/domain/api/vendors';
import { REVIEW_MESSAGES, vendorReviewsResponseSchema } from '@stg/domain/api/reviews';
import { MESSAGES } from '@stg/domain/validation';
import { MemoryStorage } from '../src/adapters/storage/local-storage';
import { buildApp } from '../src/app';
import { wrapPostgres, type Database, type Db, type Tx } from '../src/db/client';
import {
  addresses,
  cacheVersions,
  calendarBusyEntries,
  images,
  users,
  vendorCalendars,
  vendors,
} from '../src/db/schema';
import { publicReadCache } from '../src/modules/public-read-cache/cache';
import { PushedVersion, VersionGate } from '../src/modules/public-read-cache/version-gate';
import { signedUpCustomer } from './checkout-fixtures';
import { createPricedVendor, inputOf } from './pricing-fixtures';
import { freePort, startServerProcess } from './server-process';
import { createTestApp, signUpPayload, TestClient } from './test-app';
import { createTestDatabase } from './test-db';
import { figuresFor, insertOrderInState } from './vendor-order-fixtures';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the JSON answers the test reads
type Json = Record<string, any>;

const onPostgres = Boolean(inject('templateDatabaseUrl'));
const PASSWORD = 'Password123!';
const review = { body: 'Spotless work, on time and friendly.', score: 4 };

async function versionOf(db: Db | Tx): Promise<number> {
  const [row] = await db
    .select({ version: cacheVersions.version })
    .from(cacheVersions)
    .where(eq(cacheVersions.scope, 'public_reads'));
  return row!.version;
}

let slot = 0;
/** A paid order (not cancelled) of the customer with the vendor, so they may review it. */
function orderWith(app: FastifyInstance, userId: number, vendorId: number) {
  return insertOrderInState(app, {
    vendorId,
    userId,
    state: {
      fulfillmentStatus: 'unfulfilled',
      paymentStatus: 'collected',
      appointmentAt: new Date(Date.UTC(2026, 11, 1, 0) + ++slot * 3_600_000),
      ...figuresFor('collected'),
    },
  });
}

describe('public reads on one app', () => {
  let app: FastifyInstance;
  let vendorId: number;
  let owner: TestClient;
  const urls = () => ['/api/vendors', `/api/vendors/${vendorId}`, `/api/vendors/${vendorId}/reviews`];
  /** A visitor with no session at all (as a crawler or the first visit). */
  const get = (url: string, etag?: string) =>
    app.inject({ method: 'GET', url, headers: etag ? { 'if-none-match': etag } : {} });
  const patch = (vendor: Record<string, unknown>, password?: string) =>
    owner.request({
      method: 'PATCH',
      url: `/api/vendors/${vendorId}`,
      payload: { vendor, ...(password ? { password } : {}) },
    });
  const cardOf = async () => (await get('/api/vendors')).json<Json[]>().find((c) => c.id === vendorId);

  beforeAll(async () => {
    app = await createTestApp();
    vendorId = (await createPricedVendor(app, { email: 'cached-vendor@example.com' })).vendorId;
    owner = new TestClient(app);
    expect((await owner.signIn('cached-vendor@example.com', PASSWORD)).statusCode).toBe(200);
  });
  afterAll(() => app.close());

  it('each route answers with a strong ETag and Cache-Control: no-cache, and 304 when the client has it', async () => {
    for (const url of urls()) {
      const first = await get(url);
      expect(first.statusCode, url).toBe(200);
      expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
      const etag = first.headers.etag as string;
      expect(etag, url).toMatch(/^"[A-Za-z0-9_-]+"$/);
      expect(first.headers['cache-control']).toBe('no-cache');

      const again = await get(url, etag);
      expect(again.statusCode, url).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      expect((await get(url, `W/${etag}`)).statusCode).toBe(304);
      expect((await get(url, `"stale", ${etag}`)).statusCode).toBe(304);

      const other = await get(url, '"stale"');
      expect(other.statusCode).toBe(200);
      expect(other.body).toBe(first.body);
      // HEAD answers the same headers.
      const head = await app.inject({ method: 'HEAD', url, headers: { 'if-none-match': etag } });
      expect(head.statusCode).toBe(304);
    }
    // The answers keep their contracts.
    const [cards, vendor] = [(await get(urls()[0]!)).json(), (await get(urls()[1]!)).json()];
    expect(() => vendorCardSchema.array().parse(cards)).not.toThrow();
    expect(() => vendorSchema.parse(vendor)).not.toThrow();
    expect(vendorReviewsResponseSchema.parse((await get(urls()[2]!)).json()).eligibility.reason).toBe(
      REVIEW_MESSAGES.signInToReview,
    );
  });

  it('repeat reads are answered from memory: nothing is made again until a write', async () => {
    const cache = await publicReadCache(app.deps.database);
    for (const url of urls()) await get(url);
    const made = cache.misses;
    for (let i = 0; i < 20; i++) for (const url of urls()) expect((await get(url)).statusCode).toBe(200);
    expect(cache.misses).toBe(made);
    if (onPostgres) {
      // The version is read per request, and concurrent readers share the reads.
      const gate = cache.versions as VersionGate;
      expect(gate).toBeInstanceOf(VersionGate);
      const reads = gate.reads;
      await Promise.all(Array.from({ length: 30 }, () => get(urls()[1]!)));
      expect(gate.reads - reads).toBeLessThan(30);
    } else {
      // PGlite hands the trigger's notification over before a write returns: the version is pushed.
      expect(cache.versions).toBeInstanceOf(PushedVersion);
    }
  });

  it('a signed-in visitor’s public reads use the version read with the session: no second version read', async () => {
    if (!onPostgres) return; // PGlite pushes the version: there is no read to count.
    const cache = await publicReadCache(app.deps.database);
    const gate = cache.versions as VersionGate;
    for (const url of urls()) expect((await owner.request({ method: 'GET', url })).statusCode).toBe(200);
    const reads = gate.reads;
    const misses = cache.misses;
    for (let i = 0; i < 5; i++)
      for (const url of urls()) expect((await owner.request({ method: 'GET', url })).statusCode).toBe(200);
    expect(gate.reads).toBe(reads);
    // Still from memory (the owner's own vendor is never cached: only the list and the reviews count here).
    expect(cache.misses).toBe(misses);
    // A visitor with no session reads the public version itself, as before.
    await get(urls()[0]!);
    expect(gate.reads).toBe(reads + 1);
  });

  it('a price or formula change shows at once (200 with the new answer, not 304)', async () => {
    for (let i = 1; i <= 5; i++) {
      const before = await get(`/api/vendors/${vendorId}`);
      expect((await patch({ minPrice: 40 + i })).statusCode).toBe(200);
      const after = await get(`/api/vendors/${vendorId}`, before.headers.etag);
      expect(after.statusCode).toBe(200);
      expect(after.json().minPrice).toBe(40 + i);
      expect(after.headers.etag).not.toBe(before.headers.etag);
    }
    const formula = (await get(`/api/vendors/${vendorId}`)).json().pricingFormula as string;
    expect((await patch({ pricingFormula: `${formula} + 5` })).statusCode).toBe(200);
    expect((await get(`/api/vendors/${vendorId}`)).json().pricingFormula).toBe(`${formula} + 5`);
  });

  it('a name change shows at once in the vendor and the list', async () => {
    expect((await cardOf())?.name).toBe('Vendor cached-vendor@example.com');
    expect((await patch({ name: 'Sparkle Crew' }, PASSWORD)).statusCode).toBe(200);
    expect((await cardOf())?.name).toBe('Sparkle Crew');
    expect((await get(`/api/vendors/${vendorId}`)).json().name).toBe('Sparkle Crew');
  });

  it('a new review shows at once in the reviews, the vendor and the list; eligibility stays the visitor’s own', async () => {
    for (const url of urls()) await get(url);
    const customer = await signedUpCustomer(app, 'cache-reviewer');
    await orderWith(app, customer.userId, vendorId);
    const mine = await customer.client.request({ method: 'GET', url: `/api/vendors/${vendorId}/reviews` });
    expect(mine.json().eligibility).toEqual({ canReview: true, reason: null, ownReviewId: null });
    expect(mine.headers['cache-control']).toBe('private, no-cache');
    // The guest's cached answer is not the customer's.
    expect((await get(`/api/vendors/${vendorId}/reviews`)).json().eligibility.canReview).toBe(false);

    const posted = await customer.client.request({
      method: 'POST',
      url: `/api/vendors/${vendorId}/reviews`,
      payload: { review },
    });
    expect(posted.statusCode).toBe(201);
    const list = (await get(`/api/vendors/${vendorId}/reviews`)).json();
    expect(list.reviewCount).toBe(1);
    expect(list.avgRating).toBe(4);
    expect(list.reviews.map((r: Json) => r.id)).toEqual([posted.json().review.id]);
    expect((await get(`/api/vendors/${vendorId}`)).json()).toMatchObject({ reviewCount: 1, avgRating: 4 });
    expect(await cardOf()).toMatchObject({ reviewCount: 1, avgRating: 4 });
    const after = await customer.client.request({ method: 'GET', url: `/api/vendors/${vendorId}/reviews` });
    expect(after.json().eligibility.reason).toBe(REVIEW_MESSAGES.alreadyReviewed);

    // Deleting it shows at once too.
    const removed = await customer.client.request({
      method: 'DELETE',
      url: `/api/reviews/${posted.json().review.id}`,
    });
    expect(removed.statusCode).toBe(204);
    expect((await get(`/api/vendors/${vendorId}/reviews`)).json()).toMatchObject({
      reviewCount: 0,
      avgRating: null,
      reviews: [],
    });
    expect(await cardOf()).toMatchObject({ reviewCount: 0, avgRating: null });
  });

  it('the owner gets their own answer (never the cached public one), marked private', async () => {
    await get(`/api/vendors/${vendorId}`);
    const own = await owner.request({ method: 'GET', url: `/api/vendors/${vendorId}` });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toHaveProperty('commissionRate');
    expect(own.headers['cache-control']).toBe('private, no-cache');
    expect((await get(`/api/vendors/${vendorId}`)).json()).not.toHaveProperty('commissionRate');
    const etag = own.headers.etag as string;
    expect(
      (
        await owner.request({
          method: 'GET',
          url: `/api/vendors/${vendorId}`,
          headers: { 'if-none-match': etag },
        })
      ).statusCode,
    ).toBe(304);
    // A guest holding the owner's ETag gets the public answer, not a 304.
    expect((await get(`/api/vendors/${vendorId}`, etag)).statusCode).toBe(200);
  });

  it('a deactivated listing is gone at once; reactivated, it is back at once', async () => {
    for (const url of urls()) expect((await get(url)).statusCode).toBe(200);
    expect((await patch({ listingStatus: 'inactive' }, PASSWORD)).statusCode).toBe(200);
    expect((await get(`/api/vendors/${vendorId}`)).statusCode).toBe(404);
    expect((await get(`/api/vendors/${vendorId}`)).json()).toMatchObject({
      errors: [MESSAGES.vendorNotFound],
    });
    expect((await get(`/api/vendors/${vendorId}/reviews`)).statusCode).toBe(404);
    expect(await cardOf()).toBeUndefined();
    // Its owner still sees it.
    const own = await owner.request({ method: 'GET', url: `/api/vendors/${vendorId}` });
    expect(own.json().listingStatus).toBe('inactive');
    expect((await owner.request({ method: 'GET', url: `/api/vendors/${vendorId}/reviews` })).statusCode).toBe(
      200,
    );

    expect((await patch({ listingStatus: 'active' })).statusCode).toBe(200);
    expect((await get(`/api/vendors/${vendorId}`)).statusCode).toBe(200);
    expect(await cardOf()).toBeDefined();
  });

  it('writes straight to the tables are seen too (the triggers cannot be forgotten by a write path)', async () => {
    const { db } = app.deps;
    for (const url of urls()) await get(url);
    await db.update(vendors).set({ serviceDescription: 'Set in SQL' }).where(eq(vendors.id, vendorId));
    expect((await get(`/api/vendors/${vendorId}`)).json().serviceDescription).toBe('Set in SQL');

    await db.insert(vendorCalendars).values({ vendorId });
    expect((await get(`/api/vendors/${vendorId}`)).json().calendar.workdayStartTime).toBe('08:00');
    await db
      .update(vendorCalendars)
      .set({ workdayStartMinutes: 7 * 60 })
      .where(eq(vendorCalendars.vendorId, vendorId));
    expect((await get(`/api/vendors/${vendorId}`)).json().calendar.workdayStartTime).toBe('07:00');

    const [image] = await db
      .insert(images)
      .values({
        blobId: 'cache-test-logo',
        vendorId,
        kind: 'logo',
        contentType: 'image/webp',
        byteSize: 10,
        width: 10,
        height: 10,
        storageKey: 'logo/cache-test.webp',
      })
      .returning();
    await db.update(vendors).set({ logoImageId: image!.id }).where(eq(vendors.id, vendorId));
    expect((await cardOf())?.logoImageUrl).toContain('logo/cache-test.webp');
    await db.update(images).set({ storageKey: 'logo/cache-test-2.webp' }).where(eq(images.id, image!.id));
    expect((await cardOf())?.logoImageUrl).toContain('logo/cache-test-2.webp');

    await db
      .insert(addresses)
      .values({ vendorId, streetAddress: '1 Cache Way', city: 'St George', zipCode: '84770' });
    expect((await get(`/api/vendors/${vendorId}`)).json().address.streetAddress).toBe('1 Cache Way');
    await db.update(addresses).set({ streetAddress: '2 Cache Way' }).where(eq(addresses.vendorId, vendorId));
    expect((await get(`/api/vendors/${vendorId}`)).json().address.streetAddress).toBe('2 Cache Way');
    await db.delete(addresses).where(eq(addresses.vendorId, vendorId));
    expect((await get(`/api/vendors/${vendorId}`)).json().address).toBeNull();
  });

  it('the version moves once per committed transaction that changes public material, and only then', async () => {
    const { db } = app.deps;
    const start = await versionOf(db);
    // Several rows in one transaction: one bump, at the commit.
    await db.transaction(async (tx) => {
      await tx.update(vendors).set({ appointmentInstructions: 'Ring twice' }).where(eq(vendors.id, vendorId));
      await tx
        .update(vendors)
        .set({ appointmentInstructions: 'Ring thrice' })
        .where(eq(vendors.id, vendorId));
      // Not even inside the transaction: the triggers are deferred to its commit.
      expect(await versionOf(tx)).toBe(start);
    });
    expect(await versionOf(db)).toBe(start + 1);
    // Rolled back: nothing.
    await expect(
      db.transaction(async (tx) => {
        await tx.update(vendors).set({ name: 'Never' }).where(eq(vendors.id, vendorId));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await versionOf(db)).toBe(start + 1);
    // Not public material: a calendar sync's bookkeeping, a customer's address, an update that changes nothing.
    await db
      .update(vendorCalendars)
      .set({ lastSyncedAt: new Date(), syncError: 'feed timed out', syncStartedAt: new Date() })
      .where(eq(vendorCalendars.vendorId, vendorId));
    const customer = await signedUpCustomer(app, 'not-public');
    await db
      .update(addresses)
      .set({ streetAddress: '9 Quiet St' })
      .where(eq(addresses.userId, customer.userId));
    await db.update(users).set({ firstName: 'Quiet' }).where(eq(users.id, customer.userId));
    await db.execute(sql`update vendors set name = name where id = ${vendorId}`);
    expect(await versionOf(db)).toBe(start + 1);
  });
});

/** A second app on the same database (on PostgreSQL with its own connection pool, as a second instance). */
describe('public reads on a second app on the same database', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  let vendorId: number;
  let inputs: Awaited<ReturnType<typeof createPricedVendor>>['inputs'];
  let owner: TestClient;

  beforeAll(async () => {
    const database = await createTestDatabase();
    const second: Database = database.url
      ? wrapPostgres(database.url, 2)
      : { ...database, close: async () => {} };
    const storage = new MemoryStorage();
    a = await buildApp({ database, storage, rateLimitScale: 1000 });
    b = await buildApp({ database: second, storage, rateLimitScale: 1000 });
    const made = await createPricedVendor(a, { email: 'two-apps-vendor@example.com' });
    vendorId = made.vendorId;
    inputs = made.inputs;
    owner = new TestClient(a);
    expect((await owner.signIn('two-apps-vendor@example.com', PASSWORD)).statusCode).toBe(200);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('a price change through A is what B answers next, every time', async () => {
    for (let i = 1; i <= 10; i++) {
      const warm = await b.inject({ method: 'GET', url: `/api/vendors/${vendorId}` });
      expect(warm.statusCode).toBe(200);
      const res = await owner.request({
        method: 'PATCH',
        url: `/api/vendors/${vendorId}`,
        payload: { vendor: { minPrice: 50 + i } },
      });
      expect(res.statusCode).toBe(200);
      const next = await b.inject({
        method: 'GET',
        url: `/api/vendors/${vendorId}`,
        headers: { 'if-none-match': warm.headers.etag as string },
      });
      expect(next.statusCode).toBe(200);
      expect(next.json().minPrice).toBe(50 + i);
    }
  });

  it('a minimum price raised through A is the price of B’s next booking, every time (its pricing data kept per version)', async () => {
    const guest = new TestClient(b);
    await guest.session();
    // One bedroom, one bath: a price under every minimum below, so the minimum is the price.
    const answers = Object.fromEntries(
      Object.entries({ BEDROOMS: '1', BATHROOMS: '1', SQFT: '500', CONDITION: '1' }).map(([alias, v]) => [
        String(inputOf(inputs, alias).id),
        v,
      ]),
    );
    for (let i = 1; i <= 5; i++) {
      const res = await owner.request({
        method: 'PATCH',
        url: `/api/vendors/${vendorId}`,
        payload: { vendor: { minPrice: 400 + i * 10 } },
      });
      expect(res.statusCode).toBe(200);
      const priced = await guest.request({
        method: 'POST',
        url: '/api/bookings',
        payload: { booking: { vendorId, answers } },
      });
      expect(priced.statusCode, priced.body).toBeLessThan(300);
      expect(priced.json().booking.price).toBe(400 + i * 10);
    }
  });
});

/** A browser-like client with its own session that reads the answers' headers too. */
function httpClient() {
  let cookie = '';
  let csrf = '';
  return async (
    base: string,
    method: string,
    url: string,
    body?: unknown,
    headers?: Record<string, string>,
  ) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(csrf && method !== 'GET' ? { 'x-csrf-token': csrf } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const set = res.headers.get('set-cookie');
    if (set) cookie = set.split(';')[0]!;
    const token = res.headers.get('x-csrf-token');
    if (token) csrf = token;
    const text = await res.text();
    return {
      status: res.status,
      etag: res.headers.get('etag'),
      json: (text ? JSON.parse(text) : null) as Json,
    };
  };
}

describe.skipIf(!onPostgres)(
  'public reads in two server processes on one PostgreSQL (skipped on PGlite: the embedded database is one process only)',
  () => {
    let keepAlive: Database & { url?: string };
    let setup: FastifyInstance;
    const children: ChildProcess[] = [];
    const dataDirs: string[] = [];
    let A = '';
    let B = '';
    let vendorId: number;
    const owner = httpClient();
    /** Anonymous reads on B, keeping each URL's last ETag as a browser would. */
    const etags = new Map<string, string>();
    const readB = async (url: string) => {
      const call = httpClient();
      const known = etags.get(url);
      const res = await call(B, 'GET', url, undefined, known ? { 'if-none-match': known } : {});
      if (res.etag) etags.set(url, res.etag);
      return res;
    };
    const warmB = async () => {
      for (const url of ['/api/vendors', `/api/vendors/${vendorId}`, `/api/vendors/${vendorId}/reviews`])
        expect([200, 304]).toContain((await readB(url)).status);
    };

    beforeAll(async () => {
      keepAlive = await createTestDatabase();
      const url = keepAlive.url!;
      setup = await buildApp({ database: wrapPostgres(url, 2), storage: new MemoryStorage() });
      vendorId = (await createPricedVendor(setup, { email: 'two-process-cache@example.com' })).vendorId;
      const ports = [await freePort(), await freePort()];
      for (let i = 0; i < ports.length; i++)
        dataDirs.push(fs.mkdtempSync(path.join(os.tmpdir(), 'stg-cache-')));
      children.push(
        ...(await Promise.all(
          ports.map((port, i) =>
            startServerProcess({
              port,
              dataDir: dataDirs[i]!,
              databaseUrl: url,
              env: { RATE_LIMIT_SCALE: '100' },
            }),
          ),
        )),
      );
      [A, B] = ports.map((p) => `http://127.0.0.1:${p}`) as [string, string];
      await owner(A, 'GET', '/api/session');
      const signedIn = await owner(A, 'POST', '/api/session', {
        user: { email: 'two-process-cache@example.com', password: PASSWORD },
      });
      expect(signedIn.status).toBe(200);
    }, 180_000);

    afterAll(async () => {
      for (const child of children)
        if (child.exitCode === null && child.signalCode === null) {
          const exit = new Promise((r) => child.once('exit', r));
          child.kill('SIGKILL');
          await exit;
        }
      await setup?.close();
      await keepAlive?.close();
      for (const d of dataDirs) fs.rmSync(d, { recursive: true, force: true });
    });

    it('a price change through A is answered by B at once, never stale (20 times, B warm each time)', async () => {
      for (let i = 1; i <= 20; i++) {
        await warmB();
        const res = await owner(A, 'PATCH', `/api/vendors/${vendorId}`, { vendor: { minPrice: 60 + i } });
        expect(res.status).toBe(200);
        const next = await readB(`/api/vendors/${vendorId}`);
        expect(next.status).toBe(200);
        expect(next.json.minPrice).toBe(60 + i);
      }
    }, 60_000);

    it('a formula change and a name change through A: B answers them at once, in the vendor and the list', async () => {
      const current = (await owner(A, 'GET', `/api/vendors/${vendorId}`)).json.pricingFormula as string;
      await warmB();
      expect(
        (
          await owner(A, 'PATCH', `/api/vendors/${vendorId}`, {
            vendor: { pricingFormula: `${current} + 1` },
          })
        ).status,
      ).toBe(200);
      expect((await readB(`/api/vendors/${vendorId}`)).json.pricingFormula).toBe(`${current} + 1`);

      await warmB();
      expect(
        (
          await owner(A, 'PATCH', `/api/vendors/${vendorId}`, {
            vendor: { name: 'Two Process Cleaners' },
            password: PASSWORD,
          })
        ).status,
      ).toBe(200);
      const list = await readB('/api/vendors');
      expect(list.status).toBe(200);
      expect((list.json as unknown as Json[]).find((c) => c.id === vendorId)?.name).toBe(
        'Two Process Cleaners',
      );
      expect((await readB(`/api/vendors/${vendorId}`)).json.name).toBe('Two Process Cleaners');
    }, 60_000);

    it('a review posted through A is in B’s reviews, vendor and list at once', async () => {
      const customer = httpClient();
      await customer(A, 'GET', '/api/session');
      const signedUp = await customer(
        A,
        'POST',
        '/api/users',
        signUpPayload({ email: 'cache-2p@example.com' }),
      );
      expect(signedUp.status).toBe(201);
      await orderWith(setup, signedUp.json.user.id as number, vendorId);
      await warmB();
      const posted = await customer(A, 'POST', `/api/vendors/${vendorId}/reviews`, { review });
      expect(posted.status).toBe(201);
      const page = await readB(`/api/vendors/${vendorId}/reviews`);
      expect(page.status).toBe(200);
      expect(page.json).toMatchObject({ reviewCount: 1, avgRating: 4 });
      expect((await readB(`/api/vendors/${vendorId}`)).json).toMatchObject({ reviewCount: 1, avgRating: 4 });
      const card = ((await readB('/api/vendors')).json as unknown as Json[]).find((c) => c.id === vendorId);
      expect(card).toMatchObject({ reviewCount: 1, avgRating: 4 });
    }, 60_000);

    it('a listing deactivated through A is gone from B at once, and back at once when reactivated', async () => {
      for (let i = 0; i < 3; i++) {
        await warmB();
        const off = await owner(A, 'PATCH', `/api/vendors/${vendorId}`, {
          vendor: { listingStatus: 'inactive' },
          password: PASSWORD,
        });
        expect(off.status).toBe(200);
        expect((await readB(`/api/vendors/${vendorId}`)).status).toBe(404);
        expect((await readB(`/api/vendors/${vendorId}/reviews`)).status).toBe(404);
        const list = await readB('/api/vendors');
        expect((list.json as unknown as Json[] | null)?.some((c) => c.id === vendorId) ?? false).toBe(false);

        expect(
          (await owner(A, 'PATCH', `/api/vendors/${vendorId}`, { vendor: { listingStatus: 'active' } }))
            .status,
        ).toBe(200);
        // The same answer as before the deactivation: B may say 304 to the ETag it gave then.
        expect([200, 304]).toContain((await readB(`/api/vendors/${vendorId}`)).status);
        const fresh = await httpClient()(B, 'GET', `/api/vendors/${vendorId}`);
        expect(fresh.status).toBe(200);
        expect(fresh.json.listingStatus).toBe('active');
      }
    }, 60_000);

    it("availability (ADR 0024): the vendor's rules through A and a busy entry written by a third connection show in B's next answer", async () => {
      const [calendar] = await setup.deps.db
        .insert(vendorCalendars)
        .values({ vendorId, bookingWindowStartDays: 1, bookingWindowEndDays: 30 })
        .returning();
      const url = `/api/vendors/${vendorId}/vendor_calendars?duration=30&minutes=60`;
      const daysOf = (json: Json) => (json.days as { date: string; ranges: unknown[] }[]).map((d) => d.date);
      let previousFirst = '';
      for (const notice of [3, 5, 2, 4, 1]) {
        expect([200, 304]).toContain((await readB(url)).status);
        const res = await owner(A, 'PATCH', `/api/vendor_calendars/${calendar!.id}`, {
          vendorCalendar: { bookingWindowStartDays: notice },
        });
        expect(res.status).toBe(200);
        const next = await readB(url);
        expect(next.status).toBe(200);
        expect(next.json.firstDate).not.toBe(previousFirst);
        previousFirst = next.json.firstDate as string;
        expect(daysOf(next.json).every((d) => d >= previousFirst)).toBe(true);
      }
      // A whole free workday, then an all-day entry on it from the calendar's sync (another connection).
      const before = await httpClient()(B, 'GET', url);
      const day = before.json.days[3] as { date: string };
      const dayStart = new Date(`${day.date}T00:00:00-07:00`);
      await setup.deps.db.insert(calendarBusyEntries).values({
        vendorCalendarId: calendar!.id,
        externalId: 'two-process-all-day',
        startTime: new Date(dayStart.getTime() - 3_600_000),
        endTime: new Date(dayStart.getTime() + 26 * 3_600_000),
      });
      const after = await readB(url);
      expect(after.status).toBe(200);
      expect(daysOf(after.json)).not.toContain(day.date);
      expect(daysOf(after.json)).toHaveLength(daysOf(before.json).length - 1);
    }, 60_000);
  },
);
