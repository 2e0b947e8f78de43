/**
 * Issue 14, findings 2, 3, 5, 7 and 8, and the request rate limits: password guesses are counted before
 * they are checked, atomically (a burst cannot exceed the limit), per address and account pair with a
 * backoff for the account instead of a lock-out; every "confirm with your password" action counts; sign-up
 * and the other abusable routes are limited; the counts live in the database, shared by instances.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { tooManyLoginsMessage, tooManyMessage, tooManyPasswordAttemptsMessage } from '@stg/domain/validation';
import { MemoryStorage } from '../src/adapters/storage/local-storage';
import { buildApp } from '../src/app';
import { wrapPostgres } from '../src/db/client';
import { trustedDevices, vendorCalendars } from '../src/db/schema';
import { sha256 } from '../src/http/tokens';
import { RATE_LIMITED_ROUTES } from '../src/http/rate-limit';
import { PASSWORD_THROTTLE } from '../src/modules/auth/login-throttle';
import {
  MAX_TRUSTED_DEVICES,
  pruneTrustedDevices,
  TRUSTED_DEVICE_DAYS,
} from '../src/modules/auth/trusted-devices';
import { createPricedVendor } from './pricing-fixtures';
import { createTestApp, signUpPayload, TestClient } from './test-app';
import { createTestDatabase } from './test-db';

const PASSWORD = 'Password123!';
let now = new Date('2026-11-23T17:00:00Z');
const advance = (ms: number) => (now = new Date(now.getTime() + ms));

/** A browser at a given address (the app trusts X-Forwarded-For in these tests). */
class From extends TestClient {
  constructor(
    app: FastifyInstance,
    readonly ip: string,
  ) {
    super(app);
  }
  override request(opts: Parameters<TestClient['request']>[0]) {
    return super.request({ ...opts, headers: { ...(opts.headers as object), 'x-forwarded-for': this.ip } });
  }
}

const statuses = (responses: { statusCode: number }[]) =>
  responses.reduce<Record<number, number>>(
    (m, r) => ({ ...m, [r.statusCode]: (m[r.statusCode] ?? 0) + 1 }),
    {},
  );

let app: FastifyInstance;
beforeAll(async () => {
  // Real limits (scale 1), a clock the tests move, and addresses from X-Forwarded-For.
  app = await createTestApp({ now: () => now, trustProxy: true, rateLimitScale: 1 });
});
afterAll(async () => {
  await app.close();
});

let accounts = 0;
async function customer(ip = '198.51.100.200') {
  accounts += 1;
  const email = `owner${accounts}@example.com`;
  const client = new From(app, ip);
  await client.session();
  const res = await client.request({
    method: 'POST',
    url: '/api/users',
    payload: signUpPayload({ email, phoneNumber: `43555${String(10000 + accounts).slice(-5)}` }),
  });
  expect(res.statusCode).toBe(201);
  // Each sign-up is a new hour, so the sign-up limit of one address never interferes here.
  advance(3_600_000);
  return { email, id: res.json().user.id as number, client };
}

