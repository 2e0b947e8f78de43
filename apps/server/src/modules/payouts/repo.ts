/** Payouts, and what the payout job and the operator's list read of orders and vendors: the module's Drizzle. */
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { addresses, jobs, orders, payouts, users, vendors } from '../../db/schema';
import { payoutJobKey } from '../orders/payout-schedule';
import { addressColumns, orderCustomerColumns, orderVendorColumns } from '../orders/queries';
import { oneRow } from '../../db/one-row';

export type PayoutRow = typeof payouts.$inferSelect;
export type NewPayout = typeof payouts.$inferInsert;

export async function findPayoutOfOrder(db: Db | Tx, orderId: number): Promise<PayoutRow | null> {
  const [row] = await db.select().from(payouts).where(eq(payouts.orderId, orderId)).limit(1);
  return row ?? null;
}

export async function insertPayout(tx: Tx, values: NewPayout): Promise<PayoutRow> {
  return oneRow(await tx.insert(payouts).values(values).returning(), 'payout');
}

export async function updatePayout(db: Db | Tx, id: number, values: Partial<NewPayout>): Promise<PayoutRow> {
  return oneRow(await db.update(payouts).set(values).where(eq(payouts.id, id)).returning(), 'payout');
}

/** What deciding a payout needs of the vendor: whether payouts are on, and where they go. */
export async function findPayoutVendor(db: Db | Tx, vendorId: number) {
  const [row] = await db
    .select({
      id: vendors.id,
      name: vendors.name,
      stripeIntegrated: vendors.stripeIntegrated,
      paymentAccountId: vendors.paymentAccountId,
      payoutLast4: vendors.payoutLast4,
      payoutBankName: vendors.payoutBankName,
    })
    .from(vendors)
    .where(eq(vendors.id, vendorId))
    .limit(1);
  return row ?? null;
}
export type PayoutVendor = NonNullable<Awaited<ReturnType<typeof findPayoutVendor>>>;

const paperCheckColumns = {
  payout: payouts,
  order: {
    id: orders.id,
    confirmationId: orders.confirmationId,
    fulfilledAt: orders.fulfilledAt,
    fulfillmentStatus: orders.fulfillmentStatus,
    vendorPayoutCents: orders.vendorPayoutCents,
  },
  vendor: {
    id: vendors.id,
    name: vendors.name,
    email: vendors.email,
    phoneNumber: vendors.phoneNumber,
  },
  address: addressColumns,
};

/**
 * Orders whose vendor is owed a Paper Check, oldest first (a disputed order's payout is on hold and is
 * not listed until the dispute closes in the vendor's favour).
 */
export async function listPaperChecksOwed(db: Db | Tx) {
  return db
    .select(paperCheckColumns)
    .from(payouts)
    .innerJoin(orders, eq(orders.id, payouts.orderId))
    .innerJoin(vendors, eq(vendors.id, payouts.vendorId))
    .leftJoin(addresses, eq(addresses.vendorId, vendors.id))
    .where(and(eq(payouts.status, 'owed'), sql`${orders.fulfillmentStatus} <> 'disputed'`))
    .orderBy(asc(payouts.startedAt), asc(payouts.id));
}
export type PaperCheckOwedRow = Awaited<ReturnType<typeof listPaperChecksOwed>>[number];

/**
 * Transfers the payout job gave up on (marked `needs_review_at`), oldest first; a disputed order's payout
 * is on hold and is not listed (its dispute, won, runs the job again).
 */
export async function listTransfersNeedingReview(db: Db | Tx) {
  return db
    .select({
      payout: payouts,
      order: { id: orders.id, confirmationId: orders.confirmationId },
      vendor: paperCheckColumns.vendor,
    })
    .from(payouts)
    .innerJoin(orders, eq(orders.id, payouts.orderId))
    .innerJoin(vendors, eq(vendors.id, payouts.vendorId))
    .where(and(isNotNull(payouts.needsReviewAt), sql`${orders.fulfillmentStatus} <> 'disputed'`))
    .orderBy(asc(payouts.needsReviewAt), asc(payouts.id));
}

/**
 * The status of the order's payout job (`payout:<order id>`, orders/payout-schedule.ts), or null when it
 * has none (finished jobs are pruned).
 */
export async function findPayoutJobStatus(db: Db | Tx, orderId: number): Promise<string | null> {
  const [row] = await db
    .select({ status: jobs.status })
    .from(jobs)
    .where(eq(jobs.uniqueKey, payoutJobKey(orderId)))
    .limit(1);
  return row?.status ?? null;
}

/** What the printable work order shows: the order, its vendor, its customer and the job's address. */
export async function findWorkOrder(db: Db | Tx, orderId: number) {
  const [row] = await db
    .select({
      order: {
        id: orders.id,
        vendorId: orders.vendorId,
        confirmationId: orders.confirmationId,
        appointmentAt: orders.appointmentAt,
        durationMins: orders.durationMins,
        optionsSnapshot: orders.optionsSnapshot,
        customerNotes: orders.customerNotes,
        fulfillmentStatus: orders.fulfillmentStatus,
        totalCollectedCents: orders.totalCollectedCents,
        subtotalCents: orders.subtotalCents,
        serviceFeeCents: orders.serviceFeeCents,
        refundAmountCents: orders.refundAmountCents,
        createdAt: orders.createdAt,
        planFrequency: orders.planFrequency,
      },
      vendor: orderVendorColumns,
      customer: orderCustomerColumns,
      address: addressColumns,
    })
    .from(orders)
    .innerJoin(vendors, eq(vendors.id, orders.vendorId))
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(addresses, eq(addresses.id, orders.addressId))
    .where(eq(orders.id, orderId))
    .limit(1);
  return row ?? null;
}
export type WorkOrderRow = NonNullable<Awaited<ReturnType<typeof findWorkOrder>>>;
