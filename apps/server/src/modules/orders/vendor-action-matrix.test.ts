/**
 * The whole allowed-action matrix of spec §4 through the API (issue 12): every fulfillment status ×
 * payment status × past/future appointment × action, with the order put straight into that state in the
 * database (paid by a sandbox intent). Each endpoint answers 200 exactly where the domain's
 * allowedVendorActions allows the action, and 422 with the reason (leaving the order untouched) everywhere
 * else; the ledger balances after every call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { FULFILLMENT_STATUSES, PAYMENT_STATUSES } from '@stg/domain/constants';
import {
  allowedVendorActions,
  ORDER_MESSAGES,
  paymentStatusAfterPartialRefund,
  VENDOR_ORDER_ACTIONS,
  vendorActionProblem,
  type VendorOrderAction,
} from '@stg/domain/order-actions';
import { instantOfLocal, weekdayOf, addDays } from '@stg/domain/zoned-time';
import { orders } from '../../db/schema';
import { createTestApp, TestClient } from '../../../test/test-app';
import { signedUpCustomer } from '../../../test/checkout-fixtures';
import { createPayableVendor } from '../../../test/payable-vendor';
import {
  expectLedgerBalanced,
  figuresFor,
  insertOrderInState,
  resetOrder,
  vendorActions,
} from '../../../test/vendor-order-fixtures';

// Monday, November 23rd 2026, 8:00 in St George (MST, UTC-7).
const NOW = new Date('2026-11-23T15:00:00Z');
const TZ = 'America/Denver';
let app: FastifyInstance;
let act: ReturnType<typeof vendorActions>;
let vendorId: number;
let customerId: number;

/** The next weekdays after today (the vendor works Monday to Friday, one day's notice). */
const WEEKDAYS = (() => {
  const days = [];
  for (let d = addDays({ year: 2026, month: 11, day: 23 }, 1); days.length < 30; d = addDays(d, 1))
    if (weekdayOf(d) >= 1 && weekdayOf(d) <= 5) days.push(d);
  return days;
})();
const local = (i: number, hour: number) => new Date(instantOfLocal(WEEKDAYS[i]!, hour * 60, TZ));

beforeAll(async () => {
  app = await createTestApp({ now: () => NOW });
  const vendor = await createPayableVendor(app, 'matrix-vendor@example.com');
  vendorId = vendor.vendorId;
  customerId = (await signedUpCustomer(app, 'matrix')).userId;
  const client = new TestClient(app);
  await client.signIn('matrix-vendor@example.com', 'Password123!');
  act = vendorActions(client);
});
afterAll(() => app.close());

const cells = FULFILLMENT_STATUSES.flatMap((f) =>
  PAYMENT_STATUSES.flatMap((p) => (['past', 'future'] as const).map((when) => ({ f, p, when }))),
);

describe('allowed vendor order actions (spec §4), every state through the API', () => {
  it('covers 5 fulfillment × 5 payment statuses × past/future × 4 actions', () => {
    expect(cells).toHaveLength(50);
    expect(VENDOR_ORDER_ACTIONS).toHaveLength(4);
  });

  const counters = { past: 0, future: 0 };
  let succeeded = 0;
  it.each(cells)('$f / $p / $when', async ({ f, p, when }) => {
    const i = counters[when]++;
    const state = {
      fulfillmentStatus: f,
      paymentStatus: p,
      // Past orders on distinct days before today; future ones at 8:00 on the coming weekdays.
      appointmentAt:
        when === 'past' ? new Date(NOW.getTime() - (i + 1) * 86_400_000 - 3 * 3_600_000) : local(i, 8),
      ...figuresFor(p),
    };
    const order = await insertOrderInState(app, { vendorId, userId: customerId, state });
    const allowed = allowedVendorActions(state, NOW);
    // A free time on the vendor's 15-minute grid for the reschedule (a different one per order).
    const target = local(i, when === 'past' ? 11 : 14).toISOString();
    const calls: Record<VendorOrderAction, () => ReturnType<typeof act.complete>> = {
      complete: () => act.complete(order.id, { confirmed: true, optionalNote: 'Done' }),
      reschedule: () => act.reschedule(order.id, target),
      partial_refund: () => act.refund(order.id, { refundAmount: 0.01, refundReason: 'Matrix' }),
      cancel: () => act.cancel(order.id, { cancelReason: 'Matrix', confirmed: true }),
    };
    for (const action of VENDOR_ORDER_ACTIONS) {
      await resetOrder(app, order, state);
      const before = (await app.deps.db.select().from(orders).where(eq(orders.id, order.id)))[0]!;
      const res = await calls[action]();
      const label = `${f}/${p}/${when}: ${action}`;
      const after = (await app.deps.db.select().from(orders).where(eq(orders.id, order.id)))[0]!;
      if (allowed.includes(action)) {
        expect(res.statusCode, `${label} ${res.body}`).toBe(200);
        succeeded++;
        expect(res.json().order.id).toBe(order.id);
        const expected = {
          complete: { fulfillmentStatus: 'fulfilled', paymentStatus: p },
          reschedule: { fulfillmentStatus: 'rescheduled', paymentStatus: p, rescheduleCount: 1 },
          partial_refund: {
            fulfillmentStatus: f,
            paymentStatus: paymentStatusAfterPartialRefund(p),
            refundAmountCents: state.refundAmountCents + 1,
            vendorPayoutCents: state.vendorPayoutCents - 1,
          },
          cancel: {
            fulfillmentStatus: 'cancelled',
            paymentStatus: 'refunded',
            refundAmountCents: state.totalCollectedCents,
            vendorPayoutCents: 0,
          },
        }[action];
        expect(after, label).toMatchObject(expected);
      } else {
        expect(res.statusCode, `${label} ${res.body}`).toBe(422);
        expect(res.json().errors, label).toEqual([
          action === 'cancel' && f === 'cancelled'
            ? ORDER_MESSAGES.alreadyCancelled
            : vendorActionProblem(state, action, NOW),
        ]);
        expect(after, label).toEqual(before);
      }
      expect(after.totalCollectedCents).toBe(
        after.serviceFeeCents + after.commissionCents + after.vendorPayoutCents + after.refundAmountCents,
      );
    }
  });

  it('did 36 actions: 4 open states × 4 (past) or 3 (future), fulfilled × 3 payments × 2, disputed × 2', () => {
    expect(succeeded).toBe(4 * 4 + 4 * 3 + 3 * 2 + 2);
  });

  it('keeps every order balanced: collected = service fee + commission + payout + refunds', async () => {
    const rows = await expectLedgerBalanced(app);
    expect(rows.length).toBe(50);
  });
});
