import { aliasedTable, and, asc, desc, eq, inArray, notExists, sql } from 'drizzle-orm';
import {
  DEFAULT_CANCELATION_POLICY_HOURS,
  DEFAULT_PRICE_TO_DURATION_RATE_CENTS,
  type Category,
} from '@stg/domain/constants';
import { DEFAULT_SCHEDULING } from '@stg/domain/scheduling-preferences';
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
import { vendorPlanOffers } from '../plan-offers/service';
import { productRating } from '../reviews/rating';
import { oneRow } from '../../db/one-row';

const logo = aliasedTable(images, 'logo');
const banner = aliasedTable(images, 'banner');

/** Product reviews' figures per vendor (ADR 0018), one grouped pass for a whole list. */
const productStats = (db: Db) =>
  db
    .select({
      vendorId: reviews.vendorId,
      avgRating: sql<number | null>`round(avg(${reviews.score})::numeric, 1)::float8`.as('avg_rating'),
      reviewCount: sql<number>`count(*)::int`.as('review_count'),
    })
    .from(reviews)
    .where(eq(reviews.reviewType, 'product'))
    .groupBy(reviews.vendorId)
    .as('stats');

export type VendorRow = typeof vendors.$inferSelect;
export interface VendorCardRow {
  vendor: VendorRow;
  logoKey: string | null;
  bannerKey: string | null;
  bannerThumbKey: string | null;
  avgRating: number | null;
  reviewCount: number;
}

/** The active vendors' cards in one statement (their figures from one grouped pass over the reviews). */
export async function listActiveVendorCards(db: Db): Promise<VendorCardRow[]> {
  const stats = productStats(db);
  return db
    .select({
      vendor: vendors,
      logoKey: logo.storageKey,
      bannerKey: banner.storageKey,
      bannerThumbKey: banner.thumbnailKey,
      avgRating: stats.avgRating,
      reviewCount: sql<number>`coalesce(${stats.reviewCount}, 0)`,
    })
    .from(vendors)
    .leftJoin(logo, eq(logo.id, vendors.logoImageId))
    .leftJoin(banner, eq(banner.id, vendors.bannerImageId))
    .leftJoin(stats, eq(stats.vendorId, vendors.id))
    .where(eq(vendors.listingStatus, 'active'))
    .orderBy(asc(vendors.id));
}

/**
 * Everything the provider page and the vendor portal need about one vendor: six statements at once (in
 * parallel on PostgreSQL), the figures counted from the reviews read anyway.
 */
