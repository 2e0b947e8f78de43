/** Reviews' storage: the vendor's reviews, its figures, and the facts eligibility is decided on. */
import { and, desc, eq, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { orders, reviews, vendors } from '../../db/schema';
import { oneRow } from '../../db/one-row';

export type ReviewRow = typeof reviews.$inferSelect;

/** The vendor's listing status, or null when there is no such vendor. */
export async function findVendorListingStatus(db: Db | Tx, vendorId: number): Promise<string | null> {
  const [row] = await db
    .select({ listingStatus: vendors.listingStatus })
    .from(vendors)
    .where(eq(vendors.id, vendorId))
    .limit(1);
  return row?.listingStatus ?? null;
}

/** All the vendor's reviews (product and google), newest first. */
export async function listVendorReviews(db: Db | Tx, vendorId: number): Promise<ReviewRow[]> {
  return db
    .select()
    .from(reviews)
    .where(eq(reviews.vendorId, vendorId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
}

/** The customer's own (product) review of the vendor, if any. */
export async function findOwnReview(
  db: Db | Tx,
  vendorId: number,
  userId: number,
): Promise<ReviewRow | null> {
  const [row] = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.vendorId, vendorId), eq(reviews.userId, userId), eq(reviews.reviewType, 'product')))
    .limit(1);
  return row ?? null;
}

/** Whether the customer has an order with the vendor that was not cancelled (orders exist only once paid). */
export async function hasLiveOrder(db: Db | Tx, vendorId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.vendorId, vendorId),
        eq(orders.userId, userId),
        ne(orders.fulfillmentStatus, 'cancelled'),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function insertProductReview(
  db: Db | Tx,
  v: {
    vendorId: number;
    userId: number;
    body: string;
    score: number;
    firstName: string;
    lastName: string;
    createdAt: Date;
  },
): Promise<ReviewRow> {
  const rows = await db
    .insert(reviews)
    .values({
      vendorId: v.vendorId,
      userId: v.userId,
      reviewType: 'product',
      body: v.body,
      score: v.score,
      authorFirstName: v.firstName,
      authorLastName: v.lastName,
      createdAt: v.createdAt,
    })
    .returning();
  return oneRow(rows, 'review');
}

/** Deletes the author's own product review; false when there is none with that id of theirs. */
export async function deleteOwnReview(db: Db | Tx, reviewId: number, userId: number): Promise<boolean> {
  const rows = await db
    .delete(reviews)
    .where(and(eq(reviews.id, reviewId), eq(reviews.userId, userId), eq(reviews.reviewType, 'product')))
    .returning({ id: reviews.id });
  return rows.length > 0;
}

/** Whether the error is the one-review-per-customer index refusing a second review. */
export function isSecondReview(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code !== '23505') continue;
    if (constraint === 'reviews_one_per_customer_idx') return true;
    if (String((e as Error).message ?? '').includes('reviews_one_per_customer_idx')) return true;
  }
  return false;
}
