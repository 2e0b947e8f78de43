/**
 * The reviews endpoints (spec §7): a vendor's reviews, reviewing a vendor, deleting one's own review, and
 * whether this server fetches Google reviews. One object each (ADR 0031); their schemas are in ./reviews.
 */
import { endpoint } from './endpoint';

const schemas = () => import('./reviews');
const tags = ['reviews'];

export const reviewsApi = {
  vendorReviews: endpoint({
    method: 'GET',
    path: '/api/vendors/:id/reviews',
    tags,
    summary:
      "The vendor's reviews newest first (product and google), its figures (product reviews only) and whether the visitor may review it",
    schemas: () => schemas().then((m) => ({ responses: { 200: m.vendorReviewsResponseSchema } })),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/vendors/:id/reviews',
    tags,
    summary:
      'Review the vendor (customers with an order that was not cancelled, once per vendor): 401 signed out, 403 vendors and customers without an order, 409 a second review, 422 the form rules',
    schemas: () =>
      schemas().then((m) => ({
        body: m.createReviewRequestSchema,
        responses: { 201: m.reviewResponseSchema },
      })),
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/api/reviews/:id',
    tags,
    summary: "Delete one's own review (its author only; any other is not found)",
    schemas: () => schemas().then((m) => ({ responses: { 204: m.noContentSchema } })),
  }),
  googleReviews: endpoint({
    method: 'GET',
    path: '/api/google-reviews',
    tags,
    summary: 'Whether this server fetches Google reviews (off without GOOGLE_PLACES_API_KEY)',
    schemas: () => schemas().then((m) => ({ responses: { 200: m.googleReviewsStatusSchema } })),
  }),
};
