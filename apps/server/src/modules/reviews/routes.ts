/** Reviews (spec §7): GET/POST /api/vendors/{id}/reviews, DELETE /api/reviews/{id}. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { REVIEW_MESSAGES } from '@stg/domain/api/reviews';
import { reviewsApi } from '@stg/domain/api/reviews.endpoints';
import { MESSAGES } from '@stg/domain/validation';
import { requireUser, signedInUser } from '../../http/auth';
import { notFound } from '../../http/errors';
import { routeFrom } from '../../http/endpoint-route';
import { parseId } from '../../http/params';
import type { PlacesReviewsSource } from '../../adapters/reviews/google-places';
import { sendRepresentation } from '../public-read-cache/cache';
import { GOOGLE_REVIEWS_MESSAGES } from './google';
import { reviewsReader } from './public-reads';
import { createReview, deleteReview } from './service';

export interface ReviewRoutesOptions {
  /** Google reviews' source; null or absent: the feature is off (no GOOGLE_PLACES_API_KEY). */
  googlePlaces?: PlacesReviewsSource | null;
}

export async function reviewRoutes(app: FastifyInstance, opts: ReviewRoutesOptions = {}) {
  const { db } = app.deps;
  const readReviews = await reviewsReader(app.deps);
  const vendorIdOf = (raw: string) => {
    const id = parseId(raw);
    if (id === null) throw notFound(MESSAGES.vendorNotFound);
    return id;
  };

  await routeFrom(
    app,
    reviewsApi.vendorReviews,
    { schema: { response: { 304: z.null().describe('Not modified (If-None-Match)') } } },
    async (req, reply) => {
      const vendorId = vendorIdOf(req.params.id);
      // The part every visitor sees alike is cached (ADR 0022); eligibility is the visitor's own.
      const { rep, personal } = await readReviews(vendorId, req.user ?? null, req.publicReadVersion);
      return sendRepresentation(req, reply, rep, { personal });
    },
  );

  await routeFrom(app, reviewsApi.create, {}, async (req, reply) => {
    const review = await createReview(db, {
      vendorId: vendorIdOf(req.params.id),
      user: req.user ?? null,
      body: req.body.review.body,
      score: req.body.review.score,
      now: app.deps.now(),
    });
    reply.status(201);
    return { review };
  });

  await routeFrom(app, reviewsApi.delete, { preValidation: requireUser }, async (req, reply) => {
    const id = parseId(req.params.id);
    if (id === null) throw notFound(REVIEW_MESSAGES.reviewNotFound);
    await deleteReview(db, { reviewId: id, user: signedInUser(req) });
    return reply.status(204).send(null);
  });

  await routeFrom(app, reviewsApi.googleReviews, {}, async () =>
    opts.googlePlaces
      ? { enabled: true, message: null }
      : { enabled: false, message: GOOGLE_REVIEWS_MESSAGES.off },
  );
}
