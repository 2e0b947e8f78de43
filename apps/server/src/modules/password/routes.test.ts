/** Forgot and reset password (spec §7): POST /api/password/forgot and POST /api/password/reset. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { passwordResetTokens, users, vendors } from '../../db/schema';
import { sha256 } from '../../http/tokens';
import { createTestApp, outbox, signUpPayload, TestClient } from '../../../test/test-app';

let app: FastifyInstance;
let clock = new Date('2025-06-02T16:00:00Z');
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
const HOUR = 3_600_000;

async function signUp(email: string) {
  const client = new TestClient(app);
  await client.session();
  const res = await client.request({
    method: 'POST',
    url: '/api/users',
    payload: signUpPayload({ email, phoneNumber: '4355551234' }),
  });
  expect(res.statusCode).toBe(201);
  return { client, id: res.json().user.id as number };
}

async function forgot(email: string) {
  const client = new TestClient(app);
  await client.session();
  return client.request({ method: 'POST', url: '/api/password/forgot', payload: { email } });
}

async function reset(client: TestClient, token: string, password = 'BrandNew-Pass-1') {
  if (!client.csrf) await client.session();
  return client.request({
    method: 'POST',
    url: '/api/password/reset',
    payload: { token, password, passwordConfirmation: password },
  });
}

/** Mails to `to`, newest first. */
const mailsTo = async (to: string) => (await outbox(app)).filter((m) => m.to === to);
const tokenOf = (text: string) => {
  const match = /http:\/\/localhost:3000\/password\/reset\?token=([\w-]+)/.exec(text);
  expect(match).not.toBeNull();
  return match![1]!;
};

beforeAll(async () => {
  app = await createTestApp({ now: () => clock });
});
afterAll(() => app.close());

