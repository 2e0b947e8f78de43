/**
 * A vendor's earnings, read from the ledger (the orders' money columns) and the payouts (issue 25 §2):
 * sums grouped in SQL by St George week or month and payout status, and the orders a page (or the CSV)
 * at a time. Orders count by their appointment's date; the range on `appointment_at` is read through
 * `orders_vendor_idx` (vendor, appointment, id), and each order's payout through `payouts_order_idx`.
 */
import { and, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import { TIME_ZONE, type Category } from '@stg/domain/constants';
import type { EarningsStatus } from '@stg/domain/api/earnings';
import type { Db, Tx } from '../../db/client';
import { orders, payouts, users, vendors } from '../../db/schema';

// A constant, written into the SQL (not a parameter), so the grouped expression is the selected one.
const ZONE = sql.raw(`'${TIME_ZONE.replace(/'/g, '')}'`);
const localAppointment = sql`(${orders.appointmentAt} at time zone ${ZONE})`;

/** Where the order's payout stands (the domain's EARNINGS_STATUSES), from the order and its payout row. */
const statusOf = sql<EarningsStatus>`(case
  when ${orders.fulfillmentStatus} = 'disputed' then 'held'
  when ${orders.fulfillmentStatus} = 'cancelled' then 'cancelled'
  when ${payouts.status} = 'sent' then 'sent'
  when ${payouts.status} = 'owed' then 'owed'
  when ${payouts.status} = 'sending' and ${payouts.needsReviewAt} is not null then 'checking'
  when ${payouts.status} = 'sending' then 'sending'
  when ${orders.paymentStatus} = 'processed' then 'sent'
  when ${orders.fulfillmentStatus} = 'fulfilled' then 'scheduled'
  else 'upcoming' end)`;

/** The bill's subtotal (domain orderBill): rows from before it was kept read it from the total and fee. */
const subtotalOf = sql`least(${orders.totalCollectedCents}, greatest(0, coalesce(${orders.subtotalCents}, ${orders.totalCollectedCents} - ${orders.serviceFeeCents})))`;

const total = (expr: SQL) => sql<number>`coalesce(sum(${expr}), 0)::bigint`.mapWith(Number);

const sums = {
  orders: sql<number>`count(*)::int`.mapWith(Number),
  grossCents: total(sql`${orders.totalCollectedCents}`),
  subtotalCents: total(subtotalOf),
  serviceFeeCents: total(sql`${orders.serviceFeeCents}`),
  commissionCents: total(sql`${orders.commissionCents}`),
  refundCents: total(sql`${orders.refundAmountCents}`),
  payoutCents: total(sql`${orders.vendorPayoutCents}`),
};

export type EarningsSumRow = {
  start: string;
  status: EarningsStatus;
  orders: number;
  grossCents: number;
  subtotalCents: number;
  serviceFeeCents: number;
  commissionCents: number;
  refundCents: number;
  payoutCents: number;
};

/**
 * The vendor's orders with appointments in [from, to) summed by St George week (from Monday) or month
 * and by payout status: one row per (period, status) that has orders.
 */
export async function sumEarnings(
  db: Db | Tx,
  input: { vendorId: number; from: Date; to: Date; unit: 'week' | 'month' },
): Promise<EarningsSumRow[]> {
  const unit = sql.raw(input.unit === 'week' ? `'week'` : `'month'`);
  return db
    .select({
      start: sql<string>`to_char(date_trunc(${unit}, ${localAppointment}), 'YYYY-MM-DD')`,
      status: statusOf,
      ...sums,
    })
    .from(orders)
    .leftJoin(payouts, eq(payouts.orderId, orders.id))
    .where(
      and(
        eq(orders.vendorId, input.vendorId),
        gte(orders.appointmentAt, input.from),
        lt(orders.appointmentAt, input.to),
      ),
    )
    .groupBy(sql`1, 2`);
}

/** The position of the last row of a page: newest appointment first, then the higher id. */
export interface EarningsKey {
  appointmentAt: Date;
  id: number;
}

const payoutColumns = {
  orderId: orders.id,
  confirmationId: orders.confirmationId,
  appointmentAt: orders.appointmentAt,
  fulfilledAt: orders.fulfilledAt,
  firstName: users.firstName,
  lastName: users.lastName,
  category: sql<Category>`${vendors.category}`,
  subtotalCents: sql<number>`${subtotalOf}`.mapWith(Number),
  totalCents: orders.totalCollectedCents,
  commissionCents: orders.commissionCents,
  refundCents: orders.refundAmountCents,
  payoutCents: orders.vendorPayoutCents,
  status: statusOf,
  dueAt: orders.payoutDueAt,
  sentAt: sql<Date | null>`coalesce(${payouts.sentAt}, ${orders.paidOutAt})`.mapWith(orders.paidOutAt),
  method: payouts.method,
  transferId: sql<string | null>`coalesce(${payouts.transferId}, ${orders.transferId}, ${payouts.checkReference})`,
};

/**
 * The vendor's orders with their money and payout, newest appointment first: a page after `after`
 * (keyset on (appointment, id), so page 40 costs what page 1 does), within [from, to) when given.
 */
export async function listEarningsOrders(
  db: Db | Tx,
  input: { vendorId: number; from?: Date; to?: Date; after?: EarningsKey | null; limit?: number },
) {
  const query = db
    .select(payoutColumns)
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(vendors, eq(vendors.id, orders.vendorId))
    .leftJoin(payouts, eq(payouts.orderId, orders.id))
    .where(
      and(
        eq(orders.vendorId, input.vendorId),
        input.from ? gte(orders.appointmentAt, input.from) : undefined,
        input.to ? lt(orders.appointmentAt, input.to) : undefined,
        input.after
          ? or(
              lt(orders.appointmentAt, input.after.appointmentAt),
              and(eq(orders.appointmentAt, input.after.appointmentAt), lt(orders.id, input.after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(orders.appointmentAt), desc(orders.id));
  return input.limit ? query.limit(input.limit) : query;
}
export type EarningsOrderRow = Awaited<ReturnType<typeof listEarningsOrders>>[number];
