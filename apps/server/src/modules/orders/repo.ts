import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { images, orders, vendors } from '../../db/schema';

export type OrderRow = typeof orders.$inferSelect;

/** A customer's orders, newest first, with what a row shows of the vendor. */
export async function listCustomerOrders(db: Db, userId: number) {
  return db
    .select({
      order: orders,
      vendor: {
        id: vendors.id,
        name: vendors.name,
        category: vendors.category,
        phoneNumber: vendors.phoneNumber,
      },
      vendorLogoKey: images.storageKey,
      cancelationPolicyHours: vendors.cancelationPolicyHours,
    })
    .from(orders)
    .innerJoin(vendors, eq(vendors.id, orders.vendorId))
    .leftJoin(images, eq(images.id, vendors.logoImageId))
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
}
export type CustomerOrderRow = Awaited<ReturnType<typeof listCustomerOrders>>[number];
