import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bookings, sessions, vendors } from '../../db/schema';
import type { FastifyInstance } from 'fastify';
import { createTestApp, signUpPayload, TestClient } from '../../../test/test-app';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
  const client = new TestClient(app);
  await client.session();
  const res = await client.request({ method: 'POST', url: '/api/users', payload: signUpPayload() });
  expect(res.statusCode).toBe(201);
});
afterAll(() => app.close());

describe('GET /api/session', () => {
  it('gives a guest an empty session, a cookie and a CSRF token', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/session' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user: null,
      addresses: [],
      orders: [],
      vendor: null,
      bookings: [],
      guestInputs: {},
    });
    expect(res.headers['x-csrf-token']).toMatch(/^[\w-]{40,}$/);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/stg_session=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
  });

  it('keeps the same token for the same session', async () => {
    const client = new TestClient(app);
    await client.session();
    const first = client.csrf;
    await client.session();
    expect(client.csrf).toBe(first);
  });
});

describe('CSRF', () => {
  it('refuses a non-GET call without the token header', async () => {
    const client = new TestClient(app);
    await client.session();
    const res = await client.request({
      method: 'POST',
      url: '/api/session',
      payload: { user: { email: 'casey@example.com', password: 'Password123!' } },
      csrf: false,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ errors: ['Invalid Authenticity Token'] });
  });

  it('refuses a wrong token, and a call with no session at all', async () => {
    const client = new TestClient(app);
    await client.session();
    client.csrf = 'forged';
    const res = await client.signIn('casey@example.com', 'Password123!');
    expect(res.statusCode).toBe(403);
    const bare = await app.inject({
      method: 'DELETE',
      url: '/api/session',
      headers: { 'x-csrf-token': 'x' },
    });
    expect(bare.statusCode).toBe(403);
    expect(bare.json()).toMatchObject({ errors: ['Invalid Authenticity Token'] });
  });

  it("refuses another session's token", async () => {
    const a = new TestClient(app);
    const b = new TestClient(app);
    await a.session();
    await b.session();
    a.csrf = b.csrf;
    expect((await a.signIn('casey@example.com', 'Password123!')).statusCode).toBe(403);
  });
});

describe('sign in and out', () => {
  it('signs in, rotating the session and token, and the old cookie stops working', async () => {
    const client = new TestClient(app);
    await client.session();
    const guestCookie = client.cookie;
    const guestToken = client.csrf;
    const res = await client.signIn('CASEY@example.com', 'Password123!');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({
      firstName: 'Casey',
      email: 'casey@example.com',
      userType: 'customer',
      vendorId: null,
      serviceCharge: 2.55,
    });
    expect(body.addresses).toHaveLength(1);
    expect(body.addresses[0]).toMatchObject({ streetAddress2: 'Unit 4', zipCode: '84770', default: true });
    expect(body.user).not.toHaveProperty('passwordDigest');
    expect(client.cookie).not.toBe(guestCookie);
    expect(client.csrf).not.toBe(guestToken);

    const old = await app.inject({ method: 'GET', url: '/api/session', headers: { cookie: guestCookie! } });
    expect(old.json().user).toBeNull();

    const again = await client.session();
    expect(again.json().user.email).toBe('casey@example.com');

    const out = await client.request({ method: 'DELETE', url: '/api/session' });
    expect(out.statusCode).toBe(200);
    expect(out.json().user).toBeNull();
    expect((await client.session()).json().user).toBeNull();
  });

  it('answers a wrong password and an unknown email alike', async () => {
    const client = new TestClient(app);
    const wrong = await client.signIn('casey@example.com', 'nope-nope-1');
    const unknown = await client.signIn('nobody@example.com', 'nope-nope-1');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ errors: ['Invalid email or password'] });
    // Alike but for the request id every answer has its own.
    expect(unknown.json().errors).toEqual(wrong.json().errors);
  });

  it('requires email and password with the spec messages', async () => {
    const client = new TestClient(app);
    await client.session();
    const res = await client.request({
      method: 'POST',
      url: '/api/session',
      payload: { user: { email: '', password: '' } },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual(['Email address is required.', 'Password is required.']);
  });

  it('rate-limits sign-in per account', async () => {
    const victim = new TestClient(app);
    await victim.session();
    await victim.request({
      method: 'POST',
      url: '/api/users',
      payload: signUpPayload({ email: 'victim@example.com', phoneNumber: '4355550199' }),
    });
    const attacker = new TestClient(app);
    for (let i = 0; i < 5; i++)
      expect((await attacker.signIn('victim@example.com', `guess-${i}-abc`)).statusCode).toBe(401);
    const blocked = await attacker.signIn('victim@example.com', 'Password123!');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().errors[0]).toMatch(/Too many sign-in attempts/);
  });
});

