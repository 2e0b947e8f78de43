/**
 * The listing review's endpoints (operators only): the listings under review, approving one, sending one
 * back. One object each (ADR 0031); their schemas are in ./vendors.
 */
import { endpoint } from './endpoint';

const schemas = () => import('./vendors');
const tags = ['listing review'];

export const listingReviewApi = {
  queue: endpoint({
    method: 'GET',
    path: '/api/operator/listings',
    tags,
    summary:
      'Listings under review, oldest submission first, with their images, details and pricing; operators only',
    schemas: () => schemas().then((m) => ({ responses: { 200: m.reviewQueueResponseSchema } })),
  }),
  approve: endpoint({
    method: 'POST',
    path: '/api/operator/listings/:id/approve',
    tags,
    summary:
      'Approve a listing under review: it goes live in the catalog and the vendor is mailed; operators only',
    schemas: () => schemas().then((m) => ({ responses: { 200: m.listingDecisionResponseSchema } })),
  }),
  reject: endpoint({
    method: 'POST',
    path: '/api/operator/listings/:id/reject',
    tags,
    summary:
      'Send a listing under review back to the vendor with a reason (awaiting submission again); the vendor is mailed; operators only',
    schemas: () =>
      schemas().then((m) => ({
        body: m.rejectListingRequestSchema,
        responses: { 200: m.listingDecisionResponseSchema },
      })),
  }),
};
