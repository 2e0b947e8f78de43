import { aliasedTable, and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  addresses,
  images,
  pricingInputOptions,
  pricingInputs,
  reviews,
  vendorCalendars,
  vendors,
} from '../../db/schema';

const logo = aliasedTable(images, 'logo');
const banner = aliasedTable(images, 'banner');

const ratingStats = (vendorId: typeof vendors.id) => ({
  avgRating: sql<
    number | null
  >`(select round(avg(r.score)::numeric, 1)::float8 from reviews r where r.vendor_id = ${vendorId})`,
  reviewCount: sql<number>`(select count(*)::int from reviews r where r.vendor_id = ${vendorId})`,
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
