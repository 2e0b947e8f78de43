/** The booking flow's pricing step (spec §4, §7): POST/PUT /api/bookings, the session's bookings. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { answersFromSelections, durationMinutes, quotePrice } from '@stg/domain/pricing';
import { bookings, userInputs, vendors } from '../../db/schema';
import { createTestApp, outbox, signUpPayload, TestClient } from '../../../test/test-app';
import { createPricedVendor, inputOf } from '../../../test/pricing-fixtures';
import type { PricingInputJson } from '../pricing/presenter';

let app: FastifyInstance;
let vendor: Awaited<ReturnType<typeof createPricedVendor>>;
let otherVendor: Awaited<ReturnType<typeof createPricedVendor>>;

beforeAll(async () => {
  app = await createTestApp();
  vendor = await createPricedVendor(app, { email: 'sparkle@example.com' });
  otherVendor = await createPricedVendor(app, { email: 'bugs@example.com', category: 'pest_control' });
});
afterAll(() => app.close());

/** Answers for the house-cleaning questions: valueStrings by input id. */
function answers(inputs: PricingInputJson[], values: Record<string, string>) {
  return Object.fromEntries(
    Object.entries(values).map(([alias, v]) => [String(inputOf(inputs, alias).id), v]),
  );
}
const houseAnswers = (over: Record<string, string> = {}) =>
  answers(vendor.inputs, { BEDROOMS: '3', BATHROOMS: '2', SQFT: '1800', CONDITION: '1', ...over });

/** What the server must charge: the domain engine on the same answers. */
function expectedQuote(a: Record<string, string>, minPriceCents = 3500) {
  const { priceCents } = quotePrice({
    formula: vendor.formula,
    minPriceCents,
    answers: answersFromSelections(vendor.inputs, a),
  });
  return { price: priceCents / 100, duration: durationMinutes(priceCents, 3500) };
}

async function guest() {
  const client = new TestClient(app);
  await client.session();
  return client;
}

let customers = 0;
async function customer() {
  const client = await guest();
  customers += 1;
  const res = await client.request({
    method: 'POST',
    url: '/api/users',
    payload: signUpPayload({ email: `c${customers}@example.com`, phoneNumber: '4355551234' }),
  });
  expect(res.statusCode).toBe(201);
  return { client, user: res.json().user, address: res.json().addresses[0] };
}

const post = (client: TestClient, booking: Record<string, unknown>) =>
  client.request({ method: 'POST', url: '/api/bookings', payload: { booking } });
const put = (client: TestClient, id: number, booking: Record<string, unknown>) =>
  client.request({ method: 'PUT', url: `/api/bookings/${id}`, payload: { booking } });

