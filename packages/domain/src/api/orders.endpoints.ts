/**
 * The orders endpoints (spec §4, §5, §7): the customer's orders, the vendor's Order History and the order
 * actions. One object each (ADR 0031); their schemas are in ./orders.
 */
import { endpoint } from './endpoint';

const schemas = () => import('./orders');
const tags = ['orders'];

export const ordersApi = {
  customerOrders: endpoint({
    method: 'GET',
    path: '/api/orders',
    tags,
    summary: "The signed-in customer's orders, newest placed first",
    schemas: () => schemas().then((m) => ({ responses: { 200: m.customerOrdersResponseSchema } })),
  }),
  vendorOrders: endpoint({
    method: 'GET',
    path: '/api/vendors/:id/orders',
    tags,
    summary:
      "A page of the vendor's orders (owner only) with the customer, the money split and the actions allowed now. filter=active: not fulfilled or cancelled, soonest first; past: fulfilled or cancelled, latest first; all: latest first. Pass nextCursor back as cursor for the next page",
    schemas: () =>
      schemas().then((m) => ({
        query: m.vendorOrdersQuerySchema,
        responses: { 200: m.vendorOrdersPageSchema },
      })),
  }),
  vendorOrder: endpoint({
    method: 'GET',
    path: '/api/vendors/:id/orders/:orderId',
    tags,
    summary:
      "One of the vendor's orders as the vendor sees it (the work order page opened directly); 404 when it is not this vendor's",
    schemas: () => schemas().then((m) => ({ responses: { 200: m.vendorOrderResponseSchema } })),
  }),
  reschedule: endpoint({
    method: 'PATCH',
    path: '/api/orders/:id/reschedule',
    tags,
    summary:
      "Moves an order to another time. Its customer: a time the vendor has free, refused when cancelled, past, or inside the vendor's cancellation-policy window (answers the customer's order). Its vendor: confirmed must be true, a different time the vendor has free on its 15-minute grid, allowed by the order's status (answers the vendor's order); the customer is mailed an updated invite",
    schemas: () =>
      schemas().then((m) => ({
        body: m.rescheduleOrderRequestSchema,
        responses: { 200: m.orderChangeResponseSchema },
      })),
  }),
  cancel: endpoint({
    method: 'PATCH',
    path: '/api/orders/:id/cancel-order',
    tags,
    summary:
      "Cancels an order with a reason; what is left of the payment is refunded to the card. Its customer: refused inside the vendor's cancellation-policy window (the message names the hours). Its vendor: confirmed must be true; a refund the provider refuses leaves the order as it was (422 with the provider's message). Cancelling a cancelled order answers it unchanged",
    schemas: () =>
      schemas().then((m) => ({
        body: m.cancelOrderRequestSchema,
        responses: { 200: m.orderChangeResponseSchema },
      })),
  }),
  partialRefund: endpoint({
    method: 'POST',
    path: '/api/orders/:id/create-partial-refund',
    tags,
    summary:
      "The order's vendor refunds part of it to the card: 0 < refundAmount (dollars, 2 decimals) <= what is left of the vendor payout, a reason. The payout shrinks by the amount. Optional Idempotency-Key header: the same key answers the first request's outcome; without one an identical refund within 60 s is a replay. A refund the provider refuses leaves the order as it was (422 with the provider's message). 404 for anyone but the vendor",
    schemas: () =>
      schemas().then((m) => ({
        body: m.partialRefundRequestSchema,
        responses: { 200: m.vendorOrderResponseSchema },
      })),
  }),
  markFulfilled: endpoint({
    method: 'PATCH',
    path: '/api/orders/:id/mark-as-fulfilled',
    tags,
    summary:
      "The order's vendor marks it complete: confirmed must be true, an optional note (500 characters at most), an appointment not in the future. Its payout falls due 72 hours later. Completing a fulfilled order answers it unchanged. 404 for anyone but the vendor",
    schemas: () =>
      schemas().then((m) => ({
        body: m.markFulfilledRequestSchema,
        responses: { 200: m.vendorOrderResponseSchema },
      })),
  }),
  /**
   * OrderConfirmationChannel (spec §7): a WebSocket in the Action Cable protocol, not a JSON answer (no
   * answer schema; hidden from the document). The checkout page opens it to learn its order.
   */
  confirmations: endpoint({
    method: 'GET',
    path: '/api/cable',
    tags,
    summary:
      'The order confirmation websocket (Action Cable protocol): the order of a confirmation id, once it exists',
    schemas: () => Promise.resolve({ responses: {} }),
  }),
};
