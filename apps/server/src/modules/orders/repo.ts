/** Orders and their append-only event log: the only place they meet Drizzle. */
import { and, asc, desc, eq, gte, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { preparedPerDb, rowColumnsOf } from '../../db/prepared';
import { addresses, images, orderEvents, orders, refunds, users, vendors } from '../../db/schema';
import { oneRow } from '../../db/one-row';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type NewOrderEvent = typeof orderEvents.$inferInsert;

/** A postal address as an order's views show it: where the job is done (and, on a Paper Check, the vendor's). */
export const addressColumns = {
  streetAddress: addresses.streetAddress,
  streetAddress2: addresses.streetAddress2,
  city: addresses.city,
  state: addresses.state,
  zipCode: addresses.zipCode,
};

/** The vendor of an order as its customer's views and the work order show it. */
export const orderVendorColumns = {
  id: vendors.id,
  name: vendors.name,
  category: vendors.category,
  phoneNumber: vendors.phoneNumber,
  email: vendors.email,
  appointmentInstructions: vendors.appointmentInstructions,
};

/** The customer of an order as its vendor's views and the work order show them. */
export const orderCustomerColumns = {
  firstName: users.firstName,
  lastName: users.lastName,
  phoneNumber: users.phoneNumber,
  email: users.email,
};

const customerOrderColumns = {
  order: orders,
  vendor: orderVendorColumns,
  vendorLogoKey: images.storageKey,
  cancelationPolicyHours: vendors.cancelationPolicyHours,
  address: addressColumns,
};

function customerOrdersQuery(db: Db | Tx) {
  return db
    .select(customerOrderColumns)
    .from(orders)
    .innerJoin(vendors, eq(vendors.id, orders.vendorId))
    .leftJoin(images, eq(images.id, vendors.logoImageId))
    .leftJoin(addresses, eq(addresses.id, orders.addressId));
}

/** A customer's orders, newest placed first, with what a row shows of the vendor and the address. */
export async function listCustomerOrders(db: Db | Tx, userId: number) {
  return customerOrdersQuery(db)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
}
export type CustomerOrderRow = Awaited<ReturnType<typeof listCustomerOrders>>[number];

/** One order as its customer sees it (every checkout's answer and mail; issue 27: built once). */
const customerOrderById = preparedPerDb((db) =>
  customerOrdersQuery(db)
    .where(eq(orders.id, sql.placeholder('orderId')))
    .limit(1)
    .prepare('customer_order_by_id'),
);

export async function findCustomerOrder(db: Db | Tx, orderId: number) {
  const [row] = await customerOrderById(db).execute({ orderId });
  return row ?? null;
}

/** findCustomerOrder and the customer who placed it (the order's mails), in one statement. */
export async function findCustomerOrderAndCustomer(db: Db | Tx, orderId: number) {
  const [found] = await db
    .select({ ...customerOrderColumns, customer: orderCustomerColumns })
    .from(orders)
    .innerJoin(vendors, eq(vendors.id, orders.vendorId))
    .leftJoin(images, eq(images.id, vendors.logoImageId))
    .leftJoin(addresses, eq(addresses.id, orders.addressId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!found) return null;
  const { customer, ...row } = found;
  return { row, customer };
}

export async function findCustomerOrderByConfirmation(db: Db | Tx, confirmationId: string) {
  const [row] = await customerOrdersQuery(db).where(eq(orders.confirmationId, confirmationId)).limit(1);
  return row ?? null;
}

export async function findOrder(db: Db | Tx, id: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row ?? null;
}

/** The order row locked until the transaction ends: one change to an order at a time. */
export async function lockOrder(tx: Tx, id: number) {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update').limit(1);
  return row ?? null;
}

export async function findOrderByIntent(db: Db | Tx, paymentIntentId: string, lock = false) {
  const q = db.select().from(orders).where(eq(orders.paymentIntentId, paymentIntentId)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function insertOrder(tx: Tx, values: NewOrder): Promise<OrderRow> {
  return oneRow(await tx.insert(orders).values(values).returning(), 'order');
}

/** What insertOrderForMail takes: an order's values as the driver takes them (timestamps as ISO text). */
export interface PlacedOrderValues {
  confirmationId: string;
  bookingId: number | null;
  vendorId: number;
  userId: number;
  addressId: number;
  appointmentAt: string;
  appointmentEndAt: string;
  durationMins: number;
  customerNotes: string | null;
  /** JSON text. */
  optionsSnapshot: string;
  paymentProvider: string;
  paymentIntentId: string;
  paymentMethodLast4: string | null;
  paymentMethodBrand: string | null;
  totalCollectedCents: number;
  subtotalCents: number;
  serviceFeeCents: number;
  commissionCents: number;
  vendorPayoutCents: number;
  createdAt: string;
  updatedAt: string;
}

/**
 * A new order, unless one of its constraints refuses it (the intent's or the booking's order exists, or a
 * live order of the vendor overlaps it: `on conflict do nothing` without a target covers the exclusion
 * constraint too), answered as its customer's mails show it (the order, its vendor, its address, its
 * customer): checkout's settlement (issue 27), one statement built once, no savepoint. The vendor's payout
 * account is copied from its row in the same statement. A clash with a held plan visit's claim
 * (time_claims, written by the order's trigger) is not a conflict of the insert: it still fails the
 * statement (isOrderConflict), and the caller must have a savepoint for that case.
 */
const placedOrder = preparedPerDb((db) => {
  const p = <K extends keyof PlacedOrderValues>(key: K) => sql.placeholder(key);
  const made = db.$with('placed_order').as(
    db
      .insert(orders)
      .values({
        confirmationId: p('confirmationId'),
        bookingId: p('bookingId'),
        vendorId: p('vendorId'),
        userId: p('userId'),
        addressId: p('addressId'),
        appointmentAt: sql`${p('appointmentAt')}::timestamptz`,
        appointmentEndAt: sql`${p('appointmentEndAt')}::timestamptz`,
        durationMins: p('durationMins'),
        customerNotes: p('customerNotes'),
        optionsSnapshot: sql`${p('optionsSnapshot')}::jsonb`,
        paymentProvider: p('paymentProvider'),
        paymentIntentId: p('paymentIntentId'),
        paymentMethodLast4: p('paymentMethodLast4'),
        paymentMethodBrand: p('paymentMethodBrand'),
        totalCollectedCents: p('totalCollectedCents'),
        subtotalCents: p('subtotalCents'),
        serviceFeeCents: p('serviceFeeCents'),
        commissionCents: p('commissionCents'),
        vendorPayoutCents: p('vendorPayoutCents'),
        payoutLast4: sql`(select ${vendors.payoutLast4} from ${vendors} where ${vendors.id} = ${p('vendorId')})`,
        payoutBankName: sql`(select ${vendors.payoutBankName} from ${vendors} where ${vendors.id} = ${p('vendorId')})`,
        createdAt: sql`${p('createdAt')}::timestamptz`,
        updatedAt: sql`${p('updatedAt')}::timestamptz`,
      })
      .onConflictDoNothing()
      .returning(),
  );
  const order = rowColumnsOf(made, orders);
  return db
    .with(made)
    .select({ ...customerOrderColumns, order, customer: orderCustomerColumns })
    .from(made)
    .innerJoin(vendors, eq(vendors.id, made.vendorId))
    .leftJoin(images, eq(images.id, vendors.logoImageId))
    .leftJoin(addresses, eq(addresses.id, made.addressId))
    .innerJoin(users, eq(users.id, made.userId))
    .prepare('placed_order');
});

/** See placedOrder: the new order with what its mails show, or null when a constraint refused it. */
export async function insertOrderForMail(tx: Tx, values: PlacedOrderValues) {
  const [found] = await placedOrder(tx).execute(values as unknown as Record<string, unknown>);
  if (!found) return null;
  const { customer, ...row } = found;
  return { row, customer };
}
export type PlacedOrderForMail = NonNullable<Awaited<ReturnType<typeof insertOrderForMail>>>;

/**
 * addOrderEvent as raw SQL, for a caller's data-modifying WITH (checkout's settlement sends it with the
 * payment's and the booking's updates, issue 27): cheap to build, no returning.
 */
export function orderEventInsert(event: {
  orderId: number;
  actorUserId: number | null;
  actorRole: NewOrderEvent['actorRole'];
  action: string;
  amountCents: number | null;
  details: Record<string, unknown>;
  createdAt: Date;
}): SQL {
  return sql`insert into ${orderEvents} (order_id, actor_user_id, actor_role, action, amount_cents, details, created_at)
    values (${event.orderId}::int, ${event.actorUserId}::int, ${event.actorRole}::text, ${event.action}::text,
      ${event.amountCents}::int, ${JSON.stringify(event.details)}::jsonb, ${event.createdAt.toISOString()}::timestamptz)`;
}

export async function updateOrder(tx: Tx, id: number, values: Partial<NewOrder>): Promise<OrderRow> {
  return oneRow(await tx.update(orders).set(values).where(eq(orders.id, id)).returning(), 'order');
}

export async function addOrderEvent(tx: Tx, event: NewOrderEvent) {
  await tx.insert(orderEvents).values(event);
}

/** addOrderEvent and `also` (another data-modifying query: a job's insert) in one statement, both or neither. */
export async function addOrderEventWith(tx: Tx, event: NewOrderEvent, also: SQLWrapper) {
  await tx.execute(sql`with logged as (${tx.insert(orderEvents).values(event).getSQL()}) ${also.getSQL()}`);
}

export async function listOrderEvents(db: Db | Tx, orderId: number) {
  return db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(orderEvents.id);
}

/** An order's owner may see it; anyone else may not (404, not 403: its existence is not told). */
export async function findOwnedOrder(db: Db | Tx, orderId: number, userId: number) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** Whether the error is PostgreSQL refusing an overlapping order or a second order for one booking. */
export function isOrderConflict(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === '23P01') return true;
    if (
      code === '23505' &&
      (constraint === 'orders_booking_idx' || constraint === 'orders_payment_intent_idx')
    )
      return true;
    if (code === '23505' && /orders_(booking|payment_intent)_idx/.test(String((e as Error).message ?? '')))
      return true;
  }
  return false;
}

const vendorOrderColumns = {
  order: orders,
  customer: orderCustomerColumns,
  address: addressColumns,
};

function vendorOrdersQuery(db: Db | Tx) {
  return db
    .select(vendorOrderColumns)
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(addresses, eq(addresses.id, orders.addressId));
}

/** A vendor's orders with their customers and the order's address, soonest appointment first. */
export async function listVendorOrders(db: Db | Tx, vendorId: number) {
  return vendorOrdersQuery(db)
    .where(eq(orders.vendorId, vendorId))
    .orderBy(asc(orders.appointmentAt), asc(orders.id));
}
export type VendorOrderRow = Awaited<ReturnType<typeof listVendorOrders>>[number];

/** One order as its vendor sees it (with the customer and the address). */
export async function findVendorOrderView(db: Db | Tx, orderId: number): Promise<VendorOrderRow | null> {
  const [row] = await vendorOrdersQuery(db).where(eq(orders.id, orderId)).limit(1);
  return row ?? null;
}

/** Where a page of the vendor's list starts: after (appointment, id) in the list's order. */
export interface VendorOrdersKey {
  appointmentAt: Date;
  id: number;
}

/**
 * One page of a vendor's orders (spec §4 Order lists), keyset-paged on (appointment_at, id): active
 * (not fulfilled or cancelled) ascending, past (fulfilled or cancelled) descending, all descending.
 * Each filter has an index of its own (migration 0007), so a page costs the same at any depth. Answers
 * `limit + 1` rows at most: the extra one says there is a next page.
 */
export async function listVendorOrdersPage(
  db: Db | Tx,
  q: { vendorId: number; filter: 'active' | 'past' | 'all'; limit: number; after: VendorOrdersKey | null },
) {
  const ascending = q.filter === 'active';
  const conditions = [eq(orders.vendorId, q.vendorId)];
  // Written as the indexes' own predicates (literals, not parameters) so the planner can use them.
  if (q.filter === 'active')
    conditions.push(sql`${orders.fulfillmentStatus} not in ('fulfilled', 'cancelled')`);
  if (q.filter === 'past') conditions.push(sql`${orders.fulfillmentStatus} in ('fulfilled', 'cancelled')`);
  if (q.after) {
    const at = q.after.appointmentAt.toISOString();
    conditions.push(
      ascending
        ? sql`(${orders.appointmentAt}, ${orders.id}) > (${at}::timestamptz, ${q.after.id})`
        : sql`(${orders.appointmentAt}, ${orders.id}) < (${at}::timestamptz, ${q.after.id})`,
    );
  }
  return vendorOrdersQuery(db)
    .where(and(...conditions))
    .orderBy(
      ...(ascending
        ? [asc(orders.appointmentAt), asc(orders.id)]
        : [desc(orders.appointmentAt), desc(orders.id)]),
    )
    .limit(q.limit + 1);
}

/** An order's refunds, oldest first. */
export async function listRefundsOfOrder(db: Db | Tx, orderId: number) {
  return db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.id));
}

export async function findRefundByKey(db: Db | Tx, idempotencyKey: string) {
  const [row] = await db.select().from(refunds).where(eq(refunds.idempotencyKey, idempotencyKey)).limit(1);
  return row ?? null;
}

/** The order's events of one action by one user since `since`, newest first (a replay's first request). */
export async function recentOrderEvents(
  db: Db | Tx,
  q: { orderId: number; action: string; actorUserId: number; since: Date },
) {
  return db
    .select()
    .from(orderEvents)
    .where(
      and(
        eq(orderEvents.orderId, q.orderId),
        eq(orderEvents.action, q.action),
        eq(orderEvents.actorUserId, q.actorUserId),
        gte(orderEvents.createdAt, q.since),
      ),
    )
    .orderBy(desc(orderEvents.id));
}

/** The event that moved the order's figures for a refund (its details name the refund). */
export async function findRefundEvent(db: Db | Tx, orderId: number, refundId: number, action: string) {
  const [row] = await db
    .select()
    .from(orderEvents)
    .where(
      and(
        eq(orderEvents.orderId, orderId),
        eq(orderEvents.action, action),
        sql`(${orderEvents.details}->>'refundId')::int = ${refundId}`,
      ),
    )
    .limit(1);
  return row ?? null;
}