describe('POST /api/bookings', () => {
  it("prices on the server and ignores a client's price and duration", async () => {
    const client = await guest();
    const a = houseAnswers({ CONDITION: '1.3' });
    const res = await post(client, {
      vendorId: vendor.vendorId,
      answers: a,
      price: 1,
      duration: 1,
      priceCents: 100,
      status: 'paid',
      customerNotes: '  Gate code 1234 ',
    });
    expect(res.statusCode).toBe(201);
    const { booking } = res.json();
    const expected = expectedQuote(a);
    expect(expected.price).toBeGreaterThan(35);
    expect(booking).toMatchObject({
      vendorId: vendor.vendorId,
      userId: null,
      addressId: null,
      status: 'priced',
      price: expected.price,
      duration: expected.duration,
      appointmentAt: null,
      answers: a,
      customerNotes: 'Gate code 1234',
      optionsSnapshot: {
        Bedrooms: '3 bedrooms',
        Bathrooms: '2 bathrooms',
        'Home size (sq ft)': '1800',
        'Home condition': 'Needs extra attention',
      },
    });
    expect(booking.createdAt).toEqual(expect.any(String));
  });

  it('never charges less than the minimum price', async () => {
    const client = await guest();
    const a = houseAnswers({ BEDROOMS: '1', BATHROOMS: '1', SQFT: '500' });
    await app.deps.db.update(vendors).set({ minPriceCents: 20000 }).where(eq(vendors.id, vendor.vendorId));
    try {
      const res = await post(client, { vendorId: vendor.vendorId, answers: a });
      expect(res.json().booking.price).toBe(200);
      expect(res.json().booking.duration).toBe(durationMinutes(20000, 3500));
    } finally {
      await app.deps.db.update(vendors).set({ minPriceCents: 3500 }).where(eq(vendors.id, vendor.vendorId));
    }
  });

  it('updates the same booking when the caller prices the same vendor again', async () => {
    const client = await guest();
    const first = await post(client, { vendorId: vendor.vendorId, answers: houseAnswers() });
    expect(first.statusCode).toBe(201);
    const a = houseAnswers({ BEDROOMS: '5' });
    const second = await post(client, { vendorId: vendor.vendorId, answers: a });
    expect(second.statusCode).toBe(200);
    expect(second.json().booking.id).toBe(first.json().booking.id);
    expect(second.json().booking.price).toBe(expectedQuote(a).price);
    // Notes left out stay as they were; another vendor gets its own booking.
    const other = await post(client, {
      vendorId: otherVendor.vendorId,
      answers: answers(otherVendor.inputs, { PLAN: '99', SQFT: '2000', STORIES: '1' }),
    });
    expect(other.statusCode).toBe(201);
    const session = (await client.session()).json();
    expect(session.bookings.map((b: { id: number }) => b.id)).toEqual([
      other.json().booking.id,
      first.json().booking.id,
    ]);
  });

  it('snaps a range answer to its step and takes a choice by its value', async () => {
    const client = await guest();
    const res = await post(client, {
      vendorId: vendor.vendorId,
      answers: houseAnswers({ SQFT: '1820', BATHROOMS: '2.0' }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().booking.answers).toEqual(houseAnswers({ SQFT: '1800', BATHROOMS: '2' }));
  });

  it('refuses missing and unfitting answers with 422', async () => {
    const client = await guest();
    const missing = houseAnswers();
    delete missing[String(inputOf(vendor.inputs, 'SQFT').id)];
    const res = await post(client, { vendorId: vendor.vendorId, answers: missing });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ errors: ['Please answer every question.'] });
    const none = await post(client, { vendorId: vendor.vendorId });
    expect(none.statusCode).toBe(422);
    expect(none.json()).toMatchObject({ errors: ['Please answer every question.'] });
    const notChoice = await post(client, {
      vendorId: vendor.vendorId,
      answers: houseAnswers({ BEDROOMS: '9' }),
    });
    expect(notChoice.statusCode).toBe(422);
    expect(notChoice.json()).toMatchObject({ errors: ['That answer is not one of the choices.'] });
    const outside = await post(client, {
      vendorId: vendor.vendorId,
      answers: houseAnswers({ SQFT: '99999' }),
    });
    expect(outside.json()).toMatchObject({ errors: ['That answer is outside the allowed range.'] });
    const notes = await post(client, {
      vendorId: vendor.vendorId,
      answers: houseAnswers(),
      customerNotes: 'x'.repeat(1001),
    });
    expect(notes.statusCode).toBe(422);
    expect((await client.session()).json().bookings).toEqual([]);
  });

  it('answers 404 for an unknown or inactive vendor', async () => {
    const client = await guest();
    const hidden = await createPricedVendor(app, {
      email: 'hidden@example.com',
      listingStatus: 'under_review',
    });
    for (const vendorId of [999999, 'abc', hidden.vendorId]) {
      const res = await post(client, { vendorId, answers: {} });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ errors: ['Vendor not found'] });
    }
  });

  it('needs the CSRF token', async () => {
    const client = await guest();
    const res = await client.request({
      method: 'POST',
      url: '/api/bookings',
      payload: { booking: { vendorId: vendor.vendorId, answers: houseAnswers() } },
      csrf: false,
    });
    expect(res.statusCode).toBe(403);
  });

  it('books a signed-in customer at their current address and saves the answers there', async () => {
    const { client, user, address } = await customer();
    const a = houseAnswers({ BEDROOMS: '2' });
    const res = await post(client, { vendorId: vendor.vendorId, answers: a });
    expect(res.statusCode).toBe(201);
    expect(res.json().booking).toMatchObject({ userId: user.id, addressId: address.id });
    const session = (await client.session()).json();
    expect(session.bookings).toHaveLength(1);
    expect(session.guestInputs).toEqual({});
    expect(session.addresses[0].userInputs).toEqual(
      Object.fromEntries(Object.entries(a).map(([id, valueString]) => [id, { valueString }])),
    );
  });
});

