/**
 * A vendor's earnings (issue 25 §2) against the ledger: orders made through checkout, completed, refunded
 * in part, cancelled, disputed, paid out by transfer and by Paper Check, a transfer on its way and one given
 * up on (operators check it), with the real services; the totals, the page and the CSV equal the sums of
 * the orders' money columns to the cent. Only the vendor's users read them; the CSV's range is checked
 * with the spec's style of message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { EARNINGS_MESSAGES, type EarningsSummary, type EarningsPayout } from '@stg/domain/api/earnings';
import { localRangeInstants } from '@stg/domain/earnings-calendar';
import { PaymentProviderError } from '../../adapters/payments/payment-provider';
import { jobs, orders, users, vendors } from '../../db/schema';
import { createTestApp, TestClient } from '../../../test/test-app';
import { ledger, payFor, scheduledBooking, signedUpCustomer } from '../../../test/checkout-fixtures';
import { createPayableVendor, type PayableVendor } from '../../../test/payable-vendor';
import { vendorActions } from '../../../test/vendor-order-fixtures';
import { handlePaymentEvent } from '../payments/settle';
import { JobWorker } from '../jobs/worker';
import { paymentJobHandlers } from '../payments/service';
import { payoutJobHandlers, runPayout } from './service';
import { vendorEarningsTotals } from './earnings';

const HOUR = 3_600_000;
// Monday, November 23rd 2026, 8:00 in St George (MST, UTC-7).
let clock = new Date('2026-11-23T15:00:00Z');
let app: FastifyInstance;
let vendor: PayableVendor;
let other: PayableVendor;
let vendorClient: TestClient;
let otherClient: TestClient;
let operator: TestClient;
const ids: Record<string, number> = {};

/** A St George (MST) time, November or December 2026. */
const at = (month: 11 | 12, day: number, hour: number) => new Date(Date.UTC(2026, month - 1, day, hour + 7));

async function paidOrder(of: PayableVendor, when: Date) {
  const { client } = await signedUpCustomer(app, 'earner');
  const booking = await scheduledBooking(client, of, when.toISOString());
  expect((await payFor(client, booking.id)).json().status).toBe('succeeded');
  await app.deps.background.drain();
  const [order] = await app.deps.db.select().from(orders).where(eq(orders.bookingId, booking.id));
  return order!.id;
}

const setPayouts = (state: 'active' | 'inactive') =>
  app.deps.db.update(vendors).set({ stripeIntegrated: state }).where(eq(vendors.id, vendor.vendorId));

