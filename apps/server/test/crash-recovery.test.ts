/**
 * A server killed (SIGKILL) after the card was charged but before the order was made (issue 10): once
 * it is started again, the provider's event — kept in the jobs table with the charge — makes the order.
 * The server runs as its own process, as in production; the sandbox delivers its events only through
 * the jobs table here (SANDBOX_EVENT_DELIVERY=delayed), as a provider's webhook arrives later.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../src/adapters/storage/local-storage';
import { buildApp } from '../src/app';
import { openDatabase, wrapPostgres, type Database } from '../src/db/client';
import { createPayableVendor, houseAnswers } from './payable-vendor';
import { signUpPayload } from './test-app';
import { createTestDatabase } from './test-db';
import { freePort, httpClient, startServerProcess } from './server-process';

let dataDir: string;
let databaseUrl: string | undefined;
let keepAlive: Database | null = null;
let vendorId: number;
let vendorInputs: Awaited<ReturnType<typeof createPayableVendor>>;
let server: ChildProcess | null = null;
let port: number;

async function startServer() {
  return startServerProcess({
    port,
    dataDir,
    databaseUrl,
    env: { SANDBOX_EVENT_DELIVERY: 'delayed', SANDBOX_EVENT_DELAY_MS: '1000' },
  });
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stg-crash-'));
  port = await freePort();
  // The vendor (with a sandbox account for payouts) is made before the server runs.
  let setupDb: Database;
  const test = await createTestDatabase();
  if (test.url) {
    keepAlive = test;
    databaseUrl = test.url;
    setupDb = wrapPostgres(test.url, 2);
  } else {
    await test.close();
    setupDb = await openDatabase({ dataDir });
    await setupDb.migrate();
  }
  const setup = await buildApp({ database: setupDb, storage: new MemoryStorage() });
  vendorInputs = await createPayableVendor(setup, 'crash-vendor@example.com');
  vendorId = vendorInputs.vendorId;
  await setup.close();
}, 120_000);

afterAll(async () => {
  if (server && server.exitCode === null) server.kill('SIGKILL');
  await keepAlive?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('kill -9 between the charge and the order: after a restart the order exists', async () => {
  server = await startServer();
  const call = httpClient(`http://127.0.0.1:${port}`);
  await call('GET', '/api/session');
  expect(
    (await call('POST', '/api/users', signUpPayload({ email: 'crash-customer@example.com' }))).status,
  ).toBe(201);
  const priced = await call('POST', '/api/bookings', {
    booking: { vendorId, answers: houseAnswers(vendorInputs) },
  });
  const bookingId = (priced.json.booking as { id: number }).id;
  const times = await call('GET', `/api/vendors/${vendorId}/vendor_calendars?duration=30`);
  const firstDay = (times.json.days as { ranges: { start_time: string }[] }[])[0]!;
  const start = firstDay.ranges[0]!.start_time;
  expect(
    (await call('PUT', `/api/bookings/${bookingId}`, { booking: { appointmentAt: start } })).status,
  ).toBe(200);
  const intent = await call('POST', '/api/payments/create-payment-intent', { booking: { id: bookingId } });
  expect(intent.status).toBe(200);
  const paid = await call('POST', '/api/payments/sandbox/confirm', {
    clientSecret: intent.json.clientSecret,
    card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
    returnUrl: '/orders',
  });
  expect(paid.json.status).toBe('succeeded');
  // Charged; the order is made only when the event is delivered. The process dies first.
  server.kill('SIGKILL');
  await new Promise((resolve) => server!.once('exit', resolve));

  server = await startServer();
  // The restarted worker delivers the kept event; the order shows up as soon as it is made.
  const orders = await vi.waitFor(
    async () => {
      const list = (await call('GET', '/api/orders')).json.orders as {
        confirmationId: string;
        paymentStatus: string;
      }[];
      expect(list.length).toBeGreaterThan(0);
      return list;
    },
    { timeout: 30_000, interval: 50 },
  );
  expect(orders).toHaveLength(1);
  expect(orders[0]).toMatchObject({ confirmationId: intent.json.confirmationId, paymentStatus: 'collected' });
  server.kill('SIGTERM');
  await new Promise((resolve) => server!.once('exit', resolve));
}, 180_000);
