/**
 * ADR 0037 step 3b: a plan's visit is marked as such on its order ("Plan: Every 2 weeks") for its customer
 * and its vendor, from the frequency copied onto the order when the visit was settled; the vendor reads the
 * plan with its visits (GET /api/vendors/:id/plans/:planId) and cancels it from there with a reason and the
 * confirm box.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CustomerOrder, VendorOrder } from '@stg/domain/api/orders';
import type { VendorPlan } from '@stg/domain/api/plans';
import { orders, plans } from '../../db/schema';
import { createTestApp, outbox, TestClient } from '../../../test/test-app';
import { payFor, scheduledBooking, signedUpCustomer } from '../../../test/checkout-fixtures';
import type { PayableVendor } from '../../../test/payable-vendor';
import { buyPlanBooking, planVendors } from '../../../test/plan-fixtures';

// Monday, November 23rd 2026, 8:00 in St George (MST, UTC-7).
const START = new Date('2026-11-23T15:00:00Z');
let app: FastifyInstance;
let vendor: PayableVendor;
let vendorClient: TestClient;
let otherVendor: PayableVendor;
let otherVendorClient: TestClient;
let customer: Awaited<ReturnType<typeof signedUpCustomer>>;
let planId: number;
let planOrderId: number;
let oneTimeOrderId: number;

/** A St George (MST) time in November 2026; days past 30 run into December. */
const at = (day: number, hour: number) => new Date(Date.UTC(2026, 10, day, hour + 7, 0, 0)).toISOString();

beforeAll(async () => {
  app = await createTestApp({ now: () => START });
  ({ vendor, vendorClient, otherVendor, otherVendorClient } = await planVendors(
    app,
    'vendor-plan',
    [{ frequency: 'every_2_weeks', discountPercent: 10 }],
    START,
  ));

  customer = await signedUpCustomer(app, 'vendor-plan-buyer');
  const bookingId = await buyPlanBooking(app, customer, vendor, 'every_2_weeks', at(25, 9));
  const oneTime = await scheduledBooking(customer.client, vendor, at(26, 9));
  expect((await payFor(customer.client, oneTime.id)).statusCode).toBe(200);
  await app.deps.background.drain();

  const [plan] = await app.deps.db.select().from(plans).where(eq(plans.userId, customer.userId));
  planId = plan!.id;
  const [planOrder] = await app.deps.db.select().from(orders).where(eq(orders.bookingId, bookingId));
  planOrderId = planOrder!.id;
  const [oneTimeOrder] = await app.deps.db.select().from(orders).where(eq(orders.bookingId, oneTime.id));
  oneTimeOrderId = oneTimeOrder!.id;
});
afterAll(() => app.close());

const vendorPlanUrl = (vendorId: number, id: number) => `/api/vendors/${vendorId}/plans/${id}`;

describe('a plan visit is marked on its order', () => {
  it('the settled order carries the plan and its frequency; a one-time order none', async () => {
    const [row] = await app.deps.db.select().from(orders).where(eq(orders.id, planOrderId));
    expect(row).toMatchObject({ planId, planFrequency: 'every_2_weeks' });

    const mine = (await customer.client.request({ method: 'GET', url: '/api/orders' })).json<{
      orders: CustomerOrder[];
    }>().orders;
    expect(mine.find((o) => o.id === planOrderId)?.plan).toEqual({ id: planId, frequency: 'every_2_weeks' });
    expect(mine.find((o) => o.id === oneTimeOrderId)?.plan).toBeNull();

    const list = (
      await vendorClient.request({ method: 'GET', url: `/api/vendors/${vendor.vendorId}/orders` })
    ).json<{ orders: VendorOrder[] }>().orders;
    expect(list.find((o) => o.id === planOrderId)?.plan).toEqual({ id: planId, frequency: 'every_2_weeks' });
    expect(list.find((o) => o.id === oneTimeOrderId)?.plan).toBeNull();

    const one = await vendorClient.request({
      method: 'GET',
      url: `/api/vendors/${vendor.vendorId}/orders/${planOrderId}`,
    });
    expect(one.json<{ order: VendorOrder }>().order.plan).toEqual({ id: planId, frequency: 'every_2_weeks' });
  });
});

