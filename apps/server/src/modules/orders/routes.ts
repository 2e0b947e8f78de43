import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cancelOrderRequestSchema,
  customerOrdersResponseSchema,
  orderResponseSchema,
  rescheduleOrderRequestSchema,
  vendorOrdersResponseSchema,
} from '@stg/domain/api/orders';
import { ORDER_MESSAGES } from '@stg/domain/order-actions';
import { SCHEDULING_MESSAGES } from '@stg/domain/scheduling-preferences';
import { requireOwnVendor, requireUser, signedInUser } from '../../http/auth';
import { HttpError, unprocessable } from '../../http/errors';
import { parseId } from '../../http/params';
import type { PaymentsDeps } from '../payments/deps';
import { cancelByCustomer, listOrdersOf, listVendorOrdersOf, rescheduleByCustomer } from './service';

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
          "The vendor's orders (owner only), soonest appointment first, with the customer, the money split and the actions allowed now",
        params: z.object({ id: z.string() }),
        response: { 200: vendorOrdersResponseSchema },
      },
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { orders: await listVendorOrdersOf(deps, signedInUser(req).vendorId!) };
    },
  );

  r.patch(
    '/api/orders/:id/reschedule',
    {
      preValidation: [requireUser],
      schema: {
        tags: ['orders'],
        summary:
          "The customer moves their order to another time the vendor has free; refused when cancelled, past, or inside the vendor's cancellation-policy window",
        params: z.object({ id: z.string() }),
        body: rescheduleOrderRequestSchema,
        response: { 200: orderResponseSchema },
      },
    },
    async (req) => {
      const id = orderId(req.params.id);
      const at = new Date(req.body.order.appointmentAt);
      if (!/[zZ]|[+-]\d\d:?\d\d$/.test(req.body.order.appointmentAt) || Number.isNaN(at.getTime()))
        throw unprocessable(SCHEDULING_MESSAGES.appointmentInvalid);
      return { order: await rescheduleByCustomer(deps, signedInUser(req), id, at) };
    },
  );

  r.patch(
    '/api/orders/:id/cancel-order',
    {
      preValidation: [requireUser],
      schema: {
        tags: ['orders'],
        summary:
          "The customer cancels their order with a reason; the whole amount is refunded to the card. Refused inside the vendor's cancellation-policy window (the message names the hours)",
        params: z.object({ id: z.string() }),
        body: cancelOrderRequestSchema,
        response: { 200: orderResponseSchema },
      },
    },
    async (req) => ({
      order: await cancelByCustomer(deps, signedInUser(req), orderId(req.params.id), req.body.cancelReason),
    }),
  );
}
