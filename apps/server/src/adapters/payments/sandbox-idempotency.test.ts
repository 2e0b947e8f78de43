/**
 * The sandbox provider's idempotent writes of new objects (a customer, an intent; issue 27: the key claimed
 * by its row, the objects and the stored answer in one statement): a repeat of a key answers the first
 * answer and makes nothing new, also when the repeats run at once. PGlite,
 * and PostgreSQL under scripts/with-postgres.mjs.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/client';
import { createTestDatabase } from '../../../test/test-db';
import { SandboxPayments } from './sandbox-provider';

let database: Database;
let sandbox: SandboxPayments;

beforeAll(async () => {
  database = await createTestDatabase();
  sandbox = new SandboxPayments(database.db, { now: () => new Date(), publicUrl: 'http://localhost:3000' });
});
afterAll(async () => {
  await database?.close();
});

const objects = async (object: string, text: string) =>
  (
    await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from sandbox_objects where object = ${object} and data::text like ${`%${text}%`}`,
    )
  )[0]!.n;

it('makes one customer for a user, whether asked once, again, or many times at once', async () => {
  const input = { userId: 990_001, email: 'once@example.com', name: 'Once Only', existingId: null };
  const ids = await Promise.all(Array.from({ length: 8 }, () => sandbox.ensureCustomer(input)));
  expect(new Set(ids).size).toBe(1);
  expect(await sandbox.ensureCustomer(input)).toBe(ids[0]);
  expect(await objects('customer', 'once@example.com')).toBe(1);
});

it('makes one intent per idempotency key, answering every repeat with it', async () => {
  const customerId = await sandbox.ensureCustomer({
    userId: 990_002,
    email: 'intent@example.com',
    name: 'Intent Key',
    existingId: null,
  });
  const input = {
    amountCents: 12_345,
    customerId,
    description: 'idempotency',
    metadata: { paymentId: 'idem-1' },
    setupFutureUsage: true,
    idempotencyKey: `checkout-idem-${Date.now()}`,
  };
  const intents = await Promise.all(Array.from({ length: 8 }, () => sandbox.createIntent(input)));
  expect(new Set(intents.map((i) => i.id)).size).toBe(1);
  const again = await sandbox.createIntent(input);
  expect(again).toEqual(intents[0]);
  expect(again).toMatchObject({
    status: 'requires_payment_method',
    amountCents: 12_345,
    customerId,
    paymentMethod: null,
    setupFutureUsage: true,
  });
  expect(await sandbox.retrieveIntent(again.id)).toEqual(again);
  expect(await objects('payment_intent', 'idem-1')).toBe(1);
});
