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

export interface EarningsSumRow {
  /** The bucket's first St George day: a Monday in `week` rows, the 1st in `month` rows. */
  start: string;
  unit: 'week' | 'month';
  status: EarningsStatus;
  orders: number;
  grossCents: number;
  subtotalCents: number;
  serviceFeeCents: number;
  commissionCents: number;
  refundCents: number;
  payoutCents: number;
}

/** The order's payout row, looked up within the vendor's payouts (payouts_vendor_idx), not the whole table. */
const payoutOfOrder = (vendorId: number) =>
  and(eq(payouts.orderId, orders.id), eq(payouts.vendorId, vendorId));

/**
 * The vendor's orders with appointments in [from, to) summed in one pass by St George week (from
 * Monday) and by month, each by payout status (GROUPING SETS): one row per (week, status) and one per
 * (month, status) that have orders. The caller keeps the buckets it shows.
 */
export async function sumEarnings(
  db: Db | Tx,
  input: { vendorId: number; from: Date; to: Date },
): Promise<EarningsSumRow[]> {
  const rows = await sumEarningsQuery(db, input);
  return rows.map(({ week, month, ...row }) => ({
    ...row,
    unit: week === null ? 'month' : 'week',
    start: (week ?? month)!,
  }));
}

/** The query of sumEarnings (EXPLAIN reads it). */
export function sumEarningsQuery(db: Db | Tx, input: { vendorId: number; from: Date; to: Date }) {
  // Each order once: its St George day (the time zone read once per row), status and money.
  const o = db
    .select({
      day: sql<string>`(${localAppointment})::date`.as('day'),
      status: statusOf.as('status'),
      total: sql<number>`${orders.totalCollectedCents}`.as('total'),
      subtotal: sql<number>`${subtotalOf}`.as('subtotal'),
      fee: sql<number>`${orders.serviceFeeCents}`.as('fee'),
      commission: sql<number>`${orders.commissionCents}`.as('commission'),
      refund: sql<number>`${orders.refundAmountCents}`.as('refund'),
      payout: sql<number>`${orders.vendorPayoutCents}`.as('payout'),
    })
    .from(orders)
    .leftJoin(payouts, payoutOfOrder(input.vendorId))
    .where(
      and(
        eq(orders.vendorId, input.vendorId),
        gte(orders.appointmentAt, input.from),
        lt(orders.appointmentAt, input.to),
      ),
    )
    .as('o');
  const week = sql`date_trunc('week', ${o.day})`;
  const month = sql`date_trunc('month', ${o.day})`;
  const total = (column: SQL.Aliased<number>) =>
    sql<number>`coalesce(sum(${column}), 0)::bigint`.mapWith(Number);
  return db
    .select({
      week: sql<string | null>`(case when grouping(${week}) = 0 then to_char(${week}, 'YYYY-MM-DD') end)`,
      month: sql<string | null>`(case when grouping(${month}) = 0 then to_char(${month}, 'YYYY-MM-DD') end)`,
      status: sql<EarningsStatus>`${o.status}`,
      orders: sql<number>`count(*)::int`.mapWith(Number),
      grossCents: total(o.total),
      subtotalCents: total(o.subtotal),
      serviceFeeCents: total(o.fee),
      commissionCents: total(o.commission),
      refundCents: total(o.refund),
      payoutCents: total(o.payout),
    })
    .from(o)
    .groupBy(sql`grouping sets ((${week}, ${o.status}), (${month}, ${o.status}))`);
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
  transferId: sql<
    string | null
  >`coalesce(${payouts.transferId}, ${orders.transferId}, ${payouts.checkReference})`,
};

/**
 * The vendor's orders with their money and payout, newest appointment first: a page after `after`
 * (keyset on (appointment, id), so page 40 costs what page 1 does), within [from, to) when given.
 */
export function listEarningsOrders(
  db: Db | Tx,
  input: { vendorId: number; from?: Date; to?: Date; after?: EarningsKey | null; limit?: number },
) {
  const query = db
    .select(payoutColumns)
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(vendors, eq(vendors.id, orders.vendorId))
    .leftJoin(payouts, payoutOfOrder(input.vendorId))
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
