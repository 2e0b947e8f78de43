/** A vendor's plan offers (ADR 0037): the only place `vendor_plan_offers` meets Drizzle. */
import { asc, eq } from 'drizzle-orm';
import type { PlanOffer } from '@stg/domain/plans';
import type { Db, Tx } from '../../db/client';
import { vendorPlanOffers, vendors } from '../../db/schema';

export async function listOffers(db: Db | Tx, vendorId: number): Promise<PlanOffer[]> {
  return db
    .select({ frequency: vendorPlanOffers.frequency, discountPercent: vendorPlanOffers.discountPercent })
    .from(vendorPlanOffers)
    .where(eq(vendorPlanOffers.vendorId, vendorId))
    .orderBy(asc(vendorPlanOffers.id));
}

/** The vendor row locked for the rest of the transaction (every change to what the vendor sells takes it). */
export async function lockVendor(tx: Tx, vendorId: number): Promise<boolean> {
  const rows = await tx
    .select({ id: vendors.id })
    .from(vendors)
    .where(eq(vendors.id, vendorId))
    .for('update');
  return rows.length > 0;
}

/** The whole set replaced: the old rows deleted, the new inserted (inside the caller's transaction). */
export async function replaceOffers(tx: Tx, vendorId: number, offers: readonly PlanOffer[], now: Date) {
  await tx.delete(vendorPlanOffers).where(eq(vendorPlanOffers.vendorId, vendorId));
  if (offers.length === 0) return;
  await tx.insert(vendorPlanOffers).values(
    offers.map((o) => ({
      vendorId,
      frequency: o.frequency,
      discountPercent: o.discountPercent,
      createdAt: now,
    })),
  );
}
