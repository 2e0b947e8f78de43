/** Vendor pricing (spec §2 Pricing Preferences, §5, §7): min price, formula, revert, questions. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { vendors } from '../../db/schema';
import { createTestApp, signUpPayload, TestClient } from '../../../test/test-app';
import { createPricedVendor, inputOf } from '../../../test/pricing-fixtures';
import { listVendorInputs } from './repo';
import { presentPricingInput, type PricingInputJson } from './presenter';

let app: FastifyInstance;
let owner: TestClient;
let rival: TestClient;
let vendor: Awaited<ReturnType<typeof createPricedVendor>>;

beforeAll(async () => {
  app = await createTestApp();
  vendor = await createPricedVendor(app, { email: 'owner@example.com' });
  await createPricedVendor(app, { email: 'rival@example.com', category: 'window_cleaning' });
  owner = new TestClient(app);
  expect((await owner.signIn('owner@example.com', 'Password123!')).statusCode).toBe(200);
  rival = new TestClient(app);
  expect((await rival.signIn('rival@example.com', 'Password123!')).statusCode).toBe(200);
});
afterAll(() => app.close());

const patch = (client: TestClient, body: Record<string, unknown>, id = vendor.vendorId) =>
  client.request({ method: 'PATCH', url: `/api/vendors/${id}`, payload: { vendor: body } });
const revert = (client: TestClient, id = vendor.vendorId) =>
  client.request({ method: 'POST', url: `/api/vendors/${id}/revert_formula` });
const saveQuestions = (client: TestClient, questions: unknown[], id = vendor.vendorId) =>
  client.request({
    method: 'PATCH',
    url: `/api/vendors/${id}/update_pricing_input_options`,
    payload: { pricing_input_options: questions },
  });
const vendorRow = async () =>
  (await app.deps.db.select().from(vendors).where(eq(vendors.id, vendor.vendorId)))[0]!;
const questions = async (): Promise<PricingInputJson[]> =>
  (await listVendorInputs(app.deps.db, vendor.vendorId)).map(presentPricingInput);

describe('who may change pricing', () => {
  it('refuses another vendor (403), a customer (403) and a signed-out caller (401), changing nothing', async () => {
    const before = await vendorRow();
    const beforeQuestions = await questions();
    const customer = new TestClient(app);
    await customer.session();
    await customer.request({ method: 'POST', url: '/api/users', payload: signUpPayload() });
    const guest = new TestClient(app);
    await guest.session();
    for (const [client, status] of [
      [rival, 403],
      [customer, 403],
      [guest, 401],
    ] as const) {
      expect(
        (await patch(client, { minPrice: 99, pricingFormula: '1', stagedFormula: 'x' })).statusCode,
      ).toBe(status);
      expect((await revert(client)).statusCode).toBe(status);
      expect((await saveQuestions(client, [])).statusCode).toBe(status);
    }
    expect(await vendorRow()).toEqual(before);
    expect(await questions()).toEqual(beforeQuestions);
  });
});

describe('PATCH /api/vendors/:id', () => {
  it('saves the minimum price in steps of 0.50', async () => {
    const bad = await patch(owner, { minPrice: 35.25 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ errors: ['Min price must be in steps of 0.50'] });
    expect((await patch(owner, { minPrice: -1 })).statusCode).toBe(422);
    expect((await patch(owner, { minPrice: 10_000.5 })).statusCode).toBe(422);
    expect((await patch(owner, { minPrice: '40' })).statusCode).toBe(422);
    const ok = await patch(owner, { minPrice: 42.5 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id: vendor.vendorId, minPrice: 42.5, hasPreviousFormula: false });
    expect((await vendorRow()).minPriceCents).toBe(4250);
  });

  it('refuses a formula with a typo, with the position', async () => {
    const res = await patch(owner, { pricingFormula: '40 + * BEDROOMS' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ errors: ['Unexpected "*" at position 5'] });
    expect((await vendorRow()).pricingFormula).toBe(vendor.formula);
  });

  it('refuses a formula with an unknown variable', async () => {
    const res = await patch(owner, { pricingFormula: '40 + BEDROOMS * 15 + BEDROOM' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ errors: ['Unknown variable "BEDROOM" at position 21'] });
  });

  it('refuses everything when one field is wrong', async () => {
    const res = await patch(owner, { minPrice: 50, pricingFormula: '(' });
    expect(res.statusCode).toBe(422);
    expect((await vendorRow()).minPriceCents).toBe(4250);
  });

  it('keeps an unvalidated draft, saves a valid formula keeping the previous one, and reverts', async () => {
    const draft = await patch(owner, { stagedFormula: '40 + * oops' });
    expect(draft.statusCode).toBe(200);
    expect(draft.json()).toMatchObject({ stagedFormula: '40 + * oops', pricingFormula: vendor.formula });

    const formula = '50 + bedrooms * 20 + BATHROOMS * 12 + SQFT * 0.03 * CONDITION';
    const saved = await patch(owner, { pricingFormula: formula });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      pricingFormula: formula,
      stagedFormula: null,
      hasPreviousFormula: true,
    });
    expect(await vendorRow()).toMatchObject({ pricingFormula: formula, previousFormula: vendor.formula });

    const reverted = await revert(owner);
    expect(reverted.statusCode).toBe(200);
    expect(reverted.json()).toMatchObject({ pricingFormula: vendor.formula, hasPreviousFormula: true });
    expect(await vendorRow()).toMatchObject({ pricingFormula: vendor.formula, previousFormula: formula });
    // Reverting again swaps back.
    expect((await revert(owner)).json().pricingFormula).toBe(formula);
    expect((await revert(owner)).json().pricingFormula).toBe(vendor.formula);
  });

  it('refuses a draft over 2000 characters, and a revert with no previous save', async () => {
    expect((await patch(owner, { stagedFormula: 'x'.repeat(2001) })).statusCode).toBe(422);
    const fresh = await createPricedVendor(app, { email: 'fresh@example.com' });
    const client = new TestClient(app);
    await client.signIn('fresh@example.com', 'Password123!');
    const res = await revert(client, fresh.vendorId);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ errors: ['There is no previous formula to revert to.'] });
  });

  it('is documented in the OpenAPI document', async () => {
    const paths = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/vendors/{id}/revert_formula',
        '/api/vendors/{id}/update_pricing_input_options',
        '/api/bookings',
        '/api/bookings/{id}',
        '/api/user/{id}/bookings',
        '/api/addresses/{id}/user_inputs',
        '/api/session/guest_inputs',
      ]),
    );
    expect(paths['/api/vendors/{id}'].patch).toBeDefined();
  });
});

describe('PATCH /api/vendors/:id/update_pricing_input_options', () => {
  const asBody = (qs: PricingInputJson[]) => qs.map((q) => ({ ...q }));

  it('answers the rules’ messages and changes nothing', async () => {
    const before = await questions();
    const body = asBody(before);
    body[0] = { ...body[0]!, alias: 'max' };
    const condition = body.findIndex((q) => q.alias === 'CONDITION');
    body[condition] = {
      ...body[condition]!,
      pricingInputOptions: body[condition]!.pricingInputOptions.map((o) => ({ ...o, default: true })),
    };
    const res = await saveQuestions(owner, body);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        'Bedrooms: Alias must start with a capital letter and use only capital letters, digits and _ (like BEDROOMS).',
        'Home condition: Mark exactly one choice as the default.',
      ]),
    );
    expect(await questions()).toEqual(before);
  });

  it('refuses to delete a question the formula uses', async () => {
    const before = await questions();
    const res = await saveQuestions(
      owner,
      before.filter((q) => q.alias !== 'SQFT'),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ errors: ['The formula uses SQFT: change the formula first.'] });
    expect(await questions()).toEqual(before);
  });

  it('refuses ids that are not this vendor’s', async () => {
    const rivalId = (
      await app.deps.db.select().from(vendors).where(eq(vendors.email, 'rival@example.com'))
    )[0]!.id;
    const theirs = (await listVendorInputs(app.deps.db, rivalId)).map(presentPricingInput);
    const res = await saveQuestions(owner, [...(await questions()), { ...theirs[0]!, alias: 'STOLEN' }]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      'A question to update was not found.',
      'A choice to update was not found.',
    ]);
  });

  it('updates, creates, reorders and deletes in one go, keeping ids', async () => {
    // First a formula that does not use CONDITION, so it may go.
    const formula = '40 + BEDROOMS * 15 + BATHROOMS * 12 + SQFT * 0.03';
    expect((await patch(owner, { pricingFormula: formula })).statusCode).toBe(200);
    const before = await questions();
    const beds = inputOf(before, 'BEDROOMS');
    const baths = inputOf(before, 'BATHROOMS');
    const sqft = inputOf(before, 'SQFT');
    const pets = {
      name: 'Pets',
      alias: 'PETS',
      inputType: 'radio',
      recurring: false,
      pricingInputOptions: [
        { name: 'No pets', value: 0, default: true, optionType: null },
        { name: 'Pets', value: 20, default: false, optionType: null },
      ],
    };
    const res = await saveQuestions(owner, [
      { ...sqft, name: 'Square feet' },
      // Bedrooms and bathrooms swap aliases (the formula still has both).
      { ...beds, alias: 'BATHROOMS' },
      {
        ...baths,
        alias: 'BEDROOMS',
        pricingInputOptions: [...baths.pricingInputOptions.slice(1), { name: '5 bathrooms', value: 5 }],
      },
      pets,
    ]);
    expect(res.statusCode).toBe(200);
    const after = res.json().pricingInputs as PricingInputJson[];
    expect(after.map((q) => [q.id, q.alias, q.name])).toEqual([
      [sqft.id, 'SQFT', 'Square feet'],
      [beds.id, 'BATHROOMS', 'Bedrooms'],
      [baths.id, 'BEDROOMS', 'Bathrooms'],
      [expect.any(Number), 'PETS', 'Pets'],
    ]);
    const bathsAfter = after[2]!.pricingInputOptions;
    expect(bathsAfter.map((o) => o.id).slice(0, -1)).toEqual(
      baths.pricingInputOptions.slice(1).map((o) => o.id),
    );
    expect(bathsAfter.at(-1)).toMatchObject({
      name: '5 bathrooms',
      value: 5,
      default: false,
      optionType: null,
    });
    expect(after[3]!.pricingInputOptions.map((o) => o.default)).toEqual([true, false]);
    expect(after.some((q) => q.alias === 'CONDITION')).toBe(false);
    // The owner's GET answers the same.
    const get = await owner.request({ method: 'GET', url: `/api/vendors/${vendor.vendorId}` });
    expect(get.json().pricingInputs).toEqual(after);
  });

  it('may then use the new question in the formula, and a typo in a range is refused', async () => {
    expect(
      (await patch(owner, { pricingFormula: '40 + BEDROOMS * 15 + BATHROOMS * 12 + SQFT * 0.03 + PETS' }))
        .statusCode,
    ).toBe(200);
    const body = await questions();
    const sqft = body.findIndex((q) => q.alias === 'SQFT');
    body[sqft] = {
      ...body[sqft]!,
      pricingInputOptions: body[sqft]!.pricingInputOptions.map((o) =>
        o.optionType === 'step' ? { ...o, value: 0 } : o,
      ),
    };
    const res = await saveQuestions(owner, body);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ errors: ['Square feet: Step must be greater than 0.'] });
  });
});
