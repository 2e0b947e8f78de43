import { aliasedTable, and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AddressInput } from '@stg/domain/validation';
import type { Db, Tx } from '../../db/client';
import {
  addresses,
  images,
  pricingInputOptions,
  pricingInputs,
  reviews,
  users,
  vendorCalendars,
  vendors,
} from '../../db/schema';

const logo = aliasedTable(images, 'logo');
const banner = aliasedTable(images, 'banner');

const ratingStats = (vendorId: typeof vendors.id) => ({
  avgRating: sql<
    number | null
  >`(select round(avg(r.score)::numeric, 1)::float8 from reviews r where r.vendor_id = ${vendorId} and r.review_type = 'product')`,
  reviewCount: sql<number>`(select count(*)::int from reviews r where r.vendor_id = ${vendorId} and r.review_type = 'product')`,
});

export type VendorRow = typeof vendors.$inferSelect;
export interface VendorCardRow {
  vendor: VendorRow;
  logoKey: string | null;
  bannerKey: string | null;
  bannerThumbKey: string | null;
  avgRating: number | null;
  reviewCount: number;
}

const cardSelection = {
  vendor: vendors,
  logoKey: logo.storageKey,
  bannerKey: banner.storageKey,
  bannerThumbKey: banner.thumbnailKey,
  ...ratingStats(vendors.id),
};

export async function listActiveVendorCards(db: Db): Promise<VendorCardRow[]> {
  return db
    .select(cardSelection)
    .from(vendors)
    .leftJoin(logo, eq(logo.id, vendors.logoImageId))
    .leftJoin(banner, eq(banner.id, vendors.bannerImageId))
    .where(eq(vendors.listingStatus, 'active'))
    .orderBy(asc(vendors.id));
}

export async function findVendorCard(db: Db, id: number): Promise<VendorCardRow | null> {
  const [row] = await db
    .select(cardSelection)
    .from(vendors)
    .leftJoin(logo, eq(logo.id, vendors.logoImageId))
    .leftJoin(banner, eq(banner.id, vendors.bannerImageId))
    .where(eq(vendors.id, id))
    .limit(1);
  return row ?? null;
}

/** Everything the provider page and the vendor portal need about one vendor. */
export async function loadVendorDetail(db: Db, id: number) {
  const card = await findVendorCard(db, id);
  if (!card) return null;
  const [gallery, inputs, calendarRows, addressRows, reviewRows] = await Promise.all([
    db
      .select()
      .from(images)
      .where(and(eq(images.vendorId, id), eq(images.kind, 'gallery')))
      .orderBy(asc(images.position), asc(images.id)),
    db
      .select()
      .from(pricingInputs)
      .where(eq(pricingInputs.vendorId, id))
      .orderBy(asc(pricingInputs.position), asc(pricingInputs.id)),
    db.select().from(vendorCalendars).where(eq(vendorCalendars.vendorId, id)).limit(1),
    db.select().from(addresses).where(eq(addresses.vendorId, id)).limit(1),
    db
      .select()
      .from(reviews)
      .where(eq(reviews.vendorId, id))
      .orderBy(desc(reviews.createdAt), desc(reviews.id)),
  ]);
  const options =
    inputs.length === 0
      ? []
      : await db
          .select()
          .from(pricingInputOptions)
          .where(
            inArray(
              pricingInputOptions.pricingInputId,
              inputs.map((i) => i.id),
            ),
          )
          .orderBy(asc(pricingInputOptions.position), asc(pricingInputOptions.id));
  return {
    card,
    gallery,
    inputs: inputs.map((input) => ({ input, options: options.filter((o) => o.pricingInputId === input.id) })),
    calendar: calendarRows[0] ?? null,
    address: addressRows[0] ?? null,
    reviews: reviewRows,
  };
}
export type VendorDetail = NonNullable<Awaited<ReturnType<typeof loadVendorDetail>>>;

/** The vendor row, locked for the rest of the transaction (every listing or payout change takes it). */
export async function lockVendorRow(tx: Db | Tx, id: number): Promise<VendorRow | null> {
  const [row] = await tx.select().from(vendors).where(eq(vendors.id, id)).for('update');
  return row ?? null;
}

export async function findVendorRow(db: Db | Tx, id: number): Promise<VendorRow | null> {
  const [row] = await db.select().from(vendors).where(eq(vendors.id, id)).limit(1);
  return row ?? null;
}

export async function updateVendorRow(
  tx: Db | Tx,
  id: number,
  fields: Partial<Omit<typeof vendors.$inferInsert, 'id'>>,
): Promise<void> {
  await tx.update(vendors).set(fields).where(eq(vendors.id, id));
}

/** The facts Submit for Review is decided on, read inside the caller's transaction. */
export async function setupFactsOf(tx: Db | Tx, vendor: VendorRow) {
  const [gallery] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(images)
    .where(and(eq(images.vendorId, vendor.id), eq(images.kind, 'gallery')));
  const [calendar] = await tx
    .select({ apiIntegrated: vendorCalendars.apiIntegrated })
    .from(vendorCalendars)
    .where(eq(vendorCalendars.vendorId, vendor.id));
  return {
    hasLogo: vendor.logoImageId !== null,
    hasBanner: vendor.bannerImageId !== null,
    galleryCount: gallery?.n ?? 0,
    calendarIntegrated: calendar?.apiIntegrated ?? false,
    calendarSkipped: vendor.calendarSkipped,
    stripeIntegrated: vendor.stripeIntegrated as 'active' | 'inactive' | 'onboarding',
  };
}

/** Sign-up: the vendor, its business address, a default calendar, and the account admin (a vendor user). */
export async function insertVendorWithAdmin(
  tx: Tx,
  input: {
    vendor: { name: string; category: string; email: string; phoneNumber: string };
    businessAddress: AddressInput;
    admin: {
      firstName: string;
      lastName: string;
      email: string;
      phoneNumber: string;
      passwordDigest: string;
    };
    adminAddress: AddressInput | null;
    now: Date;
  },
) {
  const [vendor] = await tx
    .insert(vendors)
    .values({
      ...input.vendor,
      listingStatus: 'awaiting_submission',
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning();
  await tx.insert(addresses).values({ ...input.businessAddress, vendorId: vendor!.id });
  await tx.insert(vendorCalendars).values({ vendorId: vendor!.id });
  const [user] = await tx
    .insert(users)
    .values({
      ...input.admin,
      userType: 'vendor',
      vendorId: vendor!.id,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning();
  const userAddresses = [];
  if (input.adminAddress) {
    const [addr] = await tx
      .insert(addresses)
      .values({ ...input.adminAddress, userId: user!.id, isDefault: true })
      .returning();
    userAddresses.push(addr!);
    await tx.update(users).set({ currentAddressId: addr!.id }).where(eq(users.id, user!.id));
    user!.currentAddressId = addr!.id;
  }
  return { vendor: vendor!, user: user!, addresses: userAddresses };
}

/** Listings waiting for an operator, oldest submission first, with their account admin. */
export async function listListingsUnderReview(db: Db) {
  return db
    .select({ vendorId: vendors.id, submittedAt: vendors.submittedAt, admin: users })
    .from(vendors)
    .leftJoin(users, eq(users.vendorId, vendors.id))
    .where(eq(vendors.listingStatus, 'under_review'))
    .orderBy(asc(vendors.submittedAt), asc(vendors.id));
}

export async function findVendorAdmin(db: Db | Tx, vendorId: number) {
  const [row] = await db.select().from(users).where(eq(users.vendorId, vendorId)).limit(1);
  return row ?? null;
}
