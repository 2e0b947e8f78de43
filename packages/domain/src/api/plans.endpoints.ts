/**
 * The plans endpoints (ADR 0037): the customer's plans. One object each (ADR 0031); schemas in ./plans.
 */
import { endpoint } from './endpoint';

const schemas = () => import('./plans');
const errors = () => import('./errors');
const withErrors = () => Promise.all([schemas(), errors()]);
const availability = () => import('./availability');

export const plansApi = {
  vendorPlans: endpoint({
    method: 'GET',
    path: '/api/vendors/:id/plans',
    tags: ['plans'],
    summary:
      "A page of the vendor's service plans (the vendor's users only), newest first, each with its customer, frequency, price per visit, status and next visit. status=active|paused|cancelled filters (all: every plan). Pass nextCursor back as cursor for the next page",
    schemas: () =>
      withErrors().then(([m, e]) => ({
        query: m.vendorPlansQuerySchema,
        responses: { 200: m.vendorPlansPageSchema, 422: e.errorsResponseSchema },
      })),
  }),
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
  availability: endpoint({
    method: 'GET',
    path: '/api/plans/:id/availability',
    tags: ['plans'],
    summary:
      "The plan's vendor's free starts for the plan's visit length (the provider page's availability): with visit_id the visit's own time is free (rescheduling it); without, the plan's visits not yet charged are free (changing the usual time)",
    schemas: () =>
      Promise.all([schemas(), errors(), availability()]).then(([m, e, a]) => ({
        query: m.planAvailabilityQuerySchema,
        responses: { 200: a.availabilityResponseSchema, 404: e.errorsResponseSchema },
      })),
  }),
  rescheduleVisit: endpoint({
    method: 'POST',
    path: '/api/plans/:id/visits/:visitId/reschedule',
    tags: ['plans'],
    summary:
      "The customer moves one visit held for them (or one that needs a new time) to another free time before its cancellation window closes; the visit's time claim moves with it",
    schemas: () =>
      withErrors().then(([m, e]) => ({
        body: m.planVisitRescheduleRequestSchema,
        responses: { 200: m.planResponseSchema, 404: e.errorsResponseSchema, 422: e.errorsResponseSchema },
      })),
  }),
  changeSchedule: endpoint({
    method: 'POST',
    path: '/api/plans/:id/schedule',
    tags: ['plans'],
    summary:
      'The customer changes the frequency (among the vendor offers) and/or the usual day and time, from a first visit on the new schedule: visits not yet charged are made again; the price per visit follows the new frequency',
    schemas: () =>
      withErrors().then(([m, e]) => ({
        body: m.planScheduleRequestSchema,
        responses: { 200: m.planResponseSchema, 404: e.errorsResponseSchema, 422: e.errorsResponseSchema },
      })),
  }),
  acceptPrice: endpoint({
    method: 'POST',
    path: '/api/plans/:id/accept-price',
    tags: ['plans'],
    summary:
      "The customer accepts their plan's new price (the proposal's version in the body; 409 when the provider's price changed since): it is charged from the next visit not yet charged",
    schemas: () =>
      withErrors().then(([m, e]) => ({
        body: m.planAcceptPriceRequestSchema,
        responses: {
          200: m.planResponseSchema,
          404: e.errorsResponseSchema,
          409: e.errorsResponseSchema,
          422: e.errorsResponseSchema,
        },
      })),
  }),
};
