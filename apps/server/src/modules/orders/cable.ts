/**
 * OrderConfirmationChannel (spec §7) over a WebSocket at /api/cable, in the Action Cable protocol that
 * the web's @rails/actioncable client speaks: welcome, a ping every 3 s (the client counts the line
 * stale after 6 s), subscribe/unsubscribe commands with a JSON identifier, confirm or reject, then
 * messages. A subscription names a confirmation id; only the signed-in owner of that payment is
 * accepted. The order is sent as soon as it exists (at once if it already does).
 */
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { OrderConfirmationMessage } from '@stg/domain/api/payments';
import { ordersApi } from '@stg/domain/api/orders.endpoints';
import { CHECKOUT_MESSAGES } from '@stg/domain/checkout';
import { findCustomerOrder } from './service';
import { presentCustomerOrder } from './presenter';
import { findPaymentByConfirmation } from '../payment-records/service';
import type { PaymentsDeps } from '../../deps';
import type { OrderConfirmations } from '../order-confirmations/notifier';

export const CABLE_PATH = ordersApi.confirmations.path;
export const CABLE_PROTOCOL = 'actioncable-v1-json';
const CHANNEL = 'OrderConfirmationChannel';
const PING_MS = 3_000;
/** A missed NOTIFY (the listening connection was being re-made) is caught by a slow look. */
const SAFETY_POLL_MS = 5_000;
/** A checkout follows one confirmation at a time; a few allow several tabs on one socket. */
const MAX_SUBSCRIPTIONS = 5;

interface Subscription {
  stop: () => void;
}

/** The message for a confirmation id once its payment is settled; null while it is not. */
export async function confirmationMessage(
  deps: PaymentsDeps,
  userId: number,
  confirmationId: string,
): Promise<OrderConfirmationMessage | null | 'not-yours'> {
  const payment = await findPaymentByConfirmation(deps.db, confirmationId);
  if (!payment || payment.userId !== userId) return 'not-yours';
  if (payment.status === 'conflict')
    return {
      confirmationId,
      status: 'refunded',
      order: null,
      message: payment.failureMessage ?? CHECKOUT_MESSAGES.slotTakenRefunded,
    };
  if (payment.status !== 'succeeded' || payment.orderId === null) return null;
  const row = await findCustomerOrder(deps.db, payment.orderId);
  if (!row) return null;
  return {
    confirmationId,
    status: 'confirmed',
    order: presentCustomerOrder(row, (k) => deps.storage.url(k), deps.now()),
    message: CHECKOUT_MESSAGES.succeeded,
  };
}

/** No Origin (not a browser), or the origin of PUBLIC_URL or of the host the request was sent to. */
export function fromThisSite(
  origin: string | undefined,
  host: string | undefined,
  publicUrl: string,
): boolean {
  if (origin === undefined) return true;
  try {
    const url = new URL(origin);
    return url.origin === new URL(publicUrl).origin || (host !== undefined && url.host === host);
  } catch {
    return false;
  }
}

export async function cableRoutes(
  app: FastifyInstance,
  opts: { deps: PaymentsDeps; confirmations: OrderConfirmations },
) {
  const { deps, confirmations } = opts;
  const config = { endpoint: ordersApi.confirmations };
  app.get(CABLE_PATH, { websocket: true, schema: { hide: true }, config }, (socket: WebSocket, req) => {
    const user = req.user;
    const send = (msg: object) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(msg));
    };
    // A browser names the page that opened the socket: only this site's own pages may (defence in depth
    // beside the SameSite session cookie). Clients that are not browsers send no Origin.
    if (!user || !fromThisSite(req.headers.origin, req.headers.host, app.deps.publicUrl)) {
      send({ type: 'disconnect', reason: 'unauthorized', reconnect: false });
      socket.close(1000);
      return;
    }
    const subscriptions = new Map<string, Subscription>();
    let closed = false;
    send({ type: 'welcome' });
    const ping = setInterval(() => send({ type: 'ping', message: Math.floor(Date.now() / 1000) }), PING_MS);

    const subscribe = (identifier: string) => {
      if (subscriptions.has(identifier)) return;
      let confirmationId: unknown;
      try {
        const parsed = JSON.parse(identifier) as { channel?: unknown; confirmation_id?: unknown };
        if (parsed.channel === CHANNEL) confirmationId = parsed.confirmation_id;
      } catch {
        confirmationId = undefined;
      }
      if (
        typeof confirmationId !== 'string' ||
        confirmationId.length === 0 ||
        confirmationId.length > 64 ||
        subscriptions.size >= MAX_SUBSCRIPTIONS
      ) {
        send({ identifier, type: 'reject_subscription' });
        return;
      }
      // Reserved before the first look-up, so a repeated subscribe cannot start a second watcher.
      const subscription: Subscription = { stop: () => undefined };
      subscriptions.set(identifier, subscription);
      const id = confirmationId;
      let delivered = false;
      let checking = false;
      let again = false;
      const check = async () => {
        if (delivered) return;
        if (checking) {
          again = true;
          return;
        }
        checking = true;
        try {
          const message = await confirmationMessage(deps, user.id, id);
          if (message && message !== 'not-yours' && !delivered && subscriptions.has(identifier)) {
            delivered = true;
            send({ identifier, message });
            // Delivered: nothing more to watch for.
            subscriptions.get(identifier)?.stop();
          }
        } catch (err) {
          req.log.error({ err, confirmationId: id }, 'order confirmation lookup failed');
        } finally {
          checking = false;
          if (again && !delivered) {
            again = false;
            void check();
          }
        }
      };
      void (async () => {
        const first = await confirmationMessage(deps, user.id, id).catch(() => 'not-yours' as const);
        if (closed || subscriptions.get(identifier) !== subscription) return;
        if (first === 'not-yours') {
          subscriptions.delete(identifier);
          send({ identifier, type: 'reject_subscription' });
          return;
        }
        send({ identifier, type: 'confirm_subscription' });
        if (first) {
          delivered = true;
          send({ identifier, message: first });
          return;
        }
        const unwatch = confirmations.watch(id, () => void check());
        const poll = setInterval(() => void check(), SAFETY_POLL_MS);
        subscription.stop = () => {
          unwatch();
          clearInterval(poll);
        };
        // An order made between the first look and the watch is not missed.
        void check();
      })();
    };

    socket.on('message', (data) => {
      let msg: { command?: unknown; identifier?: unknown };
      try {
        // The websocket's default binaryType ('nodebuffer'): a message arrives as one Buffer.
        msg = JSON.parse((data as Buffer).toString('utf8')) as typeof msg;
      } catch {
        return;
      }
      if (typeof msg.identifier !== 'string' || msg.identifier.length > 500) return;
      if (msg.command === 'subscribe') subscribe(msg.identifier);
      else if (msg.command === 'unsubscribe') {
        subscriptions.get(msg.identifier)?.stop();
        subscriptions.delete(msg.identifier);
      }
    });
    socket.on('close', () => {
      closed = true;
      clearInterval(ping);
      for (const s of subscriptions.values()) s.stop();
      subscriptions.clear();
    });
  });
}
