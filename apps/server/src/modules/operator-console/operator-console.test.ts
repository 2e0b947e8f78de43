/**
 * The operator's console (issue 25 §3) against the ledger: orders made through the real flows (checkout,
 * a partial refund, a cancel, completion, a dispute, a Paper Check, refunds that gave up), then every
 * figure of the dashboard equals the sums of the orders' own money columns to the cent, by St George
 * week and month and in all; the operator's lists and actions (who may, validation, double clicks, the
 * order's log, a retry through the refunds' own path).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  HANDLED_NOTE_MAX,
  OPERATOR_MESSAGES,
  operatorDashboardResponseSchema,
  type OperatorDashboard,
  type PeriodFigures,
} from '@stg/domain/api/operator';
import { PaymentProviderError } from '../../adapters/payments/payment-provider';
import { orderEvents, orders, refunds, users, vendors } from '../../db/schema';
import { createTestApp, TestClient } from '../../../test/test-app';
import { ledger, payFor, scheduledBooking, signedUpCustomer } from '../../../test/checkout-fixtures';
import { createPayableVendor, type PayableVendor } from '../../../test/payable-vendor';
import { vendorActions } from '../../../test/vendor-order-fixtures';
import { JobWorker } from '../jobs/worker';
import { giveUpRefund } from '../orders/refunds';
import { paymentJobHandlers } from '../payments/service';
import { handlePaymentEvent } from '../payments/settle';
import { payoutJobHandlers } from '../payouts/service';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// Orders and sign-ups are stamped by the database's clock: the app's clock starts at the real time.
const REAL_START = new Date();
let clock = REAL_START;
let app: FastifyInstance;
let vendor: PayableVendor;
let vendorClient: TestClient;
let act: ReturnType<typeof vendorActions>;
let operator: TestClient;
let operatorId: number;
let customer: TestClient;

beforeAll(async () => {
  app = await createTestApp({ now: () => clock });
  vendor = await createPayableVendor(app, 'console-vendor@example.com');
  await app.deps.db
    .update(vendors)
    .set({ priceToDurationRateCents: 25_000 })
    .where(eq(vendors.id, vendor.vendorId));
  vendorClient = new TestClient(app);
  await vendorClient.signIn('console-vendor@example.com', 'Password123!');
  act = vendorActions(vendorClient);
  const op = await signedUpCustomer(app, 'operator');
  await app.deps.db.update(users).set({ isOperator: true }).where(eq(users.id, op.userId));
  operator = op.client;
  operatorId = op.userId;
  customer = (await signedUpCustomer(app, 'someone')).client;
});
afterAll(() => app.close());
afterEach(() => {
  clock = REAL_START;
  vi.restoreAllMocks();
});

/** The Monday at least four days ahead, 16:00 UTC (9:00 MST, 10:00 MDT), plus `slot` hours. */
function appointment(slot: number) {
  const d = new Date(REAL_START.getTime() + 4 * DAY);
  while (d.getUTCDay() !== 1) d.setTime(d.getTime() + DAY);
  const day = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 16));
  return new Date(day.getTime() + Math.floor(slot / 6) * DAY + (slot % 6) * HOUR);
}

let nextSlot = 0;
async function paidOrder() {
  const buyer = await signedUpCustomer(app, 'console');
  const booking = await scheduledBooking(buyer.client, vendor, appointment(nextSlot++).toISOString());
  const res = await payFor(buyer.client, booking.id);
  expect(res.json().status).toBe('succeeded');
  await app.deps.background.drain();
  return res.json().order as { id: number; confirmationId: string };
}

