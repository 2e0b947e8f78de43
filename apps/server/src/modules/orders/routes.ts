import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cancelOrderRequestSchema,
  customerOrdersResponseSchema,
  IDEMPOTENCY_KEY_HEADER,
  markFulfilledRequestSchema,
  orderChangeResponseSchema,
  partialRefundRequestSchema,
  rescheduleOrderRequestSchema,
  vendorOrderResponseSchema,
  vendorOrdersPageSchema,
  vendorOrdersQuerySchema,
} from '@stg/domain/api/orders';
import { isInstantInRange } from '@stg/domain/instants';
import { ORDER_MESSAGES } from '@stg/domain/order-actions';
import { SCHEDULING_MESSAGES } from '@stg/domain/scheduling-preferences';
import { requireOwnVendor, requireUser, signedInUser } from '../../http/auth';
import { HttpError, unprocessable } from '../../http/errors';
import { parseId } from '../../http/params';
import type { PaymentsDeps } from '../../deps';
import { cancelByCustomer, listOrdersOf, listVendorOrdersOf, rescheduleByCustomer } from './service';
import {
  cancelByVendor,
  markFulfilledByVendor,
  partialRefundByVendor,
  presentForVendor,
  requireVendorOfOrder,
  rescheduleByVendor,
  roleOnOrder,
} from './vendor-actions';

/** The client's Idempotency-Key (one per opened modal), if it sent one. */
function idempotencyKeyOf(headers: Record<string, string | string[] | undefined>): string | null {
  const raw = headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  return value ? value.slice(0, 255) : null;
}

const orderId = (raw: string) => {
  const id = parseId(raw);
  if (id === null) throw new HttpError(404, [ORDER_MESSAGES.orderNotFound]);
  return id;
};

export async function orderRoutes(app: FastifyInstance, opts: { deps: PaymentsDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = opts;

  r.get(
    '/api/orders',
    {
      preValidation: [requireUser],
      schema: {
        tags: ['orders'],
        summary: "The signed-in customer's orders, newest placed first",
        response: { 200: customerOrdersResponseSchema },
      },
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { orders: await listOrdersOf(deps, signedInUser(req)) };
    },
  );

  r.get(
    '/api/vendors/:id/orders',
    {
      preValidation: [requireUser, requireOwnVendor('id')],
      schema: {
        tags: ['orders'],
        summary:
          "A page of the vendor's orders (owner only) with the customer, the money split and the actions allowed now. filter=active: not fulfilled or cancelled, soonest first; past: fulfilled or cancelled, latest first; all: latest first. Pass nextCursor back as cursor for the next page",
        params: z.object({ id: z.string() }),
        querystring: vendorOrdersQuerySchema,
        response: { 200: vendorOrdersPageSchema },
      },
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return listVendorOrdersOf(deps, signedInUser(req).vendorId!, req.query);
    },
  );

  r.get(
    '/api/vendors/:id/orders/:orderId',
    {
      preValidation: [requireUser, requireOwnVendor('id')],
      schema: {
        tags: ['orders'],
        summary:
          "One of the vendor's orders as the vendor sees it (the work order page opened directly); 404 when it is not this vendor's",
        params: z.object({ id: z.string(), orderId: z.string() }),
        response: { 200: vendorOrderResponseSchema },
      },
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      const order = await requireVendorOfOrder(deps, signedInUser(req), orderId(req.params.orderId));
      return { order: await presentForVendor(deps, order.id) };
    },
  );

  r.patch(
    '/api/orders/:id/reschedule',
    {
      preValidation: [requireUser],
      schema: {
        tags: ['orders'],
        summary:
          "Moves an order to another time. Its customer: a time the vendor has free, refused when cancelled, past, or inside the vendor's cancellation-policy window (answers the customer's order). Its vendor: confirmed must be true, a different time the vendor has free on its 15-minute grid, allowed by the order's status (answers the vendor's order); the customer is mailed an updated invite",
        params: z.object({ id: z.string() }),
        body: rescheduleOrderRequestSchema,
        response: { 200: orderChangeResponseSchema },
      },
    },
    async (req) => {
      const id = orderId(req.params.id);
      const at = new Date(req.body.order.appointmentAt);
      if (!/[zZ]|[+-]\d\d:?\d\d$/.test(req.body.order.appointmentAt) || !isInstantInRange(at.getTime()))
        throw unprocessable(SCHEDULING_MESSAGES.appointmentInvalid);
      const user = signedInUser(req);
      if ((await roleOnOrder(deps, user, id)) === 'vendor')
        return { order: await rescheduleByVendor(deps, user, id, at, req.body.order.confirmed) };
      return { order: await rescheduleByCustomer(deps, user, id, at) };
    },
  );

  r.patch(
    '/api/orders/:id/cancel-order',
    {
      preValidation: [requireUser],
      schema: {
        tags: ['orders'],
        summary:
          "Cancels an order with a reason; what is left of the payment is refunded to the card. Its customer: refused inside the vendor's cancellation-policy window (the message names the hours). Its vendor: confirmed must be true; a refund the provider refuses leaves the order as it was (422 with the provider's message). Cancelling a cancelled order answers it unchanged",
        params: z.object({ id: z.string() }),
        body: cancelOrderRequestSchema,
        response: { 200: orderChangeResponseSchema },
      },
    },
    async (req) => {
      const id = orderId(req.params.id);
      const user = signedInUser(req);
      if ((await roleOnOrder(deps, user, id)) === 'vendor')
        return { order: await cancelByVendor(deps, user, id, req.body) };
      return { order: await cancelByCustomer(deps, user, id, req.body.cancelReason) };
    },
  );

  r.post(
    '/api/orders/:id/create-partial-refund',
    {
      preValidation: [requireUser],
      schema: {
        tags: ['orders'],
        summary:
          "The order's vendor refunds part of it to the card: 0 < refundAmount (dollars, 2 decimals) <= what is left of the vendor payout, a reason. The payout shrinks by the amount. Optional Idempotency-Key header: the same key answers the first request's outcome; without one an identical refund within 60 s is a replay. A refund the provider refuses leaves the order as it was (422 with the provider's message). 404 for anyone but the vendor",
        params: z.object({ id: z.string() }),
        body: partialRefundRequestSchema,
        response: { 200: vendorOrderResponseSchema },
      },
    },
    async (req) => ({
      order: await partialRefundByVendor(
        deps,
        signedInUser(req),
        orderId(req.params.id),
        req.body,
        idempotencyKeyOf(req.headers),
      ),
    }),
  );

  r.patch(
    '/api/orders/:id/mark-as-fulfilled',
    {
      preValidation: [requireUser],
      schema: {
        tags: ['orders'],
        summary:
          "The order's vendor marks it complete: confirmed must be true, an optional note (500 characters at most), an appointment not in the future. Its payout falls due 72 hours later. Completing a fulfilled order answers it unchanged. 404 for anyone but the vendor",
        params: z.object({ id: z.string() }),
        body: markFulfilledRequestSchema,
        response: { 200: vendorOrderResponseSchema },
      },
    },
    async (req) => {
      const id = orderId(req.params.id);
      const user = signedInUser(req);
      // The spec's body names the vendor too: one that is not the signed-in user's is not theirs to act on.
      const claimed = req.body.vendorId;
      if (claimed !== undefined && String(claimed) !== String(user.vendorId))
        throw new HttpError(404, [ORDER_MESSAGES.orderNotFound]);
      return { order: await markFulfilledByVendor(deps, user, id, req.body.order) };
    },
  );
}