describe('sign-in throttle', () => {
  it('checks at most 5 passwords of a burst of 20 simultaneous wrong guesses (finding 2)', async () => {
    const { email } = await customer();
    const attacker = new From(app, '203.0.113.10');
    await attacker.session();
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        attacker.request({
          method: 'POST',
          url: '/api/session',
          payload: { user: { email, password: `guess-${i}-xyz` } },
        }),
      ),
    );
    expect(statuses(burst)).toEqual({ 401: 5, 429: 15 });
    // Each refusal names the wait its Retry-After gives.
    for (const refused of burst.filter((r) => r.statusCode === 429)) {
      const wait = Number(refused.headers['retry-after']);
      expect(wait).toBeGreaterThan(0);
      expect(refused.json().errors).toEqual([tooManyLoginsMessage(wait)]);
    }
    // The right password from that address waits too.
    expect((await attacker.signIn(email, PASSWORD)).statusCode).toBe(429);
  });

  it('does not lock the owner out from another address: a short backoff, then in (finding 7)', async () => {
    const { email } = await customer();
    const attacker = new From(app, '203.0.113.20');
    for (let i = 0; i < 5; i++) expect((await attacker.signIn(email, `nope-${i}-abc`)).statusCode).toBe(401);
    expect((await attacker.signIn(email, `nope-5-abc`)).statusCode).toBe(429);

    const owner = new From(app, '198.51.100.7');
    const waiting = await owner.signIn(email, PASSWORD);
    expect(waiting.statusCode).toBe(429);
    expect(waiting.headers['retry-after']).toBe('1');
    expect(waiting.json().errors).toEqual(['Too many sign-in attempts. Please wait 1 second and try again.']);
    advance(1_000);
    const signedIn = await owner.signIn(email, PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.email).toBe(email);
    // The guesser's address stays refused for that account until its window ends…
    expect((await attacker.signIn(email, PASSWORD)).statusCode).toBe(429);
    advance(PASSWORD_THROTTLE.perPair.windowMs);
    // …and may then try again.
    expect((await attacker.signIn(email, PASSWORD)).statusCode).toBe(200);
  });

  it('slows guesses from many addresses down exponentially, up to a minute apart', async () => {
    const { email } = await customer();
    const waits: number[] = [];
    for (let i = 0; i < 12; i++) {
      const guesser = new From(app, `203.0.113.${100 + i}`);
      let res = await guesser.signIn(email, `wrong-${i}-abc`);
      if (res.statusCode === 429) {
        const wait = Number(res.headers['retry-after']);
        waits.push(wait);
        advance(wait * 1000);
        res = await guesser.signIn(email, `wrong-${i}-abc`);
      }
      expect(res.statusCode).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60]);
    // The owner waits at most that minute, never 15.
    const owner = new From(app, '198.51.100.8');
    const res = await owner.signIn(email, PASSWORD);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
    advance(60_000);
    expect((await owner.signIn(email, PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a 260-character email as invalid credentials without a 500 (finding 3)', async () => {
    const client = new From(app, '203.0.113.30');
    await client.session();
    const long = `${'a'.repeat(248)}@example.com`;
    expect(long.length).toBe(260);
    const res = await client.signIn(long, PASSWORD);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ errors: ['Invalid email or password'] });
    const huge = await client.signIn('casey@example.com', 'x'.repeat(100_000));
    expect(huge.statusCode).toBe(422);
    expect(huge.json()).toMatchObject({ errors: ['Invalid email or password'] });
  });
});

