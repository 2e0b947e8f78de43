/**
 * The plan offers' write (ADR 0037). The offers themselves are read with the vendor (GET /api/vendors/{id}
 * answers `planOffers`), so the provider page needs no second request and the public read cache covers
 * them. One object (ADR 0031); its schemas are in ./plan-offers.
 */
import { endpoint } from './endpoint';

const schemas = () => import('./plan-offers');

export const planOffersApi = {
  replace: endpoint({
    method: 'PUT',
    path: '/api/vendors/:id/plan-offers',
    tags: ['pricing'],
    summary:
      "Replace the vendor's whole set of plan offers (frequency and a whole discount of 0-50 %, each frequency once; none: plans not offered) in one transaction under the vendor's row lock; the vendor's users only",
    schemas: () =>
      schemas().then((m) => ({
        body: m.planOffersRequestSchema,
        responses: { 200: m.planOffersResponseSchema },
      })),
  }),
};