export async function loadVendorDetail(db: Db, id: number) {
  const [cardRows, gallery, inputs, options, calendarRows, addressRows, reviewRows, planOffers] =
    await Promise.all([
      db
        .select({
          vendor: vendors,
          logoKey: logo.storageKey,
          bannerKey: banner.storageKey,
          bannerThumbKey: banner.thumbnailKey,
        })
        .from(vendors)
        .leftJoin(logo, eq(logo.id, vendors.logoImageId))
        .leftJoin(banner, eq(banner.id, vendors.bannerImageId))
        .where(eq(vendors.id, id))
        .limit(1),
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
      db
        .select({ option: pricingInputOptions })
        .from(pricingInputOptions)
        .innerJoin(pricingInputs, eq(pricingInputs.id, pricingInputOptions.pricingInputId))
        .where(eq(pricingInputs.vendorId, id))
        .orderBy(asc(pricingInputOptions.position), asc(pricingInputOptions.id)),
      db.select().from(vendorCalendars).where(eq(vendorCalendars.vendorId, id)).limit(1),
      db.select().from(addresses).where(eq(addresses.vendorId, id)).limit(1),
      db
        .select()
        .from(reviews)
        .where(eq(reviews.vendorId, id))
        .orderBy(desc(reviews.createdAt), desc(reviews.id)),
      vendorPlanOffers(db, id),
    ]);
  const cardRow = cardRows[0];
  if (!cardRow) return null;
  const card: VendorCardRow = { ...cardRow, ...productRating(reviewRows) };
  const optionsByInput = new Map<number, (typeof options)[number]['option'][]>();
  for (const { option } of options) {
    const list = optionsByInput.get(option.pricingInputId);
    if (list) list.push(option);
    else optionsByInput.set(option.pricingInputId, [option]);
  }
  return {
    card,
    gallery,
    inputs: inputs.map((input) => ({ input, options: optionsByInput.get(input.id) ?? [] })),
    calendar: calendarRows[0] ?? null,
    address: addressRows[0] ?? null,
    reviews: reviewRows,
    planOffers,
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

/**
 * The rows Submit for Review and Approve decide on (listing-facts.ts turns them into the domain's
 * ListingFacts), read inside the caller's transaction: the gallery's size, the calendar, the questions.
 */
export async function listingRowsOf(tx: Db | Tx, vendor: VendorRow) {
  const [gallery] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(images)
    .where(and(eq(images.vendorId, vendor.id), eq(images.kind, 'gallery')));
  const [calendar] = await tx.select().from(vendorCalendars).where(eq(vendorCalendars.vendorId, vendor.id));
  const inputs = await tx
    .select()
    .from(pricingInputs)
    .where(eq(pricingInputs.vendorId, vendor.id))
    .orderBy(asc(pricingInputs.position), asc(pricingInputs.id));
  const options =
    inputs.length === 0
      ? []
      : await tx
          .select({ option: pricingInputOptions })
          .from(pricingInputOptions)
          .innerJoin(pricingInputs, eq(pricingInputs.id, pricingInputOptions.pricingInputId))
          .where(eq(pricingInputs.vendorId, vendor.id))
          .orderBy(asc(pricingInputOptions.position), asc(pricingInputOptions.id));
  return {
    vendor,
    galleryCount: gallery?.n ?? 0,
    calendar: calendar ?? null,
    inputs: inputs.map((input) => ({
      input,
      options: options.filter((o) => o.option.pricingInputId === input.id).map((o) => o.option),
    })),
  };
}

/** Sign-up: the vendor, its business address, a default calendar, and the account admin (a vendor user). */
export async function insertVendorWithAdmin(
  tx: Tx,
  input: {
    vendor: { name: string; category: Category; email: string; phoneNumber: string };
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
  const vendor = oneRow(
    await tx
      .insert(vendors)
      .values({
        ...input.vendor,
        listingStatus: 'awaiting_submission',
        priceToDurationRateCents: DEFAULT_PRICE_TO_DURATION_RATE_CENTS,
        cancelationPolicyHours: DEFAULT_CANCELATION_POLICY_HOURS,
        createdAt: input.now,
        updatedAt: input.now,
      })
      .returning(),
    'vendor',
  );
  await tx.insert(addresses).values({ ...input.businessAddress, vendorId: vendor.id });
  // The default scheduling rules, written out (not left to the columns' defaults): one source, the domain's.
  await tx.insert(vendorCalendars).values({
    vendorId: vendor.id,
    workdayStartMinutes: DEFAULT_SCHEDULING.workdayStartMinutes,
    workdayEndMinutes: DEFAULT_SCHEDULING.workdayEndMinutes,
    driveTimeBufferMins: DEFAULT_SCHEDULING.gapMinutes,
    bookingWindowStartDays: DEFAULT_SCHEDULING.minimumNoticeDays,
    bookingWindowEndDays: DEFAULT_SCHEDULING.bookingLimitDays,
  });
  const user = oneRow(
    await tx
      .insert(users)
      .values({
        ...input.admin,
        userType: 'vendor',
        vendorId: vendor.id,
        createdAt: input.now,
        updatedAt: input.now,
      })
      .returning(),
    'user',
  );
  const userAddresses = [];
  if (input.adminAddress) {
    const addr = oneRow(
      await tx
        .insert(addresses)
        .values({ ...input.adminAddress, userId: user.id, isDefault: true })
        .returning(),
      'address',
    );
    userAddresses.push(addr);
    await tx.update(users).set({ currentAddressId: addr.id }).where(eq(users.id, user.id));
    user.currentAddressId = addr.id;
  }
  return { vendor, user, addresses: userAddresses };
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

/**
 * Vendors still in setup that never had pricing (signed up before ADR 0032: the formula `x`, no
 * questions). With the row locked, `lockVendorRow` and the same test decide again.
 */
export async function listVendorsInSetupWithoutPricing(db: Db | Tx): Promise<number[]> {
  const rows = await db
    .select({ id: vendors.id })
    .from(vendors)
    .where(
      and(
        inArray(vendors.listingStatus, ['awaiting_submission', 'under_review']),
        eq(vendors.pricingFormula, 'x'),
        notExists(
          db
            .select({ one: sql`1` })
            .from(pricingInputs)
            .where(eq(pricingInputs.vendorId, vendors.id)),
        ),
      ),
    )
    .orderBy(asc(vendors.id));
  return rows.map((r) => r.id);
}

export async function countPricingInputs(db: Db | Tx, vendorId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(pricingInputs)
    .where(eq(pricingInputs.vendorId, vendorId));
  return row?.n ?? 0;
}
