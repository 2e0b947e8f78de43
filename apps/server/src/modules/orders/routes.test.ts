/**
 * The customer's orders (spec §4 Customer reschedule and cancel, §6): the list, moving an order to a
 * free time, cancelling with a full refund through the provider, the policy window, ownership, and
 * order_events for every change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ORDER_MESSAGES } from '@stg/domain/order-actions';
import { SCHEDULING_MESSAGES } from '@stg/domain/scheduling-preferences';
import { orderEvents, orders, refunds, users, vendors } from '../../db/schema';
import { createTestApp, outbox, TestClient } from '../../../test/test-app';
import { JobWorker } from '../jobs/worker';
import { paymentJobHandlers } from '../payments/service';
import { executeRefund, recordRefund } from './refunds';
import { cancelByVendor } from './vendor-actions';
import { ledger, payFor, scheduledBooking, signedUpCustomer } from '../../../test/checkout-fixtures';
import { createPayableVendor, type PayableVendor } from '../../../test/payable-vendor';

// Monday, November 23rd 2026, 8:00 in St George (MST, UTC-7).
let clock = new Date('2026-11-23T15:00:00Z');
let app: FastifyInstance;
let vendor: PayableVendor;

beforeAll(async () => {
  app = await createTestApp({ now: () => clock });
  vendor = await createPayableVendor(app, 'orders-vendor@example.com');
  await app.deps.db
    .update(vendors)
    .set({ cancelationPolicyHours: 24 })
    .where(eq(vendors.id, vendor.vendorId));
});
afterAll(() => app.close());

/** 9:00 MST on a day of November 2026 (past 30 runs into December). */
const nineOn = (day: number) => new Date(Date.UTC(2026, 10, day, 16, 0, 0)).toISOString();

async function paidOrder(day: number) {
  const customer = await signedUpCustomer(app, 'orders');
  const booking = await scheduledBooking(customer.client, vendor, nineOn(day));
  const res = await payFor(customer.client, booking.id);
  expect(res.json().status).toBe('succeeded');
  return {
    ...customer,
    order: res.json().order as { id: number; totalCollected: number; confirmationId: string },
  };
}

const reschedule = (client: Awaited<ReturnType<typeof signedUpCustomer>>['client'], id: number, at: string) =>
  client.request({
    method: 'PATCH',
    url: `/api/orders/${id}/reschedule`,
    payload: { order: { appointmentAt: at } },
  });
const cancel = (
  client: Awaited<ReturnType<typeof signedUpCustomer>>['client'],
  id: number,
  reason?: string,
) =>
  client.request({
    method: 'PATCH',
    url: `/api/orders/${id}/cancel-order`,
    payload: reason === undefined ? {} : { cancelReason: reason },
  });

describe('GET /api/orders', () => {
  it("lists the customer's own orders, newest placed first, with what they may still do", async () => {
    const { client, order } = await paidOrder(25);
    clock = new Date(clock.getTime() + 60_000);
    const booking = await scheduledBooking(client, vendor, nineOn(26));
    const second = (await payFor(client, booking.id)).json().order;
    const res = await client.request({ method: 'GET', url: '/api/orders' });
    expect(res.statusCode).toBe(200);
    const ids = res.json().orders.map((o: { id: number }) => o.id);
    expect(ids).toEqual([second.id, order.id]);
    expect(res.json().orders[0]).toMatchObject({
      canCancel: true,
      canReschedule: true,
      changeBlockedReason: null,
      vendor: { name: expect.any(String), cancelationPolicyHours: 24 },
      address: { zipCode: '84770' },
    });
    const stranger = await signedUpCustomer(app);
    expect((await stranger.client.request({ method: 'GET', url: '/api/orders' })).json().orders).toEqual([]);
  });
});

describe('GET /api/vendors/{id}/orders', () => {
  it('shows the vendor its orders with the customer and the money split; nobody else', async () => {
    const { order } = await paidOrder(38);
    const vendorClient = new TestClient(app);
    await vendorClient.signIn('orders-vendor@example.com', 'Password123!');
    const res = await vendorClient.request({ method: 'GET', url: `/api/vendors/${vendor.vendorId}/orders` });
    expect(res.statusCode).toBe(200);
    const mine = res.json().orders.find((o: { id: number }) => o.id === order.id);
    expect(mine).toMatchObject({
      confirmationId: order.confirmationId,
      customer: { firstName: 'Casey', lastName: 'Rivera' },
      payoutDestination: { last4: '6789', bankName: 'STG Credit Union' },
      allowedActions: ['reschedule', 'partial_refund', 'cancel'],
    });
    expect(mine.commission + mine.vendorPayoutAmount).toBeCloseTo(mine.subtotal, 2);
    expect(mine.subtotal + mine.serviceFee).toBeCloseTo(mine.totalCollected, 2);
    const customer = await signedUpCustomer(app);
    expect(
      (await customer.client.request({ method: 'GET', url: `/api/vendors/${vendor.vendorId}/orders` }))
        .statusCode,
    ).toBe(403);
  });
});