beforeAll(async () => {
  app = await createTestApp({ now: () => clock });
  vendor = await createPayableVendor(app, 'earnings-vendor@example.com');
  other = await createPayableVendor(app, 'earnings-other@example.com');
  for (const v of [vendor, other])
    await app.deps.db
      .update(vendors)
      .set({ priceToDurationRateCents: 25_000 })
      .where(eq(vendors.id, v.vendorId));
  vendorClient = new TestClient(app);
  await vendorClient.signIn('earnings-vendor@example.com', 'Password123!');
  otherClient = new TestClient(app);
  await otherClient.signIn('earnings-other@example.com', 'Password123!');
  const op = await signedUpCustomer(app, 'earnings-operator');
  await app.deps.db.update(users).set({ isOperator: true }).where(eq(users.id, op.userId));
  operator = op.client;
  const act = vendorActions(vendorClient);

  // Booked on Monday the 23rd: five jobs that week, two in December, one for the other vendor.
  ids.sent = await paidOrder(vendor, at(11, 24, 9));
  ids.refunded = await paidOrder(vendor, at(11, 24, 11));
  ids.cancelled = await paidOrder(vendor, at(11, 25, 9));
  ids.disputed = await paidOrder(vendor, at(11, 25, 11));
  ids.owed = await paidOrder(vendor, at(11, 26, 9));
  ids.checkSent = await paidOrder(vendor, at(11, 26, 11));
  ids.sending = await paidOrder(vendor, at(11, 27, 9));
  ids.checking = await paidOrder(vendor, at(11, 27, 11));
  ids.scheduled = await paidOrder(vendor, at(12, 1, 9));
  ids.upcoming = await paidOrder(vendor, at(12, 2, 14));
  ids.elsewhere = await paidOrder(other, at(11, 24, 9));

  expect(
    (await act.refund(ids.refunded, { refundAmount: 12.34, refundReason: 'Missed a window' })).statusCode,
  ).toBe(200);
  expect((await act.cancel(ids.cancelled)).statusCode).toBe(200);

  // Saturday the 28th: the November jobs are done.
  clock = at(11, 28, 10);
  for (const key of ['sent', 'refunded', 'disputed', 'owed', 'checkSent', 'sending', 'checking'])
    expect((await act.complete(ids[key]!)).statusCode).toBe(200);
  const [disputed] = await app.deps.db.select().from(orders).where(eq(orders.id, ids.disputed));
  await handlePaymentEvent(app.deps, {
    id: 'evt_earnings_dispute',
    type: 'charge.dispute.created',
    paymentIntentId: disputed!.paymentIntentId!,
    amountCents: 1000,
    reason: 'fraudulent',
  });

  // Tuesday, December 1st, 72 hours later: two transfers; with payouts off, two Paper Checks, one sent.
  clock = new Date(at(11, 28, 10).getTime() + 72 * HOUR + 60_000);
  expect(await runPayout(app.deps, ids.sent)).toMatchObject({ kind: 'transferred' });
  expect(await runPayout(app.deps, ids.refunded)).toMatchObject({ kind: 'transferred' });
  await setPayouts('inactive');
  expect(await runPayout(app.deps, ids.owed)).toMatchObject({ kind: 'paper_check' });
  expect(await runPayout(app.deps, ids.checkSent)).toMatchObject({ kind: 'paper_check' });
  expect(await runPayout(app.deps, ids.disputed)).toMatchObject({ kind: 'held' });
  await setPayouts('active');
  // The provider unreachable: one transfer stays on its way (retried later); the other's last try gives up,
  // and operators are to check it.
  const payments = app.deps.payments;
  const realTransfer = payments.createTransfer;
  payments.createTransfer = () =>
    Promise.reject(new PaymentProviderError('connect ETIMEDOUT api.stripe.com:443', 'network_error', true));
  try {
    await expect(runPayout(app.deps, ids.sending)).rejects.toThrow();
    await app.deps.db
      .update(jobs)
      .set({ attempts: 19 })
      .where(eq(jobs.uniqueKey, `payout:${ids.checking}`));
    await new JobWorker({
      db: app.deps.db,
      handlers: { ...paymentJobHandlers(app.deps), ...payoutJobHandlers(app.deps) },
      now: () => clock,
      batchSize: 100,
    }).runOnce();
  } finally {
    payments.createTransfer = realTransfer;
  }
  const paid = await operator.request({
    method: 'POST',
    url: `/api/operator/payouts/paper-checks/${ids.checkSent}/mark-paid`,
    payload: { checkReference: '=HYPERLINK("x")' },
  });
  expect(paid.statusCode).toBe(200);
  // The December 1st job is done, then refunded in part after completion; its payout falls due Friday.
  expect((await act.complete(ids.scheduled)).statusCode).toBe(200);
  expect((await act.refund(ids.scheduled, { refundAmount: 5, refundReason: 'Late' })).statusCode).toBe(200);

  // Wednesday, December 2nd, 10:00.
  clock = at(12, 2, 10);
});
afterAll(() => app.close());