describe("the vendor's plan", () => {
  it('answers the plan with its visits to its vendor only', async () => {
    const res = await vendorClient.request({ method: 'GET', url: vendorPlanUrl(vendor.vendorId, planId) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const plan = res.json<{ plan: VendorPlan }>().plan;
    expect(plan).toMatchObject({
      id: planId,
      vendorId: vendor.vendorId,
      frequency: 'every_2_weeks',
      status: 'active',
      discountPercent: 10,
      serviceCharge: 2.55,
      cancelledBy: null,
      cancelReason: null,
    });
    expect(plan).not.toHaveProperty('consentText');
    expect(plan).not.toHaveProperty('paymentMethodLast4');
    expect(plan.visits[0]).toMatchObject({ sequence: 1, status: 'ordered', orderId: planOrderId });
    expect(plan.visits.slice(1).every((v) => v.status === 'held')).toBe(true);
    expect(plan.visits.length).toBeGreaterThanOrEqual(4);

    // Another vendor: 403 naming this vendor, 404 naming its own (the plan is not told to exist).
    expect(
      (await otherVendorClient.request({ method: 'GET', url: vendorPlanUrl(vendor.vendorId, planId) }))
        .statusCode,
    ).toBe(403);
    const theirs = await otherVendorClient.request({
      method: 'GET',
      url: vendorPlanUrl(otherVendor.vendorId, planId),
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().errors).toEqual(['Plan not found.']);
    expect(
      (await customer.client.request({ method: 'GET', url: vendorPlanUrl(vendor.vendorId, planId) }))
        .statusCode,
    ).toBe(403);
    expect(
      (await vendorClient.request({ method: 'GET', url: vendorPlanUrl(vendor.vendorId, 999_999) }))
        .statusCode,
    ).toBe(404);
    expect(
      (await new TestClient(app).request({ method: 'GET', url: vendorPlanUrl(vendor.vendorId, planId) }))
        .statusCode,
    ).toBe(401);
  });

  it('is cancelled by its vendor with a reason and the confirm box: visits released, both sides mailed, the orders still marked', async () => {
    const refused = await vendorClient.request({
      method: 'POST',
      url: `/api/plans/${planId}/cancel`,
      payload: { reason: 'We no longer serve your street' },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual(['Please check the box to confirm.']);

    const res = await vendorClient.request({
      method: 'POST',
      url: `/api/plans/${planId}/cancel`,
      payload: { reason: 'We no longer serve your street', confirmed: true },
    });
    expect(res.statusCode).toBe(200);
    await app.deps.background.drain();

    const plan = (
      await vendorClient.request({ method: 'GET', url: vendorPlanUrl(vendor.vendorId, planId) })
    ).json<{ plan: VendorPlan }>().plan;
    expect(plan).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'vendor',
      cancelReason: 'We no longer serve your street',
    });
    expect(plan.cancelledAt).toBe(START.toISOString());
    expect(plan.visits.map((v) => v.status)).toEqual([
      'ordered',
      ...plan.visits.slice(1).map(() => 'cancelled'),
    ]);

    const mails = (await outbox(app)).filter((m) => m.subject.startsWith('Plan cancelled'));
    expect(mails.find((m) => m.to === customer.email)?.text).toContain('We no longer serve your street');
    expect(mails.some((m) => m.to === 'vendor-plan-vendor@example.com')).toBe(true);

    // The visit already charged stays an order, still marked as the plan's.
    const one = await vendorClient.request({
      method: 'GET',
      url: `/api/vendors/${vendor.vendorId}/orders/${planOrderId}`,
    });
    expect(one.json<{ order: VendorOrder }>().order).toMatchObject({
      fulfillmentStatus: 'unfulfilled',
      plan: { id: planId, frequency: 'every_2_weeks' },
    });
  });
});