describe('reminders', () => {
  it('mails the customer 24 hours before, only while the order still happens then', async () => {
    const { order, email } = await paidOrder(39);
    const moved = await paidOrder(40);
    await reschedule(moved.client, moved.order.id, nineOn(41));
    const worker = (at: Date) =>
      new JobWorker({ db: app.deps.db, handlers: paymentJobHandlers(app.deps), now: () => at });
    const dayBefore = new Date(Date.parse(nineOn(39)) - 24 * 3_600_000);
    await worker(new Date(dayBefore.getTime() - 60_000)).runOnce();
    expect((await outbox(app)).some((m) => m.to === email && m.subject.startsWith('Reminder'))).toBe(false);
    await worker(new Date(Date.parse(nineOn(40)) - 24 * 3_600_000)).runOnce();
    const mails = await outbox(app);
    const reminders = mails.filter((m) => m.to === email && m.subject.startsWith('Reminder'));
    expect(reminders).toHaveLength(1);
    // The shared formats of @stg/domain/dates (spec §9): 'h:mmaaa', and 'MMM do, h:mmaaa'.
    expect(reminders[0]!.subject).toMatch(/ tomorrow at 9:00am$/);
    expect(reminders[0]!.text).toContain('will see you tomorrow, Dec 9th, 9:00am (Mountain Time).');
    // The moved order's first reminder found it moved and sent nothing.
    expect(mails.some((m) => m.to === moved.email && m.subject.startsWith('Reminder'))).toBe(false);
    expect(order.id).toBeGreaterThan(0);
  });
});

describe('PATCH /api/orders/{id}/reschedule', () => {
  it('moves the order to a free time, logs it, mails both sides; refuses a busy time and someone else', async () => {
    const { client, order, email } = await paidOrder(27);
    const other = await paidOrder(30);
    expect((await reschedule(client, order.id, nineOn(30))).json().errors).toEqual([
      SCHEDULING_MESSAGES.appointmentUnavailable,
    ]);
    expect((await reschedule(other.client, order.id, nineOn(31))).statusCode).toBe(404);
    const res = await reschedule(client, order.id, nineOn(31));
    expect(res.statusCode).toBe(200);
    expect(res.json().order).toMatchObject({
      appointmentAt: nineOn(31),
      previousAppointmentAt: nineOn(27),
      fulfillmentStatus: 'rescheduled',
      rescheduleCount: 1,
    });
    const events = await app.deps.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.map((e) => e.action)).toEqual(['created', 'rescheduled']);
    const mails = await outbox(app);
    expect(mails.some((m) => m.to === email && m.subject.startsWith('Order rescheduled'))).toBe(true);
    // A double click: the repeat answers the same order, moves nothing and mails nobody again.
    const mailsBefore = (await outbox(app)).length;
    const repeat = await reschedule(client, order.id, nineOn(31));
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json().order).toMatchObject({ appointmentAt: nineOn(31), rescheduleCount: 1 });
    expect((await outbox(app)).length).toBe(mailsBefore);
    // Later, the same time again is refused; so is the same time asked by someone else's hand.
    const saved = clock;
    clock = new Date(clock.getTime() + 61_000);
    try {
      expect((await reschedule(client, order.id, nineOn(31))).json().errors).toEqual([
        ORDER_MESSAGES.sameTime,
      ]);
    } finally {
      clock = saved;
    }
    const after = await app.deps.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(after.map((e) => e.action)).toEqual(['created', 'rescheduled']);
  });

  it('is refused inside the cancellation-policy window, naming the hours', async () => {
    const { client, order } = await paidOrder(32);
    const saved = clock;
    clock = new Date(Date.parse(nineOn(32)) - 23 * 3_600_000);
    try {
      const res = await reschedule(client, order.id, nineOn(33));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual([ORDER_MESSAGES.insideWindow(24)]);
      expect(res.json().errors[0]).toContain('24 hours');
    } finally {
      clock = saved;
    }
  });
});