const orderRow = async (id: number) => (await app.deps.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const refundsOf = (id: number) =>
  app.deps.db.select().from(refunds).where(eq(refunds.orderId, id)).orderBy(refunds.id);
const eventsOf = async (id: number, action: string) =>
  (
    await app.deps.db.select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(orderEvents.id)
  ).filter((e) => e.action === action);
const get = (client: TestClient, url: string) => client.request({ method: 'GET', url });
const post = (client: TestClient, url: string, payload: Record<string, unknown> = {}) =>
  client.request({ method: 'POST', url, payload });
const worker = () =>
  new JobWorker({
    db: app.deps.db,
    handlers: { ...paymentJobHandlers(app.deps), ...payoutJobHandlers(app.deps) },
    now: () => clock,
  });

/** The day (YYYY-MM-DD) in St George, its week's Monday and its month's first day. */
function denverKeys(at: Date) {
  const day = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Denver',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  const monday = new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * DAY);
  return { week: monday.toISOString().slice(0, 10), month: day.slice(0, 8) + '01' };
}

/** The orders' money columns summed in cents per St George week and month, as the test reads them. */
async function expectedByPeriod() {
  const rows = await app.deps.db.select().from(orders);
  const add = (map: Map<string, number[]>, key: string, o: (typeof rows)[number]) => {
    const s = map.get(key) ?? [0, 0, 0, 0, 0, 0, 0];
    const parts = [
      1,
      o.totalCollectedCents,
      o.serviceFeeCents,
      o.commissionCents,
      o.refundAmountCents,
      o.vendorPayoutCents,
      o.fulfillmentStatus === 'cancelled' ? 1 : 0,
    ];
    map.set(
      key,
      s.map((v, i) => v + parts[i]!),
    );
  };
  const weeks = new Map<string, number[]>();
  const months = new Map<string, number[]>();
  for (const o of rows) {
    const k = denverKeys(o.createdAt);
    add(weeks, k.week, o);
    add(months, k.month, o);
  }
  return { weeks, months, rows };
}

const centsOf = (f: Omit<PeriodFigures, 'start'>) => [
  f.orders,
  Math.round(f.grossBookings * 100),
  Math.round(f.serviceCharges * 100),
  Math.round(f.commission * 100),
  Math.round(f.refunds * 100),
  Math.round(f.vendorPayouts * 100),
  f.cancellations,
];

async function dashboard(): Promise<OperatorDashboard> {
  const res = await get(operator, '/api/operator/dashboard');
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return operatorDashboardResponseSchema.parse(res.json());
}

async function expectFiguresEqualLedger() {
  const board = await dashboard();
  const { weeks, months, rows } = await expectedByPeriod();
  const zero = [0, 0, 0, 0, 0, 0, 0];
  for (const w of board.weeks)
    expect([w.start, ...centsOf(w)]).toEqual([w.start, ...(weeks.get(w.start) ?? zero)]);
  for (const m of board.months)
    expect([m.start, ...centsOf(m)]).toEqual([m.start, ...(months.get(m.start) ?? zero)]);
  // Every order is inside the twelve weeks: their sum is every order's.
  const sum = (list: PeriodFigures[]) => list.map(centsOf).reduce((a, b) => a.map((v, i) => v + b[i]!), zero);
  const all = centsOf(board.allTime);
  expect(sum(board.weeks)).toEqual(all);
  expect(sum(board.months)).toEqual(all);
  const books = await ledger(app);
  expect(all[1]).toBe(books.collected);
  expect(all[1]).toBe(all[2]! + all[3]! + all[4]! + all[5]!);
  expect(all[0]).toBe(rows.length);
  return board;
}

describe('who may use the console', () => {
  it('answers operators only: 401 signed out, 403 for a customer or a vendor, on every endpoint', async () => {
    const calls = [
      (c: TestClient) => get(c, '/api/operator/dashboard'),
      (c: TestClient) => get(c, '/api/operator/payouts/due'),
      (c: TestClient) => get(c, '/api/operator/refunds/failed?page=2'),
      (c: TestClient) => get(c, '/api/operator/disputes'),
      (c: TestClient) => post(c, '/api/operator/refunds/1/retry'),
      (c: TestClient) => post(c, '/api/operator/refunds/1/mark-handled', { note: 'Called the bank' }),
    ];
    const guest = new TestClient(app);
    await guest.session();
    for (const call of calls) {
      expect((await call(guest)).statusCode).toBe(401);
      expect((await call(customer)).statusCode).toBe(403);
      expect((await call(vendorClient)).statusCode).toBe(403);
    }
    expect((await get(operator, '/api/operator/disputes?page=0')).statusCode).toBe(422);
  });
});

describe('the dashboard against the ledger', () => {
  it('equals the orders’ money columns to the cent after checkouts, partial refunds, a cancel, a dispute and a Paper Check', async () => {
    const empty = await expectFiguresEqualLedger();
    expect(empty.weeks).toHaveLength(12);
    expect(empty.months).toHaveLength(12);
    expect(empty.timeZone).toBe('America/Denver');
    expect(empty.weeks.at(-1)!.start).toBe(denverKeys(clock).week);
    expect(empty.months.at(-1)!.start).toBe(denverKeys(clock).month);

    const plain = await paidOrder();
    const refunded = await paidOrder();
    expect(
      (await act.refund(refunded.id, { refundAmount: 12.34, refundReason: 'Missed a window' })).statusCode,
    ).toBe(200);
    expect((await act.refund(refunded.id, { refundAmount: 0.01, refundReason: 'One cent' })).statusCode).toBe(
      200,
    );
    const cancelled = await paidOrder();
    expect((await act.cancel(cancelled.id)).statusCode).toBe(200);
    const disputed = await paidOrder();
    const intent = (await orderRow(disputed.id)).paymentIntentId!;
    await handlePaymentEvent(app.deps, {
      id: `evt_console_dispute_${intent}`,
      type: 'charge.dispute.created',
      paymentIntentId: intent,
      amountCents: 2_500,
      reason: 'fraudulent',
    });
    // Completed, then paid by Paper Check (the vendor's payouts off when it fell due).
    const checked = await paidOrder();
    const row = await orderRow(checked.id);
    clock = new Date(row.appointmentAt.getTime() + 2 * HOUR);
    expect((await act.complete(checked.id, { confirmed: true })).statusCode).toBe(200);
    const due = await get(operator, '/api/operator/payouts/due');
    expect(due.json().payouts).toEqual([
      {
        order: { id: checked.id, confirmationId: checked.confirmationId },
        vendor: { id: vendor.vendorId, name: 'Vendor console-vendor@example.com' },
        dueAt: new Date(clock.getTime() + 72 * HOUR).toISOString(),
        amount: row.vendorPayoutCents / 100,
        method: 'transfer',
      },
    ]);
    expect(due.json()).toMatchObject({
      total: 1,
      page: 1,
      pageSize: 20,
      totalAmount: row.vendorPayoutCents / 100,
    });
    await app.deps.db
      .update(vendors)
      .set({ stripeIntegrated: 'inactive' })
      .where(eq(vendors.id, vendor.vendorId));
    try {
      clock = new Date(clock.getTime() + 73 * HOUR);
      for (let i = 0; i < 20 && (await worker().runOnce()) > 0; i++);
    } finally {
      await app.deps.db
        .update(vendors)
        .set({ stripeIntegrated: 'active' })
        .where(eq(vendors.id, vendor.vendorId));
    }
    expect((await get(operator, '/api/operator/payouts/due')).json().total).toBe(0);
    expect((await dashboard()).counts.paperChecks).toBe(1);
    expect(
      (
        await post(operator, `/api/operator/payouts/paper-checks/${checked.id}/mark-paid`, {
          checkReference: '1001',
        })
      ).statusCode,
    ).toBe(200);
    clock = REAL_START;

    const board = await expectFiguresEqualLedger();
    expect(board.allTime.orders).toBe(5);
    expect(board.allTime.cancellations).toBe(1);
    const cancelledRow = await orderRow(cancelled.id);
    expect(Math.round(board.allTime.refunds * 100)).toBe(1_235 + cancelledRow.totalCollectedCents);
    expect(board.counts).toMatchObject({ disputesOpen: 1, paperChecks: 0, refundsFailed: 0, payoutsDue: 0 });
    expect(board.vendorsByStatus.find((s) => s.status === 'active')!.count).toBeGreaterThanOrEqual(1);
    // The operator is not counted as a customer: five buyers and one other.
    const customers = await app.deps.db.execute<{ n: number }>(
      sql`select count(*)::int as n from users where user_type = 'customer' and not is_operator`,
    );
    const joined = board.weeks.reduce((n, w) => n + w.newCustomers, 0);
    expect(joined).toBe(Number((customers as { rows: { n: number }[] }).rows[0]!.n));
    expect(joined).toBe(6);
    expect(board.weeks.reduce((n, w) => n + w.newVendors, 0)).toBe(1);
    expect((await orderRow(plain.id)).fulfillmentStatus).toBe('unfulfilled');

    const disputes = await get(operator, '/api/operator/disputes');
    expect(disputes.json()).toMatchObject({ total: 1, page: 1 });
    expect(disputes.json().disputes[0]).toMatchObject({
      order: { id: disputed.id, confirmationId: disputed.confirmationId },
      amount: 25,
      reason: 'fraudulent',
    });
    // Closed in the vendor's favour: no longer open.
    await handlePaymentEvent(app.deps, {
      id: `evt_console_dispute_${intent}_won`,
      type: 'charge.dispute.closed',
      paymentIntentId: intent,
      amountCents: 2_500,
      status: 'won',
    });
    expect((await get(operator, '/api/operator/disputes')).json().total).toBe(0);
    await expectFiguresEqualLedger();
  });
});

describe('refunds that gave up', () => {
  const retry = (id: number) => post(operator, `/api/operator/refunds/${id}/retry`);
  const handled = (id: number, body: Record<string, unknown>) =>
    post(operator, `/api/operator/refunds/${id}/mark-handled`, body);
  const failedList = async () => (await get(operator, '/api/operator/refunds/failed')).json();

  it('Retry records a new refund through the refunds path, once however often it is clicked, and logs it', async () => {
    const order = await paidOrder();
    // The provider cannot be reached: the cancel stands, its refund pending for the job...
    vi.spyOn(app.deps.payments, 'refund').mockRejectedValue(
      new PaymentProviderError('Could not connect to the payment provider.', 'api_connection_error', true),
    );
    expect((await act.cancel(order.id)).statusCode).toBe(200);
    vi.restoreAllMocks();
    // ...which gives up after every try (what the job does on its last attempt).
    const [pending] = await refundsOf(order.id);
    await giveUpRefund(app.deps, pending!, 'gave up after 12 tries');
    const cancelled = await orderRow(order.id);
    expect(cancelled).toMatchObject({ fulfillmentStatus: 'cancelled', paymentStatus: 'refunded' });

    const list = await failedList();
    const item = list.refunds.find((r: { order: { id: number } }) => r.order.id === order.id);
    expect(item).toMatchObject({
      id: pending!.id,
      kind: 'cancel',
      amount: cancelled.totalCollectedCents / 100,
      owed: cancelled.totalCollectedCents / 100,
      retryable: true,
      lastError: 'gave up after 12 tries',
    });
    expect((await dashboard()).counts.refundsFailed).toBe(list.total);

    const spy = vi.spyOn(app.deps.payments, 'refund');
    const [first, second] = await Promise.all([retry(pending!.id), retry(pending!.id)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect([first.json().refund.changed, second.json().refund.changed].sort()).toEqual([false, true]);
    const again = await retry(pending!.id);
    expect(again.json().refund).toMatchObject({
      resolution: 'retried',
      resolvedBy: operatorId,
      changed: false,
    });
    expect(spy).toHaveBeenCalledTimes(1);
    const all = await refundsOf(order.id);
    expect(all).toHaveLength(2);
    expect(all[0]).toMatchObject({ status: 'failed', resolution: 'retried', retryRefundId: all[1]!.id });
    expect(all[1]).toMatchObject({
      status: 'succeeded',
      kind: 'cancel',
      amountCents: cancelled.totalCollectedCents,
      idempotencyKey: `refund-retry-${pending!.id}`,
    });
    expect(again.json().refund.retry).toEqual({ refundId: all[1]!.id, status: 'succeeded' });
    const logged = await eventsOf(order.id, 'refund_retry_requested');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      actorUserId: operatorId,
      actorRole: 'admin',
      amountCents: cancelled.totalCollectedCents,
    });
    // The order's figures did not move; it leaves the list.
    expect(await orderRow(order.id)).toMatchObject({
      refundAmountCents: cancelled.refundAmountCents,
      vendorPayoutCents: cancelled.vendorPayoutCents,
    });
    expect((await failedList()).refunds.some((r: { id: number }) => r.id === pending!.id)).toBe(false);
    expect((await handled(pending!.id, { note: 'Too late' })).statusCode).toBe(409);
    await expectFiguresEqualLedger();
  });

  it('Mark handled needs a note, keeps who and when, logs it, and a refund whose order got its figures back cannot be retried', async () => {
    const order = await paidOrder();
    vi.spyOn(app.deps.payments, 'refund').mockRejectedValue(
      new PaymentProviderError('Your card issuer refused the refund.', 'refund_failed', false),
    );
    expect((await act.refund(order.id, { refundAmount: 3, refundReason: 'Refused' })).statusCode).toBe(422);
    vi.restoreAllMocks();
    const [failed] = await refundsOf(order.id);
    expect(failed).toMatchObject({ status: 'failed' });
    const item = (await failedList()).refunds.find((r: { id: number }) => r.id === failed!.id);
    expect(item).toMatchObject({ owed: 0, retryable: false, reason: 'Refused', kind: 'partial' });

    const refused = await retry(failed!.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toEqual([OPERATOR_MESSAGES.nothingOwed]);
    expect((await handled(failed!.id, {})).json().errors).toEqual([OPERATOR_MESSAGES.noteRequired]);
    expect((await handled(failed!.id, { note: '   ' })).statusCode).toBe(422);
    const long = await handled(failed!.id, { note: 'x'.repeat(HANDLED_NOTE_MAX + 1) });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual([OPERATOR_MESSAGES.noteTooLong]);
    expect((await handled(999_999, { note: 'Nobody' })).statusCode).toBe(404);
    expect((await handled(0, { note: 'Nobody' })).statusCode).toBe(404);

    clock = new Date(REAL_START.getTime() + 60_000);
    const [a, b] = await Promise.all([
      handled(failed!.id, { note: ' Vendor refunded by cash ' }),
      handled(failed!.id, { note: 'Second click' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    // Whichever click took the lock first is kept; the other answers it unchanged.
    const winner = a.json().refund.changed ? a : b;
    expect([a.json().refund.changed, b.json().refund.changed].sort()).toEqual([false, true]);
    const note = winner === a ? 'Vendor refunded by cash' : 'Second click';
    expect(a.json().refund.note).toBe(note);
    expect(b.json().refund.note).toBe(note);
    const row = (await refundsOf(order.id))[0]!;
    expect(row).toMatchObject({
      resolution: 'handled',
      resolvedBy: operatorId,
      resolvedAt: clock,
      resolutionNote: note,
    });
    const logged = await eventsOf(order.id, 'refund_handled');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      actorUserId: operatorId,
      actorRole: 'admin',
      details: { refundId: failed!.id, note },
    });
    expect((await failedList()).refunds.some((r: { id: number }) => r.id === failed!.id)).toBe(false);
    expect((await retry(failed!.id)).statusCode).toBe(409);
    // A refund that did not fail is neither retried nor handled.
    const ok = await paidOrder();
    await act.refund(ok.id, { refundAmount: 1, refundReason: 'Fine' });
    const [fine] = await refundsOf(ok.id);
    const notFailed = await retry(fine!.id);
    expect(notFailed.statusCode).toBe(409);
    expect(notFailed.json().errors).toEqual([OPERATOR_MESSAGES.refundNotFailed]);
    await expectFiguresEqualLedger();
  });

  it('pages each list (20 a page)', async () => {
    const res = await get(operator, '/api/operator/refunds/failed?page=5');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ refunds: [], page: 5, pageSize: 20 });
    expect(res.json().total).toBeGreaterThanOrEqual(0);
  });
});
