/**
 * The vendor's actions on its orders (spec §4 Allowed vendor order actions, §5 Partial refund,
 * Cancellation, Completion, Vendor reschedule; issue 12; ADR 0016): who may call them, the spec's
 * validation messages, refunds through the sandbox, the ledger after every action, idempotent double
 * clicks, concurrent partial refunds never above the limit, a refund the provider refuses, and the payout
 * scheduled 72 hours after completion.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ORDER_MESSAGES } from '@stg/domain/order-actions';
import { SCHEDULING_MESSAGES } from '@stg/domain/scheduling-preferences';
import { vendorOrderResponseSchema, orderResponseSchema } from '@stg/domain/api/orders';
import { PaymentProviderError } from '../../adapters/payments/payment-provider';
import { jobs, orderEvents, orders, refunds } from '../../db/schema';
import { createTestApp, outbox, TestClient } from '../../../test/test-app';
import { payFor, scheduledBooking, signedUpCustomer } from '../../../test/checkout-fixtures';
import { createPayableVendor, type PayableVendor } from '../../../test/payable-vendor';
import { expectRefundsRecorded, vendorActions } from '../../../test/vendor-order-fixtures';
import { PAYOUT_JOB } from './payout-schedule';
import { executeRefund } from './refunds';

// Monday, November 23rd 2026, 8:00 in St George (MST, UTC-7).
const START = new Date('2026-11-23T15:00:00Z');
let clock = START;
let app: FastifyInstance;
let vendor: PayableVendor;
let other: PayableVendor;
let vendorClient: TestClient;
let otherClient: TestClient;
let act: ReturnType<typeof vendorActions>;
const checkoutOrders: number[] = [];

beforeAll(async () => {
  app = await createTestApp({ now: () => clock });
  vendor = await createPayableVendor(app, 'acting-vendor@example.com');
  other = await createPayableVendor(app, 'other-vendor@example.com');
  vendorClient = new TestClient(app);
  await vendorClient.signIn('acting-vendor@example.com', 'Password123!');
  otherClient = new TestClient(app);
  await otherClient.signIn('other-vendor@example.com', 'Password123!');
  act = vendorActions(vendorClient);
});
afterAll(() => app.close());
afterEach(() => {
  clock = START;
  vi.restoreAllMocks();
});

/** 9:00 MST on a day of November 2026 (past 30 runs into December). */
const at = (day: number, hour = 9, minute = 0) =>
  new Date(Date.UTC(2026, 10, day, hour + 7, minute, 0)).toISOString();

async function paidOrder(day: number, hour = 9) {
  const customer = await signedUpCustomer(app, 'vendor-actions');
  const booking = await scheduledBooking(customer.client, vendor, at(day, hour));
  const res = await payFor(customer.client, booking.id);
  expect(res.json().status).toBe('succeeded');
  const order = res.json().order as { id: number; totalCollected: number; confirmationId: string };
  checkoutOrders.push(order.id);
  return { ...customer, order };
}

