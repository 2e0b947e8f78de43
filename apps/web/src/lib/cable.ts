/**
 * The order-confirmation socket (spec §4 "Order confirmation", §7 OrderConfirmationChannel, §9): Action
 * Cable over a WebSocket at /api/cable (docs/api/checkout.md). @rails/actioncable's own defaults are spec
 * §9's numbers: the line counts as stale after 6 s without a message, reconnects back off at a rate of
 * 0.15, and an unconfirmed subscription is sent again after 500 ms (cable.test.ts holds them).
 *
 * The socket is authenticated by the session cookie when it opens, so a consumer is made per
 * subscription (after sign-in, never before) and closed with it.
 */
import { createConsumer } from '@rails/actioncable';
import { pathOf } from '@stg/domain/api/endpoint';
import { ordersApi } from '@stg/domain/api/orders.endpoints';
import { orderConfirmationMessageSchema, type OrderConfirmationMessage } from '@stg/domain/api/payments';

export const CABLE_PATH = pathOf(ordersApi.confirmations);
export const ORDER_CONFIRMATION_CHANNEL = 'OrderConfirmationChannel';

/** `ws://host/api/cable`, or `wss://` on a secure page. */
export function cableUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${CABLE_PATH}`;
}

export interface OrderConfirmationHandlers {
  /** The order (or the refund notice) for the confirmation id, parsed with the shared contract. */
  onMessage: (message: OrderConfirmationMessage) => void;
  /** The server refused the subscription (not the signed-in user's confirmation id). */
  onRejected?: () => void;
}

/**
 * Waits on OrderConfirmationChannel for one confirmation id. Answers the function that unsubscribes and
 * closes the socket (safe to call more than once). A message that does not match the contract is logged
 * and ignored.
 */
export function subscribeToOrderConfirmation(
  confirmationId: string,
  handlers: OrderConfirmationHandlers,
): () => void {
  const consumer = createConsumer(cableUrl());
  let closed = false;
  const subscription = consumer.subscriptions.create(
    { channel: ORDER_CONFIRMATION_CHANNEL, confirmation_id: confirmationId },
    {
      received(data: unknown) {
        if (closed) return;
        const parsed = orderConfirmationMessageSchema.safeParse(data);
        if (!parsed.success) {
          console.error('Unreadable order confirmation message', parsed.error);
          return;
        }
        handlers.onMessage(parsed.data);
      },
      rejected() {
        if (!closed) handlers.onRejected?.();
      },
    },
  );
  return () => {
    if (closed) return;
    closed = true;
    subscription.unsubscribe();
    consumer.disconnect();
  };
}

/**
 * What the checkout flow calls to wait for its order: tests stand in for it with
 * `vi.spyOn(orderConfirmations, 'subscribe')`, not a module mock (in the web tests' vmThreads pool a file's
 * `vi.mock` could resolve against another file's modules; ADR 0030, sixth part).
 */
export const orderConfirmations = { subscribe: subscribeToOrderConfirmation };
