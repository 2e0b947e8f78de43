/**
 * Many orders, inserted straight into the database before a bench's server starts (one multi-row insert
 * per thousand): customers with an address each, then a vendor's orders one every two hours (a vendor's
 * appointments never overlap, as the orders' exclusion constraint wants), past ones ending before `now` and
 * active ones starting after it. Every order's money columns add up as checkout and the vendor actions
 * write them (subtotal + service charge collected; commission and payout out of the subtotal; refunds).
 *
 * With `ledger: true` the past orders also carry what happened to their money, as the payout job and the
 * vendor actions leave it, so earnings and the operator's figures have every case to add up: a full refund
 * on a cancel (1 in 10; one in ten of those refunds failed, for the operator's list), a partial refund after
 * the job (1 in 10), an open dispute holding the payout (1 in 50, with its `disputed` event), a Paper Check
 * owed (1 in 25), a transfer sent for every other job fulfilled more than 72 hours ago, and the rest
 * (fulfilled in the last 72 hours) still collected with the payout due. A payout sent makes the order
 * `processed`, as the payout job does, whether or not part of it was refunded before.
 */
import type { Db } from '../../apps/server/src/db/client';
import { addresses, orderEvents, orders, payouts, refunds, users } from '../../apps/server/src/db/schema';

const HOUR = 3_600_000;
const CHUNK = 1_000;

export interface BenchCustomer {
  userId: number;
  addressId: number;
}

/** `count` customers (never signed in) with a default address each. */
export async function insertCustomers(db: Db, count: number, tag: string): Promise<BenchCustomer[]> {
  const out: BenchCustomer[] = [];
  for (let from = 0; from < count; from += CHUNK) {
    const size = Math.min(CHUNK, count - from);
    const userRows = await db
      .insert(users)
      .values(
        Array.from({ length: size }, (_, k) => ({
          firstName: 'Bench',
          lastName: `Customer${from + k}`,
          email: `bench-${tag}-customer-${from + k}@example.com`,
          phoneNumber: '4355550199',
          // Never signed in: any digest will do.
          passwordDigest: 'bench-not-a-password',
        })),
      )
      .returning({ id: users.id });
    const addressRows = await db
      .insert(addresses)
      .values(
        userRows.map((u, k) => ({
          userId: u.id,
          streetAddress: `${100 + from + k} S Main St`,
          city: 'St George',
          state: 'UT',
          zipCode: '84770',
          isDefault: true,
        })),
      )
      .returning({ id: addresses.id, userId: addresses.userId });
    out.push(...addressRows.map((a) => ({ userId: a.userId!, addressId: a.id })));
  }
  return out;
}

export interface OrderPlan {
  vendorId: number;
  customers: readonly BenchCustomer[];
  count: number;
  /** Share of the orders in the past (fulfilled, cancelled…); the rest are upcoming. */
  pastShare: number;
  now: number;
  /** Unique per run and vendor: confirmation ids and payment intents are unique in the database. */
  tag: string;
  /** Past orders carry refunds, disputes, paper checks and sent transfers (see the file's comment). */
  ledger?: boolean;
}

type Fate = 'cancelled' | 'partial' | 'disputed' | 'paper_check' | 'fulfilled';

function fateOf(i: number, ledger: boolean): Fate {
  if (i % 10 === 0) return 'cancelled';
  if (!ledger) return 'fulfilled';
  if (i % 10 === 1) return 'partial';
  if (i % 50 === 2) return 'disputed';
  if (i % 25 === 3) return 'paper_check';
  return 'fulfilled';
}

const SUBTOTAL = 10_000;
const FEE = 255;
const COMMISSION = 1_000;
const PARTIAL_REFUND = 2_000;

function orderRow(plan: OrderPlan, i: number, pastCount: number): typeof orders.$inferInsert {
  const past = i < pastCount;
  const start = past ? plan.now - (pastCount - i) * 2 * HOUR : plan.now + (i - pastCount + 1) * 2 * HOUR;
  const customer = plan.customers[i % plan.customers.length]!;
  const fate: Fate | null = past ? fateOf(i, plan.ledger ?? false) : null;
  const cancelled = fate === 'cancelled';
  const fulfilledAt = past && !cancelled ? start + 2 * HOUR : null;
  // A transfer is sent 72 hours after the job (when the order is neither disputed nor owed by check).
  const paidOut = fulfilledAt !== null && fulfilledAt + 72 * HOUR <= plan.now && fate !== 'disputed';
  const refund = cancelled ? SUBTOTAL + FEE : fate === 'partial' ? PARTIAL_REFUND : 0;
  const payout = cancelled ? 0 : SUBTOTAL - COMMISSION - (fate === 'partial' ? PARTIAL_REFUND : 0);
  return {
    confirmationId: `SG-B${plan.tag}${String(i).padStart(6, '0')}`,
    vendorId: plan.vendorId,
    userId: customer.userId,
    addressId: customer.addressId,
    appointmentAt: new Date(start),
    appointmentEndAt: new Date(start + HOUR),
    durationMins: 60,
    customerNotes: i % 3 === 0 ? 'Gate code 1234; the dog is friendly.' : null,
    optionsSnapshot: { Bedrooms: '3 bedrooms', Bathrooms: '2 bathrooms', 'Square feet': '1800' },
    fulfillmentStatus: cancelled
      ? 'cancelled'
      : fate === 'disputed'
        ? 'disputed'
        : past
          ? 'fulfilled'
          : i % 7 === 0
            ? 'rescheduled'
            : 'unfulfilled',
    paymentStatus: cancelled
      ? 'refunded'
      : fate === 'disputed'
        ? 'pending'
        : fate === 'partial' && !paidOut
          ? 'partially_refunded'
          : paidOut || (past && !plan.ledger)
            ? 'processed'
            : 'collected',
    paymentProvider: 'sandbox',
    paymentIntentId: `pi_bench_${plan.tag}_${i}`,
    paymentMethodLast4: '4242',
    paymentMethodBrand: 'visa',
    totalCollectedCents: SUBTOTAL + FEE,
    subtotalCents: SUBTOTAL,
    serviceFeeCents: cancelled ? 0 : FEE,
    commissionCents: cancelled ? 0 : COMMISSION,
    vendorPayoutCents: payout,
    refundAmountCents: refund,
    cancelReason: cancelled ? 'Customer moved' : null,
    fulfilledAt: fulfilledAt === null ? null : new Date(fulfilledAt),
    payoutDueAt: fulfilledAt === null ? null : new Date(fulfilledAt + 72 * HOUR),
    cancelledAt: cancelled ? new Date(start - 48 * HOUR) : null,
    createdAt: new Date(start - 7 * 24 * HOUR),
    updatedAt: new Date(start),
  };
}

