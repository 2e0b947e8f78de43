/** Account settings (spec §2, §7): PATCH /api/users/{id}, PATCH /api/addresses/{id}, update_password. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { tooManyPasswordAttemptsMessage } from '@stg/domain/validation';
import { addresses, pricingInputs, userInputs, users, vendors } from '../../db/schema';
import { createTestApp, signUpPayload, TestClient } from '../../../test/test-app';

let app: FastifyInstance;
let casey: TestClient;
let caseyId: number;
let caseyAddressId: number;
let other: TestClient;
let otherId: number;
let otherAddressId: number;
let vendorAddressId: number;

async function signUp(overrides: Record<string, unknown>) {
  const client = new TestClient(app);
  await client.session();
  const res = await client.request({ method: 'POST', url: '/api/users', payload: signUpPayload(overrides) });
  expect(res.statusCode).toBe(201);
  return { client, id: res.json().user.id as number, addressId: res.json().addresses[0].id as number };
}

const profile = (overrides: Record<string, unknown> = {}) => ({
  user: {
    firstName: 'Casey',
    lastName: 'Rivera',
    email: 'casey@example.com',
    phoneNumber: '4355551234',
    ...overrides,
  },
});

const address = (overrides: Record<string, unknown> = {}) => ({
  address: {
    streetAddress: '200 E Tabernacle St',
    street_address_2: 'Apt 9',
    city: 'St George',
    state: 'UT',
    zipCode: '84790',
    ...overrides,
  },
});

const userRow = async (id: number) => (await app.deps.db.select().from(users).where(eq(users.id, id)))[0]!;
const addressRow = async (id: number) =>
  (await app.deps.db.select().from(addresses).where(eq(addresses.id, id)))[0]!;

beforeAll(async () => {
  app = await createTestApp({ now: () => new Date('2025-06-02T16:00:00Z') });
  ({ client: casey, id: caseyId, addressId: caseyAddressId } = await signUp({}));
  ({
    client: other,
    id: otherId,
    addressId: otherAddressId,
  } = await signUp({
    email: 'other@example.com',
    firstName: 'Olive',
    phoneNumber: '4355550000',
  }));
  const { db } = app.deps;
  const [vendor] = await db
    .insert(vendors)
    .values({
      name: 'Sparkle Co',
      category: 'house_cleaning',
      phoneNumber: '4355559999',
      email: 'v@example.com',
    })
    .returning();
  const [vendorAddress] = await db
    .insert(addresses)
    .values({ vendorId: vendor!.id, streetAddress: '1 Business Way', city: 'St George', zipCode: '84770' })
    .returning();
  vendorAddressId = vendorAddress!.id;
  const [input] = await db
    .insert(pricingInputs)
    .values({ vendorId: vendor!.id, name: 'Bedrooms', alias: 'BEDROOMS', inputType: 'range' })
    .returning();
  await db
    .insert(userInputs)
    .values({ addressId: caseyAddressId, pricingInputId: input!.id, valueString: '3' });
});
afterAll(() => app.close());

describe('PATCH /api/users/{id}', () => {
  it("updates the signed-in user's general details, ignoring an id in the payload", async () => {
    const res = await casey.request({
      method: 'PATCH',
      url: `/api/users/${caseyId}`,
      payload: profile({
        id: otherId,
        firstName: ' Casey-Jo ',
        email: 'Casey.Jo@Example.com',
        phoneNumber: ' 4355554321 ',
      }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user: {
        id: caseyId,
        firstName: 'Casey-Jo',
        lastName: 'Rivera',
        email: 'casey.jo@example.com',
        phoneNumber: '4355554321',
        userType: 'customer',
        vendorId: null,
        serviceCharge: 2.55,
        currentAddressId: caseyAddressId,
        operator: false,
      },
    });
    expect((await userRow(otherId)).firstName).toBe('Olive');
    expect((await casey.session()).json().user.email).toBe('casey.jo@example.com');
    // Back to the original for the other tests.
    const back = await casey.request({ method: 'PATCH', url: `/api/users/${caseyId}`, payload: profile() });
    expect(back.statusCode).toBe(200);
  });

  it('keeps the own email in another case', async () => {
    const res = await casey.request({
      method: 'PATCH',
      url: `/api/users/${caseyId}`,
      payload: profile({ email: 'CASEY@example.com' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe('casey@example.com');
  });

  it("refuses another account's email, whatever its case", async () => {
    const res = await casey.request({
      method: 'PATCH',
      url: `/api/users/${caseyId}`,
      payload: profile({ email: 'OTHER@Example.com' }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ errors: ['Email has already been taken'] });
    expect((await userRow(caseyId)).email).toBe('casey@example.com');
  });

  it('reports blank and invalid fields with the spec messages', async () => {
    const blank = await casey.request({
      method: 'PATCH',
      url: `/api/users/${caseyId}`,
      payload: profile({ firstName: ' ', lastName: '', email: '', phoneNumber: '' }),
    });
    expect(blank.statusCode).toBe(422);
    expect(blank.json()).toMatchObject({
      errors: [
        'First name is required.',
        'Last name is required.',
        'Email address is required.',
        'Phone number is required.',
      ],
    });
    const invalid = await casey.request({
      method: 'PATCH',
      url: `/api/users/${caseyId}`,
      payload: profile({ email: 'casey@example', phoneNumber: '435-555-12' }),
    });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json()).toMatchObject({
      errors: ['Please enter a valid email address.', 'Please enter a valid 10-digit phone number.'],
    });
    // Issue 23: limits in plain words, not zod's "Too big: expected string to have <=100 characters".
    const tooLong = await casey.request({
      method: 'PATCH',
      url: `/api/users/${caseyId}`,
      payload: profile({ firstName: 'f'.repeat(101), lastName: 'l'.repeat(150) }),
    });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json()).toMatchObject({
      errors: ['First name must be at most 100 characters.', 'Last name must be at most 100 characters.'],
    });
    const signUp = new TestClient(app);
    await signUp.session();
    const longSignUp = await signUp.request({
      method: 'POST',
      url: '/api/users',
      payload: signUpPayload({ lastName: 'l'.repeat(150) }),
    });
    expect(longSignUp.statusCode).toBe(422);
    expect(longSignUp.json()).toMatchObject({ errors: ['Last name must be at most 100 characters.'] });
  });

  it('refuses to change another user, and changes nothing', async () => {
    const before = await userRow(otherId);
    const res = await casey.request({
      method: 'PATCH',
      url: `/api/users/${otherId}`,
      payload: profile({ email: 'stolen@example.com', firstName: 'Mallory' }),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ errors: ['You are not allowed to do that.'] });
    expect(await userRow(otherId)).toEqual(before);
  });

  it('asks a signed-out visitor to sign in, even with an invalid body', async () => {
    const guest = new TestClient(app);
    await guest.session();
    for (const payload of [profile(), { user: {} }]) {
      const res = await guest.request({ method: 'PATCH', url: `/api/users/${caseyId}`, payload });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ errors: ['You must be signed in to do that.'] });
    }
  });

  it('refuses a call without the CSRF header', async () => {
    const res = await casey.request({
      method: 'PATCH',
      url: `/api/users/${caseyId}`,
      payload: profile({ firstName: 'NoToken' }),
      csrf: false,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ errors: ['Invalid Authenticity Token'] });
    expect((await userRow(caseyId)).firstName).toBe('Casey');
  });

  it('answers a malformed id with 404', async () => {
    const res = await casey.request({ method: 'PATCH', url: '/api/users/abc', payload: profile() });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ errors: ['Not found'] });
  });
});

describe('PATCH /api/addresses/{id}', () => {
  it("updates the user's own address and answers it with its saved answers", async () => {
    const res = await casey.request({
      method: 'PATCH',
      url: `/api/addresses/${caseyAddressId}`,
      payload: address(),
    });
    expect(res.statusCode).toBe(200);
    const [input] = await app.deps.db.select().from(pricingInputs);
    expect(res.json()).toEqual({
      address: {
        id: caseyAddressId,
        streetAddress: '200 E Tabernacle St',
        streetAddress2: 'Apt 9',
        city: 'St George',
        state: 'UT',
        zipCode: '84790',
        default: true,
        userInputs: { [String(input!.id)]: { valueString: '3' } },
      },
    });
    expect(await addressRow(caseyAddressId)).toMatchObject({
      streetAddress: '200 E Tabernacle St',
      zipCode: '84790',
    });
  });

  it('accepts streetAddress2 in camelCase, and clears it when blank', async () => {
    const camel = await casey.request({
      method: 'PATCH',
      url: `/api/addresses/${caseyAddressId}`,
      payload: address({ street_address_2: undefined, streetAddress2: 'Suite 2' }),
    });
    expect(camel.json().address.streetAddress2).toBe('Suite 2');
    const cleared = await casey.request({
      method: 'PATCH',
      url: `/api/addresses/${caseyAddressId}`,
      payload: address({ street_address_2: '' }),
    });
    expect(cleared.json().address.streetAddress2).toBeNull();
  });

  it('reports the spec messages', async () => {
    const zip = await casey.request({
      method: 'PATCH',
      url: `/api/addresses/${caseyAddressId}`,
      payload: address({ zipCode: '84101' }),
    });
    expect(zip.statusCode).toBe(422);
    expect(zip.json()).toMatchObject({ errors: ['Zip code must be one of 84765, 84770, 84780, 84790.'] });
    const blank = await casey.request({
      method: 'PATCH',
      url: `/api/addresses/${caseyAddressId}`,
      payload: address({ streetAddress: ' ', city: '', zipCode: '', state: 'NV' }),
    });
    expect(blank.statusCode).toBe(422);
    expect(blank.json()).toMatchObject({
      errors: [
        'Street address is required.',
        'City is required.',
        'State must be UT.',
        'Zip code is required.',
      ],
    });
  });

  it("does not reveal or change another user's address or a vendor's business address", async () => {
    const before = await addressRow(otherAddressId);
    const vendorBefore = await addressRow(vendorAddressId);
    for (const id of [otherAddressId, vendorAddressId, 999_999]) {
      const res = await casey.request({ method: 'PATCH', url: `/api/addresses/${id}`, payload: address() });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ errors: ['Not found'] });
    }
    expect(await addressRow(otherAddressId)).toEqual(before);
    expect(await addressRow(vendorAddressId)).toEqual(vendorBefore);
    const malformed = await casey.request({ method: 'PATCH', url: '/api/addresses/1e3', payload: address() });
    expect(malformed.statusCode).toBe(404);
  });

  it('asks a signed-out visitor to sign in, and refuses a call without the CSRF header', async () => {
    const guest = new TestClient(app);
    await guest.session();
    const res = await guest.request({
      method: 'PATCH',
      url: `/api/addresses/${caseyAddressId}`,
      payload: address(),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ errors: ['You must be signed in to do that.'] });
    const noCsrf = await casey.request({
      method: 'PATCH',
      url: `/api/addresses/${caseyAddressId}`,
      payload: address({ city: 'Hurricane' }),
      csrf: false,
    });
    expect(noCsrf.statusCode).toBe(403);
    expect((await addressRow(caseyAddressId)).city).toBe('St George');
  });
});

describe('PATCH /api/users/{userId}/update_password', () => {
  const change = (client: TestClient, userId: number, body: Record<string, unknown>) =>
    client.request({ method: 'PATCH', url: `/api/users/${userId}/update_password`, payload: body });

  it('refuses a wrong current password, with the message', async () => {
    const res = await change(casey, caseyId, {
      password: 'WrongPass123!',
      newPassword: 'NewPassword456!',
      newPasswordConfirmation: 'NewPassword456!',
      userId: caseyId,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ errors: ['Current password is incorrect.'] });
  });

  it('requires the three fields, a strong password and a matching confirmation', async () => {
    const blank = await change(casey, caseyId, {
      password: '',
      newPassword: '',
      newPasswordConfirmation: '',
    });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors).toEqual(['Current password is required.', 'Password is required.']);
    const mismatch = await change(casey, caseyId, {
      password: 'Password123!',
      newPassword: 'NewPassword456!',
      newPasswordConfirmation: 'NewPassword457!',
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json()).toMatchObject({
      errors: ['Confirm Password field must be the same as the Password field.'],
    });
    const weak = await change(casey, caseyId, {
      password: 'Password123!',
      newPassword: 'short',
      newPasswordConfirmation: 'short',
    });
    expect(weak.json().errors).toEqual([
      'Password must be at least 10 characters.',
      'Password must contain at least 1 number or special character.',
    ]);
  });

  it("refuses to change another user's password", async () => {
    const before = await userRow(otherId);
    const res = await change(casey, otherId, {
      password: 'Password123!',
      newPassword: 'NewPassword456!',
      newPasswordConfirmation: 'NewPassword456!',
      userId: otherId,
    });
    expect(res.statusCode).toBe(403);
    expect((await userRow(otherId)).passwordDigest).toBe(before.passwordDigest);
    const guest = new TestClient(app);
    await guest.session();
    expect((await change(guest, caseyId, {})).statusCode).toBe(401);
  });

  it('changes the password, ends the other sessions and keeps this one', async () => {
    const elsewhere = new TestClient(app);
    expect((await elsewhere.signIn('casey@example.com', 'Password123!')).statusCode).toBe(200);
    const res = await change(casey, caseyId, {
      password: 'Password123!',
      newPassword: 'NewPassword456!',
      newPasswordConfirmation: 'NewPassword456!',
      userId: caseyId,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: caseyId, email: 'casey@example.com' });
    expect(res.json().user).not.toHaveProperty('passwordDigest');
    expect((await userRow(caseyId)).passwordDigest).toMatch(/^\$argon2id\$/);

    expect((await elsewhere.session()).json().user).toBeNull();
    expect((await casey.session()).json().user.id).toBe(caseyId);
    // The other user's sessions are untouched.
    expect((await other.session()).json().user.id).toBe(otherId);

    const old = new TestClient(app);
    expect((await old.signIn('casey@example.com', 'Password123!')).statusCode).toBe(401);
    const fresh = new TestClient(app);
    expect((await fresh.signIn('casey@example.com', 'NewPassword456!')).statusCode).toBe(200);
  });

  it('throttles wrong current passwords like sign-in, naming a password attempt (issue 23 #20)', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await change(other, otherId, {
        password: `guess-${i}-wrong`,
        newPassword: 'NewPassword456!',
        newPasswordConfirmation: 'NewPassword456!',
      });
      expect(res.statusCode).toBe(422);
    }
    const blocked = await change(other, otherId, {
      password: 'Password123!',
      newPassword: 'NewPassword456!',
      newPasswordConfirmation: 'NewPassword456!',
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({
      errors: [tooManyPasswordAttemptsMessage(Number(blocked.headers['retry-after']))],
    });
    // Counted with sign-ins: this browser (a trusted device since its sign-up, counted on its own) waits.
    expect((await other.signIn('other@example.com', 'Password123!')).statusCode).toBe(429);
  });
});

describe('OpenAPI', () => {
  it('documents the account, password and contact endpoints', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = res.json().paths;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/users/{id}',
        '/api/users/{userId}/update_password',
        '/api/addresses/{id}',
        '/api/password/forgot',
        '/api/password/reset',
        '/api/contact',
      ]),
    );
    expect(paths['/api/password/reset'].post.tags).toEqual(['password']);
    expect(paths['/api/contact'].post.summary).toMatch(/support/);
  });
});
