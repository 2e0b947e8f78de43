/**
 * The session and account answers against their contract (issue 16, ARCHITECTURE §3): each answer the
 * presenters build parses with its schema and the schema's serializer gives back the very same bytes
 * (same fields, same order, nothing dropped), and each route answers exactly those bytes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { messageResponseSchema, resetPasswordResponseSchema } from '@stg/domain/api/password';
import { sessionResponseSchema } from '@stg/domain/api/session';
import { addressResponseSchema, signUpResponseSchema, userResponseSchema } from '@stg/domain/api/users';
import { addresses, sessions, users } from '../../db/schema';
import { createTestApp, signUpPayload, TestClient } from '../../../test/test-app';
import { payFor, scheduledBooking } from '../../../test/checkout-fixtures';
import { createPayableVendor, houseAnswers, type PayableVendor } from '../../../test/payable-vendor';
import { inputOf } from '../../../test/pricing-fixtures';
import { presentAddress, presentUser } from '../users/presenter';
import { listAddressInputs } from '../pricing/repo';
import { loadVendorDetail } from '../vendors/repo';
import { presentVendor } from '../vendors/presenter';
import { sessionPayload } from './service';

// Monday, November 23rd 2026, 8:00 in St George.
const clock = new Date('2026-11-23T15:00:00Z');
let app: FastifyInstance;
let vendor: PayableVendor;
const urlFor = (key: string) => app.deps.storage.url(key);

beforeAll(async () => {
  app = await createTestApp({ now: () => clock });
  vendor = await createPayableVendor(app, 'contract-vendor@example.com');
});
afterAll(() => app.close());

/** The schema takes the value as it is and serializes it to the bytes JSON.stringify gives. */
function expectExactFit(schema: z.ZodType, value: unknown) {
  const parsed = schema.safeParse(value);
  expect(parsed.error).toBeUndefined();
  expect(JSON.stringify(schema.encode(value))).toBe(JSON.stringify(value));
}

async function rowsOf(client: TestClient) {
  const [row] = await app.deps.db
    .select({ session: sessions, user: users })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.csrfToken, client.csrf!));
  return row!;
}

/** The session's answer built by the service, checked against the schema and against the route. */
async function expectSessionAnswer(client: TestClient) {
  const { session, user } = await rowsOf(client);
  const payload = await sessionPayload(app.deps.db, user, session, urlFor, clock);
  expectExactFit(sessionResponseSchema, payload);
  const res = await client.session();
  expect(res.statusCode).toBe(200);
  expect(res.body).toBe(JSON.stringify(payload));
  return payload;
}

const nineOn = (day: number) => new Date(Date.UTC(2026, 10, day, 16, 0, 0)).toISOString();

describe('GET/POST/DELETE /api/session', () => {
  it("a guest's session with a booking and saved answers", async () => {
    const guest = new TestClient(app);
    await guest.session();
    const sqft = String(inputOf(vendor.inputs, 'SQFT').id);
    await guest.request({
      method: 'PUT',
      url: '/api/session/guest_inputs',
      payload: { userInputs: { [sqft]: '2000' } },
    });
    await guest.request({
      method: 'POST',
      url: '/api/bookings',
      payload: {
        booking: { vendorId: vendor.vendorId, answers: houseAnswers(vendor), customerNotes: 'Gate' },
      },
    });
    const payload = await expectSessionAnswer(guest);
    expect(payload.bookings).toHaveLength(1);
    expect(Object.keys(payload.guestInputs)).toContain(sqft);
  });

  it("a customer's session with an order, an open booking and addresses; sign-in and sign-out answer it too", async () => {
    const client = new TestClient(app);
    await client.session();
    const signUp = await client.request({
      method: 'POST',
      url: '/api/users',
      payload: signUpPayload({ email: 'contract-customer@example.com' }),
    });
    expect(signUp.statusCode).toBe(201);
    const booking = await scheduledBooking(client, vendor, nineOn(25));
    expect((await payFor(client, booking.id)).json().status).toBe('succeeded');
    await client.request({
      method: 'POST',
      url: '/api/bookings',
      payload: { booking: { vendorId: vendor.vendorId, answers: houseAnswers(vendor) } },
    });
    const payload = await expectSessionAnswer(client);
    expect(payload.orders).toHaveLength(1);
    expect(payload.bookings).toHaveLength(1);
    expect(payload.addresses).toHaveLength(1);

    const again = new TestClient(app);
    const signIn = await again.signIn('contract-customer@example.com', 'Password123!');
    expect(signIn.statusCode).toBe(200);
    const { session, user } = await rowsOf(again);
    expect(signIn.body).toBe(JSON.stringify(await sessionPayload(app.deps.db, user, session, urlFor, clock)));

    const out = await again.request({ method: 'DELETE', url: '/api/session' });
    const guest = await rowsOf(again);
    expect(out.body).toBe(
      JSON.stringify(await sessionPayload(app.deps.db, null, guest.session, urlFor, clock)),
    );
  });

  it("a vendor's session with its vendor as the owner sees it", async () => {
    const client = new TestClient(app);
    expect((await client.signIn('contract-vendor@example.com', 'Password123!')).statusCode).toBe(200);
    const payload = await expectSessionAnswer(client);
    expect(payload.vendor?.payoutDestination).toEqual({ last4: '6789', bankName: 'STG Credit Union' });
  });
});

