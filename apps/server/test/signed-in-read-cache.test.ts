/**
 * Issue 27 (ADR 0040): signed-in reads — the session and its user, GET /api/session, a customer's orders,
 * a vendor's order pages and earnings — are answered from process memory while the `signed_in_reads`
 * version is unchanged, and are never stale: a write through one app (or straight to the tables) is seen by
 * the very next read through another app on the same database (on PostgreSQL with its own connection pool,
 * as a second server process). Reading a session writes nothing (but for the sliding expiry once the
 * session has used half its life).
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryStorage } from '../src/adapters/storage/local-storage';
import { buildApp } from '../src/app';
import { wrapPostgres, type Database, type Db } from '../src/db/client';
import { cacheVersions, orders, sessions, users, vendors } from '../src/db/schema';
import { signedUpCustomer } from './checkout-fixtures';
import { hashPassword } from '../src/modules/auth/password';
import { createPricedVendor } from './pricing-fixtures';
import { createTestApp, TestClient } from './test-app';
import { createTestDatabase } from './test-db';
import { figuresFor, insertOrderInState } from './vendor-order-fixtures';

const PASSWORD = 'Password123!';
const DAY = 86_400_000;

async function signedInVersion(db: Db): Promise<number> {
  const [row] = await db
    .select({ version: cacheVersions.version })
    .from(cacheVersions)
    .where(eq(cacheVersions.scope, 'signed_in_reads'));
  return Number(row!.version);
}

let slot = 0;
/** An upcoming paid order of the customer with the vendor (written straight to the tables). */
const orderWith = (app: FastifyInstance, userId: number, vendorId: number) =>
  insertOrderInState(app, {
    vendorId,
    userId,
    state: {
      fulfillmentStatus: 'unfulfilled',
      paymentStatus: 'collected',
      appointmentAt: new Date(Date.now() + 10 * DAY + ++slot * 3_600_000),
      ...figuresFor('collected'),
    },
  });