/** The payout row the payout job leaves for a past order, or null (cancelled, held, not yet due). */
function payoutRow(
  plan: OrderPlan,
  order: typeof orders.$inferSelect,
  i: number,
): typeof payouts.$inferInsert | null {
  if (!plan.ledger || order.fulfilledAt === null || order.fulfillmentStatus === 'disputed') return null;
  const due = order.fulfilledAt.getTime() + 72 * HOUR;
  if (due > plan.now) return null;
  const check = fateOf(i, true) === 'paper_check';
  return {
    orderId: order.id,
    vendorId: order.vendorId,
    method: check ? 'paper_check' : 'transfer',
    status: check ? 'owed' : 'sent',
    amountCents: order.vendorPayoutCents,
    destinationAccountId: check ? null : 'acct_bench',
    transferId: check ? null : `tr_bench_${plan.tag}_${i}`,
    sourceTransaction: check ? null : `ch_bench_${plan.tag}_${i}`,
    idempotencyKey: `payout-bench-${plan.tag}-${i}`,
    reason: check ? 'no_payout_account' : null,
    startedAt: new Date(due),
    sentAt: check ? null : new Date(due),
    createdAt: new Date(due),
    updatedAt: new Date(due),
  };
}

/** The refund a cancel or a partial refund recorded (a cancel's failed 1 in 10), or null. */
function refundRow(
  plan: OrderPlan,
  order: typeof orders.$inferSelect,
  i: number,
): typeof refunds.$inferInsert | null {
  if (!plan.ledger || order.refundAmountCents === 0) return null;
  const cancel = order.fulfillmentStatus === 'cancelled';
  const at = cancel ? order.cancelledAt! : new Date(order.fulfilledAt!.getTime() + HOUR);
  const failed = cancel && i % 100 === 0;
  return {
    orderId: order.id,
    paymentIntentId: order.paymentIntentId!,
    kind: cancel ? 'cancel' : 'partial',
    amountCents: order.refundAmountCents,
    reason: cancel ? 'Customer moved' : 'Missed a window',
    status: failed ? 'failed' : 'succeeded',
    providerRefundId: failed ? null : `re_bench_${plan.tag}_${i}`,
    idempotencyKey: `refund-bench-${plan.tag}-${i}`,
    attempts: failed ? 5 : 1,
    lastError: failed ? 'Your card was declined.' : null,
    createdAt: at,
    updatedAt: at,
  };
}

/** The dispute event the provider's charge.dispute.created left on a disputed order. */
function disputeEvent(order: typeof orders.$inferSelect): typeof orderEvents.$inferInsert | null {
  if (order.fulfillmentStatus !== 'disputed') return null;
  return {
    orderId: order.id,
    actorRole: 'system',
    action: 'disputed',
    amountCents: order.totalCollectedCents,
    details: { reason: 'product_not_received' },
    createdAt: new Date(order.fulfilledAt!.getTime() + 24 * HOUR),
  };
}

const present = <T>(rows: (T | null)[]): T[] => rows.filter((r): r is T => r !== null);

/** Inserts the plan's orders (and with `ledger`, their payouts); answers how many are in the past. */
export async function insertOrders(db: Db, plan: OrderPlan): Promise<{ pastCount: number }> {
  const pastCount = Math.round(plan.count * plan.pastShare);
  for (let from = 0; from < plan.count; from += CHUNK) {
    const size = Math.min(CHUNK, plan.count - from);
    const rows = Array.from({ length: size }, (_, k) => orderRow(plan, from + k, pastCount));
    const inserted = await db.insert(orders).values(rows).returning();
    const payoutRows = present(inserted.map((order, k) => payoutRow(plan, order, from + k)));
    if (payoutRows.length > 0) await db.insert(payouts).values(payoutRows);
    const refundRows = present(inserted.map((order, k) => refundRow(plan, order, from + k)));
    if (refundRows.length > 0) await db.insert(refunds).values(refundRows);
    const events = present(inserted.map((order) => disputeEvent(order)));
    if (events.length > 0 && plan.ledger) await db.insert(orderEvents).values(events);
  }
  return { pastCount };
}
