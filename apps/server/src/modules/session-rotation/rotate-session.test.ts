/**
 * rotateSession (issue 16): sign-in, sign-up and a password reset adopt the request's guest session
 * (its pricing answers and bookings move to the account), delete it and start a new session, in ONE
 * transaction. A failure after the delete leaves the old session, its bookings and answers as they
 * were; two rotations of one session adopt it once. Also run on PostgreSQL
 * (`node scripts/with-postgres.mjs npx vitest run --project server <this file>`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { bookings, sessions, userInputs, users } from '../../db/schema';
import { createTestApp, signUpPayload, TestClient } from '../../../test/test-app';
import { houseAnswers } from '../../../test/payable-vendor';
import { createPricedVendor, inputOf } from '../../../test/pricing-fixtures';
import { rotateSession, type Rotation } from './rotate-session';

let app: FastifyInstance;
let vendor: Awaited<ReturnType<typeof createPricedVendor>>;
let customers = 0;

beforeAll(async () => {
  app = await createTestApp();
  vendor = await createPricedVendor(app, { email: 'rotate-vendor@example.com' });
});
afterAll(() => app.close());

const db = () => app.deps.db;
const sessionOf = async (client: TestClient) => {
  const [row] = await db().select().from(sessions).where(eq(sessions.csrfToken, client.csrf!));
  return row!;
};

/** A guest who saved an answer and priced a booking with the vendor. */
async function pricingGuest() {
  const guest = new TestClient(app);
  await guest.session();
  const sqft = String(inputOf(vendor.inputs, 'SQFT').id);
  const saved = await guest.request({
    method: 'PUT',
    url: '/api/session/guest_inputs',
    payload: { userInputs: { [sqft]: '2400' } },
  });
  expect(saved.statusCode).toBe(200);
  const priced = await guest.request({
    method: 'POST',
    url: '/api/bookings',
    payload: { booking: { vendorId: vendor.vendorId, answers: houseAnswers(vendor, { SQFT: '2400' }) } },
  });
  expect(priced.statusCode).toBe(201);
  return { session: await sessionOf(guest), bookingId: priced.json().booking.id as number, sqft };
}

/** A customer with a default address, signed up elsewhere. */
async function customer() {
  const client = new TestClient(app);
  await client.session();
  const res = await client.request({
    method: 'POST',
    url: '/api/users',
    payload: signUpPayload({ email: `rotate-${++customers}@example.com`, phoneNumber: '4355550142' }),
  });
  expect(res.statusCode).toBe(201);
  const [user] = await db()
    .select()
    .from(users)
    .where(eq(users.id, res.json().user.id as number));
  return user!;
}

const rotation = (previous: Rotation['previous'], user: Rotation['user'], userAgent = 'test'): Rotation => ({
  previous,
  user,
  client: { ip: '203.0.113.9', userAgent },
  ttlDays: 30,
  now: new Date(),
});

const sessionsOfUser = (userId: number) => db().select().from(sessions).where(eq(sessions.userId, userId));
const bookingRow = async (id: number) => (await db().select().from(bookings).where(eq(bookings.id, id)))[0];

describe('rotateSession', () => {
  it("adopts the guest's bookings and answers, deletes the guest session and starts the user's", async () => {
    const guest = await pricingGuest();
    const user = await customer();
    const before = (await sessionsOfUser(user.id)).length;

    const started = await rotateSession(db(), rotation(guest.session, user));

    expect(started.session.userId).toBe(user.id);
    expect(started.token).not.toBe('');
    expect(await db().select().from(sessions).where(eq(sessions.id, guest.session.id))).toEqual([]);
    expect(await sessionsOfUser(user.id)).toHaveLength(before + 1);
    // The booking is the account's now, on its default address; the answer is saved on that address.
    expect(await bookingRow(guest.bookingId)).toMatchObject({
      userId: user.id,
      sessionId: null,
      addressId: user.currentAddressId,
    });
    const saved = await db()
      .select()
      .from(userInputs)
      .where(
        and(
          eq(userInputs.addressId, user.currentAddressId!),
          eq(userInputs.pricingInputId, Number(guest.sqft)),
        ),
      );
    expect(saved.map((i) => i.valueString)).toEqual(['2400']);
  });

  it('leaves the old session, its bookings and answers as they were when a later step fails', async () => {
    const guest = await pricingGuest();
    const user = await customer();
    const before = await sessionsOfUser(user.id);
    // A failure injected into the last step, after the guest session was adopted and deleted.
    await db().execute(sql`
      create or replace function inject_session_failure() returns trigger language plpgsql as $$
      begin
        if new.user_agent = 'inject-failure' then raise exception 'injected failure'; end if;
        return new;
      end $$`);
    await db().execute(sql`
      create trigger inject_session_failure before insert on sessions
      for each row execute function inject_session_failure()`);
    try {
      await expect(rotateSession(db(), rotation(guest.session, user, 'inject-failure'))).rejects.toThrow();
    } finally {
      await db().execute(sql`drop trigger inject_session_failure on sessions`);
      await db().execute(sql`drop function inject_session_failure()`);
    }

    const [still] = await db().select().from(sessions).where(eq(sessions.id, guest.session.id));
    expect(still).toMatchObject({ id: guest.session.id, userId: null, tokenHash: guest.session.tokenHash });
    expect(await bookingRow(guest.bookingId)).toMatchObject({
      userId: null,
      sessionId: guest.session.id,
    });
    const saved = await db()
      .select()
      .from(userInputs)
      .where(eq(userInputs.addressId, user.currentAddressId!));
    expect(saved).toEqual([]);
    expect(await sessionsOfUser(user.id)).toEqual(before);

    // The same rotation without the failure goes through.
    await rotateSession(db(), rotation(guest.session, user));
    expect(await bookingRow(guest.bookingId)).toMatchObject({ userId: user.id, sessionId: null });
  });

  it('adopts a session once when two rotations of it run together', async () => {
    const guest = await pricingGuest();
    const user = await customer();
    const before = (await sessionsOfUser(user.id)).length;

    const results = await Promise.allSettled([
      rotateSession(db(), rotation(guest.session, user)),
      rotateSession(db(), rotation(guest.session, user)),
    ]);

    // Both sign the user in (a double-clicked sign-in still works); the guest session is gone and its
    // one booking moved to the account once.
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(await db().select().from(sessions).where(eq(sessions.id, guest.session.id))).toEqual([]);
    expect(await sessionsOfUser(user.id)).toHaveLength(before + 2);
    const owned = await db().select().from(bookings).where(eq(bookings.userId, user.id));
    expect(owned.map((b) => b.id)).toEqual([guest.bookingId]);
  });

  it("a password reset's rotation ends every other session of the user", async () => {
    const user = await customer();
    const other = new TestClient(app);
    expect((await other.signIn(user.email, 'Password123!')).statusCode).toBe(200);
    const guest = await pricingGuest();

    const started = await rotateSession(db(), { ...rotation(guest.session, user), endUserSessions: true });

    expect((await sessionsOfUser(user.id)).map((s) => s.id)).toEqual([started.session.id]);
    expect(await bookingRow(guest.bookingId)).toMatchObject({ userId: user.id, sessionId: null });
  });
});