describe('PATCH /api/orders/{id}/cancel-order', () => {
  it('needs a reason; refunds the whole amount through the provider; a double click changes nothing more', async () => {
    const { client, order, email } = await paidOrder(34);
    expect((await cancel(client, order.id)).json().errors).toEqual([ORDER_MESSAGES.cancelReasonRequired]);
    const [first, second] = await Promise.all([
      cancel(client, order.id, 'Plans changed'),
      cancel(client, order.id, 'Plans changed'),
    ]);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(first.json().order).toMatchObject({
      fulfillmentStatus: 'cancelled',
      paymentStatus: 'refunded',
      refundAmount: order.totalCollected,
      cancelReason: 'Plans changed',
      canCancel: false,
      canReschedule: false,
    });
    await app.deps.background.drain();
    const rows = await app.deps.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: 'succeeded',
      amountCents: Math.round(order.totalCollected * 100),
    });
    const [row] = await app.deps.db.select().from(orders).where(eq(orders.id, order.id));
    const pi = await app.deps.sandbox!.retrieveIntent(row!.paymentIntentId!);
    expect(pi.status).toBe('succeeded');
    const events = await app.deps.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.map((e) => e.action)).toEqual(['created', 'cancelled', 'refunded']);
    expect((await outbox(app)).some((m) => m.to === email && m.subject.startsWith('Order cancelled'))).toBe(
      true,
    );
    // The time is free again.
    const next = await signedUpCustomer(app);
    await scheduledBooking(next.client, vendor, nineOn(34));
  });

  it("an order the vendor cancelled is not 'cancelled again' by the customer: the spec's refusal, the vendor's reason kept (issue 23)", async () => {
    const { client, order } = await paidOrder(47);
    const [vendorUser] = await app.deps.db.select().from(users).where(eq(users.id, vendor.userId));
    await cancelByVendor(app.deps, vendorUser!, order.id, {
      cancelReason: 'Van broke down',
      confirmed: true,
    });
    const res = await cancel(client, order.id, 'Plans changed');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([ORDER_MESSAGES.alreadyCancelled]);
    const [row] = await app.deps.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.cancelReason).toBe('Van broke down');
    const events = await app.deps.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.filter((e) => e.action === 'cancelled').map((e) => e.actorRole)).toEqual(['vendor']);
    // The customer's own repeat, later than a double click, is refused the same way.
    const own = await paidOrder(48);
    expect((await cancel(own.client, own.order.id, 'Plans changed')).statusCode).toBe(200);
    const saved = clock;
    clock = new Date(clock.getTime() + 61_000);
    try {
      const late = await cancel(own.client, own.order.id, 'Plans changed');
      expect(late.statusCode).toBe(422);
      expect(late.json().errors).toEqual([ORDER_MESSAGES.alreadyCancelled]);
    } finally {
      clock = saved;
    }
  });

  it('is refused inside the window (the message names the hours), and for someone else’s order', async () => {
    const { client, order } = await paidOrder(37);
    const stranger = await signedUpCustomer(app);
    expect((await cancel(stranger.client, order.id, 'Not mine')).statusCode).toBe(404);
    const saved = clock;
    clock = new Date(Date.parse(nineOn(37)) - 2 * 3_600_000);
    try {
      const res = await cancel(client, order.id, 'Too late');
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[0]).toBe(
        'Orders can be changed or cancelled online only up to 24 hours before the appointment. Please contact the vendor.',
      );
    } finally {
      clock = saved;
    }
    const [row] = await app.deps.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.fulfillmentStatus).toBe('unfulfilled');
  });

  it('refuses to cancel an order paid through another payment mode (its money cannot go back from here)', async () => {
    const { client, order } = await paidOrder(45); // Tue Dec 15
    await app.deps.db.update(orders).set({ paymentProvider: 'stripe' }).where(eq(orders.id, order.id));
    const res = await cancel(client, order.id, 'Changed my mind');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([ORDER_MESSAGES.otherProvider]);
    await app.deps.db.update(orders).set({ paymentProvider: 'sandbox' }).where(eq(orders.id, order.id));
  });

  it('keeps every cent accounted for after cancels', async () => {
    await app.deps.background.drain();
    const l = await ledger(app);
    expect(l.parts).toBe(l.collected);
    expect(l.refunds_recorded).toBe(l.refunds_owed);
  });
});

describe('refunds the provider refuses', () => {
  it('a refund the provider refuses is marked failed and written on the order', async () => {
    const { order } = await paidOrder(46); // Wed Dec 16
    const refund = await app.deps.db.transaction((tx) =>
      recordRefund(
        tx,
        {
          orderId: order.id,
          paymentIntentId: 'pi_does_not_exist',
          kind: 'partial',
          amountCents: 500,
          reason: 'test',
          idempotencyKey: `refund-test-${order.id}`,
        },
        clock,
      ),
    );
    expect(await executeRefund(app.deps, refund.id)).toBe('done');
    const [row] = await app.deps.db.select().from(refunds).where(eq(refunds.id, refund.id));
    expect(row).toMatchObject({ status: 'failed' });
    expect(row!.lastError).toContain('No such payment_intent');
    const events = await app.deps.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.map((e) => e.action)).toContain('refund_failed');
  });
});
