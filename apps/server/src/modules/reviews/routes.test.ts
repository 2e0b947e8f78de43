/**
 * Reviews (spec §5 Review, §6, §7): every rule for guest, vendor (own page too), customer without an
 * order, customer with only a cancelled order, author and other customer; one review per customer per
 * vendor under concurrent posts; the figures exact after concurrent posts and deletes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { REVIEW_MESSAGES, reviewResponseSchema, vendorReviewsResponseSchema } from '@stg/domain/api/reviews';
import type { FulfillmentStatus } from '@stg/domain/constants';
import { MESSAGES } from '@stg/domain/validation';
import { reviews, vendors } from '../../db/schema';
import { signedUpCustomer } from '../../../test/checkout-fixtures';
import { createPricedVendor } from '../../../test/pricing-fixtures';
import { createTestApp, TestClient } from '../../../test/test-app';
import { figuresFor, insertOrderInState } from '../../../test/vendor-order-fixtures';

let app: FastifyInstance;
let vendorId: number;
let vendorClient: TestClient;
let otherVendorId: number;

beforeAll(async () => {
  app = await createTestApp();
  vendorId = (await createPricedVendor(app, { email: 'reviewed-vendor@example.com' })).vendorId;
  otherVendorId = (await createPricedVendor(app, { email: 'other-vendor@example.com' })).vendorId;
  vendorClient = new TestClient(app);
  expect((await vendorClient.signIn('reviewed-vendor@example.com', 'Password123!')).statusCode).toBe(200);
});
afterAll(() => app.close());

let slot = 0;
async function orderWith(userId: number, vid: number, fulfillmentStatus: FulfillmentStatus = 'unfulfilled') {
  const paymentStatus = fulfillmentStatus === 'cancelled' ? 'refunded' : 'collected';
  return insertOrderInState(app, {
    vendorId: vid,
    userId,
    state: {
      fulfillmentStatus,
      paymentStatus,
      // Each order its own hour: a vendor's orders never overlap.
      appointmentAt: new Date(Date.UTC(2026, 11, 1, 0) + ++slot * 3_600_000),
      ...figuresFor(paymentStatus),
    },
  });
}

/** A signed-in customer with an order (not cancelled) with the vendor. */
async function customerWithOrder(vid = vendorId) {
  const c = await signedUpCustomer(app, 'reviewer');
  await orderWith(c.userId, vid);
  return c;
}

const list = (client: TestClient, vid = vendorId) =>
  client.request({ method: 'GET', url: `/api/vendors/${vid}/reviews` });
const post = (client: TestClient, review: Record<string, unknown>, vid = vendorId) =>
  client.request({ method: 'POST', url: `/api/vendors/${vid}/reviews`, payload: { review } });
const remove = (client: TestClient, id: number) =>
  client.request({ method: 'DELETE', url: `/api/reviews/${id}` });
const good = { body: 'Spotless work, on time and friendly.', score: 5 };

async function figuresInTable(vid: number) {
  const [row] = await app.deps.db
    .select({
      count: sql<number>`count(*)::int`,
      avg: sql<number | null>`round(avg(${reviews.score})::numeric, 1)::float8`,
    })
    .from(reviews)
    .where(and(eq(reviews.vendorId, vid), eq(reviews.reviewType, 'product')));
  return { reviewCount: row!.count, avgRating: row!.count > 0 ? row!.avg : null };
}

