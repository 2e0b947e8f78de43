/**
 * The plans endpoints (ADR 0037): the customer's plans. One object each (ADR 0031); schemas in ./plans.
 */
import { endpoint } from './endpoint';

const schemas = () => import('./plans');

export const plansApi = {
  customerPlans: endpoint({
    method: 'GET',
    path: '/api/plans',
    tags: ['plans'],
    summary:
      "The signed-in customer's service plans, newest first, each with its visits (ordered, held, needs a new time)",
    schemas: () => schemas().then((m) => ({ responses: { 200: m.customerPlansResponseSchema } })),
  }),
};
