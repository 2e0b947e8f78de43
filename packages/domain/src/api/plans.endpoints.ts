/**
 * The plans endpoints (ADR 0037): the customer's plans. One object each (ADR 0031); schemas in ./plans.
 */
import { endpoint } from './endpoint';

const schemas = () => import('./plans');
const errors = () => import('./errors');
const withErrors = () => Promise.all([schemas(), errors()]);

export const plansApi = {
  vendorPlan: endpoint({
    method: 'GET',
    path: '/api/vendors/:id/plans/:planId',
    tags: ['plans'],
    summary:
      "One of the vendor's service plans (the vendor's users only): frequency, status, price per visit and every visit with its status (held, charged, skipped, …); 404 when it is not this vendor's",
    schemas: () =>
      withErrors().then(([m, e]) => ({
        responses: { 200: m.vendorPlanResponseSchema, 404: e.errorsResponseSchema },
      })),
  }),
  customerPlans: endpoint({
    method: 'GET',
    path: '/api/plans',
    tags: ['plans'],
    summary:
      "The signed-in customer's service plans, newest first, each with its visits (ordered, held, needs a new time)",
    schemas: () => schemas().then((m) => ({ responses: { 200: m.customerPlansResponseSchema } })),
  }),
  skipVisit: endpoint({
    method: 'POST',
    path: '/api/plans/:id/visits/:visitId/skip',
    tags: ['plans'],
    summary:
      'The customer skips one held visit of their plan before its cancellation window closes: its time is released and it is not charged',
    schemas: () =>
      withErrors().then(([m, e]) => ({
        responses: { 200: m.planResponseSchema, 404: e.errorsResponseSchema, 422: e.errorsResponseSchema },
      })),
  }),
  pause: endpoint({
    method: 'POST',
    path: '/api/plans/:id/pause',
    tags: ['plans'],
    summary:
      'The customer pauses their plan until a date: held visits before it whose window is open are skipped; visits from that date on are held again',
    schemas: () =>
      withErrors().then(([m, e]) => ({
        body: m.planPauseRequestSchema,
        responses: { 200: m.planResponseSchema, 404: e.errorsResponseSchema, 422: e.errorsResponseSchema },
      })),
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/api/plans/:id/cancel',
    tags: ['plans'],
    summary:
      "The customer (or the plan's vendor, with a reason and confirmed: true) cancels the plan: every held visit is released; visits already charged are orders and keep their own cancel and refund rules",
    schemas: () =>
      withErrors().then(([m, e]) => ({
        body: m.planCancelRequestSchema,
        responses: { 200: m.planResponseSchema, 404: e.errorsResponseSchema, 422: e.errorsResponseSchema },
      })),
  }),
};
