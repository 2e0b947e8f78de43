/**
 * OrderConfirmationChannel (spec §7, §9) over a real WebSocket: the Action Cable handshake and pings,
 * the order delivered as soon as it exists (or at once when it already does), only to its owner, and
 * across two instances on one database (PostgreSQL LISTEN/NOTIFY; in process on PGlite).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { MemoryStorage } from '../src/adapters/storage/local-storage';
import { buildApp } from '../src/app';
import { wrapPostgres } from '../src/db/client';
import {
  CARDS,
  confirmPayment,
  createIntent,
  sandboxConfirm,
  scheduledBooking,
  signedUpCustomer,
} from './checkout-fixtures';
import { createPayableVendor, type PayableVendor } from './payable-vendor';
import { createTestDatabase } from './test-db';

const clock = new Date('2026-11-23T15:00:00Z');
let a: FastifyInstance;
let b: FastifyInstance;
let vendor: PayableVendor;
let urlB: string;
let urlA: string;

beforeAll(async () => {
  const database = await createTestDatabase();
  const second = database.url ? wrapPostgres(database.url, 2) : { ...database, close: async () => {} };
  const storage = new MemoryStorage();
  a = await buildApp({ database, storage, now: () => clock });
  b = await buildApp({ database: second, storage, now: () => clock });
  vendor = await createPayableVendor(a, 'cable-vendor@example.com');
  urlA = `${(await a.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws')}/api/cable`;
  urlB = `${(await b.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws')}/api/cable`;
});
afterAll(async () => {
  await b.close();
  await a.close();
});

/** An Action Cable client of our own: collects every frame the server sends. */
function cable(url: string, cookie: string | null, origin?: string) {
  const frames: Record<string, unknown>[] = [];
  const ws = new WebSocket(url, ['actioncable-v1-json', 'actioncable-unsupported'], {
    headers: { ...(cookie ? { cookie } : {}), ...(origin ? { origin } : {}) },
  });
  ws.on('message', (data) => frames.push(JSON.parse(String(data)) as Record<string, unknown>));
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const waitFor = async (pred: (f: Record<string, unknown>) => boolean, ms = 5_000) => {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      const found = frames.find(pred);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`no such frame in ${JSON.stringify(frames)}`);
  };
  const identifier = (confirmationId: string) =>
    JSON.stringify({ channel: 'OrderConfirmationChannel', confirmation_id: confirmationId });
  return {
    ws,
    frames,
    opened,
    waitFor,
    identifier,
    subscribe: (confirmationId: string) =>
      ws.send(JSON.stringify({ command: 'subscribe', identifier: identifier(confirmationId) })),
  };
}

describe('OrderConfirmationChannel', () => {
  it('speaks Action Cable, delivers the order once it is paid — from the other instance — and only to its owner', async () => {
    const customer = await signedUpCustomer(a, 'cable');
    const booking = await scheduledBooking(customer.client, vendor, '2026-11-25T16:00:00.000Z');
    const intent = (await createIntent(customer.client, booking.id)).json();

    const socket = cable(urlB, customer.client.cookie);
    await socket.opened;
    expect(socket.ws.protocol).toBe('actioncable-v1-json');
    await socket.waitFor((f) => f.type === 'welcome');
    socket.subscribe(intent.confirmationId);
    await socket.waitFor((f) => f.type === 'confirm_subscription');
    expect(socket.frames.some((f) => 'message' in f && f.identifier)).toBe(false);

    const stranger = await signedUpCustomer(a, 'stranger');
    const other = cable(urlB, stranger.client.cookie);
    await other.opened;
    other.subscribe(intent.confirmationId);
    await other.waitFor((f) => f.type === 'reject_subscription');

    // Paid on instance A (the sandbox's event and the client's confirmation both settle there).
    await sandboxConfirm(customer.client, intent.clientSecret, CARDS.visa);
    await confirmPayment(customer.client, intent.paymentIntentId);
    const delivered = await socket.waitFor(
      (f) => f.identifier === socket.identifier(intent.confirmationId) && 'message' in f,
    );
    expect(delivered.message).toMatchObject({
      confirmationId: intent.confirmationId,
      status: 'confirmed',
      message: 'Payment success!',
      order: { confirmationId: intent.confirmationId, paymentStatus: 'collected' },
    });
    // Pings keep the line fresh (the client calls it stale after 6 s without one).
    await socket.waitFor((f) => f.type === 'ping', 4_000);
    expect(other.frames.some((f) => 'message' in f && f.identifier)).toBe(false);

    // Subscribing after the order exists delivers it at once.
    const late = cable(urlA, customer.client.cookie);
    await late.opened;
    late.subscribe(intent.confirmationId);
    const now = await late.waitFor((f) => 'message' in f && Boolean(f.identifier));
    expect((now.message as { status: string }).status).toBe('confirmed');
    for (const s of [socket, other, late]) s.ws.close();
  });

  it('answers a repeated subscribe once, and caps the subscriptions of one socket', async () => {
    const customer = await signedUpCustomer(a, 'cable-cap');
    const intents = [];
    for (const [i, day] of [26, 27, 30, 31, 32, 33].entries()) {
      const booking = await scheduledBooking(
        customer.client,
        vendor,
        new Date(Date.UTC(2026, 10, day, 16 + (i % 2), 0)).toISOString(),
      );
      intents.push((await createIntent(customer.client, booking.id)).json().confirmationId as string);
    }
    const socket = cable(urlA, customer.client.cookie);
    await socket.opened;
    socket.subscribe(intents[0]!);
    socket.subscribe(intents[0]!);
    await socket.waitFor((f) => f.type === 'confirm_subscription');
    for (const id of intents.slice(1)) socket.subscribe(id);
    // The cap's refusal is sent at once, each confirmation after its look-up: wait for the five of them.
    await socket.waitFor((f) => f.type === 'reject_subscription');
    const confirmed = await vi.waitFor(
      () => {
        const frames = socket.frames.filter((f) => f.type === 'confirm_subscription');
        expect(frames.length).toBeGreaterThanOrEqual(5);
        return frames;
      },
      { timeout: 5_000, interval: 20 },
    );
    const rejected = socket.frames.filter((f) => f.type === 'reject_subscription');
    expect(confirmed).toHaveLength(5);
    expect(rejected.map((f) => f.identifier)).toEqual([socket.identifier(intents[5]!)]);
    socket.ws.close();
  });

  it('turns away a socket without a signed-in session', async () => {
    const socket = cable(urlA, null);
    await socket.opened;
    const frame = await socket.waitFor((f) => f.type === 'disconnect');
    expect(frame).toMatchObject({ reason: 'unauthorized', reconnect: false });
    socket.ws.close();
  });

  it("turns away a signed-in user's socket opened by another site's page", async () => {
    const customer = await signedUpCustomer(a, 'origin');
    const foreign = cable(urlA, customer.client.cookie, 'https://evil.example');
    await foreign.opened;
    expect(await foreign.waitFor((f) => f.type === 'disconnect')).toMatchObject({ reason: 'unauthorized' });
    foreign.ws.close();
    const own = cable(urlA, customer.client.cookie, new URL(urlA.replace('ws', 'http')).origin);
    await own.opened;
    await own.waitFor((f) => f.type === 'welcome');
    own.ws.close();
  });
});