describe('password confirmations count as sign-in attempts', () => {
  it('a burst of wrong current passwords in a password change checks at most 5 (finding 2)', async () => {
    const { id, client } = await customer('198.51.100.30');
    const burst = await Promise.all(
      Array.from({ length: 12 }, () =>
        client.request({
          method: 'PATCH',
          url: `/api/users/${id}/update_password`,
          payload: {
            password: 'WrongPass123!',
            newPassword: 'NewPassword456!',
            newPasswordConfirmation: 'NewPassword456!',
          },
        }),
      ),
    );
    expect(statuses(burst)).toEqual({ 422: 5, 429: 7 });
    // Each refusal names what was throttled, a password, not a sign-in (issue 23 #20).
    for (const refused of burst.filter((r) => r.statusCode === 429))
      expect(refused.json().errors).toEqual([
        tooManyPasswordAttemptsMessage(Number(refused.headers['retry-after'])),
      ]);
  });

  it('the calendar disconnect password is throttled and counted with sign-ins (finding 5)', async () => {
    const email = 'calendar-owner@example.com';
    const { vendorId } = await createPricedVendor(app, { email });
    const [calendar] = await app.deps.db
      .insert(vendorCalendars)
      .values({ vendorId, apiIntegrated: true, integrationType: 'ics', icsUrl: 'sealed-address' })
      .returning();
    const vendor = new From(app, '198.51.100.40');
    await vendor.signIn(email, PASSWORD);
    const disconnect = (password: string) =>
      vendor.request({
        method: 'DELETE',
        url: `/api/vendor_calendars/${calendar!.id}`,
        payload: { password },
      });
    for (let i = 0; i < 5; i++) {
      const res = await disconnect(`guess-${i}-abc`);
      expect(res.statusCode).toBe(422);
    }
    const sixth = await disconnect(PASSWORD);
    expect(sixth.statusCode).toBe(429);
    // The address and account pair's window: 15 minutes.
    expect(sixth.headers['retry-after']).toBe('900');
    // It names what was throttled: a password asked again, not a sign-in (issue 23 #20).
    expect(sixth.json().errors).toEqual([
      'Too many password attempts. Please wait 15 minutes and try again.',
    ]);
    // Counted as failed sign-ins: signing in again from this browser (a trusted device: its own count) waits.
    expect((await vendor.signIn(email, PASSWORD)).statusCode).toBe(429);
    const [still] = await app.deps.db
      .select()
      .from(vendorCalendars)
      .where(eq(vendorCalendars.id, calendar!.id));
    expect(still).toMatchObject({ apiIntegrated: true, integrationType: 'ics' });
  });

  it('deactivating and renaming a listing name password attempts when throttled (issue 23 #20)', async () => {
    const email = 'deactivate-owner@example.com';
    const { vendorId } = await createPricedVendor(app, { email });
    const vendor = new From(app, '198.51.100.41');
    expect((await vendor.signIn(email, PASSWORD)).statusCode).toBe(200);
    const patch = (vendorPatch: object, password: string) =>
      vendor.request({
        method: 'PATCH',
        url: `/api/vendors/${vendorId}`,
        payload: { vendor: vendorPatch, password },
      });
    for (let i = 0; i < 5; i++)
      expect((await patch({ listingStatus: 'inactive' }, `guess-${i}-abc`)).statusCode).toBe(422);
    for (const refused of [
      await patch({ listingStatus: 'inactive' }, PASSWORD),
      await patch({ name: 'Another Name' }, PASSWORD),
    ]) {
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('900');
      expect(refused.json().errors).toEqual([
        'Too many password attempts. Please wait 15 minutes and try again.',
      ]);
    }
  });
});

