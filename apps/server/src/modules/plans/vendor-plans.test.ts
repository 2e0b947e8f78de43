/**
 * ADR 0037 (after step 3d): the vendor's Plans list, GET /api/vendors/:id/plans — its own plans only,
 * newest first, each with its customer, frequency, price per visit, status and next visit, filtered by
 * status and paged with a cursor.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { VendorPlan, VendorPlansPage } from '@stg/domain/api/plans';
import { createTestApp, TestClient } from '../../../test/test-app';
import type { PlanFrequency } from '@stg/domain/plans';
import { signedUpCustomer } from '../../../test/checkout-fixtures';
import type { PayableVendor } from '../../../test/payable-vendor';
import { buyPlanBooking, planVendors } from '../../../test/plan-fixtures';

// Monday, November 23rd 2026, 8:00 in St George (MST, UTC-7).
const START = new Date('2026-11-23T15:00:00Z');
let app: FastifyInstance;
let vendor: PayableVendor;
let vendorClient: TestClient;
let otherVendor: PayableVendor;
let otherVendorClient: TestClient;
let first: Awaited<ReturnType<typeof signedUpCustomer>>;
let second: Awaited<ReturnType<typeof signedUpCustomer>>;
let firstPlanId: number;
let secondPlanId: number;

/** A St George (MST) time in November 2026; days past 30 run into December. */
const at = (day: number, hour: number) => new Date(Date.UTC(2026, 10, day, hour + 7, 0, 0)).toISOString();

async function buyPlan(customer: typeof first, frequency: PlanFrequency, start: string): Promise<number> {
  await buyPlanBooking(app, customer, vendor, frequency, start);
  const plans = (await customer.client.request({ method: 'GET', url: '/api/plans' })).json<{
    plans: { id: number }[];
  }>().plans;
  return plans[0]!.id;
}

beforeAll(async () => {
  app = await createTestApp({ now: () => START });
  ({ vendor, vendorClient, otherVendor, otherVendorClient } = await planVendors(
    app,
    'vendor-plans',
    [
      { frequency: 'every_2_weeks', discountPercent: 10 },
      { frequency: 'monthly', discountPercent: 5 },
    ],
    START,
  ));

  first = await signedUpCustomer(app, 'vendor-plans-first');
  firstPlanId = await buyPlan(first, 'every_2_weeks', at(25, 9));
  second = await signedUpCustomer(app, 'vendor-plans-second');
  secondPlanId = await buyPlan(second, 'monthly', at(27, 9));
});
afterAll(() => app.close());

const listUrl = (vendorId: number, query = '') => `/api/vendors/${vendorId}/plans${query}`;
const list = async (query = '') => {
  const res = await vendorClient.request({ method: 'GET', url: listUrl(vendor.vendorId, query) });
  expect(res.statusCode).toBe(200);
  return res.json<VendorPlansPage>();
};

describe("the vendor's plans", () => {
  it('lists its plans newest first with the customer, frequency, price, status and next visit', async () => {
    const res = await vendorClient.request({ method: 'GET', url: listUrl(vendor.vendorId) });
    expect(res.headers['cache-control']).toBe('no-store');
    const page = res.json<VendorPlansPage>();
    expect(page.nextCursor).toBeNull();
    expect(page.plans.map((p) => p.id)).toEqual([secondPlanId, firstPlanId]);
    expect(page.plans[1]).toMatchObject({
      customerName: 'Casey Rivera',
      frequency: 'every_2_weeks',
      status: 'active',
      discountPercent: 10,
      serviceCharge: 2.55,
    });
    expect(page.plans[0]).toMatchObject({ frequency: 'monthly', discountPercent: 5 });
    expect(page.plans[0]).not.toHaveProperty('visits');
    // The first visit (Nov 25th) is the checkout's order, the next one from now.
    expect(page.plans[1]!.nextVisit).toMatchObject({
      sequence: 1,
      status: 'ordered',
      appointmentAt: at(25, 9),
    });

    // The plan's own page names its customer too.
    const one = await vendorClient.request({
      method: 'GET',
      url: `/api/vendors/${vendor.vendorId}/plans/${firstPlanId}`,
    });
    expect(one.json<{ plan: VendorPlan }>().plan.customerName).toBe('Casey Rivera');
  });

  it('pages with a cursor and refuses one it did not give', async () => {
    const one = await list('?limit=1');
    expect(one.plans.map((p) => p.id)).toEqual([secondPlanId]);
    expect(one.nextCursor).not.toBeNull();
    const two = await list(`?limit=1&cursor=${one.nextCursor}`);
    expect(two.plans.map((p) => p.id)).toEqual([firstPlanId]);
    expect(two.nextCursor).toBeNull();

    for (const cursor of ['nope!', one.nextCursor!]) {
      const res = await vendorClient.request({
        method: 'GET',
        url: listUrl(vendor.vendorId, `?status=${cursor === 'nope!' ? 'all' : 'active'}&cursor=${cursor}`),
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual([
        'This page of plans is no longer available. Please reload the list.',
      ]);
    }
    expect(
      (await vendorClient.request({ method: 'GET', url: listUrl(vendor.vendorId, '?status=done') }))
        .statusCode,
    ).toBe(422);
  });

  it('filters by status: paused and cancelled plans (a cancelled one has no next visit)', async () => {
    const until = '2027-01-15';
    expect(
      (
        await second.client.request({
          method: 'POST',
          url: `/api/plans/${secondPlanId}/pause`,
          payload: { until },
        })
      ).statusCode,
    ).toBe(200);
    const paused = await list('?status=paused');
    expect(paused.plans.map((p) => [p.id, p.status, p.pausedUntil])).toEqual([
      [secondPlanId, 'paused', until],
    ]);
    expect((await list('?status=active')).plans.map((p) => p.id)).toEqual([firstPlanId]);
    expect((await list('?status=cancelled')).plans).toEqual([]);

    expect(
      (
        await first.client.request({
          method: 'POST',
          url: `/api/plans/${firstPlanId}/cancel`,
          payload: { reason: 'Moving away' },
        })
      ).statusCode,
    ).toBe(200);
    const cancelled = await list('?status=cancelled');
    expect(cancelled.plans).toHaveLength(1);
    expect(cancelled.plans[0]).toMatchObject({
      id: firstPlanId,
      status: 'cancelled',
      cancelledBy: 'customer',
      cancelReason: 'Moving away',
      nextVisit: null,
    });
    expect((await list()).plans).toHaveLength(2);
  });

  it("is the vendor's own: another vendor 403 (and its own list is empty), a customer 403, signed out 401", async () => {
    expect(
      (await otherVendorClient.request({ method: 'GET', url: listUrl(vendor.vendorId) })).statusCode,
    ).toBe(403);
    const theirs = await otherVendorClient.request({ method: 'GET', url: listUrl(otherVendor.vendorId) });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json<VendorPlansPage>()).toEqual({ plans: [], nextCursor: null });
    expect((await first.client.request({ method: 'GET', url: listUrl(vendor.vendorId) })).statusCode).toBe(
      403,
    );
    expect(
      (await new TestClient(app).request({ method: 'GET', url: listUrl(vendor.vendorId) })).statusCode,
    ).toBe(401);
  });
});