describe('account answers', () => {
  it('sign-up, profile, address and password change answer what the presenters build', async () => {
    const client = new TestClient(app);
    await client.session();
    const signUp = await client.request({
      method: 'POST',
      url: '/api/users',
      payload: signUpPayload({ email: 'contract-account@example.com' }),
    });
    const userId = signUp.json().user.id as number;
    const [userRow] = await app.deps.db.select().from(users).where(eq(users.id, userId));
    const [addressRow] = await app.deps.db.select().from(addresses).where(eq(addresses.userId, userId));
    const built = { user: presentUser(userRow!), addresses: [presentAddress(addressRow!)] };
    expectExactFit(signUpResponseSchema, built);
    expect(signUp.body).toBe(JSON.stringify(built));

    const profile = await client.request({
      method: 'PATCH',
      url: `/api/users/${userId}`,
      payload: {
        user: {
          id: userId,
          firstName: 'Cass',
          lastName: 'Rivera',
          email: 'contract-account@example.com',
          phoneNumber: '4355551234',
        },
      },
    });
    const [updated] = await app.deps.db.select().from(users).where(eq(users.id, userId));
    expectExactFit(userResponseSchema, { user: presentUser(updated!) });
    expect(profile.body).toBe(JSON.stringify({ user: presentUser(updated!) }));

    const address = await client.request({
      method: 'PATCH',
      url: `/api/addresses/${addressRow!.id}`,
      payload: {
        address: {
          streetAddress: '9 Elm',
          street_address_2: '',
          city: 'St George',
          state: 'UT',
          zipCode: '84790',
        },
      },
    });
    const [addressAfter] = await app.deps.db.select().from(addresses).where(eq(addresses.id, addressRow!.id));
    const builtAddress = {
      address: presentAddress(addressAfter!, await listAddressInputs(app.deps.db, addressRow!.id)),
    };
    expectExactFit(addressResponseSchema, builtAddress);
    expect(address.body).toBe(JSON.stringify(builtAddress));

    const password = await client.request({
      method: 'PATCH',
      url: `/api/users/${userId}/update_password`,
      payload: {
        userId,
        password: 'Password123!',
        newPassword: 'Another-Pass-2',
        newPasswordConfirmation: 'Another-Pass-2',
      },
    });
    expect(password.statusCode).toBe(200);
    const [afterPassword] = await app.deps.db.select().from(users).where(eq(users.id, userId));
    expect(password.body).toBe(JSON.stringify({ user: presentUser(afterPassword!) }));
  });

  it('forgot and reset answer what their schemas say', async () => {
    const client = new TestClient(app);
    await client.session();
    const forgot = await client.request({
      method: 'POST',
      url: '/api/password/forgot',
      payload: { email: 'contract-vendor@example.com' },
    });
    expectExactFit(messageResponseSchema, forgot.json());
    expect(forgot.body).toBe(JSON.stringify(forgot.json()));

    const [vendorUser] = await app.deps.db.select().from(users).where(eq(users.id, vendor.userId));
    const detail = await loadVendorDetail(app.deps.db, vendor.vendorId);
    expectExactFit(resetPasswordResponseSchema, {
      user: presentUser(vendorUser!),
      vendor: presentVendor(detail!, urlFor, { owner: true }),
    });
    expectExactFit(resetPasswordResponseSchema, { user: presentUser(vendorUser!), vendor: null });
  });

  it('4xx answers are the errors shape', async () => {
    const client = new TestClient(app);
    const wrong = await client.signIn('contract-vendor@example.com', 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    // The request's id beside the messages (ADR 0039), the same as its X-Request-Id header.
    expect(wrong.body).toBe(
      JSON.stringify({ errors: ['Invalid email or password'], requestId: wrong.headers['x-request-id'] }),
    );
  });
});

describe('the OpenAPI document', () => {
  it('shows the answers of the session and account routes', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const answer = (path: string, method: string, status: string) =>
      doc.paths[path][method].responses[status]?.content?.['application/json']?.schema;
    expect(answer('/api/session', 'get', '200').properties).toHaveProperty('bookings');
    expect(answer('/api/session', 'post', '200').properties).toHaveProperty('user');
    expect(answer('/api/session', 'post', '401').properties).toHaveProperty('errors');
    expect(answer('/api/session', 'delete', '200').properties).toHaveProperty('guestInputs');
    expect(answer('/api/users', 'post', '201').properties).toHaveProperty('addresses');
    expect(answer('/api/users/{id}', 'patch', '200').properties).toHaveProperty('user');
    expect(answer('/api/users/{userId}/update_password', 'patch', '200').properties).toHaveProperty('user');
    expect(answer('/api/addresses/{id}', 'patch', '200').properties).toHaveProperty('address');
    expect(answer('/api/password/forgot', 'post', '200').properties).toHaveProperty('message');
    expect(answer('/api/password/reset', 'post', '200').properties).toHaveProperty('vendor');
  });
});