/** The ledger's sums over the vendor's orders with appointments in a St George date range (to excluded). */
async function ledgerSums(vendorId: number, from: string, toExcluded: string) {
  const start = new Date(localRangeInstants(from, from).fromMs);
  const end = new Date(localRangeInstants(toExcluded, toExcluded).fromMs);
  const [row] = await app.deps.db
    .select({
      orders: sql<number>`count(*)::int`.mapWith(Number),
      gross: sql<number>`coalesce(sum(${orders.totalCollectedCents}), 0)::bigint`.mapWith(Number),
      fee: sql<number>`coalesce(sum(${orders.serviceFeeCents}), 0)::bigint`.mapWith(Number),
      commission: sql<number>`coalesce(sum(${orders.commissionCents}), 0)::bigint`.mapWith(Number),
      refunds: sql<number>`coalesce(sum(${orders.refundAmountCents}), 0)::bigint`.mapWith(Number),
      payout: sql<number>`coalesce(sum(${orders.vendorPayoutCents}), 0)::bigint`.mapWith(Number),
    })
    .from(orders)
    .where(
      and(eq(orders.vendorId, vendorId), gte(orders.appointmentAt, start), lt(orders.appointmentAt, end)),
    );
  return row!;
}

const cents = (dollars: number) => Math.round(dollars * 100);

async function summary(client = vendorClient, id = vendor.vendorId) {
  return client.request({ method: 'GET', url: `/api/vendors/${id}/earnings` });
}

async function allPayouts(): Promise<EarningsPayout[]> {
  const list: EarningsPayout[] = [];
  let cursor: string | null = null;
  do {
    const res = await vendorClient.request({
      method: 'GET',
      url: `/api/vendors/${vendor.vendorId}/earnings/payouts?limit=3${cursor ? `&cursor=${cursor}` : ''}`,
    });
    expect(res.statusCode).toBe(200);
    const page = res.json<{ payouts: EarningsPayout[]; nextCursor: string | null }>();
    list.push(...page.payouts);
    cursor = page.nextCursor;
  } while (cursor);
  return list;
}