describe('PUT /api/bookings/:id', () => {
  it('re-prices with new answers for its owner, ignoring a sent price', async () => {
    const client = await guest();
    const created = (await post(client, { vendorId: vendor.vendorId, answers: houseAnswers() })).json()
      .booking;
    const a = houseAnswers({ CONDITION: '1.7' });
    const res = await put(client, created.id, { answers: a, price: 0.5, customerNotes: 'Dog inside' });
    expect(res.statusCode).toBe(200);
    expect(res.json().booking).toMatchObject({
      id: created.id,
      price: expectedQuote(a).price,
      duration: expectedQuote(a).duration,
      customerNotes: 'Dog inside',
    });
    // Notes alone keep the answers.
    const notes = await put(client, created.id, { customerNotes: null });
    expect(notes.json().booking).toMatchObject({ answers: a, customerNotes: null });
  });

  it('is 404 to another guest, another user and for unknown ids', async () => {
    const owner = await guest();
    const created = (await post(owner, { vendorId: vendor.vendorId, answers: houseAnswers() })).json()
      .booking;
    const stranger = await guest();
    const { client: user } = await customer();
    for (const client of [stranger, user]) {
      const res = await put(client, created.id, { answers: houseAnswers({ BEDROOMS: '6' }) });
      expect(res.statusCode).toBe(404);
      expect((await client.session()).json().bookings).toEqual([]);
    }
    expect((await put(owner, 999999, { customerNotes: 'x' })).statusCode).toBe(404);
    expect((await put(owner, Number.NaN, { customerNotes: 'x' })).statusCode).toBe(404);
    const [row] = await app.deps.db.select().from(bookings).where(eq(bookings.id, created.id));
    expect(row!.answers).toEqual(houseAnswers());
  });

  it('refuses appointment times outside 1900–2999 with 422, not 500 (issue 14, finding 4)', async () => {
    const client = await guest();
    const created = (await post(client, { vendorId: vendor.vendorId, answers: houseAnswers() })).json()
      .booking;
    for (const appointmentAt of [
      '0000-01-01T00:00:00Z',
      '0001-01-01T00:00:00Z',
      '9999-12-31T23:59:59Z',
      '+010000-01-01T00:00:00Z',
      '-000001-01-01T00:00:00Z',
    ]) {
      const res = await put(client, created.id, { appointmentAt });
      expect({ appointmentAt, status: res.statusCode, body: res.json() }).toMatchObject({
        appointmentAt,
        status: 422,
        body: { errors: ['Please choose a valid appointment time.'] },
      });
    }
  });

  it("protects a user's booking from others, and refuses a paid one", async () => {
    const { client: owner, user } = await customer();
    const created = (await post(owner, { vendorId: vendor.vendorId, answers: houseAnswers() })).json()
      .booking;
    const { client: other } = await customer();
    expect((await put(other, created.id, { customerNotes: 'mine now' })).statusCode).toBe(404);
    expect((await put(await guest(), created.id, { customerNotes: 'mine now' })).statusCode).toBe(404);
    // Nor can they read it.
    const theirs = await other.request({ method: 'GET', url: `/api/user/${user.id}/bookings` });
    expect(theirs.statusCode).toBe(403);
    await app.deps.db.update(bookings).set({ status: 'paid' }).where(eq(bookings.id, created.id));
    const paid = await put(owner, created.id, { customerNotes: 'late change' });
    expect(paid.statusCode).toBe(422);
    expect(paid.json()).toMatchObject({ errors: ['This booking can no longer be changed.'] });
    // A paid booking is not in progress: pricing again starts a new one.
    const again = await post(owner, { vendorId: vendor.vendorId, answers: houseAnswers() });
    expect(again.statusCode).toBe(201);
  });

  it('sends a scheduled booking back to priced when its duration changes', async () => {
    const client = await guest();
    const created = (await post(client, { vendorId: vendor.vendorId, answers: houseAnswers() })).json()
      .booking;
    const at = new Date('2030-01-07T17:00:00Z');
    await app.deps.db
      .update(bookings)
      .set({ status: 'scheduled', appointmentAt: at })
      .where(eq(bookings.id, created.id));
    const same = await put(client, created.id, { customerNotes: 'same answers' });
    expect(same.json().booking).toMatchObject({ status: 'scheduled', appointmentAt: at.toISOString() });
    const longer = await post(client, {
      vendorId: vendor.vendorId,
      answers: houseAnswers({ BEDROOMS: '6' }),
    });
    expect(longer.statusCode).toBe(200);
    expect(longer.json().booking).toMatchObject({ id: created.id, status: 'priced', appointmentAt: null });
  });
});

