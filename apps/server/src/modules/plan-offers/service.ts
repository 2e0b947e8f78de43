/**
 * A vendor's plan offers (ADR 0037): which frequencies it offers and their discounts. Read with the vendor
 * (its public read answers them), replaced whole by the Pricing page, and started from the category's
 * defaults at sign-up, in the sign-up's transaction.
 */
import type { Category } from '@stg/domain/constants';
import { defaultPlanOffersFor, sortPlanOffers, type PlanOffer } from '@stg/domain/plans';
import { planOffersSchema } from '@stg/domain/api/plan-offers';
import type { Db, Tx } from '../../db/client';
import { queuePlanPriceCheck } from '../pricing/price-changes';
import { notFound, unprocessable } from '../../http/errors';
import { MESSAGES } from '@stg/domain/validation';
import { listOffers, lockVendor, replaceOffers } from './repo';

/** The vendor's offers in PLAN_FREQUENCIES order ([] when it offers none). */
export async function vendorPlanOffers(db: Db | Tx, vendorId: number): Promise<PlanOffer[]> {
  return sortPlanOffers(await listOffers(db, vendorId));
}

/**
 * PUT /api/vendors/{id}/plan-offers: the whole new set, in one transaction under the vendor's row lock (so
 * two saves never interleave their deletes and inserts). The route has validated the body; it is checked
 * again here, since every caller of a service is held to the same rules. Idempotent: the same set twice
 * leaves the same rows.
 */
export async function replaceVendorPlanOffers(
  db: Db,
  vendorId: number,
  offers: readonly PlanOffer[],
  now: Date,
): Promise<PlanOffer[]> {
  const checked = planOffersSchema.safeParse(offers);
  if (!checked.success) throw unprocessable(...new Set(checked.error.issues.map((i) => i.message)));
  const valid = checked.data;
  return db.transaction(async (tx) => {
    if (!(await lockVendor(tx, vendorId))) throw notFound(MESSAGES.vendorNotFound);
    await replaceOffers(tx, vendorId, sortPlanOffers(valid), now);
    // A plan's discount follows its frequency's offer (ADR 0037): its customer may be told of a new price.
    await queuePlanPriceCheck(tx, vendorId, now);
    return vendorPlanOffers(tx, vendorId);
  });
}

/** A new vendor's offers: its category's defaults, inside the sign-up's transaction (ADR 0037). */
export async function startVendorPlanOffers(tx: Tx, vendorId: number, category: Category, now: Date) {
  await replaceOffers(tx, vendorId, defaultPlanOffersFor(category), now);
}