describe('POST /api/users', () => {
  it('refuses a zip outside the service area, with the message', async () => {
    const client = new TestClient(app);
    await client.session();
    const res = await client.request({
      method: 'POST',
      url: '/api/users',
      payload: signUpPayload({ email: 'zip@example.com' }, { zipCode: '84101' }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual(['Zip code must be one of 84765, 84770, 84780, 84790.']);
  });

  it('reports every invalid field with the spec messages', async () => {
    const client = new TestClient(app);
    await client.session();
    const res = await client.request({
      method: 'POST',
      url: '/api/users',
      payload: signUpPayload({ email: 'bad', phoneNumber: '123', passwordConfirmation: 'other' }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        'Please enter a valid email address.',
        'Please enter a valid 10-digit phone number.',
        'Confirm Password field must be the same as the Password field.',
      ]),
    );
  });

  it('refuses an email already taken, whatever its case', async () => {
    const client = new TestClient(app);
    await client.session();
    const res = await client.request({
      method: 'POST',
      url: '/api/users',
      payload: signUpPayload({ email: 'Casey@Example.com' }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ errors: ['Email has already been taken'] });
  });

  it('signs the new customer in', async () => {
    const client = new TestClient(app);
    await client.session();
    const res = await client.request({
      method: 'POST',
      url: '/api/users',
      payload: signUpPayload({ email: 'new@example.com', firstName: '  Nia ' }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ firstName: 'Nia', userType: 'customer' });
    expect(res.json().user.currentAddressId).toBe(res.json().addresses[0].id);
    expect((await client.session()).json().user.email).toBe('new@example.com');
  });
});

describe('errors', () => {
  it('answers unknown API paths with a JSON 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ errors: ['Not found'] });
  });

  it('answers malformed JSON with a 400 and no stack trace', async () => {
    const client = new TestClient(app);
    await client.session();
    const res = await client.request({
      method: 'POST',
      url: '/api/session',
      payload: '{"user":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveLength(1);
    expect(res.body).not.toMatch(/at .*\.js/);
  });

  it('reports the database in the health check', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  it('serves the OpenAPI document', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining(['/api/session', '/api/users', '/api/vendors/{id}']),
    );
  });
});

describe('a guest ending their session', () => {
  it('signs out a guest who priced a booking, and the booking goes with the session', async () => {
    const [vendor] = await app.deps.db
      .insert(vendors)
      .values({
        name: 'Guest Test Cleaning',
        category: 'house_cleaning',
        phoneNumber: '4355550111',
        email: 'g@example.com',
      })
      .returning();
    const guest = new TestClient(app);
    await guest.session();
    const [row] = await app.deps.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.csrfToken, guest.csrf!));
    await app.deps.db
      .insert(bookings)
      .values({ sessionId: row!.id, vendorId: vendor!.id, priceCents: 4000, durationMins: 60 });
    const res = await guest.request({ method: 'DELETE', url: '/api/session' });
    expect(res.statusCode).toBe(200);
    expect(await app.deps.db.select().from(bookings).where(eq(bookings.sessionId, row!.id))).toHaveLength(0);
  });
});