describe('GET /api/user/:id/bookings', () => {
  it("lists the user's own bookings; 401 signed out", async () => {
    const { client, user } = await customer();
    const created = (await post(client, { vendorId: vendor.vendorId, answers: houseAnswers() })).json()
      .booking;
    const res = await client.request({ method: 'GET', url: `/api/user/${user.id}/bookings` });
    expect(res.statusCode).toBe(200);
    expect(res.json().bookings.map((b: { id: number }) => b.id)).toEqual([created.id]);
    const signedOut = await (await guest()).request({ method: 'GET', url: `/api/user/${user.id}/bookings` });
    expect(signedOut.statusCode).toBe(401);
  });
});

describe('answers', () => {
  it('keeps a guest’s answers in the session (PUT /api/session/guest_inputs)', async () => {
    const client = await guest();
    const sqft = String(inputOf(vendor.inputs, 'SQFT').id);
    const beds = String(inputOf(vendor.inputs, 'BEDROOMS').id);
    const first = await client.request({
      method: 'PUT',
      url: '/api/session/guest_inputs',
      payload: { userInputs: { [sqft]: '2000' } },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ guestInputs: { [sqft]: '2000' } });
    const second = await client.request({
      method: 'PUT',
      url: '/api/session/guest_inputs',
      payload: { userInputs: { [beds]: 4 } },
    });
    expect(second.json()).toEqual({ guestInputs: { [sqft]: '2000', [beds]: '4' } });
    const bad = await client.request({
      method: 'PUT',
      url: '/api/session/guest_inputs',
      payload: { userInputs: { [beds]: '12' } },
    });
    expect(bad.statusCode).toBe(422);
    expect((await client.session()).json().guestInputs).toEqual({ [sqft]: '2000', [beds]: '4' });
  });

  it('saves answers on the user’s own address only (POST /api/addresses/:id/user_inputs)', async () => {
    const { client, address } = await customer();
    const { client: other, address: otherAddress } = await customer();
    const beds = String(inputOf(vendor.inputs, 'BEDROOMS').id);
    const cond = String(inputOf(vendor.inputs, 'CONDITION').id);
    const save = (c: TestClient, id: number, userInputs: Record<string, unknown>) =>
      c.request({ method: 'POST', url: `/api/addresses/${id}/user_inputs`, payload: { userInputs } });
    expect((await save(client, address.id, { [beds]: '2' })).json()).toEqual({
      userInputs: { [beds]: { valueString: '2' } },
    });
    const merged = await save(client, address.id, { [cond]: '1.30' });
    expect(merged.statusCode).toBe(200);
    expect(merged.json()).toEqual({
      userInputs: { [beds]: { valueString: '2' }, [cond]: { valueString: '1.3' } },
    });
    const foreign = await save(client, otherAddress.id, { [beds]: '1' });
    expect(foreign.statusCode).toBe(404);
    const rows = await app.deps.db.select().from(userInputs).where(eq(userInputs.addressId, otherAddress.id));
    expect(rows).toEqual([]);
    const invalid = await save(client, address.id, { [cond]: '2' });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json()).toMatchObject({ errors: ['That answer is not one of the choices.'] });
    expect((await save(client, address.id, { '999999': '1' })).statusCode).toBe(422);
    expect((await save(await guest(), address.id, { [beds]: '1' })).statusCode).toBe(401);
    expect(other).toBeDefined();
  });
});