describe('trusted devices (issue 23 #21)', () => {
  const OFFICE = '198.51.100.120';
  const changePassword = (client: TestClient, id: number, password: string) =>
    client.request({
      method: 'PATCH',
      url: `/api/users/${id}/update_password`,
      payload: { password, newPassword: 'NewPassword456!', newPasswordConfirmation: 'NewPassword456!' },
    });
  /** Five wrong guesses and more from the owner's address, each 401 then 429. */
  async function guessFrom(ip: string, email: string, tries: number, device?: string) {
    const attacker = new From(app, ip);
    if (device) attacker.device = device;
    const answers: number[] = [];
    for (let i = 0; i < tries; i++) answers.push((await attacker.signIn(email, `guess-${i}-xyz`)).statusCode);
    return answers;
  }

  it('a sign-in sets an httpOnly device cookie whose token is kept only as a hash with the account', async () => {
    const { email, id } = await customer(OFFICE);
    const owner = new From(app, OFFICE);
    const res = await owner.signIn(email, PASSWORD);
    expect(res.statusCode).toBe(200);
    const set = [res.headers['set-cookie']].flat().find((c) => c?.startsWith('stg_device='));
    expect(set).toMatch(/HttpOnly/);
    expect(set).toMatch(/SameSite=Lax/);
    const token = owner.device!.slice('stg_device='.length);
    expect(token).toMatch(/^[\w-]{43}$/);
    const rows = await app.deps.db.select().from(trustedDevices).where(eq(trustedDevices.userId, id));
    // The sign-up's browser and this one.
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r.tokenHash)).toContain(sha256(token));
    expect(rows.map((r) => r.tokenHash)).not.toContain(token);
    // Signing in again from the same browser keeps its token.
    await owner.signIn(email, PASSWORD);
    expect(owner.device).toBe(`stg_device=${token}`);
  });

  it('the browser that signed up is trusted too', async () => {
    const { email, id, client } = await customer(OFFICE);
    expect(client.device).toMatch(/^stg_device=/);
    expect(await guessFrom(OFFICE, email, 6)).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await changePassword(client, id, PASSWORD)).statusCode).toBe(200);
  });

  it("guessers behind the owner's address cannot lock out the owner's trusted device; they are throttled", async () => {
    const { email, id } = await customer(OFFICE);
    const owner = new From(app, OFFICE);
    expect((await owner.signIn(email, PASSWORD)).statusCode).toBe(200);

    // Someone else behind the office's address guesses: five wrong, then refused for 15 minutes.
    expect(await guessFrom(OFFICE, email, 8)).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    // A browser of the office without the cookie is refused too (the address is locked for the account)…
    expect((await new From(app, OFFICE).signIn(email, PASSWORD)).statusCode).toBe(429);
    // …but the owner's trusted browser signs in and confirms its password at once.
    const again = await owner.signIn(email, PASSWORD);
    expect(again.statusCode).toBe(200);
    expect(again.json().user.email).toBe(email);
    expect((await changePassword(owner, id, PASSWORD)).statusCode).toBe(200);
    // The guessers are still refused.
    expect(await guessFrom(OFFICE, email, 1)).toEqual([429]);
  });

  it('guesses from many addresses do not slow the trusted device down either', async () => {
    const { email } = await customer(OFFICE);
    const owner = new From(app, OFFICE);
    expect((await owner.signIn(email, PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 8; i++) await guessFrom(`203.0.113.${150 + i}`, email, 1);
    // The account's backoff holds for browsers the account does not know…
    expect((await new From(app, '198.51.100.121').signIn(email, PASSWORD)).statusCode).toBe(429);
    // …not for its trusted device.
    expect((await owner.signIn(email, PASSWORD)).statusCode).toBe(200);
  });

  it('a forged device cookie, or a genuine one of another account, gives nothing', async () => {
    // The attacker has an account of their own, signed in from elsewhere: a real device cookie.
    const mine = await customer('203.0.113.170');
    const { email } = await customer(OFFICE);
    const attacker = new From(app, '203.0.113.170');
    expect((await attacker.signIn(mine.email, PASSWORD)).statusCode).toBe(200);
    expect(attacker.device).toMatch(/^stg_device=/);

    const forged = `stg_device=${'A'.repeat(43)}`;
    expect(await guessFrom(OFFICE, email, 7, forged)).toEqual([401, 401, 401, 401, 401, 429, 429]);
    // From the owner's address it is locked out like any browser; elsewhere it waits like any other.
    expect(await guessFrom(OFFICE, email, 2, attacker.device!)).toEqual([429, 429]);
    expect(await guessFrom('203.0.113.171', email, 1, attacker.device!)).toEqual([429]);
  });

  it('a trusted device has its own limit: a stolen cookie gets 5 guesses per 15 minutes', async () => {
    const { email } = await customer(OFFICE);
    const owner = new From(app, OFFICE);
    expect((await owner.signIn(email, PASSWORD)).statusCode).toBe(200);
    // The thief uses the cookie from anywhere.
    const thief = await guessFrom('203.0.113.180', email, 7, owner.device!);
    expect(thief).toEqual([401, 401, 401, 401, 401, 429, 429]);
    const again = new From(app, '203.0.113.181');
    again.device = owner.device;
    const res = await again.signIn(email, PASSWORD);
    expect(res.statusCode).toBe(429);
    expect(res.json().errors).toEqual([tooManyLoginsMessage(Number(res.headers['retry-after']))]);
    advance(PASSWORD_THROTTLE.perDevice.windowMs);
    expect((await owner.signIn(email, PASSWORD)).statusCode).toBe(200);
  });

  it("a password change forgets the account's other trusted devices", async () => {
    const { email, id } = await customer(OFFICE);
    const laptop = new From(app, OFFICE);
    const phone = new From(app, '203.0.113.190');
    expect((await laptop.signIn(email, PASSWORD)).statusCode).toBe(200);
    expect((await phone.signIn(email, PASSWORD)).statusCode).toBe(200);
    // The sign-up's browser, the laptop and the phone.
    expect(await app.deps.db.$count(trustedDevices, eq(trustedDevices.userId, id))).toBe(3);
    expect((await changePassword(laptop, id, PASSWORD)).statusCode).toBe(200);
    const rows = await app.deps.db.select().from(trustedDevices).where(eq(trustedDevices.userId, id));
    expect(rows.map((r) => r.tokenHash)).toEqual([sha256(laptop.device!.slice('stg_device='.length))]);
  });

  it("keeps an account's newest devices only, and their trust runs out", async () => {
    const { email, id } = await customer(OFFICE);
    const count = () => app.deps.db.$count(trustedDevices, eq(trustedDevices.userId, id));
    const browsers: From[] = [];
    for (let i = 0; i <= MAX_TRUSTED_DEVICES; i++) {
      const browser = new From(app, `203.0.113.${200 + (i % 5)}`);
      expect((await browser.signIn(email, PASSWORD)).statusCode).toBe(200);
      browsers.push(browser);
      advance(1_000);
    }
    expect(await count()).toBe(MAX_TRUSTED_DEVICES);
    // The first browser was dropped: it is throttled like any other on its (now locked) address.
    const first = browsers[0]!;
    expect(await guessFrom('203.0.113.200', email, 6)).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await first.signIn(email, PASSWORD)).statusCode).toBe(429);
    // Trust runs out after its days without a sign-in, and maintenance removes it.
    advance(TRUSTED_DEVICE_DAYS * 86_400_000);
    await pruneTrustedDevices(app.deps.db, now);
    expect(await count()).toBe(0);
  });
});

