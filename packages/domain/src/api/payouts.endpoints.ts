/**
 * The payouts endpoints (spec §2 Order History, operator tools): the Paper Checks owed and their
 * payment, the transfers needing review and their retry, and an order's printable work order (a PDF).
 * One object each (ADR 0031); their schemas are in ./payouts.
 */
import { endpoint, pathOf } from './endpoint';

const schemas = () => Promise.all([import('./payouts'), import('./errors')]);
const tags = ['payouts'];

export const payoutsApi = {
  paperChecks: endpoint({
    method: 'GET',
    path: '/api/operator/payouts/paper-checks',
    tags,
    summary:
      'Orders whose vendor is owed a Paper Check (no active payout account, or the transfer was refused), oldest first, with the vendor, the amount and the fulfilled date; operators only',
    schemas: () => schemas().then(([m]) => ({ responses: { 200: m.paperChecksOwedResponseSchema } })),
  }),
  markPaperCheckPaid: endpoint({
    method: 'POST',
    path: '/api/operator/payouts/paper-checks/:orderId/mark-paid',
    tags,
    summary:
      'Record that the Paper Check owed for an order was sent (the order becomes processed; the operator is logged on it). A repeat changes nothing; operators only',
    schemas: () =>
      schemas().then(([m, e]) => ({
        body: m.markPaperCheckPaidRequestSchema,
        responses: {
          200: m.markPaperCheckPaidResponseSchema,
          404: e.errorsResponseSchema,
          409: e.errorsResponseSchema,
        },
      })),
  }),
  needingReview: endpoint({
    method: 'GET',
    path: '/api/operator/payouts/needing-review',
    tags,
    summary:
      'Transfers the payout job gave up on (the provider unreachable through every try; the transfer may or may not exist), oldest first, with the vendor, the amount, when it began and the last error; operators only',
    schemas: () => schemas().then(([m]) => ({ responses: { 200: m.transfersNeedingReviewResponseSchema } })),
  }),
  retry: endpoint({
    method: 'POST',
    path: '/api/operator/payouts/:orderId/retry',
    tags,
    summary:
      'Retry a transfer the payout job gave up on: the job runs again at once with the same idempotency key (the provider never pays twice); the operator is logged on the order. A repeat while the retry is pending changes nothing; 409 when the payout is not a transfer given up on; operators only',
    schemas: () =>
      schemas().then(([m, e]) => ({
        responses: {
          200: m.retryTransferResponseSchema,
          404: e.errorsResponseSchema,
          409: e.errorsResponseSchema,
        },
      })),
  }),
  /**
   * The order's work order as a PDF, not JSON: no answer schema here (the server documents its
   * application/pdf answer); the web links to it (pathOf) rather than calling it.
   */
  workOrderPdf: endpoint({
    method: 'GET',
    path: '/api/orders/:id/work-order.pdf',
    tags: ['orders'],
    summary:
      "The order's printable work order as a PDF (customer, address, St George time, duration, options, notes, instructions, confirmation id); the order's vendor only, 404 for anyone else",
    schemas: () => Promise.resolve({ responses: {} }),
  }),
};

/** The path of an order's printable work order (a PDF; the order's vendor only). */
export function workOrderUrl(orderId: number): string {
  return pathOf(payoutsApi.workOrderPdf, { id: orderId });
}