describe('GET /api/vendors/{id}/reviews: eligibility', () => {
  it('asks a guest to sign in, and refuses their post with 401', async () => {
    const guest = new TestClient(app);
    await guest.session();
    const res = await list(guest);
    expect(res.statusCode).toBe(200);
    const body = vendorReviewsResponseSchema.parse(res.json());
    expect(body.eligibility).toEqual({
      canReview: false,
      reason: REVIEW_MESSAGES.signInToReview,
      ownReviewId: null,
    });
    const p = await post(guest, good);
    expect(p.statusCode).toBe(401);
    expect(p.json()).toMatchObject({ errors: [REVIEW_MESSAGES.signInToReview] });
  });

  it('never lets a vendor review, their own page included', async () => {
    for (const vid of [vendorId, otherVendorId]) {
      expect(vendorReviewsResponseSchema.parse((await list(vendorClient, vid)).json()).eligibility).toEqual({
        canReview: false,
        reason: REVIEW_MESSAGES.vendorsCannotReview,
        ownReviewId: null,
      });
      const p = await post(vendorClient, good, vid);
      expect(p.statusCode).toBe(403);
      expect(p.json()).toMatchObject({ errors: [REVIEW_MESSAGES.vendorsCannotReview] });
    }
  });

  it('refuses a customer without an order, and one whose only order was cancelled', async () => {
    const none = await signedUpCustomer(app, 'no-order');
    const cancelled = await signedUpCustomer(app, 'cancelled');
    await orderWith(cancelled.userId, vendorId, 'cancelled');
    // An order with another vendor does not count either.
    await orderWith(none.userId, otherVendorId);
    for (const c of [none, cancelled]) {
      expect(vendorReviewsResponseSchema.parse((await list(c.client)).json()).eligibility).toEqual({
        canReview: false,
        reason: REVIEW_MESSAGES.noOrder,
        ownReviewId: null,
      });
      const p = await post(c.client, good);
      expect(p.statusCode).toBe(403);
      expect(p.json()).toMatchObject({ errors: [REVIEW_MESSAGES.noOrder] });
    }
  });

  it('lets a customer with an unfulfilled, fulfilled or rescheduled order review', async () => {
    for (const status of ['unfulfilled', 'fulfilled', 'rescheduled'] as const) {
      const c = await signedUpCustomer(app, `ok-${status}`);
      await orderWith(c.userId, vendorId, 'cancelled');
      await orderWith(c.userId, vendorId, status);
      expect(vendorReviewsResponseSchema.parse((await list(c.client)).json()).eligibility).toEqual({
        canReview: true,
        reason: null,
        ownReviewId: null,
      });
    }
  });

  it('answers 404 for an unknown or inactive vendor, except to its owner', async () => {
    const guest = new TestClient(app);
    for (const url of ['/api/vendors/999999/reviews', '/api/vendors/abc/reviews']) {
      const res = await guest.request({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ errors: [MESSAGES.vendorNotFound] });
    }
    await app.deps.db.update(vendors).set({ listingStatus: 'inactive' }).where(eq(vendors.id, vendorId));
    try {
      expect((await list(guest)).statusCode).toBe(404);
      const c = await customerWithOrder();
      expect((await post(c.client, good)).statusCode).toBe(404);
      expect((await list(vendorClient)).statusCode).toBe(200);
    } finally {
      await app.deps.db.update(vendors).set({ listingStatus: 'active' }).where(eq(vendors.id, vendorId));
    }
  });
});

