/** Orders and their append-only event log: the only place they meet Drizzle. */
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { addresses, images, orderEvents, orders, users, vendors } from '../../db/schema';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type NewOrderEvent = typeof orderEvents.$inferInsert;

const customerOrderColumns = {
  order: orders,
  vendor: {
    id: vendors.id,
    name: vendors.name,
    category: vendors.category,
    phoneNumber: vendors.phoneNumber,
    email: vendors.email,
    appointmentInstructions: vendors.appointmentInstructions,
  },
  vendorLogoKey: images.storageKey,
  cancelationPolicyHours: vendors.cancelationPolicyHours,
  address: {
    streetAddress: addresses.streetAddress,
    streetAddress2: addresses.streetAddress2,
    city: addresses.city,
    state: addresses.state,
    zipCode: addresses.zipCode,
  },
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

export async function findCustomerOrder(db: Db | Tx, orderId: number) {
  const [row] = await customerOrdersQuery(db).where(eq(orders.id, orderId)).limit(1);
  return row ?? null;
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
  const [row] = await tx.insert(orders).values(values).returning();
  return row!;
}

export async function updateOrder(tx: Tx, id: number, values: Partial<NewOrder>): Promise<OrderRow> {
  const [row] = await tx.update(orders).set(values).where(eq(orders.id, id)).returning();
  return row!;
}

export async function addOrderEvent(tx: Tx, event: NewOrderEvent) {
  await tx.insert(orderEvents).values(event);
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

/** A vendor's orders with their customers and the order's address, soonest appointment first. */
export async function listVendorOrders(db: Db | Tx, vendorId: number) {
  return db
    .select({
      order: orders,
      customer: {
        firstName: users.firstName,
        lastName: users.lastName,
        phoneNumber: users.phoneNumber,
        email: users.email,
      },
      address: {
        streetAddress: addresses.streetAddress,
        streetAddress2: addresses.streetAddress2,
        city: addresses.city,
        state: addresses.state,
        zipCode: addresses.zipCode,
      },
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(addresses, eq(addresses.id, orders.addressId))
    .where(eq(orders.vendorId, vendorId))
    .orderBy(asc(orders.appointmentAt), asc(orders.id));
}
export type VendorOrderRow = Awaited<ReturnType<typeof listVendorOrders>>[number];
