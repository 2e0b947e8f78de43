/**
 * ADR 0037, step 1: a vendor's plan offers through the API. A new vendor starts from its category's
 * defaults; its users replace the whole set (validated, each frequency once, whole discounts 0-50); the
 * public vendor read answers them and is never stale after a change; nobody else may change them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { planOffersResponseSchema } from '@stg/domain/api/plan-offers';
import { vendorSchema } from '@stg/domain/api/vendors';
import { PLAN_FREQUENCIES, PLAN_MESSAGES, sortPlanOffers } from '@stg/domain/plans';
import { vendorPlanOffers } from '../../db/schema';
import { createPricedVendor } from '../../../test/pricing-fixtures';
import { replaceVendorPlanOffers } from './service';
import { createTestApp, TestClient } from '../../../test/test-app';

let app: FastifyInstance;
let vendorId: number;
let owner: TestClient;
const PASSWORD = 'Password123!';

beforeAll(async () => {
  app = await createTestApp({ now: () => new Date('2026-11-27T17:00:00Z') });
  vendorId = (await createPricedVendor(app, { email: 'plans-owner@example.com' })).vendorId;
  owner = new TestClient(app);
  expect((await owner.signIn('plans-owner@example.com', PASSWORD)).statusCode).toBe(200);
}, 60_000);
afterAll(() => app.close());

const put = (client: TestClient, id: number, payload: unknown) =>
  client.request({ method: 'PUT', url: `/api/vendors/${id}/plan-offers`, payload: payload as object });
/** A visitor with no session (the public read as a crawler or a first visit sees it). */
const publicRead = async (id: number) => {
  const res = await app.inject({ method: 'GET', url: `/api/vendors/${id}` });
  expect(res.statusCode).toBe(200);
  return vendorSchema.parse(res.json()).planOffers;
};

