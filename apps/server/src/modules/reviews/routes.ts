/** Reviews (spec §7): GET/POST /api/vendors/{id}/reviews, DELETE /api/reviews/{id}. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createReviewRequestSchema,
  googleReviewsStatusSchema,
  REVIEW_MESSAGES,
  reviewResponseSchema,
  vendorReviewsResponseSchema,
} from '@stg/domain/api/reviews';
import { MESSAGES } from '@stg/domain/validation';
import { requireUser, signedInUser } from '../../http/auth';
import { notFound } from '../../http/errors';
import { parseId } from '../../http/params';
import type { PlacesReviewsSource } from '../../adapters/reviews/google-places';
import { sendRepresentation } from '../public-read-cache/cache';
import { GOOGLE_REVIEWS_MESSAGES } from './google';
import { reviewsReader } from './public-reads';
import { createReview, deleteReview } from './service';

const idParams = z.object({ id: z.string() });

export interface ReviewRoutesOptions {
  /** Google reviews' source; null or absent: the feature is off (no GOOGLE_PLACES_API_KEY). */
  googlePlaces?: PlacesReviewsSource | null;
}

export async function reviewRoutes(app: FastifyInstance, opts: ReviewRoutesOptions = {}) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const readReviews = await reviewsReader(app.deps);
  const vendorIdOf = (raw: string) => {
    const id = parseId(raw);
    if (id === null) throw notFound(MESSAGES.vendorNotFound);
    return id;
  };

  r.get(
    '/api/vendors/:id/reviews',
    {
      schema: {
        tags: ['reviews'],
        summary:
          "The vendor's reviews newest first (product and google), its figures (product reviews only) and whether the visitor may review it",
        params: idParams,
        response: {
          200: vendorReviewsResponseSchema,
          304: z.null().describe('Not modified (If-None-Match)'),
        },
      },
    },
    async (req, reply) => {
      const vendorId = vendorIdOf(req.params.id);
      // The part every visitor sees alike is cached (ADR 0022); eligibility is the visitor's own.
      const { rep, personal } = await readReviews(vendorId, req.user ?? null);
      return sendRepresentation(req, reply, rep, { personal });
    },
  );

  r.post(
    '/api/vendors/:id/reviews',
    {
      schema: {
        tags: ['reviews'],
        summary:
          'Review the vendor (customers with an order that was not cancelled, once per vendor): 401 signed out, 403 vendors and customers without an order, 409 a second review, 422 the form rules',
        params: idParams,
        body: createReviewRequestSchema,
        response: { 201: reviewResponseSchema },
      },
    },
    async (req, reply) => {
      const review = await createReview(db, {
        vendorId: vendorIdOf(req.params.id),
        user: req.user ?? null,
        body: req.body.review.body,
        score: req.body.review.score,
        now: app.deps.now(),
      });
      reply.status(201);
      return { review };
    },
  );

  r.delete(
    '/api/reviews/:id',
    {
      preValidation: requireUser,
      schema: {
        tags: ['reviews'],
        summary: "Delete one's own review (its author only; any other is not found)",
        params: idParams,
        response: { 204: z.null().describe('No content') },
      },
    },
    async (req, reply) => {
      const id = parseId(req.params.id);
      if (id === null) throw notFound(REVIEW_MESSAGES.reviewNotFound);
      await deleteReview(db, { reviewId: id, user: signedInUser(req) });
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/api/google-reviews',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Whether this server fetches Google reviews (off without GOOGLE_PLACES_API_KEY)',
        response: { 200: googleReviewsStatusSchema },
      },
    },
    async () =>
      opts.googlePlaces
        ? { enabled: true, message: null }
        : { enabled: false, message: GOOGLE_REVIEWS_MESSAGES.off },
  );
}
