/** Vendors with pricing questions for the booking and pricing tests. */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Category, ListingStatus } from '@stg/domain/constants';
import { defaultPricingFor } from '@stg/domain/pricing-defaults';
import { users, vendors } from '../src/db/schema';
import { hashPassword } from '../src/modules/auth/password';
import { presentPricingInput, type PricingInputJson } from '../src/modules/pricing/presenter';
import { listVendorInputs } from '../src/modules/pricing/repo';
import { replacePricingInputs, updateVendorPricing } from '../src/modules/pricing/service';

let digest: Promise<string> | null = null;

/**
 * An active vendor of the category with its default questions and formula, owned by a vendor user
 * who signs in with `email` / Password123!.
 */
export async function createPricedVendor(
  app: FastifyInstance,
  opts: { email: string; category?: Category; listingStatus?: ListingStatus; minPriceCents?: number },
): Promise<{ vendorId: number; userId: number; inputs: PricingInputJson[]; formula: string }> {
  const { db } = app.deps;
  const category = opts.category ?? 'house_cleaning';
  const [vendor] = await db
    .insert(vendors)
    .values({
      name: `Vendor ${opts.email}`,
      category,
      phoneNumber: '4355550100',
      email: opts.email,
      listingStatus: opts.listingStatus ?? 'active',
      minPriceCents: opts.minPriceCents ?? 3500,
    })
    .returning();
  digest ??= hashPassword('Password123!');
  const [user] = await db
    .insert(users)
    .values({
      firstName: 'Vera',
      lastName: 'Vendor',
      email: opts.email,
      phoneNumber: '4355550101',
      passwordDigest: await digest,
      userType: 'vendor',
      vendorId: vendor!.id,
    })
    .returning();
  const pricing = defaultPricingFor(category);
  await replacePricingInputs(db, vendor!.id, pricing.pricingInputs);
  await updateVendorPricing(db, vendor!.id, { pricingFormula: pricing.pricingFormula }, new Date());
  // A fresh vendor has no previous save yet.
  await db.update(vendors).set({ previousFormula: null }).where(eq(vendors.id, vendor!.id));
  const inputs = (await listVendorInputs(db, vendor!.id)).map(presentPricingInput);
  return { vendorId: vendor!.id, userId: user!.id, inputs, formula: pricing.pricingFormula };
}

/** The input of the vendor with this alias. */
export function inputOf(inputs: PricingInputJson[], alias: string): PricingInputJson {
  const input = inputs.find((i) => i.alias === alias);
  if (!input) throw new Error(`No input ${alias}`);
  return input;
}