describe('PUT /api/vendors/:id/plan-offers', () => {
  it('replaces the whole set, answers it in frequency order, and the public read shows it at once', async () => {
    expect(await publicRead(vendorId)).toEqual([]); // a vendor from before plans offers none
    const res = await put(owner, vendorId, {
      planOffers: [
        { frequency: 'monthly', discountPercent: 15 },
        { frequency: 'weekly', discountPercent: 0 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const expected = [
      { frequency: 'weekly', discountPercent: 0 },
      { frequency: 'monthly', discountPercent: 15 },
    ];
    expect(planOffersResponseSchema.parse(res.json()).planOffers).toEqual(expected);
    expect(await publicRead(vendorId)).toEqual(expected);

    // Again with a different set: the old rows go; the same set twice leaves the same rows.
    const next = { planOffers: [{ frequency: 'every_2_weeks', discountPercent: 50 }] };
    expect((await put(owner, vendorId, next)).statusCode).toBe(200);
    expect((await put(owner, vendorId, next)).statusCode).toBe(200);
    expect(await publicRead(vendorId)).toEqual(next.planOffers);
    const rows = await app.deps.db
      .select()
      .from(vendorPlanOffers)
      .where(eq(vendorPlanOffers.vendorId, vendorId));
    expect(rows).toHaveLength(1);

    // None: plans are no longer offered.
    expect((await put(owner, vendorId, { planOffers: [] })).json()).toEqual({ planOffers: [] });
    expect(await publicRead(vendorId)).toEqual([]);
  });

  it('refuses what the Pricing page refuses, in plain words, and changes nothing', async () => {
    await put(owner, vendorId, { planOffers: [{ frequency: 'monthly', discountPercent: 10 }] });
    const cases: [unknown, string][] = [
      [{ planOffers: [{ frequency: 'monthly', discountPercent: 51 }] }, PLAN_MESSAGES.discount],
      [{ planOffers: [{ frequency: 'monthly', discountPercent: -1 }] }, PLAN_MESSAGES.discount],
      [{ planOffers: [{ frequency: 'monthly', discountPercent: 12.5 }] }, PLAN_MESSAGES.discount],
      [{ planOffers: [{ frequency: 'monthly', discountPercent: '10' }] }, PLAN_MESSAGES.discount],
      [{ planOffers: [{ frequency: 'daily', discountPercent: 10 }] }, PLAN_MESSAGES.frequency],
      [
        {
          planOffers: [
            { frequency: 'weekly', discountPercent: 10 },
            { frequency: 'weekly', discountPercent: 5 },
          ],
        },
        PLAN_MESSAGES.duplicate,
      ],
      [{ planOffers: 'weekly' }, PLAN_MESSAGES.offers],
    ];
    for (const [payload, message] of cases) {
      const res = await put(owner, vendorId, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json<{ errors: string[] }>().errors, JSON.stringify(payload)).toContain(message);
    }
    expect(await publicRead(vendorId)).toEqual([{ frequency: 'monthly', discountPercent: 10 }]);
  });

  it("lets only the vendor's own users change them", async () => {
    const before = await publicRead(vendorId);
    const body = { planOffers: [{ frequency: 'weekly', discountPercent: 20 }] };
    const anonymous = new TestClient(app);
    await anonymous.session();
    expect((await put(anonymous, vendorId, body)).statusCode).toBe(401);

    const other = await createPricedVendor(app, { email: 'plans-other@example.com' });
    const otherClient = new TestClient(app);
    expect((await otherClient.signIn('plans-other@example.com', PASSWORD)).statusCode).toBe(200);
    expect((await put(otherClient, vendorId, body)).statusCode).toBe(403);
    expect((await put(otherClient, other.vendorId, body)).statusCode).toBe(200);
    expect(await publicRead(vendorId)).toEqual(before);
  });

  it('is held by the database too: a discount over 50 or a second row per frequency is refused', async () => {
    const { db } = app.deps;
    await expect(
      db.insert(vendorPlanOffers).values({ vendorId, frequency: 'every_6_months', discountPercent: 51 }),
    ).rejects.toThrow();
    await expect(
      db.execute(
        sql`insert into vendor_plan_offers (vendor_id, frequency, discount_percent) values (${vendorId}, 'fortnightly', 5)`,
      ),
    ).rejects.toThrow();
    await put(owner, vendorId, { planOffers: [{ frequency: 'weekly', discountPercent: 5 }] });
    await expect(
      db.insert(vendorPlanOffers).values({ vendorId, frequency: 'weekly', discountPercent: 5 }),
    ).rejects.toThrow();
  });
});

describe('concurrent saves', () => {
  it('serialise under the vendor lock: every save succeeds and one whole set is left', async () => {
    const sets = PLAN_FREQUENCIES.map((frequency, i) => [
      { frequency, discountPercent: i * 5 },
      { frequency: PLAN_FREQUENCIES[(i + 1) % PLAN_FREQUENCIES.length]!, discountPercent: 1 },
    ]);
    const answers = await Promise.all(sets.map((planOffers) => put(owner, vendorId, { planOffers })));
    expect(answers.map((r) => r.statusCode)).toEqual(sets.map(() => 200));
    const left = await publicRead(vendorId);
    expect(left).toHaveLength(2);
    expect(sets.map((set) => sortPlanOffers(set))).toContainEqual(left);
  });

  it('are checked by the service too, for callers other than the route', async () => {
    await expect(
      replaceVendorPlanOffers(
        app.deps.db,
        vendorId,
        [{ frequency: 'weekly', discountPercent: 70 }],
        new Date(),
      ),
    ).rejects.toMatchObject({ statusCode: 422, errors: [PLAN_MESSAGES.discount] });
  });
});

describe('sign-up', () => {
  it("starts a new vendor from its category's default offers", async () => {
    const client = new TestClient(app);
    await client.session();
    const address = {
      street_address: '100 N Main St',
      city: 'St George',
      state: 'UT',
      zip_code: '84770',
    };
    const res = await client.request({
      method: 'POST',
      url: '/api/vendors',
      payload: {
        vendor: {
          name: 'Red Rock Pest',
          category: 'pest_control',
          email: 'office@redrockpest.example.com',
          phone_number: '4355551234',
          address_attributes: address,
          users_attributes: [
            {
              first_name: 'Dana',
              last_name: 'Lund',
              email: 'dana@redrockpest.example.com',
              phone_number: '4355554321',
              password: 'Sunny-Day-2026',
              password_confirmation: 'Sunny-Day-2026',
              user_type: 'vendor',
              addresses_attributes: [address],
            },
          ],
        },
      },
    });
    expect(res.statusCode).toBe(201);
    const id = res.json<{ vendor: { id: number } }>().vendor.id;
    // The owner's read (the listing is not public yet) carries them, as the Pricing page reads them.
    const own = await client.request({ method: 'GET', url: `/api/vendors/${id}` });
    expect(vendorSchema.parse(own.json()).planOffers).toEqual([
      { frequency: 'every_3_months', discountPercent: 10 },
    ]);
  });
});