describe('POST /api/password/forgot', () => {
  it('answers the same for a known and an unknown email, and mails only the known one', async () => {
    await signUp('known@example.com');
    const known = await forgot('Known@Example.com');
    const unknown = await forgot('nobody@example.com');
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({
      message: 'If an account exists for that email, we have sent a link to reset your password.',
    });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());

    const mails = await mailsTo('known@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Reset your Servo password');
    expect(mails[0]!.html).toContain('href="http://localhost:3000/password/reset?token=');
    expect(mails[0]!.sentAt).not.toBeNull();
    expect(await mailsTo('nobody@example.com')).toHaveLength(0);

    // Only the token's hash is stored.
    const token = tokenOf(mails[0]!.text);
    const rows = await app.deps.db.select().from(passwordResetTokens);
    expect(rows.map((r) => r.tokenHash)).toEqual([sha256(token)]);
    expect(rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()).toBe(HOUR);
  });

  it('requires a valid email, with the spec messages', async () => {
    const blank = await forgot('');
    expect(blank.statusCode).toBe(422);
    expect(blank.json()).toMatchObject({ errors: ['Email address is required.'] });
    const invalid = await forgot('not-an-email');
    expect(invalid.json()).toMatchObject({ errors: ['Please enter a valid email address.'] });
  });

  it('sends at most 3 mails per account per hour, answering the same', async () => {
    await signUp('limit@example.com');
    for (let i = 0; i < 5; i++) {
      const res = await forgot('limit@example.com');
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toMatch(/^If an account exists/);
    }
    expect(await mailsTo('limit@example.com')).toHaveLength(3);
    advance(HOUR + 1000);
    await forgot('limit@example.com');
    expect(await mailsTo('limit@example.com')).toHaveLength(4);
  });

  it('refuses a call without the CSRF header', async () => {
    const client = new TestClient(app);
    await client.session();
    const res = await client.request({
      method: 'POST',
      url: '/api/password/forgot',
      payload: { email: 'known@example.com' },
      csrf: false,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('POST /api/password/reset', () => {
  it("resets with the mailed link's token, signs the user in and ends the old sessions", async () => {
    const { client: oldSession, id } = await signUp('reset@example.com');
    const other = new TestClient(app);
    expect((await other.signIn('reset@example.com', 'Password123!')).statusCode).toBe(200);

    await forgot('reset@example.com');
    const [mail] = await mailsTo('reset@example.com');
    const token = tokenOf(mail!.text);

    const browser = new TestClient(app);
    await browser.session();
    const guestCookie = browser.cookie;
    const guestCsrf = browser.csrf;
    const res = await reset(browser, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user: expect.objectContaining({ id, email: 'reset@example.com', userType: 'customer', vendorId: null }),
      vendor: null,
    });
    expect(browser.cookie).not.toBe(guestCookie);
    expect(browser.csrf).not.toBe(guestCsrf);

    // The new session works, and its CSRF token too.
    expect((await browser.session()).json().user.id).toBe(id);
    const patch = await browser.request({
      method: 'PATCH',
      url: `/api/users/${id}`,
      payload: {
        user: { firstName: 'Reset', lastName: 'User', email: 'reset@example.com', phoneNumber: '4355551234' },
      },
    });
    expect(patch.statusCode).toBe(200);
    // Every earlier session has ended.
    expect((await oldSession.session()).json().user).toBeNull();
    expect((await other.session()).json().user).toBeNull();

    expect((await new TestClient(app).signIn('reset@example.com', 'Password123!')).statusCode).toBe(401);
    expect((await new TestClient(app).signIn('reset@example.com', 'BrandNew-Pass-1')).statusCode).toBe(200);
  });

  it('refuses a token used once already', async () => {
    await signUp('twice@example.com');
    await forgot('twice@example.com');
    const token = tokenOf((await mailsTo('twice@example.com'))[0]!.text);
    expect((await reset(new TestClient(app), token)).statusCode).toBe(200);
    const again = await reset(new TestClient(app), token, 'Another-Pass-2');
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ errors: ['This password reset link is invalid or has expired.'] });
    expect((await new TestClient(app).signIn('twice@example.com', 'BrandNew-Pass-1')).statusCode).toBe(200);
  });

  it('refuses an expired token, an unknown one and a superseded one', async () => {
    await signUp('expired@example.com');
    await forgot('expired@example.com');
    const first = tokenOf((await mailsTo('expired@example.com'))[0]!.text);
    advance(30 * 60_000);
    await forgot('expired@example.com');
    const second = tokenOf((await mailsTo('expired@example.com'))[0]!.text);
    expect(second).not.toBe(first);

    const superseded = await reset(new TestClient(app), first);
    expect(superseded.statusCode).toBe(422);
    expect((await reset(new TestClient(app), 'made-up-token')).json()).toMatchObject({
      errors: ['This password reset link is invalid or has expired.'],
    });

    advance(HOUR + 1);
    const expired = await reset(new TestClient(app), second);
    expect(expired.statusCode).toBe(422);
    expect(expired.json()).toMatchObject({ errors: ['This password reset link is invalid or has expired.'] });
    expect((await new TestClient(app).signIn('expired@example.com', 'Password123!')).statusCode).toBe(200);
  });

  it('checks the new password and its confirmation with the spec messages', async () => {
    const client = new TestClient(app);
    await client.session();
    const mismatch = await client.request({
      method: 'POST',
      url: '/api/password/reset',
      payload: { token: 'whatever', password: 'BrandNew-Pass-1', passwordConfirmation: 'BrandNew-Pass-2' },
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json()).toMatchObject({
      errors: ['Confirm Password field must be the same as the Password field.'],
    });
    const missing = await client.request({
      method: 'POST',
      url: '/api/password/reset',
      payload: { password: '', passwordConfirmation: '' },
    });
    expect(missing.json()).toMatchObject({
      errors: ['This password reset link is invalid or has expired.', 'Password is required.'],
    });
  });

  it("answers a vendor's reset with the vendor", async () => {
    const { id } = await signUp('vendor-owner@example.com');
    const { db } = app.deps;
    const [vendor] = await db
      .insert(vendors)
      .values({
        name: 'Bug Busters',
        category: 'pest_control',
        phoneNumber: '4355558888',
        email: 'bugs@example.com',
      })
      .returning();
    await db.update(users).set({ userType: 'vendor', vendorId: vendor!.id }).where(eq(users.id, id));
    await forgot('vendor-owner@example.com');
    const token = tokenOf((await mailsTo('vendor-owner@example.com'))[0]!.text);
    const res = await reset(new TestClient(app), token);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ userType: 'vendor', vendorId: vendor!.id });
    expect(res.json().vendor).toMatchObject({
      id: vendor!.id,
      name: 'Bug Busters',
      listingStatus: 'awaiting_submission',
    });
  });
});