describe('POST /api/vendors/{id}/reviews', () => {
  it('checks the form with the spec messages (422)', async () => {
    const c = await customerWithOrder();
    const cases: [Record<string, unknown>, string][] = [
      [{ body: 'too short', score: 4 }, REVIEW_MESSAGES.bodyTooShort],
      [{ body: '          x         ', score: 4 }, REVIEW_MESSAGES.bodyTooShort],
      [{ body: 'Long enough body', score: null }, REVIEW_MESSAGES.scoreMissing],
      [{ body: 'Long enough body' }, REVIEW_MESSAGES.scoreMissing],
      [{ body: 'Long enough body', score: 6 }, REVIEW_MESSAGES.scoreMissing],
      [{ body: 'Long enough body', score: 0 }, REVIEW_MESSAGES.scoreMissing],
      [{ body: 'Long enough body', score: 3.5 }, REVIEW_MESSAGES.scoreMissing],
      [{ body: '', score: null }, REVIEW_MESSAGES.both],
      [{}, REVIEW_MESSAGES.both],
      [{ body: 'x'.repeat(5001), score: 5 }, REVIEW_MESSAGES.bodyTooLong],
    ];
    for (const [review, message] of cases) {
      const res = await post(c.client, review);
      expect(res.statusCode, JSON.stringify(review)).toBe(422);
      expect(res.json()).toMatchObject({ errors: [message] });
    }
    expect((await figuresInTable(vendorId)).reviewCount).toBe(0);
  });

  it('stores the review for the author (name from the account), then refuses a second with 409', async () => {
    const c = await customerWithOrder();
    const res = await post(c.client, { body: '  Great job on the kitchen!  ', score: 4, userId: 1 });
    expect(res.statusCode).toBe(201);
    const { review } = reviewResponseSchema.parse(res.json());
    expect(review).toMatchObject({
      userId: c.userId,
      body: 'Great job on the kitchen!',
      score: 4,
      author: { firstName: 'Casey', lastName: 'Rivera' },
      authorImage: null,
      reviewType: 'product',
      url: null,
    });
    const again = await post(c.client, good);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ errors: [REVIEW_MESSAGES.alreadyReviewed] });

    const mine = vendorReviewsResponseSchema.parse((await list(c.client)).json());
    expect(mine.eligibility).toEqual({
      canReview: false,
      reason: REVIEW_MESSAGES.alreadyReviewed,
      ownReviewId: review.id,
    });
    expect(mine.reviews[0]).toEqual(review);
    expect(mine).toMatchObject({ avgRating: 4, reviewCount: 1 });
    // The provider page and the cards show the same figures at once.
    const page = (
      await new TestClient(app).request({ method: 'GET', url: `/api/vendors/${vendorId}` })
    ).json();
    expect(page).toMatchObject({ avgRating: 4, reviewCount: 1 });
    expect(page.reviews[0]).toEqual(review);
    const cards = (await new TestClient(app).request({ method: 'GET', url: '/api/vendors' })).json();
    expect(cards.find((v: { id: number }) => v.id === vendorId)).toMatchObject({
      avgRating: 4,
      reviewCount: 1,
    });

    // Another customer sees it, but not as theirs.
    const other = await customerWithOrder();
    const theirs = vendorReviewsResponseSchema.parse((await list(other.client)).json());
    expect(theirs.eligibility).toEqual({ canReview: true, reason: null, ownReviewId: null });
    expect(theirs.reviews.map((r) => r.id)).toContain(review.id);

    // Delete: anyone else is told it is not found; the author deletes it.
    for (const client of [other.client, vendorClient]) {
      const d = await remove(client, review.id);
      expect(d.statusCode).toBe(404);
      expect(d.json()).toMatchObject({ errors: [REVIEW_MESSAGES.reviewNotFound] });
    }
    const guest = new TestClient(app);
    await guest.session();
    expect((await remove(guest, review.id)).statusCode).toBe(401);
    expect((await remove(c.client, review.id)).statusCode).toBe(204);
    expect((await remove(c.client, review.id)).statusCode).toBe(404);
    const after = vendorReviewsResponseSchema.parse((await list(c.client)).json());
    expect(after.eligibility).toEqual({ canReview: true, reason: null, ownReviewId: null });
    expect(after.reviews.map((r) => r.id)).not.toContain(review.id);
  });

  it('lists newest first; google reviews are shown, not counted, and cannot be deleted', async () => {
    const vid = (await createPricedVendor(app, { email: 'google-listed@example.com' })).vendorId;
    const [g] = await app.deps.db
      .insert(reviews)
      .values({
        vendorId: vid,
        reviewType: 'google',
        score: 1,
        body: null,
        authorFirstName: 'Pat G.',
        url: 'https://maps.google.com/?cid=1',
        createdAt: new Date('2026-01-01T00:00:00Z'),
      })
      .returning();
    const c = await customerWithOrder(vid);
    const mine = reviewResponseSchema.parse((await post(c.client, good, vid)).json()).review;
    const res = vendorReviewsResponseSchema.parse((await list(c.client, vid)).json());
    expect(res.reviews.map((r) => r.id)).toEqual([mine.id, g!.id]);
    expect(res.reviews[1]).toMatchObject({
      reviewType: 'google',
      body: null,
      url: 'https://maps.google.com/?cid=1',
    });
    expect(res).toMatchObject({ avgRating: 5, reviewCount: 1 });
    expect((await remove(c.client, g!.id)).statusCode).toBe(404);
  });

  it('keeps one review per customer under 20 concurrent posts', async () => {
    const c = await customerWithOrder();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post(c.client, { body: `Concurrent review number ${i}`, score: 3 }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((s) => s === 201)).toHaveLength(1);
    expect(codes.filter((s) => s === 409)).toHaveLength(19);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.json()).toMatchObject({ errors: [REVIEW_MESSAGES.alreadyReviewed] });
    const rows = await app.deps.db
      .select()
      .from(reviews)
      .where(and(eq(reviews.vendorId, vendorId), eq(reviews.userId, c.userId)));
    expect(rows).toHaveLength(1);
  });

  it('keeps avgRating and reviewCount exact under concurrent posts and deletes by many customers', async () => {
    const vid = (await createPricedVendor(app, { email: 'busy-reviews@example.com' })).vendorId;
    const customers = await Promise.all(Array.from({ length: 12 }, () => customerWithOrder(vid)));
    // Half of them already reviewed; they delete while the others post.
    const early = customers.slice(0, 6);
    const ids = new Map<number, number>();
    for (const [i, c] of early.entries()) {
      const res = await post(c.client, { body: 'An earlier review here.', score: (i % 5) + 1 }, vid);
      ids.set(c.userId, reviewResponseSchema.parse(res.json()).review.id);
    }
    const ops = [
      ...early.slice(0, 4).map((c) => remove(c.client, ids.get(c.userId)!)),
      ...customers
        .slice(6)
        .map((c, i) => post(c.client, { body: 'A concurrent review.', score: ((i * 2) % 5) + 1 }, vid)),
      ...customers
        .slice(6, 9)
        .map((c) => post(c.client, { body: 'The same customer again.', score: 1 }, vid)),
    ];
    const results = await Promise.all(ops);
    expect(results.slice(0, 4).map((r) => r.statusCode)).toEqual([204, 204, 204, 204]);
    const expected = await figuresInTable(vid);
    expect(expected.reviewCount).toBe(2 + 6);
    const answer = vendorReviewsResponseSchema.parse((await list(new TestClient(app), vid)).json());
    expect({ avgRating: answer.avgRating, reviewCount: answer.reviewCount }).toEqual(expected);
    expect(answer.reviews).toHaveLength(8);
    const page = (await new TestClient(app).request({ method: 'GET', url: `/api/vendors/${vid}` })).json();
    expect({ avgRating: page.avgRating, reviewCount: page.reviewCount }).toEqual(expected);
    // One decimal.
    expect(Math.round(expected.avgRating! * 10) / 10).toBe(expected.avgRating);
  });
});