describe('a guest signing up or in', () => {
  it('brings their booking and answers to the new account on sign-up', async () => {
    const client = await guest();
    const a = houseAnswers({ BEDROOMS: '4' });
    const created = (await post(client, { vendorId: vendor.vendorId, answers: a })).json().booking;
    const before = (await client.session()).json();
    expect(before.bookings.map((b: { id: number }) => b.id)).toEqual([created.id]);
    expect(before.guestInputs).toEqual(a);
    const res = await client.request({
      method: 'POST',
      url: '/api/users',
      payload: signUpPayload({ email: 'newguest@example.com' }),
    });
    expect(res.statusCode).toBe(201);
    const { user, addresses } = res.json();
    const after = (await client.session()).json();
    expect(after.bookings).toHaveLength(1);
    expect(after.bookings[0]).toMatchObject({ id: created.id, userId: user.id, addressId: addresses[0].id });
    expect(after.guestInputs).toEqual({});
    expect(after.addresses[0].userInputs[String(inputOf(vendor.inputs, 'BEDROOMS').id)]).toEqual({
      valueString: '4',
    });
    // The booking is now the user's: they can change it.
    expect((await put(client, created.id, { customerNotes: 'now mine' })).statusCode).toBe(200);
  });

  it('brings them to an existing account on sign-in, replacing its older quote with that vendor', async () => {
    const { client: earlier, user } = await customer();
    const old = (await post(earlier, { vendorId: vendor.vendorId, answers: houseAnswers() })).json().booking;
    const client = await guest();
    const a = houseAnswers({ BATHROOMS: '3' });
    const created = (await post(client, { vendorId: vendor.vendorId, answers: a })).json().booking;
    const res = await client.signIn(user.email, 'Password123!');
    expect(res.statusCode).toBe(200);
    expect(res.json().bookings.map((b: { id: number }) => b.id)).toEqual([created.id]);
    expect(res.json().bookings[0]).toMatchObject({ userId: user.id, addressId: user.currentAddressId });
    expect(res.json().addresses[0].userInputs[String(inputOf(vendor.inputs, 'BATHROOMS').id)]).toEqual({
      valueString: '3',
    });
    const [gone] = await app.deps.db.select().from(bookings).where(eq(bookings.id, old.id));
    expect(gone).toBeUndefined();
  });

  it('brings them along on a password reset too', async () => {
    const { user } = await customer();
    const signedOut = await guest();
    await signedOut.request({ method: 'POST', url: '/api/password/forgot', payload: { email: user.email } });
    const mail = (await outbox(app)).find((m) => m.to === user.email)!;
    const token = /token=([\w-]+)/.exec(mail.text)![1]!;
    const created = (await post(signedOut, { vendorId: vendor.vendorId, answers: houseAnswers() })).json()
      .booking;
    const res = await signedOut.request({
      method: 'POST',
      url: '/api/password/reset',
      payload: { token, password: 'BrandNew-Pass-1', passwordConfirmation: 'BrandNew-Pass-1' },
    });
    expect(res.statusCode).toBe(200);
    const session = (await signedOut.session()).json();
    expect(session.bookings.map((b: { id: number }) => b.id)).toEqual([created.id]);
    expect(session.bookings[0].userId).toBe(user.id);
  });
});