describe('the vendor earnings summary', () => {
  it('equals the ledger to the cent for the week, the month and the year', async () => {
    const res = await summary();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const body = res.json<EarningsSummary>();
    expect(body.periods.week).toMatchObject({ from: '2026-11-30', to: '2026-12-07' });
    expect(body.periods.month).toMatchObject({ from: '2026-12-01', to: '2027-01-01' });
    expect(body.periods.year).toMatchObject({ from: '2026-01-01', to: '2027-01-01' });
    for (const period of ['week', 'month', 'year'] as const) {
      const p = body.periods[period];
      const l = await ledgerSums(vendor.vendorId, p.from, p.to);
      expect([
        cents(p.gross),
        cents(p.serviceFee),
        cents(p.commission),
        cents(p.refunds),
        cents(p.payout),
      ]).toEqual([l.gross, l.fee, l.commission, l.refunds, l.payout]);
      expect(p.orders).toBe(l.orders);
      // Every cent collected is accounted for, and the payout is the sum of its statuses.
      expect(cents(p.gross)).toBe(
        cents(p.serviceFee) + cents(p.commission) + cents(p.refunds) + cents(p.payout),
      );
      expect(Object.values(p.byStatus).reduce((s, v) => s + cents(v), 0)).toBe(cents(p.payout));
    }
    expect(body.periods.year.orders).toBe(10);
    expect(body.periods.week.orders).toBe(2);
    const whole = await ledger(app);
    expect(whole.collected).toBe(whole.parts);
  });

  it('splits the payout by where it stands', async () => {
    const body = (await summary()).json<EarningsSummary>();
    const rows = await app.deps.db.select().from(orders).where(eq(orders.vendorId, vendor.vendorId));
    const payoutOf = (key: string) => rows.find((r) => r.id === ids[key])!.vendorPayoutCents;
    const y = body.periods.year.byStatus;
    expect(cents(y.sent)).toBe(payoutOf('sent') + payoutOf('refunded') + payoutOf('checkSent'));
    expect(cents(y.owed)).toBe(payoutOf('owed'));
    expect(cents(y.held)).toBe(payoutOf('disputed'));
    expect(cents(y.scheduled)).toBe(payoutOf('scheduled'));
    expect(cents(y.upcoming)).toBe(payoutOf('upcoming'));
    expect(cents(y.sending)).toBe(payoutOf('sending'));
    expect(cents(y.checking)).toBe(payoutOf('checking'));
    expect(y.cancelled).toBe(0);
  });

  it('gives 12 weeks from Monday and the 12 months, each equal to the ledger', async () => {
    const body = (await summary()).json<EarningsSummary>();
    expect(body.weekly).toHaveLength(12);
    expect(body.weekly.at(-1)!.start).toBe('2026-11-30');
    expect(body.weekly.at(-2)!.start).toBe('2026-11-23');
    expect(body.monthly.map((m) => m.start)).toEqual(
      Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}-01`),
    );
    const lastWeek = await ledgerSums(vendor.vendorId, '2026-11-23', '2026-11-30');
    expect(cents(body.weekly.at(-2)!.payout)).toBe(lastWeek.payout);
    expect(body.weekly.at(-2)!.orders).toBe(8);
    const november = await ledgerSums(vendor.vendorId, '2026-11-01', '2026-12-01');
    expect(cents(body.monthly[10]!.payout)).toBe(november.payout);
    expect(cents(body.monthly[10]!.refunds)).toBe(november.refunds);
    expect(body.monthly.slice(0, 10).every((m) => m.orders === 0)).toBe(true);
    // The service the bench and the operator console reuse gives the same sums in cents.
    const totals = await vendorEarningsTotals(app.deps, vendor.vendorId);
    expect(totals.year.payoutCents).toBe(cents(body.periods.year.payout));
  });

  it('is the vendor’s own: 401 signed out, 403 for another vendor or a customer, 404 for a bad id', async () => {
    expect((await summary(new TestClient(app))).statusCode).toBe(401);
    expect((await summary(otherClient)).statusCode).toBe(403);
    expect((await summary(operator)).statusCode).toBe(403);
    expect((await summary(vendorClient, 'abc' as unknown as number)).statusCode).toBe(404);
    const theirs = (await summary(otherClient, other.vendorId)).json<EarningsSummary>();
    expect(theirs.periods.year.orders).toBe(1);
  });
});

describe('the payouts page', () => {
  it('lists every order once, latest first, with its money and payout', async () => {
    const list = await allPayouts();
    expect(list.map((p) => p.orderId)).toEqual(
      [
        'upcoming',
        'scheduled',
        'checking',
        'sending',
        'checkSent',
        'owed',
        'disputed',
        'cancelled',
        'refunded',
        'sent',
      ].map((k) => ids[k]),
    );
    const byKey = (key: string) => list.find((p) => p.orderId === ids[key])!;
    expect(byKey('sent')).toMatchObject({
      status: 'sent',
      method: 'transfer',
      transferId: expect.stringMatching(/^tr_/),
    });
    expect(byKey('sent').sentAt).toMatch(/-07:00$/);
    expect(byKey('refunded')).toMatchObject({ status: 'sent', refunds: 12.34 });
    expect(byKey('cancelled')).toMatchObject({ status: 'cancelled', payout: 0, commission: 0 });
    expect(byKey('disputed')).toMatchObject({ status: 'held', dueAt: null, sentAt: null });
    expect(byKey('owed')).toMatchObject({ status: 'owed', method: 'paper_check', transferId: null });
    expect(byKey('checkSent')).toMatchObject({
      status: 'sent',
      method: 'paper_check',
      transferId: '=HYPERLINK("x")',
    });
    expect(byKey('scheduled')).toMatchObject({
      status: 'scheduled',
      refunds: 5,
      dueAt: expect.stringContaining('2026-12-04'),
    });
    expect(byKey('sending')).toMatchObject({
      status: 'sending',
      method: 'transfer',
      transferId: null,
      sentAt: null,
    });
    expect(byKey('checking')).toMatchObject({ status: 'checking', method: 'transfer', transferId: null });
    expect(byKey('upcoming')).toMatchObject({
      status: 'upcoming',
      fulfilledAt: null,
      customer: expect.any(String),
    });
    const rows = await app.deps.db.select().from(orders).where(eq(orders.vendorId, vendor.vendorId));
    for (const row of rows) {
      const p = list.find((x) => x.orderId === row.id)!;
      expect([cents(p.commission), cents(p.refunds), cents(p.payout)]).toEqual([
        row.commissionCents,
        row.refundAmountCents,
        row.vendorPayoutCents,
      ]);
      expect(cents(p.subtotal) + cents(p.serviceCharge)).toBe(row.totalCollectedCents);
    }
  });

  it('filters by St George dates and refuses a cursor it did not give', async () => {
    const res = await vendorClient.request({
      method: 'GET',
      url: `/api/vendors/${vendor.vendorId}/earnings/payouts?from=2026-11-25&to=2026-11-25`,
    });
    expect(res.json().payouts.map((p: EarningsPayout) => p.orderId)).toEqual([ids.disputed, ids.cancelled]);
    const bad = await vendorClient.request({
      method: 'GET',
      url: `/api/vendors/${vendor.vendorId}/earnings/payouts?cursor=nonsense`,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ errors: [EARNINGS_MESSAGES.cursorInvalid] });
    const theirs = await otherClient.request({
      method: 'GET',
      url: `/api/vendors/${vendor.vendorId}/earnings/payouts`,
    });
    expect(theirs.statusCode).toBe(403);
  });
});

describe('the CSV export', () => {
  const csv = (query: string, client = vendorClient) =>
    client.request({ method: 'GET', url: `/api/vendors/${vendor.vendorId}/earnings.csv${query}` });

  it('has one row per order in the range, RFC 4180, with a BOM, guarded against formulas, and sums to the ledger', async () => {
    const res = await csv('?from=2026-11-01&to=2026-11-30');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="earnings-2026-11-01-to-2026-11-30.csv"',
    );
    const body = res.rawPayload.toString('utf8');
    expect(body.startsWith('\uFEFF')).toBe(true);
    const lines = body.slice(1).split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe(
      'Confirmation,Appointment,Completed,Customer,Service,Subtotal,Service charge,Commission,Refunds,Payout,Payout status,Due,Sent,Transfer id',
    );
    const rows = lines.slice(1, -1);
    expect(rows).toHaveLength(8);
    // The check number an operator typed starts with "=": written as text, its quotes doubled.
    expect(rows.some((r) => r.endsWith(`,"'=HYPERLINK(""x"")"`))).toBe(true);
    const payoutColumn = rows.map((r) => r.split(',')[9]!);
    expect(payoutColumn.every((v) => /^\d+\.\d\d$/.test(v))).toBe(true);
    const sumCents = payoutColumn.reduce((s, v) => s + cents(Number(v)), 0);
    expect(sumCents).toBe((await ledgerSums(vendor.vendorId, '2026-11-01', '2026-12-01')).payout);
    expect(rows.filter((r) => r.includes(',Cancelled,'))).toHaveLength(1);
    expect(rows.filter((r) => r.includes(',Paper Check owed,'))).toHaveLength(1);
    expect(rows.filter((r) => r.includes(',Held (dispute),'))).toHaveLength(1);
  });

  it('checks the range with one message each', async () => {
    const refused = async (query: string, message: string) => {
      const res = await csv(query);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toContain(message);
    };
    await refused('?to=2026-11-30', EARNINGS_MESSAGES.fromInvalid);
    await refused('?from=2026-02-30&to=2026-11-30', EARNINGS_MESSAGES.fromInvalid);
    await refused('?from=2026-11-01&to=soon', EARNINGS_MESSAGES.toInvalid);
    await refused('?from=2026-11-30&to=2026-11-01', EARNINGS_MESSAGES.rangeReversed);
    await refused('?from=2025-01-01&to=2026-11-30', EARNINGS_MESSAGES.rangeTooLong);
    expect((await csv('?from=2026-11-01&to=2026-11-30', otherClient)).statusCode).toBe(403);
  });
});

describe("Stripe's payouts view", () => {
  it('answers no session in the sandbox', async () => {
    const res = await vendorClient.request({
      method: 'POST',
      url: `/api/vendors/${vendor.vendorId}/earnings/stripe-payouts`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ provider: 'sandbox', clientSecret: null, publishableKey: null });
    const theirs = await otherClient.request({
      method: 'POST',
      url: `/api/vendors/${vendor.vendorId}/earnings/stripe-payouts`,
    });
    expect(theirs.statusCode).toBe(403);
  });
});
