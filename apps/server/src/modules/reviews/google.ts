/**
 * Google reviews beside the marketplace's own (issue 13, ADR 0018): a vendor's Google place, and a daily
 * job that replaces the vendor's stored Google reviews with what the Places API answers now (so removed
 * reviews disappear). Failures are only logged (spec §8); the previous reviews stay until a fetch works.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { reviews, vendors } from '../../db/schema';
import { unprocessable } from '../../http/errors';
import { PLACE_ID_PATTERN, type PlacesReviewsSource } from '../../adapters/reviews/google-places';
import { GooglePlacesReviews } from '../../adapters/reviews/google-places';
import type { JobHandler, Recurring } from '../jobs/worker';

export const GOOGLE_REVIEWS_MESSAGES = {
  off: 'Google reviews are off on this server (GOOGLE_PLACES_API_KEY is not set).',
  badPlaceId: 'Please enter a Google place ID (letters, digits, - and _).',
} as const;

/** The Places source from the configuration; null (the feature is off) without a key. */
export function googlePlacesFromConfig(c: {
  GOOGLE_PLACES_API_KEY?: string;
  GOOGLE_PLACES_API_BASE: string;
}): PlacesReviewsSource | null {
  return c.GOOGLE_PLACES_API_KEY
    ? new GooglePlacesReviews({ apiKey: c.GOOGLE_PLACES_API_KEY, baseUrl: c.GOOGLE_PLACES_API_BASE })
    : null;
}

/**
 * Sets (or, with null or '', clears) the vendor's Google place; for PATCH /api/vendors/{id}
 * `{vendor: {googlePlaceId}}`, the owner's own vendor. A new place drops the old place's reviews.
 */
/** What a Google place id would be refused with, or null when it may be stored (null clears it). */
export function googlePlaceIdProblem(raw: string | null): string | null {
  const placeId = raw?.trim() || null;
  return placeId !== null && !PLACE_ID_PATTERN.test(placeId) ? GOOGLE_REVIEWS_MESSAGES.badPlaceId : null;
}

export async function setVendorGooglePlaceId(db: Db, vendorId: number, raw: string | null): Promise<void> {
  const placeId = raw?.trim() || null;
  const problem = googlePlaceIdProblem(raw);
  if (problem) throw unprocessable(problem);
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ placeId: vendors.googlePlaceId })
      .from(vendors)
      .where(eq(vendors.id, vendorId))
      .for('update');
    if (!before || before.placeId === placeId) return;
    await tx
      .update(vendors)
      .set({ googlePlaceId: placeId, googleReviewsFetchedAt: null })
      .where(eq(vendors.id, vendorId));
    await tx.delete(reviews).where(and(eq(reviews.vendorId, vendorId), eq(reviews.reviewType, 'google')));
  });
}

/**
 * Fetches the vendor's place's reviews and replaces its stored Google reviews in one transaction,
 * unless the place changed meanwhile. Returns how many are stored, or null when it had no place.
 */
export async function refreshVendorGoogleReviews(
  db: Db,
  source: PlacesReviewsSource,
  vendorId: number,
  now: Date,
): Promise<number | null> {
  const [vendor] = await db
    .select({ placeId: vendors.googlePlaceId })
    .from(vendors)
    .where(eq(vendors.id, vendorId))
    .limit(1);
  if (!vendor?.placeId) return null;
  const placeId = vendor.placeId;
  // The provider is called outside any transaction (ADR 0013).
  const fetched = await source.placeReviews(placeId);
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ placeId: vendors.googlePlaceId })
      .from(vendors)
      .where(eq(vendors.id, vendorId))
      .for('update');
    if (locked?.placeId !== placeId) return null;
    await tx.delete(reviews).where(and(eq(reviews.vendorId, vendorId), eq(reviews.reviewType, 'google')));
    if (fetched.length > 0)
      await tx.insert(reviews).values(
        fetched.map((r) => ({
          vendorId,
          userId: null,
          reviewType: 'google' as const,
          body: r.body,
          score: r.score,
          authorFirstName: r.authorName,
          authorLastName: '',
          authorImageUrl: r.authorImage,
          url: r.url,
          createdAt: r.publishedAt,
        })),
      );
    await tx.update(vendors).set({ googleReviewsFetchedAt: now }).where(eq(vendors.id, vendorId));
    return fetched.length;
  });
}

/** Every vendor with a Google place, one at a time; a failure is logged and the others go on. */
export async function refreshAllGoogleReviews(
  db: Db,
  source: PlacesReviewsSource | null,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
  now: Date,
): Promise<{ refreshed: number; failed: number }> {
  if (!source) {
    log.info(GOOGLE_REVIEWS_MESSAGES.off);
    return { refreshed: 0, failed: 0 };
  }
  const rows = await db.select({ id: vendors.id }).from(vendors).where(isNotNull(vendors.googlePlaceId));
  let refreshed = 0;
  let failed = 0;
  for (const { id } of rows) {
    try {
      if ((await refreshVendorGoogleReviews(db, source, id, now)) !== null) refreshed++;
    } catch (err) {
      failed++;
      log.warn({ err, vendorId: id }, 'Google reviews refresh failed');
    }
  }
  return { refreshed, failed };
}

/** The daily refresh, enqueued once a day across instances by the job worker. */
export const GOOGLE_REVIEWS: Recurring = { kind: 'google-reviews', everyMs: 86_400_000 };

export const googleReviewsJob =
  (source: PlacesReviewsSource | null, log: Pick<FastifyBaseLogger, 'info' | 'warn'>): JobHandler =>
  async (_job, { db, now }) => {
    await refreshAllGoogleReviews(db, source, log, now);
  };