const orderRow = async (id: number) => (await app.deps.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const eventsOf = async (id: number) =>
  app.deps.db.select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(orderEvents.id);
const refundsOf = async (id: number) =>
  app.deps.db.select().from(refunds).where(eq(refunds.orderId, id)).orderBy(refunds.id);
const intentOf = async (id: number) =>
  app.deps.sandbox!.retrieveIntent((await orderRow(id)).paymentIntentId!);
const sandboxRefunded = async (id: number) => {
  const row = await app.deps.db.execute<{ refunded: number }>(
    // The sandbox keeps Stripe's amount_refunded on the intent object.
    sql`select (data->>'amount_refunded')::int as refunded from sandbox_objects where id = ${(await orderRow(id)).paymentIntentId}`,
  );
  return Number((row as { rows: { refunded: number }[] }).rows[0]!.refunded);
};

describe('who may act', () => {
  it("another vendor gets 404 on every action; a customer gets 404 on the vendor's own actions", async () => {
    const { client, order } = await paidOrder(24);
    const stranger = vendorActions(otherClient);
    for (const res of [
      await stranger.reschedule(order.id, at(25)),
      await stranger.cancel(order.id),
      await stranger.refund(order.id),
      await stranger.complete(order.id),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().errors).toEqual([ORDER_MESSAGES.orderNotFound]);
    }
    const customer = vendorActions(client);
    for (const res of [await customer.refund(order.id), await customer.complete(order.id)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().errors).toEqual([ORDER_MESSAGES.orderNotFound]);
    }
    // A vendor id in the body that is not the signed-in vendor's: 404, whatever the order.
    expect((await act.complete(order.id, { confirmed: true }, other.vendorId)).statusCode).toBe(404);
    // Unknown and malformed ids.
    expect((await act.refund(999_999)).statusCode).toBe(404);
    expect((await act.complete(0)).statusCode).toBe(404);
    const row = await orderRow(order.id);
    expect(row).toMatchObject({
      fulfillmentStatus: 'unfulfilled',
      paymentStatus: 'collected',
      refundAmountCents: 0,
    });
    // The customer's own reschedule still answers the customer's order (not the vendor's).
    const moved = await customer.reschedule(order.id, at(26), 'omit');
    expect(moved.statusCode).toBe(200);
    expect(orderResponseSchema.safeParse(moved.json()).success).toBe(true);
    expect(moved.json().order.canCancel).toBe(true);
    expect(moved.json().order.commission).toBeUndefined();
  });
});

describe('vendor reschedule', () => {
  it('needs the confirm box and a different time the vendor has free on its 15-minute grid', async () => {
    const { order, email } = await paidOrder(27);
    const busy = await paidOrder(30);
    expect((await act.reschedule(order.id, at(31), false)).json().errors).toEqual([
      ORDER_MESSAGES.confirmRequired,
    ]);
    expect((await act.reschedule(order.id, at(31), 'omit')).json().errors).toEqual([
      ORDER_MESSAGES.confirmRequired,
    ]);
    expect((await act.reschedule(order.id, at(27))).json().errors).toEqual([ORDER_MESSAGES.sameTime]);
    for (const when of [
      at(30), // another order's time
      at(31, 9, 5), // off the 15-minute grid
      at(28, 10), // Saturday
      at(31, 16), // runs past the workday's end
      at(23, 12), // today: inside the minimum notice
      new Date(Date.parse(at(27)) - 10 * 86_400_000).toISOString(), // the past
    ]) {
      const res = await act.reschedule(order.id, when);
      expect(res.statusCode, when).toBe(422);
      expect(res.json().errors).toEqual([SCHEDULING_MESSAGES.appointmentUnavailable]);
    }
    expect((await orderRow(order.id)).appointmentAt.toISOString()).toBe(at(27));

    const res = await act.reschedule(order.id, at(31, 9, 15));
    expect(res.statusCode).toBe(200);
    expect(vendorOrderResponseSchema.safeParse(res.json()).success).toBe(true);
    expect(res.json().order).toMatchObject({
      appointmentAt: at(31, 9, 15),
      previousAppointmentAt: at(27),
      fulfillmentStatus: 'rescheduled',
      paymentStatus: 'collected',
      rescheduleCount: 1,
      customer: { firstName: 'Casey' },
      allowedActions: ['reschedule', 'partial_refund', 'cancel'],
    });
    const events = await eventsOf(order.id);
    expect(events.map((e) => e.action)).toEqual(['created', 'rescheduled']);
    expect(events[1]).toMatchObject({ actorRole: 'vendor', actorUserId: vendor.userId });
    expect(events[1]!.details).toEqual({ from: at(27), to: at(31, 9, 15) });
    // The customer gets the updated invite (REQUEST, the new time, the next SEQUENCE).
    const mail = (await outbox(app)).find((m) => m.to === email && m.subject.startsWith('Order rescheduled'));
    expect(mail).toBeDefined();
    const ics = mail!.attachments![0]!.content;
    expect(ics).toContain('METHOD:REQUEST');
    expect(ics).toContain('DTSTART;TZID=America/Denver:20261201T091500');
    // Both times in the shared format of @stg/domain/dates (spec §9).
    expect(mail!.text).toContain('moved to Dec 1st, 9:15am (Mountain Time) (was Nov 27th, 9:00am)');
    expect(ics).toContain('SEQUENCE:1');
    // The old time is free again for others; the busy order was never touched.
    const next = await signedUpCustomer(app);
    await scheduledBooking(next.client, vendor, at(27));
    expect((await orderRow(busy.order.id)).appointmentAt.toISOString()).toBe(at(30));
  });

  it('refuses times outside 1900–2999 with 422, not 500, for its vendor and its customer (issue 14)', async () => {
    const { order, client } = await paidOrder(24);
    const customer = vendorActions(client);
    for (const when of [
      '0000-01-01T00:00:00Z',
      '0001-01-01T00:00:00Z',
      '9999-12-31T23:59:59Z',
      '+010000-01-01T00:00:00Z',
    ])
      for (const res of [
        await act.reschedule(order.id, when),
        await customer.reschedule(order.id, when, 'omit'),
      ]) {
        expect({ when, status: res.statusCode }).toEqual({ when, status: 422 });
        expect(res.json().errors).toEqual([SCHEDULING_MESSAGES.appointmentInvalid]);
      }
    expect((await orderRow(order.id)).appointmentAt.toISOString()).toBe(at(24));
  });

  it('a double click moves the order once', async () => {
    const { order } = await paidOrder(32);
    const [a, b] = await Promise.all([
      act.reschedule(order.id, at(33, 10)),
      act.reschedule(order.id, at(33, 10)),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(b.json().order).toMatchObject({ rescheduleCount: 1, previousAppointmentAt: at(32) });
    // Later, the same time again is a request to change nothing.
    clock = new Date(START.getTime() + 5 * 60_000);
    expect((await act.reschedule(order.id, at(33, 10))).json().errors).toEqual([ORDER_MESSAGES.sameTime]);
    expect((await eventsOf(order.id)).filter((e) => e.action === 'rescheduled')).toHaveLength(1);
  });
});

describe('vendor cancel', () => {
  it('needs a reason and the confirm box; refunds what is left in full through the sandbox, frees the time, mails the customer', async () => {
    const { order, email } = await paidOrder(34);
    const none = await act.cancel(order.id, {});
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual([ORDER_MESSAGES.cancelReasonRequired, ORDER_MESSAGES.confirmRequired]);
    expect((await act.cancel(order.id, { cancelReason: '  ', confirmed: true })).json().errors).toEqual([
      ORDER_MESSAGES.cancelReasonRequired,
    ]);
    expect((await act.cancel(order.id, { cancelReason: 'Sick', confirmed: false })).json().errors).toEqual([
      ORDER_MESSAGES.confirmRequired,
    ]);
    expect(
      (await act.cancel(order.id, { cancelReason: 'x'.repeat(501), confirmed: true })).json().errors,
    ).toEqual([ORDER_MESSAGES.cancelReasonTooLong]);

    // A partial refund first: the cancel sends back only what is left.
    expect((await act.refund(order.id, { refundAmount: 10, refundReason: 'Late start' })).statusCode).toBe(
      200,
    );
    const [first, second] = await Promise.all([
      act.cancel(order.id, { cancelReason: 'Van broke down', confirmed: true }),
      act.cancel(order.id, { cancelReason: 'Van broke down', confirmed: true }),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const totalCents = Math.round(order.totalCollected * 100);
    expect(first.json().order).toMatchObject({
      fulfillmentStatus: 'cancelled',
      paymentStatus: 'refunded',
      cancelReason: 'Van broke down',
      refundAmount: order.totalCollected,
      vendorPayoutAmount: 0,
      commission: 0,
      serviceFee: 0,
      allowedActions: [],
    });
    const rows = await refundsOf(order.id);
    expect(rows.map((r) => [r.kind, r.amountCents, r.status])).toEqual([
      ['partial', 1000, 'succeeded'],
      ['cancel', totalCents - 1000, 'succeeded'],
    ]);
    expect(await sandboxRefunded(order.id)).toBe(totalCents);
    expect((await intentOf(order.id)).status).toBe('succeeded');
    const events = await eventsOf(order.id);
    expect(events.filter((e) => e.actorRole === 'vendor').map((e) => e.action)).toEqual([
      'partially_refunded',
      'cancelled',
      'refunded',
    ]);
    expect(events.every((e) => e.actorRole !== 'vendor' || e.actorUserId === vendor.userId)).toBe(true);
    const mail = (await outbox(app)).find((m) => m.to === email && m.subject.startsWith('Order cancelled'));
    expect(mail!.text).toContain('by the vendor');
    expect(mail!.text).toContain('Van broke down');
    expect(mail!.attachments![0]!.content).toContain('METHOD:CANCEL');
    // The time is free again.
    const next = await signedUpCustomer(app);
    await scheduledBooking(next.client, vendor, at(34));
    // Later, a cancel of the cancelled order is refused and changes nothing.
    clock = new Date(START.getTime() + 10 * 60_000);
    const late = await act.cancel(order.id, { cancelReason: 'Again', confirmed: true });
    expect(late.statusCode).toBe(422);
    expect(late.json().errors).toEqual([ORDER_MESSAGES.alreadyCancelled]);
    expect(await refundsOf(order.id)).toHaveLength(2);
    await expectRefundsRecorded(app, checkoutOrders);
  });

  it("a refund the provider refuses leaves the order as it was and answers the provider's message", async () => {
    const { order } = await paidOrder(37);
    const before = await orderRow(order.id);
    vi.spyOn(app.deps.payments, 'refund').mockRejectedValue(
      new PaymentProviderError(
        'Charge ch_1 has been disputed and cannot be refunded.',
        'charge_disputed',
        false,
      ),
    );
    const res = await act.cancel(order.id, { cancelReason: 'Double booked', confirmed: true });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual(['Charge ch_1 has been disputed and cannot be refunded.']);
    const after = await orderRow(order.id);
    expect(after).toMatchObject({
      fulfillmentStatus: before.fulfillmentStatus,
      paymentStatus: before.paymentStatus,
      vendorPayoutCents: before.vendorPayoutCents,
      commissionCents: before.commissionCents,
      serviceFeeCents: before.serviceFeeCents,
      refundAmountCents: 0,
      cancelReason: null,
      refundReason: null,
      cancelledAt: null,
    });
    expect((await refundsOf(order.id)).map((r) => r.status)).toEqual(['failed']);
    expect((await eventsOf(order.id)).map((e) => e.action)).toEqual([
      'created',
      'cancelled',
      'refunded',
      'refund_failed',
      'refund_failed',
    ]);
    // The time is still the order's: nobody else can book it.
    const next = await signedUpCustomer(app);
    await expect(scheduledBooking(next.client, vendor, at(37))).rejects.toThrow(/scheduling failed/);
    // Once the provider takes refunds again, the cancel goes through with a fresh refund key.
    vi.restoreAllMocks();
    const again = await act.cancel(order.id, { cancelReason: 'Double booked', confirmed: true });
    expect(again.statusCode).toBe(200);
    const rows = await refundsOf(order.id);
    expect(rows.map((r) => r.status)).toEqual(['failed', 'succeeded']);
    expect(new Set(rows.map((r) => r.idempotencyKey)).size).toBe(2);
    await expectRefundsRecorded(app, checkoutOrders);
  });
});

describe('partial refund', () => {
  it("answers the spec's messages for a bad amount or a missing reason", async () => {
    const { order } = await paidOrder(38);
    const payout = (await orderRow(order.id)).vendorPayoutCents;
    const errorsFor = async (body: Record<string, unknown>) =>
      (await act.refund(order.id, body)).json().errors;
    for (const refundAmount of ['abc', null, Number.NaN])
      expect(await errorsFor({ refundAmount, refundReason: 'Because' }), String(refundAmount)).toEqual([
        ORDER_MESSAGES.refundAmountInvalid,
      ]);
    // Issue 23: the answer says what is wrong with the amount.
    for (const refundAmount of [0, -5, '0'])
      expect(await errorsFor({ refundAmount, refundReason: 'Because' }), String(refundAmount)).toEqual([
        'The refund amount must be greater than $0.00.',
      ]);
    for (const refundAmount of [1.234, 12.345, '1.234'])
      expect(await errorsFor({ refundAmount, refundReason: 'Because' }), String(refundAmount)).toEqual([
        'Enter the refund amount with at most two decimal places.',
      ]);
    expect(await errorsFor({ refundReason: 'Because' })).toEqual([ORDER_MESSAGES.refundAmountInvalid]);
    expect(await errorsFor({ refundAmount: 5 })).toEqual([ORDER_MESSAGES.refundReasonRequired]);
    expect(await errorsFor({ refundAmount: 5, refundReason: '   ' })).toEqual([
      ORDER_MESSAGES.refundReasonRequired,
    ]);
    expect(await errorsFor({ refundAmount: 5, refundReason: 'y'.repeat(501) })).toEqual([
      ORDER_MESSAGES.refundReasonTooLong,
    ]);
    expect(await errorsFor({})).toEqual([
      ORDER_MESSAGES.refundAmountInvalid,
      ORDER_MESSAGES.refundReasonRequired,
    ]);
    const tooHigh = await act.refund(order.id, {
      refundAmount: payout / 100 + 0.01,
      refundReason: 'Because',
    });
    expect(tooHigh.statusCode).toBe(422);
    expect(tooHigh.json().errors).toEqual([
      ORDER_MESSAGES.refundAmountTooHigh(`$${(payout / 100).toFixed(2)}`),
    ]);
    expect(await refundsOf(order.id)).toHaveLength(0);
    expect((await orderRow(order.id)).paymentStatus).toBe('collected');
  });

  it('refunds through the sandbox, takes the amount off the payout, adds up to the limit and not a cent more', async () => {
    const { order, email } = await paidOrder(39);
    const start = await orderRow(order.id);
    const res = await act.refund(order.id, { refundAmount: 12.5, refundReason: 'Missed the garage' });
    expect(res.statusCode).toBe(200);
    expect(vendorOrderResponseSchema.safeParse(res.json()).success).toBe(true);
    expect(res.json().order).toMatchObject({
      paymentStatus: 'partially_refunded',
      fulfillmentStatus: 'unfulfilled',
      refundAmount: 12.5,
      refundReason: 'Missed the garage',
      vendorPayoutAmount: (start.vendorPayoutCents - 1250) / 100,
      commission: start.commissionCents / 100,
      allowedActions: ['reschedule', 'partial_refund', 'cancel'],
    });
    expect(await sandboxRefunded(order.id)).toBe(1250);
    const mail = (await outbox(app)).find((m) => m.to === email && m.subject.startsWith('Refund of $12.50'));
    expect(mail!.text).toContain('Missed the garage');
    // A string amount from a form field works as well.
    expect((await act.refund(order.id, { refundAmount: '0.10', refundReason: 'Ten cents' })).statusCode).toBe(
      200,
    );
    const left = (await orderRow(order.id)).vendorPayoutCents;
    expect(left).toBe(start.vendorPayoutCents - 1260);
    expect(
      (await act.refund(order.id, { refundAmount: (left + 1) / 100, refundReason: 'Rest' })).json().errors,
    ).toEqual([ORDER_MESSAGES.refundAmountTooHigh(`$${(left / 100).toFixed(2)}`)]);
    const all = await act.refund(order.id, { refundAmount: left / 100, refundReason: 'Rest' });
    expect(all.statusCode).toBe(200);
    expect(all.json().order).toMatchObject({ vendorPayoutAmount: 0, paymentStatus: 'partially_refunded' });
    expect(
      (await act.refund(order.id, { refundAmount: 0.01, refundReason: 'One more' })).json().errors,
    ).toEqual([ORDER_MESSAGES.refundAmountTooHigh('$0.00')]);
    const row = await orderRow(order.id);
    expect(row.refundAmountCents).toBe(start.vendorPayoutCents);
    expect(row.totalCollectedCents).toBe(
      row.serviceFeeCents + row.commissionCents + row.vendorPayoutCents + row.refundAmountCents,
    );
    expect(await sandboxRefunded(order.id)).toBe(start.vendorPayoutCents);
    expect((await eventsOf(order.id)).filter((e) => e.action === 'partially_refunded')).toHaveLength(3);
    await expectRefundsRecorded(app, checkoutOrders);
  });

  it('refunds sent at the same time never add up past the payout (row lock)', async () => {
    const { order } = await paidOrder(40);
    const payout = (await orderRow(order.id)).vendorPayoutCents;
    const share = Math.floor(payout * 0.4) / 100; // two fit, the third does not
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        act.refund(order.id, { refundAmount: share, refundReason: 'Split' }, `modal-${order.id}-${n}`),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 422, 422, 422]);
    for (const a of answers.filter((x) => x.statusCode === 422))
      expect(a.json().errors[0]).toMatch(/^The refund can be at most \$/);
    const row = await orderRow(order.id);
    expect(row.refundAmountCents).toBe(Math.round(share * 100) * 2);
    expect(row.vendorPayoutCents).toBe(payout - row.refundAmountCents);
    expect(await sandboxRefunded(order.id)).toBe(row.refundAmountCents);
    // Without keys, different reasons: the same limit holds.
    const rest = row.vendorPayoutCents / 100;
    const again = await Promise.all(
      ['a', 'b', 'c'].map((r) => act.refund(order.id, { refundAmount: rest, refundReason: `Rest ${r}` })),
    );
    expect(again.map((a) => a.statusCode).sort()).toEqual([200, 422, 422]);
    expect((await orderRow(order.id)).vendorPayoutCents).toBe(0);
    expect(await sandboxRefunded(order.id)).toBe(payout);
    await expectRefundsRecorded(app, checkoutOrders);
  });

  it('a double click refunds once: the same Idempotency-Key, or the same refund within a minute without one', async () => {
    const { order } = await paidOrder(41);
    const [a, b] = await Promise.all([
      act.refund(order.id, { refundAmount: 5, refundReason: 'Dirty window' }),
      act.refund(order.id, { refundAmount: 5, refundReason: 'Dirty window' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(b.json().order.refundAmount).toBe(5);
    expect(await refundsOf(order.id)).toHaveLength(1);
    // After the window the same refund is a new one.
    clock = new Date(START.getTime() + 61_000);
    expect(
      (await act.refund(order.id, { refundAmount: 5, refundReason: 'Dirty window' })).json().order
        .refundAmount,
    ).toBe(10);
    // With a key: replays answer the first outcome, whenever they come.
    const key = 'modal-7f3a';
    const [c, d] = await Promise.all([
      act.refund(order.id, { refundAmount: 2, refundReason: 'Key' }, key),
      act.refund(order.id, { refundAmount: 2, refundReason: 'Key' }, key),
    ]);
    expect([c.statusCode, d.statusCode]).toEqual([200, 200]);
    clock = new Date(START.getTime() + 3_600_000);
    const e = await act.refund(order.id, { refundAmount: 2, refundReason: 'Key' }, key);
    expect(e.statusCode).toBe(200);
    expect(e.json().order.refundAmount).toBe(12);
    const reused = await act.refund(order.id, { refundAmount: 3, refundReason: 'Key' }, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errors).toEqual([ORDER_MESSAGES.idempotencyKeyReused]);
    expect((await refundsOf(order.id)).map((r) => r.amountCents)).toEqual([500, 500, 200]);
    expect(await sandboxRefunded(order.id)).toBe(1200);
    await expectRefundsRecorded(app, checkoutOrders);
  });

  it("a refund the provider refuses gives the order its figures back and answers the provider's message", async () => {
    const { order } = await paidOrder(44);
    await act.refund(order.id, { refundAmount: 1, refundReason: 'First' });
    const before = await orderRow(order.id);
    vi.spyOn(app.deps.payments, 'refund').mockRejectedValue(
      new PaymentProviderError(
        'Charge ch_2 has been disputed and cannot be refunded.',
        'charge_disputed',
        false,
      ),
    );
    const res = await act.refund(order.id, { refundAmount: 7, refundReason: 'Second' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual(['Charge ch_2 has been disputed and cannot be refunded.']);
    const after = await orderRow(order.id);
    expect(after).toMatchObject({
      paymentStatus: 'partially_refunded',
      refundAmountCents: 100,
      vendorPayoutCents: before.vendorPayoutCents,
      refundReason: 'First',
    });
    const failed = (await eventsOf(order.id)).at(-1)!;
    expect(failed).toMatchObject({ action: 'refund_failed', amountCents: 700 });
    expect(failed.details).toMatchObject({ orderReverted: true });
    // The replay of the refused request answers the same refusal and tries nothing again.
    const replay = await act.refund(order.id, { refundAmount: 7, refundReason: 'Second' });
    expect(replay.statusCode).toBe(422);
    expect(app.deps.payments.refund).toHaveBeenCalledTimes(1);
    vi.restoreAllMocks();
    // The first refund alone refused too: the payment is collected again.
    const { order: lone } = await paidOrder(45);
    vi.spyOn(app.deps.payments, 'refund').mockRejectedValue(
      new PaymentProviderError('Your card issuer refused the refund.', 'refund_failed', false),
    );
    expect((await act.refund(lone.id, { refundAmount: 3, refundReason: 'Only' })).statusCode).toBe(422);
    expect(await orderRow(lone.id)).toMatchObject({
      paymentStatus: 'collected',
      refundAmountCents: 0,
      refundReason: null,
    });
    await expectRefundsRecorded(app, checkoutOrders);
  });

  it('a refund still pending at the bank stands; if the bank fails it later, the order gets its figures back', async () => {
    const { order } = await paidOrder(46);
    const start = await orderRow(order.id);
    vi.spyOn(app.deps.payments, 'refund').mockResolvedValue({
      id: 're_pending_1',
      status: 'pending',
      amountCents: 400,
      paymentIntentId: start.paymentIntentId!,
    });
    const res = await act.refund(order.id, { refundAmount: 4, refundReason: 'Bank' });
    expect(res.statusCode).toBe(200);
    expect(res.json().order).toMatchObject({ refundAmount: 4, paymentStatus: 'partially_refunded' });
    const [refund] = await refundsOf(order.id);
    expect(refund).toMatchObject({ status: 'pending', providerRefundId: 're_pending_1' });
    vi.spyOn(app.deps.payments, 'retrieveRefund').mockResolvedValue({
      id: 're_pending_1',
      status: 'failed',
      amountCents: 400,
      paymentIntentId: start.paymentIntentId!,
    });
    expect(await executeRefund(app.deps, refund!.id)).toBe('done');
    expect(await orderRow(order.id)).toMatchObject({
      paymentStatus: 'collected',
      refundAmountCents: 0,
      vendorPayoutCents: start.vendorPayoutCents,
    });
    // Told twice (the job and a webhook), it is undone once.
    expect(await executeRefund(app.deps, refund!.id)).toBe('done');
    expect((await orderRow(order.id)).vendorPayoutCents).toBe(start.vendorPayoutCents);
    await expectRefundsRecorded(app, checkoutOrders);
  });
});

describe('a provider that cannot be reached', () => {
  it('leaves the partial refund standing and pending for the retry job', async () => {
    const { order } = await paidOrder(51);
    vi.spyOn(app.deps.payments, 'refund').mockRejectedValue(
      new PaymentProviderError('Could not connect to the payment provider.', 'api_connection_error', true),
    );
    const res = await act.refund(order.id, { refundAmount: 6, refundReason: 'Offline' });
    expect(res.statusCode).toBe(200);
    expect(res.json().order).toMatchObject({ refundAmount: 6, paymentStatus: 'partially_refunded' });
    const [refund] = await refundsOf(order.id);
    expect(refund).toMatchObject({ status: 'pending', attempts: 1 });
    expect(refund!.lastError).toContain('Could not connect');
    const retry = await app.deps.db
      .select()
      .from(jobs)
      .where(eq(jobs.uniqueKey, `payment-refund:${refund!.id}`));
    expect(retry).toHaveLength(1);
    // The job's next try goes through with the same idempotency key.
    vi.restoreAllMocks();
    expect(await executeRefund(app.deps, refund!.id)).toBe('done');
    expect((await refundsOf(order.id))[0]!.status).toBe('succeeded');
    expect(await sandboxRefunded(order.id)).toBe(600);
    await expectRefundsRecorded(app, checkoutOrders);
  });
});

describe('the OpenAPI document', () => {
  it('lists the vendor actions with their request and answer shapes', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const path of [
      '/api/orders/{id}/reschedule',
      '/api/orders/{id}/cancel-order',
      '/api/orders/{id}/create-partial-refund',
      '/api/orders/{id}/mark-as-fulfilled',
      '/api/vendors/{id}/orders',
    ])
      expect(Object.keys(doc.paths)).toContain(path);
    const refund = doc.paths['/api/orders/{id}/create-partial-refund'].post;
    expect(JSON.stringify(refund.requestBody)).toContain('refundReason');
  });
});

describe('mark as fulfilled', () => {
  it('needs the confirm box, a note of 500 characters at most, and an appointment not in the future', async () => {
    const { order } = await paidOrder(47);
    expect((await act.complete(order.id, {})).json().errors).toEqual([ORDER_MESSAGES.confirmRequired]);
    expect(
      (await act.complete(order.id, { confirmed: true, optionalNote: 'n'.repeat(501) })).json().errors,
    ).toEqual([ORDER_MESSAGES.noteTooLong]);
    const early = await act.complete(order.id, { confirmed: true });
    expect(early.statusCode).toBe(422);
    expect(early.json().errors).toEqual([ORDER_MESSAGES.completeInFuture]);
    expect((await orderRow(order.id)).fulfillmentStatus).toBe('unfulfilled');
  });

  it('fulfils once the appointment has begun and schedules exactly one payout 72 hours later', async () => {
    const { order } = await paidOrder(48);
    clock = new Date(Date.parse(at(48)) + 4 * 3_600_000);
    const doneAt = clock;
    const [a, b] = await Promise.all([
      act.complete(
        order.id,
        { confirmed: true, optionalNote: '  Gate code was wrong; all done.  ' },
        vendor.vendorId,
      ),
      act.complete(
        order.id,
        { confirmed: true, optionalNote: '  Gate code was wrong; all done.  ' },
        vendor.vendorId,
      ),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const dueAt = new Date(doneAt.getTime() + 72 * 3_600_000).toISOString();
    expect(a.json().order).toMatchObject({
      fulfillmentStatus: 'fulfilled',
      paymentStatus: 'collected',
      optionalNote: 'Gate code was wrong; all done.',
      fulfilledAt: doneAt.toISOString(),
      payoutDueAt: dueAt,
      allowedActions: ['partial_refund'],
    });
    const payoutJobs = await app.deps.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, PAYOUT_JOB), eq(jobs.uniqueKey, `payout:${order.id}`)));
    expect(payoutJobs).toHaveLength(1);
    expect(payoutJobs[0]!.runAt.toISOString()).toBe(dueAt);
    expect(payoutJobs[0]!.payload).toEqual({ orderId: order.id });
    const fulfilled = (await eventsOf(order.id)).filter((e) => e.action === 'fulfilled');
    expect(fulfilled).toHaveLength(1);
    expect(fulfilled[0]).toMatchObject({ actorRole: 'vendor', actorUserId: vendor.userId });
    // Still refundable in part after completion, never again completable, cancellable or movable.
    expect(
      (await act.refund(order.id, { refundAmount: 2, refundReason: 'After the job' })).json().order,
    ).toMatchObject({
      paymentStatus: 'partially_refunded',
      fulfillmentStatus: 'fulfilled',
    });
    clock = new Date(doneAt.getTime() + 10 * 60_000);
    expect((await act.complete(order.id)).json().errors).toEqual([ORDER_MESSAGES.actionNotAllowed]);
    expect((await act.cancel(order.id)).json().errors).toEqual([ORDER_MESSAGES.actionNotAllowed]);
    expect((await act.reschedule(order.id, at(51))).json().errors).toEqual([ORDER_MESSAGES.actionNotAllowed]);
    await expectRefundsRecorded(app, checkoutOrders);
  });
});
