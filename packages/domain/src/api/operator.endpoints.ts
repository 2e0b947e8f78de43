/**
 * The operator's console endpoints (issue 25 §3): the dashboard's figures and the operator's lists and
 * actions. One object each (ADR 0031); their schemas are in ./operator. Operators only: anyone else gets 403.
 */
import { endpoint } from './endpoint';

const schemas = () => Promise.all([import('./operator'), import('./errors')]);
const tags = ['operator'];

export const operatorApi = {
  dashboard: endpoint({
    method: 'GET',
    path: '/api/operator/dashboard',
    tags,
    summary:
      "The marketplace's figures for each of the last 12 weeks and 12 months (St George time; orders placed in the period and their money as the ledger says now: gross bookings, service charges, commission, refunds, vendor payouts, cancellations; new vendors and customers), every order's totals, vendors by listing status and the size of each operator list; operators only",
    schemas: () => schemas().then(([m]) => ({ responses: { 200: m.operatorDashboardResponseSchema } })),
  }),
  payoutsDue: endpoint({
    method: 'GET',
    path: '/api/operator/payouts/due',
    tags,
    summary:
      'A page of the payouts falling due within the next 7 days (and those due and not yet begun), soonest first, with the vendor, the order and the amount as it stands; operators only',
    schemas: () =>
      schemas().then(([m]) => ({
        query: m.operatorPageQuerySchema,
        responses: { 200: m.payoutsDueResponseSchema },
      })),
  }),
  failedRefunds: endpoint({
    method: 'GET',
    path: '/api/operator/refunds/failed',
    tags,
    summary:
      'A page of the refunds the provider refused or the refund job gave up on (refund_failed), not yet retried or marked handled, oldest first, with what the order still owes the customer; operators only',
    schemas: () =>
      schemas().then(([m]) => ({
        query: m.operatorPageQuerySchema,
        responses: { 200: m.failedRefundsResponseSchema },
      })),
  }),
  retryRefund: endpoint({
    method: 'POST',
    path: '/api/operator/refunds/:refundId/retry',
    tags,
    summary:
      'Retry a refund that gave up: a new refund of the same amount is recorded (with its own idempotency key and the refund job as its retry path) and tried at once; the failed one is marked retried and the operator is logged on the order. A repeat answers the first retry; 409 when nothing is owed or the refund was handled; operators only',
    schemas: () =>
      schemas().then(([m, e]) => ({
        responses: {
          200: m.refundResolutionResponseSchema,
          404: e.errorsResponseSchema,
          409: e.errorsResponseSchema,
        },
      })),
  }),
  markRefundHandled: endpoint({
    method: 'POST',
    path: '/api/operator/refunds/:refundId/mark-handled',
    tags,
    summary:
      'Record that a refund that gave up was dealt with outside the marketplace, with a required note (500 characters at most); who and when are kept and logged on the order, which leaves the list. A repeat answers the first; operators only',
    schemas: () =>
      schemas().then(([m, e]) => ({
        body: m.markRefundHandledRequestSchema,
        responses: {
          200: m.refundResolutionResponseSchema,
          404: e.errorsResponseSchema,
          409: e.errorsResponseSchema,
          422: e.errorsResponseSchema,
        },
      })),
  }),
  openDisputes: endpoint({
    method: 'GET',
    path: '/api/operator/disputes',
    tags,
    summary:
      'A page of the orders under an open dispute (their payouts held), oldest first, with the amount and the reason the cardholder gave; operators only',
    schemas: () =>
      schemas().then(([m]) => ({
        query: m.operatorPageQuerySchema,
        responses: { 200: m.openDisputesResponseSchema },
      })),
  }),
};
