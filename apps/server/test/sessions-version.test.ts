/**
 * Issue 27 (ADR 0042, signed-in requests' statements): a signed-in session and its user are kept under a version of their own,
 * `sessions` (migration 0028), bumped only by writes to the session rows and to their users (but for the
 * provider's customer id), and read in one statement with the signed-in and public reads' versions. On two
 * apps on the same database (on PostgreSQL each with its own pool, as two server processes): a whole
 * checkout leaves every kept session valid; a sign-out, a password change and a role change through one
 * app are seen by the other's very next request; and a session kept before a customer's first checkout
 * never makes a second provider customer (checkout reads the customer id with the booking).
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryStorage } from '../src/adapters/storage/local-storage';
import { buildApp } from '../src/app';
import { wrapPostgres, type Database, type Db } from '../src/db/client';
import { cacheVersions, sandboxObjects, users } from '../src/db/schema';
import { createIntent, payFor, scheduledBooking, signedUpCustomer } from './checkout-fixtures';
import { createPayableVendor, type PayableVendor } from './payable-vendor';
import { TestClient } from './test-app';
import { createTestDatabase } from './test-db';

const PASSWORD = 'Password123!';
const clock = new Date('2026-11-23T15:00:00Z');

async function version(db: Db, scope: string): Promise<number> {
  const [row] = await db
    .select({ version: cacheVersions.version })
    .from(cacheVersions)
    .where(eq(cacheVersions.scope, scope));
  return Number(row!.version);
}

describe('the sessions version on two apps on the same database', () => {
  let second: Database;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let vendor: PayableVendor;
  let day = 1;
  /** A free time of the vendor: 10:00 in St George on a later day each call. */
  const nextSlot = () => `2026-11-${String(24 + day++).padStart(2, '0')}T17:00:00.000Z`;

  /** The client's cookie and CSRF token, on app B. */
  function onB(client: TestClient) {
    const other = new TestClient(b);
    other.cookie = client.cookie;
    other.csrf = client.csrf;
    return other;
  }

  /** The statements `run` makes on B's database (on PGlite, the one database both apps share). */
  async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
    const seen: string[] = [];
    const stop = second.onQuery((e) => seen.push(e.sql));
    try {
      await run();
    } finally {
      stop();
    }
    return seen;
  }
  const sessionReads = (statements: string[]) => statements.filter((s) => s.includes('"token_hash"'));

  beforeAll(async () => {
    const database = await createTestDatabase();
    second = database.url ? wrapPostgres(database.url, 2) : { ...database, close: async () => {} };
    const storage = new MemoryStorage();
    a = await buildApp({ database, storage, now: () => clock, rateLimitScale: 1000 });
    b = await buildApp({ database: second, storage, now: () => clock, rateLimitScale: 1000 });
    vendor = await createPayableVendor(a, 'sessions-version-vendor@example.com');
  }, 60_000);
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it("a whole checkout through A leaves B's kept session valid, and B's signed-in answers show the order", async () => {
    const customer = await signedUpCustomer(a, 'sessions-kept');
    const viaB = onB(customer.client);
    expect((await viaB.session()).json().orders).toHaveLength(0);
    const before = {
      sessions: await version(a.deps.db, 'sessions'),
      signedIn: await version(a.deps.db, 'signed_in_reads'),
      publicReads: await version(a.deps.db, 'public_reads'),
    };
    const booking = await scheduledBooking(customer.client, vendor, nextSlot());
    expect((await payFor(customer.client, booking.id)).statusCode).toBe(200);
    await a.deps.background.drain();
    // The checkout wrote bookings, payments, an order and the provider's customer id: no session changed.
    expect(await version(a.deps.db, 'sessions')).toBe(before.sessions);
    // Nor anything public (the vendor's prices, questions and plan offers that checkout keeps).
    expect(await version(a.deps.db, 'public_reads')).toBe(before.publicReads);
    expect(await version(a.deps.db, 'signed_in_reads')).toBeGreaterThan(before.signedIn);
    let answer: Awaited<ReturnType<TestClient['session']>> | undefined;
    const statements = await statementsOf(async () => {
      answer = await viaB.session();
    });
    // B's next request takes the session from memory (one version statement, no session row) …
    expect(sessionReads(statements)).toEqual([]);
    expect(statements.filter((s) => s.includes('"cache_versions"')).length).toBeLessThanOrEqual(1);
    // … and its answer, made again under the moved signed-in version, has the order.
    expect(answer!.json().user.id).toBe(customer.userId);
    expect(answer!.json().orders).toHaveLength(1);
  });

  it("a sign-up through A leaves B's kept sessions valid", async () => {
    const customer = await signedUpCustomer(a, 'sessions-before-sign-up');
    const viaB = onB(customer.client);
    expect((await viaB.session()).json().user.id).toBe(customer.userId);
    const before = await version(a.deps.db, 'sessions');
    // Sign-up inserts the user, then sets its current address: a row no kept session can hold.
    await signedUpCustomer(a, 'sessions-new-customer');
    expect(await version(a.deps.db, 'sessions')).toBe(before);
    expect(sessionReads(await statementsOf(() => viaB.session()))).toEqual([]);
  });

  it('a transaction that writes the provider customer id and then a name is seen by B at once', async () => {
    const customer = await signedUpCustomer(a, 'sessions-two-writes');
    const viaB = onB(customer.client);
    for (let i = 1; i <= 3; i++) {
      expect((await viaB.session()).json().user.id).toBe(customer.userId);
      await a.deps.db.transaction(async (tx) => {
        // The first update alone would bump nothing; the second changes what a kept session carries.
        await tx
          .update(users)
          .set({ paymentCustomerId: `cus_two_${i}` })
          .where(eq(users.id, customer.userId));
        await tx
          .update(users)
          .set({ firstName: `Twice${i}` })
          .where(eq(users.id, customer.userId));
      });
      expect((await viaB.session()).json().user.firstName).toBe(`Twice${i}`);
    }
    // The customer id alone, written by itself, leaves the kept session valid.
    const before = await version(a.deps.db, 'sessions');
    await a.deps.db
      .update(users)
      .set({ paymentCustomerId: 'cus_alone' })
      .where(eq(users.id, customer.userId));
    expect(await version(a.deps.db, 'sessions')).toBe(before);
  });

  it('a sign-out through A ends the session in B at once, though B kept it', async () => {
    const customer = await signedUpCustomer(a, 'sessions-signout');
    const viaB = onB(customer.client);
    expect((await viaB.request({ method: 'GET', url: '/api/orders' })).statusCode).toBe(200);
    expect((await viaB.request({ method: 'GET', url: '/api/orders' })).statusCode).toBe(200);
    expect((await customer.client.request({ method: 'DELETE', url: '/api/session' })).statusCode).toBe(200);
    expect((await viaB.request({ method: 'GET', url: '/api/orders' })).statusCode).toBe(401);
    expect((await viaB.session()).json().user).toBeNull();
  });

  it("a password change through A ends the user's other sessions in B at once", async () => {
    const customer = await signedUpCustomer(a, 'sessions-password');
    const other = new TestClient(a);
    expect((await other.signIn(customer.email, PASSWORD)).statusCode).toBe(200);
    const otherOnB = onB(other);
    expect((await otherOnB.request({ method: 'GET', url: '/api/orders' })).statusCode).toBe(200);
    const changed = await customer.client.request({
      method: 'PATCH',
      url: `/api/users/${customer.userId}/update_password`,
      payload: {
        password: PASSWORD,
        newPassword: 'Password456!',
        newPasswordConfirmation: 'Password456!',
        userId: customer.userId,
      },
    });
    expect(changed.statusCode).toBe(200);
    expect((await otherOnB.request({ method: 'GET', url: '/api/orders' })).statusCode).toBe(401);
  });

  it('a role change written through A is what B checks on the very next request, every time', async () => {
    const customer = await signedUpCustomer(a, 'sessions-role');
    const viaB = onB(customer.client);
    const console = () => viaB.request({ method: 'GET', url: '/api/operator/payouts/due?page=1' });
    expect((await console()).statusCode).toBe(403);
    for (let i = 0; i < 3; i++) {
      await a.deps.db.update(users).set({ isOperator: true }).where(eq(users.id, customer.userId));
      expect((await console()).statusCode).toBe(200);
      await a.deps.db.update(users).set({ isOperator: false }).where(eq(users.id, customer.userId));
      expect((await console()).statusCode).toBe(403);
    }
  });

  it('a session B kept before the first checkout through A never makes a second provider customer', async () => {
    const customer = await signedUpCustomer(a, 'sessions-customer-id');
    const viaB = onB(customer.client);
    // B keeps the session while the user has no provider customer yet.
    expect((await viaB.session()).json().user.id).toBe(customer.userId);
    const first = await scheduledBooking(customer.client, vendor, nextSlot());
    expect((await payFor(customer.client, first.id)).statusCode).toBe(200);
    await a.deps.background.drain();
    const [stored] = await a.deps.db
      .select({ id: users.paymentCustomerId })
      .from(users)
      .where(eq(users.id, customer.userId));
    expect(stored!.id).toMatch(/^cus_/);

    const asked: (string | null)[] = [];
    const provider = b.deps.payments;
    const ensureCustomer = provider.ensureCustomer.bind(provider);
    provider.ensureCustomer = (input) => {
      asked.push(input.existingId);
      return ensureCustomer(input);
    };
    try {
      const second = await scheduledBooking(viaB, vendor, nextSlot());
      const intent = await createIntent(viaB, second.id);
      expect(intent.statusCode).toBe(200);
    } finally {
      provider.ensureCustomer = ensureCustomer;
    }
    // B's kept user still says "no customer", but checkout used the one stored by A's checkout.
    expect(asked).toEqual([stored!.id]);
    const customers = (
      await a.deps.db.select().from(sandboxObjects).where(eq(sandboxObjects.object, 'customer'))
    ).filter(
      (o) => (o.data as { metadata?: { userId?: string } }).metadata?.userId === String(customer.userId),
    );
    expect(customers).toHaveLength(1);
    const [after] = await a.deps.db
      .select({ id: users.paymentCustomerId })
      .from(users)
      .where(eq(users.id, customer.userId));
    expect(after!.id).toBe(stored!.id);
  });
});