describe('request rate limits', () => {
  it('limits sign-ups per address, customers and vendors together (finding 8)', async () => {
    advance(3_600_000);
    const results: number[] = [];
    for (let i = 0; i < 12; i++) {
      const client = new From(app, '203.0.113.50');
      await client.session();
      const res = await client.request({
        method: 'POST',
        url: '/api/users',
        payload: signUpPayload({
          email: `burst${i}@example.com`,
          phoneNumber: `43566${String(10000 + i).slice(-5)}`,
        }),
      });
      results.push(res.statusCode);
    }
    expect(results).toEqual([...Array(10).fill(201), 429, 429]);
    const vendorTry = new From(app, '203.0.113.50');
    await vendorTry.session();
    const refused = await vendorTry.request({ method: 'POST', url: '/api/vendors', payload: {} });
    expect(refused.statusCode).toBe(429);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(3000);
    expect(refused.json()).toMatchObject({ errors: [tooManyMessage('signUp', wait)] });
    // Another address is not affected; an hour later this one may sign up again.
    const other = new From(app, '203.0.113.51');
    await other.session();
    expect(
      (
        await other.request({
          method: 'POST',
          url: '/api/users',
          payload: signUpPayload({ email: 'other-addr@example.com', phoneNumber: '4357770001' }),
        })
      ).statusCode,
    ).toBe(201);
    advance(3_600_000);
    const later = new From(app, '203.0.113.50');
    await later.session();
    expect(
      (
        await later.request({
          method: 'POST',
          url: '/api/users',
          payload: signUpPayload({ email: 'later@example.com', phoneNumber: '4357770002' }),
        })
      ).statusCode,
    ).toBe(201);
  });

  it('limits a burst of simultaneous requests exactly (create-payment-intent)', async () => {
    const client = new From(app, '203.0.113.60');
    await client.session();
    const burst = await Promise.all(
      Array.from({ length: 40 }, () =>
        client.request({ method: 'POST', url: '/api/payments/create-payment-intent', payload: {} }),
      ),
    );
    const counts = statuses(burst);
    expect(counts[429]).toBe(10);
    expect(Object.keys(counts).some((s) => Number(s) >= 500)).toBe(false);
  });

  it('counts a signed-in customer per address, then per account, in one statement: a request refused for its address spends nothing of the account (issue 27)', async () => {
    const intent = (c: From) =>
      c.request({ method: 'POST', url: '/api/payments/create-payment-intent', payload: {} });
    const first = await customer('203.0.113.80');
    const second = await customer('203.0.113.80');
    // The first spends the address's 30 (and their own) in one burst: exactly 30 pass.
    const burst = await Promise.all(Array.from({ length: 35 }, () => intent(first.client)));
    expect(statuses(burst)[429]).toBe(5);
    // The second, at the same address, is refused for the address, and their own count is not touched...
    const refused = await Promise.all(Array.from({ length: 5 }, () => intent(second.client)));
    expect(statuses(refused)).toEqual({ 429: 5 });
    // ...so from another address they have all 30 of theirs.
    Object.assign(second.client, { ip: '203.0.113.81' });
    const elsewhere = await Promise.all(Array.from({ length: 31 }, () => intent(second.client)));
    expect(statuses(elsewhere)[429]).toBe(1);
  });

  it('every 429 of every limited route says when to retry, in Retry-After and in words (issue 23 #19)', async () => {
    // A valid message for the contact form, so that its own 5-an-hour limit answers the first 429s.
    const bodies: Record<string, object> = {
      'POST /api/contact': {
        message: { name: 'Jo Ames', email: 'jo@example.com', subject: 'Hello', message: 'A question.' },
      },
    };
    let address = 0;
    for (const [route, policies] of Object.entries(RATE_LIMITED_ROUTES)) {
      const [method, path] = route.split(' ') as [string, string];
      const client = new From(app, `192.0.2.${(address += 1)}`);
      await client.session();
      const refusals = [];
      const tries = Math.max(...policies.map((p) => p.limit)) + 2;
      for (let i = 0; i < tries; i++) {
        const res = await client.request({
          method,
          url: path.replace(':id', '1'),
          ...(policies.some((p) => p.applies)
            ? { headers: { 'content-type': 'multipart/form-data; boundary=x' }, payload: '--x--\r\n' }
            : { payload: bodies[route] ?? {} }),
        });
        if (res.statusCode === 429) refusals.push(res);
      }
      expect(refusals.length, route).toBeGreaterThan(0);
      for (const refused of refusals) {
        const wait = Number(refused.headers['retry-after']);
        expect(wait, `${route} Retry-After`).toBeGreaterThan(0);
        const [message] = refused.json().errors;
        expect(message, route).toMatch(/^Too many .+\. Please wait \d+ (second|minute)s? and try again\.$/);
        expect(
          policies.map((p) => tooManyMessage(p.action, wait)),
          route,
        ).toContain(message);
      }
    }
  });

  it('names only routes that exist', () => {
    const registered = new Set(app.routeTable.map((r) => `${r.method} ${r.url}`));
    for (const route of Object.keys(RATE_LIMITED_ROUTES)) expect(registered, route).toContain(route);
  });
});

describe('across instances', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(async () => {
    const database = await createTestDatabase();
    const second = database.url ? wrapPostgres(database.url, 2) : { ...database, close: async () => {} };
    const storage = new MemoryStorage();
    a = await buildApp({ database, storage, trustProxy: true });
    b = await buildApp({ database: second, storage, trustProxy: true });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('counts requests to both instances together', async () => {
    const forgot = (instance: FastifyInstance) => {
      const client = new From(instance, '203.0.113.70');
      return client.session().then(() =>
        client.request({
          method: 'POST',
          url: '/api/password/forgot',
          payload: { email: 'x@example.com' },
        }),
      );
    };
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => forgot(i % 2 ? a : b)));
    expect(statuses(answers)).toEqual({ 200: 10, 429: 2 });
  });
});
