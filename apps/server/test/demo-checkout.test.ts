/**
 * The demo data takes real sandbox money (what `npm start` shows): a demo vendor's payouts exist in the
 * sandbox so checkout works, and a demo order was really charged, so cancelling it refunds it there.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { MemoryStorage } from '../src/adapters/storage/local-storage';
import { buildApp } from '../src/app';
import { refunds, vendors } from '../src/db/schema';
import { seedDemoData } from '../src/seed/seed-demo-data';
import { TestClient } from './test-app';
import { createTestDatabase } from './test-db';
import { CARDS, confirmPayment, createIntent, ledger, sandboxConfirm } from './checkout-fixtures';

const NOW = new Date('2026-11-23T15:00:00Z');
let app: FastifyInstance;

beforeAll(async () => {
  const database = await createTestDatabase();
  const storage = new MemoryStorage();
  app = await buildApp({ database, storage, now: () => NOW });
  await seedDemoData(database.db, storage, { now: NOW, images: false });
}, 120_000);
afterAll(() => app.close());

it('the demo customer cancels an upcoming demo order and the sandbox refunds the charge', async () => {
  const client = new TestClient(app);
  expect((await client.signIn('customer@example.com', 'Password123!')).statusCode).toBe(200);
  const list = (await client.request({ method: 'GET', url: '/api/orders' })).json().orders as {
    id: number;
    canCancel: boolean;
    totalCollected: number;
  }[];
  const open = list.find((o) => o.canCancel)!;
  expect(open).toBeDefined();
  const res = await client.request({
    method: 'PATCH',
    url: `/api/orders/${open.id}/cancel-order`,
    payload: { cancelReason: 'Trying the demo' },
  });
  expect(res.statusCode).toBe(200);
  await app.deps.background.drain();
  const [refund] = await app.deps.db
    .select()
    .from(refunds)
    .where(and(eq(refunds.orderId, open.id), eq(refunds.kind, 'cancel')));
  expect(refund).toMatchObject({ status: 'succeeded', amountCents: Math.round(open.totalCollected * 100) });
  const l = await ledger(app);
  expect(l.parts).toBe(l.collected);
  expect(l.refunds_recorded).toBe(l.refunds_owed);
});

it('a demo vendor takes a new booking and payment', async () => {
  const client = new TestClient(app);
  await client.signIn('customer@example.com', 'Password123!');
  // The demo customer's saved answers are for Sparkle & Shine.
  const [vendor] = await app.deps.db
    .select()
    .from(vendors)
    .where(eq(vendors.email, 'hello@sparkleandshine.example.com'))
    .limit(1);
  const vendorId = vendor!.id;
  const session = (await client.session()).json();
  const answers = session.addresses[0].userInputs as Record<string, { valueString: string }>;
  const priced = await client.request({
    method: 'POST',
    url: '/api/bookings',
    payload: {
      booking: {
        vendorId,
        answers: Object.fromEntries(Object.entries(answers).map(([k, v]) => [k, v.valueString])),
      },
    },
  });
  expect(priced.statusCode).toBeLessThan(300);
  const booking = priced.json().booking;
  const times = (
    await client.request({ method: 'GET', url: `/api/vendors/${vendorId}/vendor_calendars?duration=30` })
  ).json();
  const start = times.days[0].ranges[0].start_time as string;
  expect(
    (
      await client.request({
        method: 'PUT',
        url: `/api/bookings/${booking.id}`,
        payload: { booking: { appointmentAt: start } },
      })
    ).statusCode,
  ).toBe(200);
  const intent = await createIntent(client, booking.id);
  expect(intent.statusCode).toBe(200);
  await sandboxConfirm(client, intent.json().clientSecret, CARDS.visa);
  expect((await confirmPayment(client, intent.json().paymentIntentId)).json().status).toBe('succeeded');
});
