/**
 * Watching time pass on a development server (issue 25 §4): a completed order's payout is sent once the
 * clock is moved past its 72 hours and the due jobs are run (POST /api/dev/jobs/run-due, what
 * `npm run jobs:due` asks a running server), with no row edited by hand. The route answers this machine
 * only, and exists only with the development tools and a job worker.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { runDueJobsResponseSchema } from '@stg/domain/api/support';
import { orders, payouts } from '../../db/schema';
import { SettableClock } from '../../clock';
import { createTestApp, TestClient } from '../../../test/test-app';
import { payFor, scheduledBooking, signedUpCustomer } from '../../../test/checkout-fixtures';
import { createPayableVendor, type PayableVendor } from '../../../test/payable-vendor';
import { vendorActions } from '../../../test/vendor-order-fixtures';

// Monday, November 23rd 2026, 8:00 in St George (MST, UTC-7).
const START = new Date('2026-11-23T15:00:00Z');
const clock = new SettableClock();
let app: FastifyInstance;
let vendor: PayableVendor;

beforeAll(async () => {
  clock.set(START);
  app = await createTestApp({ settableClock: clock, jobWorker: true });
  vendor = await createPayableVendor(app, 'run-due-vendor@example.com');
});
afterAll(() => app.close());

/** As `npm run jobs:due` does: a session (its cookie and CSRF token) at the server's time, then the run. */
async function runDue() {
  const client = new TestClient(app);
  await client.session();
  const res = await client.request({ method: 'POST', url: '/api/dev/jobs/run-due' });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return runDueJobsResponseSchema.parse(res.json());
}

it('sends a completed order’s payout once the moved clock passes its 72 hours, and not before', async () => {
  const { client: customer } = await signedUpCustomer(app, 'run-due');
  const booking = await scheduledBooking(customer, vendor, '2026-11-25T16:00:00Z'); // Wed 9:00
  const paid = await payFor(customer, booking.id);
  const orderId = paid.json().order.id as number;
  await app.deps.background.drain();

  const vendorClient = new TestClient(app);
  await vendorClient.signIn('run-due-vendor@example.com', 'Password123!');
  clock.set(new Date('2026-11-25T20:00:00Z')); // the job is done
  expect((await vendorActions(vendorClient).complete(orderId)).statusCode).toBe(200);

  // Two days later the payout is not due: the run puts it off, nothing is sent.
  clock.set(new Date('2026-11-27T20:00:00Z'));
  const early = await runDue();
  expect(Date.parse(early.at) - Date.parse('2026-11-27T20:00:00Z')).toBeLessThan(60_000); // the server's time
  expect(early.kinds['order-payout']).toBeUndefined(); // its run_at (fulfilled + 72 h) is not reached
  expect(await app.deps.db.select().from(payouts).where(eq(payouts.orderId, orderId))).toHaveLength(0);

  clock.set(new Date('2026-11-28T20:01:00Z')); // 72 h and a minute after completion
  const due = await runDue();
  expect(due.kinds['order-payout']).toEqual({ done: 1, failed: 0, postponed: 0 });
  const [payout] = await app.deps.db.select().from(payouts).where(eq(payouts.orderId, orderId));
  expect(payout).toMatchObject({ status: 'sent', method: 'transfer' });
  const [order] = await app.deps.db.select().from(orders).where(eq(orders.id, orderId));
  expect(order!.paymentStatus).toBe('processed');

  // Run again: nothing is due, nothing is sent twice.
  const again = await runDue();
  expect(again.kinds['order-payout']).toBeUndefined();
  expect(await app.deps.db.select().from(payouts).where(eq(payouts.orderId, orderId))).toHaveLength(1);
});

it('answers nobody but this machine, nor a relayed request', async () => {
  const client = new TestClient(app);
  await client.session();
  const remote = await client.request({
    method: 'POST',
    url: '/api/dev/jobs/run-due',
    remoteAddress: '203.0.113.9',
  });
  expect(remote.statusCode).toBe(404);
  const relayed = await client.request({
    method: 'POST',
    url: '/api/dev/jobs/run-due',
    headers: { 'x-forwarded-for': '203.0.113.9' },
  });
  expect(relayed.statusCode).toBe(404);
});

it('does not exist without a job worker (as in production, where the development tools are off)', async () => {
  const plain = await createTestApp();
  try {
    const client = new TestClient(plain);
    await client.session();
    expect((await client.request({ method: 'POST', url: '/api/dev/jobs/run-due' })).statusCode).toBe(404);
  } finally {
    await plain.close();
  }
});