describe('signed-in reads on two apps on the same database', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  let vendor: { vendorId: number; userId: number };
  let vendorClient: TestClient;
  let customer: Awaited<ReturnType<typeof signedUpCustomer>>;
  /** A GET through B with a client's cookie (its session was made through A). */
  const viaB = (client: TestClient, url: string) =>
    b.inject({ method: 'GET', url, headers: { cookie: client.cookie! } });

  beforeAll(async () => {
    const database = await createTestDatabase();
    const second: Database = database.url
      ? wrapPostgres(database.url, 2)
      : { ...database, close: async () => {} };
    const storage = new MemoryStorage();
    a = await buildApp({ database, storage, rateLimitScale: 1000 });
    b = await buildApp({ database: second, storage, rateLimitScale: 1000 });
    vendor = await createPricedVendor(a, { email: 'signed-in-cache-vendor@example.com' });
    vendorClient = new TestClient(a);
    expect((await vendorClient.signIn('signed-in-cache-vendor@example.com', PASSWORD)).statusCode).toBe(200);
    customer = await signedUpCustomer(a, 'signed-in-cache');
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it("a customer's profile change through A is in B's next session answer, every time", async () => {
    for (let i = 1; i <= 5; i++) {
      expect((await viaB(customer.client, '/api/session')).statusCode).toBe(200);
      const res = await customer.client.request({
        method: 'PATCH',
        url: `/api/users/${customer.userId}`,
        payload: {
          user: {
            id: customer.userId,
            firstName: `Name${i}`,
            lastName: 'Rivera',
            email: customer.email,
            phoneNumber: '4355551234',
          },
        },
      });
      expect(res.statusCode).toBe(200);
      expect((await viaB(customer.client, '/api/session')).json().user.firstName).toBe(`Name${i}`);
    }
  });

  it("a new order is in B's next customer orders, session, vendor page and earnings", async () => {
    const active = `/api/vendors/${vendor.vendorId}/orders?filter=active&limit=50`;
    const earnings = `/api/vendors/${vendor.vendorId}/earnings`;
    for (let i = 1; i <= 3; i++) {
      const before = {
        orders: (await viaB(customer.client, '/api/orders')).json().orders.length as number,
        session: (await viaB(customer.client, '/api/session')).json().orders.length as number,
        page: (await viaB(vendorClient, active)).json().orders.length as number,
        earnings: (await viaB(vendorClient, earnings)).json().periods.year.orders as number,
      };
      const order = await orderWith(a, customer.userId, vendor.vendorId);
      expect((await viaB(customer.client, '/api/orders')).json().orders.length).toBe(before.orders + 1);
      expect((await viaB(customer.client, '/api/session')).json().orders.length).toBe(before.session + 1);
      const page = (await viaB(vendorClient, active)).json();
      expect(page.orders.length).toBe(before.page + 1);
      expect(page.orders.map((o: { id: number }) => o.id)).toContain(order.id);
      // The earnings count an order in the year of its appointment: this one is ten days out.
      const sameYear = order.appointmentAt.getUTCFullYear() === new Date().getUTCFullYear();
      expect((await viaB(vendorClient, earnings)).json().periods.year.orders).toBe(
        before.earnings + (sameYear ? 1 : 0),
      );
    }
  });

  it('a change written straight to the tables through A is what B answers next', async () => {
    const order = await orderWith(a, customer.userId, vendor.vendorId);
    const find = async () =>
      (
        (await viaB(customer.client, '/api/orders')).json().orders as { id: number; customerNotes: string }[]
      ).find((o) => o.id === order.id)!;
    expect((await find()).customerNotes).toBeNull();
    for (let i = 1; i <= 3; i++) {
      await a.deps.db
        .update(orders)
        .set({ customerNotes: `Gate ${i}` })
        .where(eq(orders.id, order.id));
      expect((await find()).customerNotes).toBe(`Gate ${i}`);
    }
  });

  it('a sign-out through A ends the session in B at once', async () => {
    const other = new TestClient(a);
    expect((await other.signIn(customer.email, PASSWORD)).statusCode).toBe(200);
    const cookie = other.cookie!;
    expect((await viaB(other, '/api/orders')).statusCode).toBe(200);
    expect((await other.request({ method: 'DELETE', url: '/api/session' })).statusCode).toBe(200);
    const after = await b.inject({ method: 'GET', url: '/api/orders', headers: { cookie } });
    expect(after.statusCode).toBe(401);
    const session = await b.inject({ method: 'GET', url: '/api/session', headers: { cookie } });
    expect(session.json().user).toBeNull();
  });

  it("a user moved to another vendor through A is refused the first one's orders by B at once", async () => {
    const url = `/api/vendors/${vendor.vendorId}/orders?filter=past&limit=50`;
    const [other] = await a.deps.db
      .insert(vendors)
      .values({
        name: 'Other Cleaning',
        category: 'house_cleaning',
        phoneNumber: '4355550111',
        email: 'o@example.com',
      })
      .returning({ vendorId: vendors.id });
    expect((await viaB(vendorClient, url)).statusCode).toBe(200);
    await a.deps.db.update(users).set({ vendorId: other!.vendorId }).where(eq(users.id, vendor.userId));
    expect((await viaB(vendorClient, url)).statusCode).toBe(403);
    await a.deps.db.update(users).set({ vendorId: vendor.vendorId }).where(eq(users.id, vendor.userId));
    expect((await viaB(vendorClient, url)).statusCode).toBe(200);
  });
});

describe('a session read writes nothing', () => {
  let app: FastifyInstance;
  let clockMs = Date.parse('2026-11-23T15:00:00Z');
  let client: TestClient;
  let userId: number;

  beforeAll(async () => {
    app = await createTestApp({ now: () => new Date(clockMs) });
    const customer = await signedUpCustomer(app, 'no-write');
    client = customer.client;
    userId = customer.userId;
  });
  afterAll(() => app.close());

  const sessionRow = async () => {
    const [row] = await app.deps.db.select().from(sessions).where(eq(sessions.userId, userId));
    return row!;
  };

  it('reads over two weeks leave the session row and every version as they were', async () => {
    const before = await sessionRow();
    const version = await signedInVersion(app.deps.db);
    for (const later of [0, 60_000, 2 * 3_600_000, DAY, 14 * DAY]) {
      clockMs = before.createdAt.getTime() + later;
      for (const url of ['/api/session', '/api/orders', '/api/session']) {
        expect((await client.request({ method: 'GET', url })).statusCode).toBe(200);
      }
    }
    expect(await sessionRow()).toEqual(before);
    expect(await signedInVersion(app.deps.db)).toBe(version);
  });

  it('once half its life is used, one read slides the expiry, and the next reads write nothing again', async () => {
    const before = await sessionRow();
    const version = await signedInVersion(app.deps.db);
    clockMs = before.createdAt.getTime() + 16 * DAY;
    expect((await client.session()).json().user.id).toBe(userId);
    const slid = await sessionRow();
    expect(slid.expiresAt.getTime()).toBe(clockMs + 30 * DAY);
    expect(slid.lastSeenAt.getTime()).toBe(clockMs);
    clockMs += 3_600_000;
    await client.session();
    await client.request({ method: 'GET', url: '/api/orders' });
    expect(await sessionRow()).toEqual(slid);
    // Sliding an expiry changes no answer: no version moves.
    expect(await signedInVersion(app.deps.db)).toBe(version);
  });

  it('a session past its expiry is signed out, even while its row is kept in memory', async () => {
    const row = await sessionRow();
    clockMs = row.expiresAt.getTime() + 1;
    expect((await client.request({ method: 'GET', url: '/api/orders' })).statusCode).toBe(401);
    expect((await client.session()).json().user).toBeNull();
  });
});

describe("the operator's kept answers and the clock", () => {
  let app: FastifyInstance;
  let clockMs = Date.now();
  let operator: TestClient;
  let vendorId: number;
  let customerId: number;

  beforeAll(async () => {
    app = await createTestApp({ now: () => new Date(clockMs) });
    vendorId = (await createPricedVendor(app, { email: 'kept-operator-vendor@example.com' })).vendorId;
    customerId = (await signedUpCustomer(app, 'kept-operator')).userId;
    await app.deps.db.insert(users).values({
      firstName: 'Olive',
      lastName: 'Operator',
      email: 'kept-operator@example.com',
      phoneNumber: '4355550177',
      passwordDigest: await hashPassword(PASSWORD),
      isOperator: true,
    });
    operator = new TestClient(app);
    expect((await operator.signIn('kept-operator@example.com', PASSWORD)).statusCode).toBe(200);
  });
  afterAll(() => app.close());

  it('a payout falling due while nothing is written is listed and counted at once', async () => {
    const order = await orderWith(app, customerId, vendorId);
    // Fulfilled, its payout due 7 days and one hour from now: one hour outside the operator's window.
    await app.deps.db
      .update(orders)
      .set({
        fulfillmentStatus: 'fulfilled',
        fulfilledAt: new Date(clockMs),
        payoutDueAt: new Date(clockMs + 7 * DAY + 3_600_000),
      })
      .where(eq(orders.id, order.id));
    const listed = async () => {
      const due = await operator.request({ method: 'GET', url: '/api/operator/payouts/due?page=1' });
      const dashboard = await operator.request({ method: 'GET', url: '/api/operator/dashboard' });
      return {
        ids: (due.json().payouts as { order: { id: number } }[]).map((p) => p.order.id),
        count: dashboard.json().counts.payoutsDue as number,
        asOf: dashboard.json().asOf as string,
      };
    };
    const before = await listed();
    expect(before.ids).not.toContain(order.id);
    expect((await listed()).ids).not.toContain(order.id);
    const version = await signedInVersion(app.deps.db);
    clockMs += 2 * 3_600_000;
    const after = await listed();
    expect(await signedInVersion(app.deps.db)).toBe(version);
    expect(after.ids).toContain(order.id);
    expect(after.count).toBe(before.count + 1);
    expect(after.asOf).toBe(new Date(clockMs).toISOString());
  });
});
