/**
 * Google reviews (issue 13): the Places API (New) adapter against a local server speaking that API, the
 * vendor's place, the refresh that replaces a vendor's Google reviews (removed ones disappear) and leaves
 * them on a failure, the figures that ignore them (ADR 0018), and the feature off without a key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { googleReviewsStatusSchema, vendorReviewsResponseSchema } from '@stg/domain/api/reviews';
import { GooglePlacesReviews, PlacesApiError } from '../../adapters/reviews/google-places';
import { loadConfig } from '../../config';
import { reviews, vendors } from '../../db/schema';
import { createPricedVendor } from '../../../test/pricing-fixtures';
import { createTestApp } from '../../../test/test-app';
import { googleReview, startFakeGooglePlaces, type FakeGooglePlaces } from '../../../test/fake-google-places';
import {
  GOOGLE_REVIEWS_MESSAGES,
  googlePlacesFromConfig,
  googleReviewsJob,
  refreshAllGoogleReviews,
  setVendorGooglePlaceId,
} from './google';
import { reviewRoutes } from './routes';

const PLACE = 'ChIJN1t_tDeuEmsRUsoyG83frY4';
const OTHER_PLACE = 'ChIJ2eUgeAK6j4ARbn5u_wAGqWA';
const silentLog = { info: () => {}, warn: () => {} };
const now = new Date('2026-11-23T15:00:00Z');

let app: FastifyInstance;
let fake: FakeGooglePlaces;
let places: GooglePlacesReviews;
let vendorId: number;

beforeAll(async () => {
  app = await createTestApp();
  fake = await startFakeGooglePlaces();
  places = new GooglePlacesReviews({ apiKey: fake.apiKey, baseUrl: fake.baseUrl });
  vendorId = (await createPricedVendor(app, { email: 'google-vendor@example.com' })).vendorId;
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

const googleRows = (vid = vendorId) =>
  app.deps.db
    .select()
    .from(reviews)
    .where(and(eq(reviews.vendorId, vid), eq(reviews.reviewType, 'google')));

describe('GooglePlacesReviews (Places API (New))', () => {
  it('sends the official request and maps Google review fields', async () => {
    fake.places.set(PLACE, [
      googleReview(PLACE, 'a', { rating: 4 }),
      googleReview(PLACE, 'b', { text: undefined, originalText: undefined, rating: 2 }),
    ]);
    const got = await places.placeReviews(PLACE);
    expect(fake.requests.at(-1)).toEqual({
      path: `/v1/places/${PLACE}`,
      apiKey: fake.apiKey,
      fieldMask: 'reviews',
    });
    expect(got).toEqual([
      {
        name: `places/${PLACE}/reviews/a`,
        score: 4,
        body: 'Review a: great service all round.',
        authorName: 'Author a',
        authorImage: 'https://lh3.googleusercontent.com/a/a=s128-c0x00000000-cc-rp-mo',
        url: 'https://www.google.com/maps/reviews/data=a',
        publishedAt: new Date('2026-10-01T12:00:00.123Z'),
      },
      expect.objectContaining({ name: `places/${PLACE}/reviews/b`, score: 2, body: null }),
    ]);
  });

  it('answers no reviews for a place without any, and throws on Google errors', async () => {
    fake.places.set(OTHER_PLACE, []);
    expect(await places.placeReviews(OTHER_PLACE)).toEqual([]);
    await expect(places.placeReviews('ChIJunknownPlace00')).rejects.toMatchObject({ status: 404 });
    const wrongKey = new GooglePlacesReviews({ apiKey: 'AIzaWrongKey_000000000', baseUrl: fake.baseUrl });
    await expect(wrongKey.placeReviews(PLACE)).rejects.toBeInstanceOf(PlacesApiError);
    await expect(places.placeReviews('../../x')).rejects.toBeInstanceOf(PlacesApiError);
  });
});

describe('the vendor Google place and the daily refresh', () => {
  it('validates and sets the place id', async () => {
    await expect(setVendorGooglePlaceId(app.deps.db, vendorId, 'not a place!')).rejects.toMatchObject({
      statusCode: 422,
      errors: [GOOGLE_REVIEWS_MESSAGES.badPlaceId],
    });
    await setVendorGooglePlaceId(app.deps.db, vendorId, ` ${PLACE} `);
    const [v] = await app.deps.db.select().from(vendors).where(eq(vendors.id, vendorId));
    expect(v!.googlePlaceId).toBe(PLACE);
  });

  it('replaces the stored Google reviews on each refresh: new ones appear, removed ones disappear', async () => {
    fake.places.set(PLACE, [
      googleReview(PLACE, 'r1', { rating: 1 }),
      googleReview(PLACE, 'r2', { rating: 2 }),
    ]);
    const job = googleReviewsJob(places, silentLog);
    await job({} as never, { db: app.deps.db, now });
    expect((await googleRows()).map((r) => r.authorFirstName).sort()).toEqual(['Author r1', 'Author r2']);
    fake.places.set(PLACE, [
      googleReview(PLACE, 'r2', { rating: 2 }),
      googleReview(PLACE, 'r3', { rating: 3 }),
    ]);
    expect(await refreshAllGoogleReviews(app.deps.db, places, silentLog, now)).toEqual({
      refreshed: 1,
      failed: 0,
    });
    expect((await googleRows()).map((r) => r.authorFirstName).sort()).toEqual(['Author r2', 'Author r3']);
    const [v] = await app.deps.db.select().from(vendors).where(eq(vendors.id, vendorId));
    expect(v!.googleReviewsFetchedAt).toEqual(now);

    // Shown in the list with Google's link, but not counted in the figures (ADR 0018).
    const res = vendorReviewsResponseSchema.parse(
      (await app.inject({ method: 'GET', url: `/api/vendors/${vendorId}/reviews` })).json(),
    );
    expect(res.reviews).toHaveLength(2);
    expect(res.reviews.find((r) => r.author.firstName === 'Author r2')).toMatchObject({
      reviewType: 'google',
      userId: null,
      author: { firstName: 'Author r2', lastName: '' },
      url: 'https://www.google.com/maps/reviews/data=r2',
    });
    expect(res).toMatchObject({ avgRating: null, reviewCount: 0 });
  });

  it('keeps the stored reviews when Google fails, and logs it', async () => {
    fake.failWith = 503;
    const warnings: unknown[] = [];
    try {
      const result = await refreshAllGoogleReviews(
        app.deps.db,
        places,
        { info: () => {}, warn: (o: unknown) => warnings.push(o) },
        now,
      );
      expect(result).toEqual({ refreshed: 0, failed: 1 });
    } finally {
      fake.failWith = null;
    }
    expect(warnings).toHaveLength(1);
    expect(await googleRows()).toHaveLength(2);
  });

  it('drops the old place reviews when the place changes or is cleared', async () => {
    await setVendorGooglePlaceId(app.deps.db, vendorId, OTHER_PLACE);
    expect(await googleRows()).toHaveLength(0);
    fake.places.set(OTHER_PLACE, [googleReview(OTHER_PLACE, 'o1')]);
    await refreshAllGoogleReviews(app.deps.db, places, silentLog, now);
    expect(await googleRows()).toHaveLength(1);
    await setVendorGooglePlaceId(app.deps.db, vendorId, null);
    expect(await googleRows()).toHaveLength(0);
  });
});

describe('without a key', () => {
  it('is off: no source from the configuration, the job does nothing, and the API says so', async () => {
    const config = loadConfig({});
    expect(config.GOOGLE_PLACES_API_BASE).toBe('https://places.googleapis.com');
    expect(googlePlacesFromConfig(config)).toBeNull();
    expect(() => loadConfig({ GOOGLE_PLACES_API_KEY: 'bad key!' })).toThrow(/GOOGLE_PLACES_API_KEY/);
    expect(
      googlePlacesFromConfig(
        loadConfig({ GOOGLE_PLACES_API_KEY: fake.apiKey, GOOGLE_PLACES_API_BASE: fake.baseUrl }),
      ),
    ).toBeInstanceOf(GooglePlacesReviews);
    const before = fake.requests.length;
    expect(await refreshAllGoogleReviews(app.deps.db, null, silentLog, now)).toEqual({
      refreshed: 0,
      failed: 0,
    });
    expect(fake.requests.length).toBe(before);

    const status = await app.inject({ method: 'GET', url: '/api/google-reviews' });
    expect(googleReviewsStatusSchema.parse(status.json())).toEqual({
      enabled: false,
      message: GOOGLE_REVIEWS_MESSAGES.off,
    });
    const Fastify = (await import('fastify')).default;
    const { serializerCompiler, validatorCompiler } = await import('fastify-type-provider-zod');
    const on = Fastify();
    on.setValidatorCompiler(validatorCompiler);
    on.setSerializerCompiler(serializerCompiler);
    on.decorate('deps', app.deps);
    await on.register(reviewRoutes, { googlePlaces: places });
    expect((await on.inject({ method: 'GET', url: '/api/google-reviews' })).json()).toEqual({
      enabled: true,
      message: null,
    });
    await on.close();
  });
});
