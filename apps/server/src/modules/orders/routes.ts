import type { FastifyInstance } from 'fastify';
import { IDEMPOTENCY_KEY_HEADER } from '@stg/domain/api/orders';
import { ordersApi } from '@stg/domain/api/orders.endpoints';
import { isInstantInRange } from '@stg/domain/instants';
import { ORDER_MESSAGES } from '@stg/domain/order-actions';
import { SCHEDULING_MESSAGES } from '@stg/domain/scheduling-preferences';
import { requireOwnVendor, requireUser, signedInUser } from '../../http/auth';
import { HttpError, unprocessable } from '../../http/errors';
import { routeFrom } from '../../http/endpoint-route';
import { parseId } from '../../http/params';
import { readAt, sendJson } from '../public-read-cache/cache';
import type { PaymentsDeps } from '../../deps';
import { cancelByCustomer, customerOrdersBody, rescheduleByCustomer, vendorOrdersBody } from './service';
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
  const { deps } = opts;

  await routeFrom(app, ordersApi.customerOrders, { preValidation: [requireUser] }, async (req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return sendJson(reply, await customerOrdersBody(deps, signedInUser(req), readAt(app, req)));
  });

  await routeFrom(
    app,
    ordersApi.vendorOrders,
    { preValidation: [requireUser, requireOwnVendor('id')] },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      const body = await vendorOrdersBody(deps, signedInUser(req).vendorId!, req.query, readAt(app, req));
      return sendJson(reply, body);
    },
  );

  await routeFrom(
    app,
    ordersApi.vendorOrder,
    { preValidation: [requireUser, requireOwnVendor('id')] },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      const order = await requireVendorOfOrder(deps, signedInUser(req), orderId(req.params.orderId));
      return { order: await presentForVendor(deps, order.id) };
    },
  );

  await routeFrom(app, ordersApi.reschedule, { preValidation: [requireUser] }, async (req) => {
    const id = orderId(req.params.id);
    const at = new Date(req.body.order.appointmentAt);
    if (!/[zZ]|[+-]\d\d:?\d\d$/.test(req.body.order.appointmentAt) || !isInstantInRange(at.getTime()))
      throw unprocessable(SCHEDULING_MESSAGES.appointmentInvalid);
    const user = signedInUser(req);
    if ((await roleOnOrder(deps, user, id)) === 'vendor')
      return { order: await rescheduleByVendor(deps, user, id, at, req.body.order.confirmed) };
    return { order: await rescheduleByCustomer(deps, user, id, at) };
  });

  await routeFrom(app, ordersApi.cancel, { preValidation: [requireUser] }, async (req) => {
    const id = orderId(req.params.id);
    const user = signedInUser(req);
    if ((await roleOnOrder(deps, user, id)) === 'vendor')
      return { order: await cancelByVendor(deps, user, id, req.body) };
    return { order: await cancelByCustomer(deps, user, id, req.body.cancelReason) };
  });

  await routeFrom(app, ordersApi.partialRefund, { preValidation: [requireUser] }, async (req) => ({
    order: await partialRefundByVendor(
      deps,
      signedInUser(req),
      orderId(req.params.id),
      req.body,
      idempotencyKeyOf(req.headers),
    ),
  }));

  await routeFrom(app, ordersApi.markFulfilled, { preValidation: [requireUser] }, async (req) => {
    const id = orderId(req.params.id);
    const user = signedInUser(req);
    // The spec's body names the vendor too: one that is not the signed-in user's is not theirs to act on.
    const claimed = req.body.vendorId;
    if (claimed !== undefined && String(claimed) !== String(user.vendorId))
      throw new HttpError(404, [ORDER_MESSAGES.orderNotFound]);
    return { order: await markFulfilledByVendor(deps, user, id, req.body.order) };
  });
}
