import * as ActionCable from '@rails/actioncable';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pathOf } from '@stg/domain/api/endpoint';
import { ordersApi } from '@stg/domain/api/orders.endpoints';
import type { OrderConfirmationMessage } from '@stg/domain/api/payments';
import { cableUrl, subscribeToOrderConfirmation } from './cable';

/** What @rails/actioncable exports beyond its published types. */
const internals = ActionCable as unknown as {
  ConnectionMonitor: { staleThreshold: number; reconnectionBackoffRate: number };
  SubscriptionGuarantor: new (subscriptions: { subscribe: (s: unknown) => void }) => {
    guarantee: (subscription: { identifier: string }) => void;
  };
};

/** A WebSocket stand-in that records what the client sends and lets the test answer as the server. */
class FakeSocket {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSING = 2;
  static CLOSED = 3;
  static last: FakeSocket | null = null;

  readyState = FakeSocket.CONNECTING;
  protocol = '';
  sent: Record<string, unknown>[] = [];
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;

  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {
    FakeSocket.last = this;
  }

  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }

  close() {
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.({});
  }

  /** The server accepts the connection with the Action Cable protocol and says welcome. */
  accept() {
    this.readyState = FakeSocket.OPEN;
    this.protocol = 'actioncable-v1-json';
    this.onopen?.({});
    this.serverSends({ type: 'welcome' });
  }

  serverSends(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
}

const IDENTIFIER = JSON.stringify({ channel: 'OrderConfirmationChannel', confirmation_id: 'SG-7K2P9QXA' });

const message: OrderConfirmationMessage = {
  confirmationId: 'SG-7K2P9QXA',
  status: 'refunded',
  order: null,
  message: 'Another customer booked this time a moment before you.',
};

describe('the order-confirmation socket (spec §9 numbers)', () => {
  it('uses the library defaults that are spec §9: stale after 6 s, reconnect backoff rate 0.15', () => {
    expect(internals.ConnectionMonitor.staleThreshold).toBe(6);
    expect(internals.ConnectionMonitor.reconnectionBackoffRate).toBe(0.15);
  });

  it('sends an unconfirmed subscription again after 500 ms', () => {
    vi.useFakeTimers();
    try {
      const subscribe = vi.fn();
      const guarantor = new internals.SubscriptionGuarantor({ subscribe });
      const subscription = { identifier: IDENTIFIER };
      guarantor.guarantee(subscription);
      vi.advanceTimersByTime(499);
      expect(subscribe).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(subscribe).toHaveBeenCalledWith(subscription);
    } finally {
      vi.useRealTimers();
    }
  });

  it('connects to /api/cable on this host, ws or wss as the page is http or https', () => {
    const cable = pathOf(ordersApi.confirmations);
    expect(cableUrl({ protocol: 'http:', host: 'localhost:3100' })).toBe(`ws://localhost:3100${cable}`);
    expect(cableUrl({ protocol: 'https:', host: 'servo.example' })).toBe(`wss://servo.example${cable}`);
  });
});

describe('subscribeToOrderConfirmation', () => {
  let previous: typeof WebSocket;
  beforeEach(() => {
    previous = ActionCable.adapters.WebSocket;
    ActionCable.adapters.WebSocket = FakeSocket as unknown as typeof WebSocket;
    FakeSocket.last = null;
  });
  afterEach(() => {
    ActionCable.adapters.WebSocket = previous;
  });

  it('subscribes with the confirmation id, hands on the parsed message, and unsubscribes and closes', () => {
    const onMessage = vi.fn();
    const stop = subscribeToOrderConfirmation('SG-7K2P9QXA', { onMessage });
    const socket = FakeSocket.last!;
    expect(socket.url).toBe(`ws://${window.location.host}${pathOf(ordersApi.confirmations)}`);
    expect(socket.protocols).toContain('actioncable-v1-json');

    socket.accept();
    expect(socket.sent).toContainEqual({ command: 'subscribe', identifier: IDENTIFIER });
    socket.serverSends({ identifier: IDENTIFIER, type: 'confirm_subscription' });

    // A message that does not match the contract is ignored (and logged).
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    socket.serverSends({ identifier: IDENTIFIER, message: { confirmationId: 'SG-7K2P9QXA' } });
    expect(onMessage).not.toHaveBeenCalled();
    expect(logged).toHaveBeenCalled();

    socket.serverSends({ identifier: IDENTIFIER, message });
    expect(onMessage).toHaveBeenCalledWith(message);

    stop();
    expect(socket.sent).toContainEqual({ command: 'unsubscribe', identifier: IDENTIFIER });
    expect(socket.readyState).toBe(FakeSocket.CLOSED);
    stop();
    socket.serverSends({ identifier: IDENTIFIER, message });
    expect(onMessage).toHaveBeenCalledTimes(1);
  });

  it('tells when the server refuses the subscription', () => {
    const onRejected = vi.fn();
    const stop = subscribeToOrderConfirmation('SG-7K2P9QXA', { onMessage: vi.fn(), onRejected });
    const socket = FakeSocket.last!;
    socket.accept();
    socket.serverSends({ identifier: IDENTIFIER, type: 'reject_subscription' });
    expect(onRejected).toHaveBeenCalledTimes(1);
    stop();
  });
});
