/**
 * The vendors' public reads, GET /api/vendors and GET /api/vendors/{id}, on their own: the landing
 * page's first bundle names them (its boot data and the catalog's query) without carrying every vendors
 * endpoint's summary (ADR 0023, 0027: budget 100 kB). vendorsApi holds these same objects.
 */
import { endpoint } from './endpoint';

const schemas = () => import('./vendors');
const tags = ['vendors'];

export const vendorReadsApi = {
  vendors: endpoint({
    method: 'GET',
    path: '/api/vendors',
    tags,
    summary: 'Active vendors, as their cards need',
    schemas: () => schemas().then((m) => ({ responses: { 200: m.vendorCardsResponseSchema } })),
  }),
  vendor: endpoint({
    method: 'GET',
    path: '/api/vendors/:id',
    tags,
    summary:
      'One vendor with everything the provider page needs; a listing that is not active is unknown to all but its owner',
    schemas: () => schemas().then((m) => ({ responses: { 200: m.vendorSchema } })),
  }),
};
