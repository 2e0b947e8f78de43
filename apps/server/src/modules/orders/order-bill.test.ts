/**
 * The bill of an order (issue 23 #2): subtotal + service charge = total collected in every state, in the
 * customer's and the vendor's order answers, and the service charge paid still shows after a cancel
 * refunded it (the ledger's service fee is 0 then; the bill is not the ledger). Orders are made by a real
 * checkout and moved by the real actions: unfulfilled, cancelled and refunded, partially refunded,
 * fulfilled, and processed (the payout sent).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { customerOrdersResponseSchema, vendorOrdersPageSchema } from '@stg/domain/api/orders';
import { dollarsToCents } from '@stg/domain/money';
import { createTestApp, TestClient } from '../../../test/test-app';
import { payFor, scheduledBooking, signedUpCustomer } from '../../../test/checkout-fixtures';
import { createPayableVendor, type PayableVendor } from '../../../test/payable-vendor';
import { vendorActions } from '../../../test/vendor-order-fixtures';
import { runPayout } from '../payouts/service';

// Monday, November 23rd 2026, 8:00 in St George (MST, UTC-7).
const START = new Date('2026-11-23T15:00:00Z');
const HOUR = 3_600_000;
let clock = START;
let app: FastifyInstance;
let vendor: PayableVendor;
let vendorClient: TestClient;
let customer: Awaited<ReturnType<typeof signedUpCustomer>>;
const ids: Record<string, number> = {};

/** 9:00 MST on a day of November 2026. */
const at = (day: number) => new Date(Date.UTC(2026, 10, day, 16, 0, 0)).toISOString();

beforeAll(async () => {
  app = await createTestApp({ now: () => clock });
  vendor = await createPayableVendor(app, 'bill-vendor@example.com');
  vendorClient = new TestClient(app);
  await vendorClient.signIn('bill-vendor@example.com', 'Password123!');
  customer = await signedUpCustomer(app, 'bill');
  const act = vendorActions(vendorClient);
  const pay = async (name: string, day: number) => {
    const booking = await scheduledBooking(customer.client, vendor, at(day));
    const res = await payFor(customer.client, booking.id);
    expect(res.json().status).toBe('succeeded');
    ids[name] = res.json().order.id as number;
  };
  await pay('unfulfilled', 24);
  await pay('cancelled', 25);
  await pay('partiallyRefunded', 26);
  await pay('fulfilled', 24 + 7);
  await pay('processed', 25 + 7);
  expect((await act.cancel(ids.cancelled!)).statusCode).toBe(200);
  const refund = await act.refund(ids.partiallyRefunded!, { refundAmount: 10, refundReason: 'Late' });
  expect(refund.statusCode, refund.body).toBe(200);
  clock = new Date(Date.parse(at(25 + 7)) + 2 * HOUR);
  expect((await act.complete(ids.fulfilled!)).statusCode).toBe(200);
  expect((await act.complete(ids.processed!)).statusCode).toBe(200);
  clock = new Date(clock.getTime() + 73 * HOUR);
  expect(await runPayout(app.deps, ids.processed!)).toMatchObject({ kind: 'transferred' });
  await app.deps.background.drain();
});
afterAll(() => app.close());

type Bill = { id: number; subtotal: number; serviceCharge: number; totalCollected: number };
const STATES: Record<string, [string, string]> = {
  unfulfilled: ['unfulfilled', 'collected'],
  cancelled: ['cancelled', 'refunded'],
  partiallyRefunded: ['unfulfilled', 'partially_refunded'],
  fulfilled: ['fulfilled', 'collected'],
  processed: ['fulfilled', 'processed'],
};

function expectBillsAddUp(
  orders: (Bill & { fulfillmentStatus: string; paymentStatus: string })[],
  paidCharge: number,
) {
  for (const [name, [fulfillmentStatus, paymentStatus]] of Object.entries(STATES)) {
    const order = orders.find((o) => o.id === ids[name]);
    expect(order, name).toMatchObject({ fulfillmentStatus, paymentStatus });
    const { subtotal, serviceCharge, totalCollected } = order!;
    expect({ name, serviceCharge }).toEqual({ name, serviceCharge: paidCharge });
    expect({ name, sum: dollarsToCents(subtotal) + dollarsToCents(serviceCharge) }).toEqual({
      name,
      sum: dollarsToCents(totalCollected),
    });
  }
}

describe('the bill of an order in every state', () => {
  it('adds up in the customer order list, and keeps the service charge paid after a cancel', async () => {
    const res = await customer.client.request({ method: 'GET', url: '/api/orders' });
    expect(res.statusCode).toBe(200);
    const { orders } = customerOrdersResponseSchema.parse(res.json());
    expectBillsAddUp(orders, 2.55);
    const cancelled = orders.find((o) => o.id === ids.cancelled)!;
    expect(cancelled.refundAmount).toBe(cancelled.totalCollected);
    // The ledger's figure: nothing of the service charge is kept once it is refunded.
    expect(cancelled.serviceFee).toBe(0);
  });

  it("adds up in the vendor's order list", async () => {
    const res = await vendorClient.request({
      method: 'GET',
      url: `/api/vendors/${vendor.vendorId}/orders?filter=all&limit=50`,
    });
    expect(res.statusCode).toBe(200);
    expectBillsAddUp(vendorOrdersPageSchema.parse(res.json()).orders, 2.55);
  });
});
