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

// Issue 27: a confirmation with a new card is one statement guarded by the intent's state (ADR 0042).
const card = (number: string) => ({ number, expMonth: 12, expYear: 2030, cvc: '123' });
const count = async (query: ReturnType<typeof sql>) =>
  (await queryRows<{ n: number }>(database.db, query))[0]!.n;

async function newIntent(tag: string, setupFutureUsage = false) {
  const customerId = await sandbox.ensureCustomer({
    userId: 990_100 + Math.floor(Math.random() * 1_000_000),
    email: `${tag}@example.com`,
    name: 'Confirm Test',
    existingId: null,
  });
  const intent = await sandbox.createIntent({
    amountCents: 4_321,
    customerId,
    description: tag,
    metadata: { paymentId: tag },
    setupFutureUsage,
    idempotencyKey: `confirm-${tag}-${Date.now()}`,
  });
  return { customerId, intent };
}

const eventsOf = (intentId: string, type: string) =>
  count(
    sql`select count(*)::int as n from sandbox_objects where object = 'event'
        and data->>'type' = ${type} and data->'data'->'object'->>'id' = ${intentId}`,
  );

it('confirms an intent once when eight confirmations with new cards run at once', async () => {
  const delivered: string[] = [];
  sandbox.onEvents = (ids) => delivered.push(...ids);
  try {
    const { customerId, intent } = await newIntent('confirm-once', true);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        sandbox.confirm(intent.id, {
          clientSecret: intent.clientSecret,
          card: card('4242424242424242'),
          returnUrl: 'http://localhost:3000/orders',
        }),
      ),
    );
    expect(new Set(answers.map((a) => a.intent.status))).toEqual(new Set(['succeeded']));
    expect(new Set(answers.map((a) => a.intent.paymentMethod?.id)).size).toBe(1);
    expect(answers[0]!.intent).toMatchObject({
      amountReceivedCents: 4_321,
      customerId,
      setupFutureUsage: true,
    });
    expect(await eventsOf(intent.id, 'payment_intent.succeeded')).toBe(1);
    const pmId = answers[0]!.intent.paymentMethod!.id;
    expect(
      await count(sql`select count(*)::int as n from sandbox_objects where object = 'payment_method'
                      and id = ${pmId} and data->>'customer' = ${customerId}`),
    ).toBe(1);
    expect(await sandbox.listCards(customerId)).toHaveLength(1);
    expect(delivered).toHaveLength(1);
    expect(
      await count(sql`select count(*)::int as n from jobs where unique_key = ${`sandbox-event:${delivered[0]}`}
                      and status = 'queued'`),
    ).toBe(1);
    // The event just committed is handed over as written, with its (final) intent as it is now.
    const current = await sandbox.retrieveIntent(intent.id);
    expect(current).toEqual(answers[0]!.intent);
    const loaded = await sandbox.loadEventWithIntent(delivered[0]!);
    expect(loaded).toEqual({
      event: { id: delivered[0], type: 'payment_intent.succeeded', intent: current },
      intent: current,
    });
    // Taken once: later (the retry job) it is read from the database, the same.
    expect(await sandbox.loadEventWithIntent(delivered[0]!)).toEqual(loaded);
  } finally {
    sandbox.onEvents = null;
  }
});

it('keeps the decline and 3-D Secure paths of a confirmation with a new card', async () => {
  const { customerId, intent } = await newIntent('confirm-paths');
  const declined = await sandbox.confirm(intent.id, {
    clientSecret: intent.clientSecret,
    card: card('4000000000000002'),
    saveCard: true,
    returnUrl: 'http://localhost:3000/orders',
  });
  expect(declined.redirectUrl).toBeNull();
  expect(declined.intent).toMatchObject({
    status: 'requires_payment_method',
    amountReceivedCents: 0,
    setupFutureUsage: true,
    lastError: { code: 'card_declined' },
    paymentMethod: { last4: '0002' },
  });
  expect(await eventsOf(intent.id, 'payment_intent.payment_failed')).toBe(1);
  expect(await sandbox.listCards(customerId)).toHaveLength(0);
  expect(await sandbox.retrieveIntent(intent.id)).toEqual(declined.intent);

  const challenged = await sandbox.confirm(intent.id, {
    clientSecret: intent.clientSecret,
    card: card('4000002500003155'),
    saveCard: false,
    returnUrl: 'http://localhost:3000/orders',
  });
  expect(challenged.intent).toMatchObject({
    status: 'requires_action',
    setupFutureUsage: false,
    lastError: null,
    paymentMethod: { last4: '3155' },
  });
  expect(challenged.redirectUrl).toBe(
    `http://localhost:3000/sandbox/authenticate/${intent.id}?client_secret=${encodeURIComponent(intent.clientSecret)}`,
  );
  expect(await sandbox.retrieveIntent(intent.id)).toEqual(challenged.intent);
  const page = await sandbox.authenticate(intent.id, intent.clientSecret, true);
  expect(page.returnUrl).toBe('http://localhost:3000/orders');
  expect(page.intent).toMatchObject({ status: 'succeeded', amountReceivedCents: 4_321 });
  expect(await eventsOf(intent.id, 'payment_intent.succeeded')).toBe(1);
  expect(await sandbox.listCards(customerId)).toHaveLength(0);

  // Paid: a confirmation again answers the intent as it is and changes nothing.
  const again = await sandbox.confirm(intent.id, {
    clientSecret: intent.clientSecret,
    card: card('4242424242424242'),
    returnUrl: 'http://localhost:3000/orders',
  });
  expect(again).toEqual({ intent: page.intent, redirectUrl: null });
  expect(await eventsOf(intent.id, 'payment_intent.succeeded')).toBe(1);
});

it('refuses a confirmation with a wrong client secret or of an unknown intent, as before', async () => {
  const { intent } = await newIntent('confirm-refused');
  const input = { clientSecret: 'pi_x_secret_wrong', card: card('4242424242424242'), returnUrl: '/orders' };
  await expect(sandbox.confirm(intent.id, input)).rejects.toMatchObject({ code: 'resource_missing' });
  await expect(sandbox.confirm('pi_sbxnothing', input)).rejects.toMatchObject({ code: 'resource_missing' });
  await expect(
    sandbox.confirm(intent.id, {
      ...input,
      clientSecret: intent.clientSecret,
      card: card('4111111111111111'),
    }),
  ).rejects.toMatchObject({ code: 'invalid_number' });
  expect(await sandbox.retrieveIntent(intent.id)).toEqual(intent);
});

it("marks a delivered event's retry job done, and leaves one a worker has taken", async () => {
  const delivered: string[] = [];
  sandbox.onEvents = (ids) => delivered.push(...ids);
  const status = async (eventId: string) =>
    (
      await queryRows<{ status: string }>(
        database.db,
        sql`select status from jobs where unique_key = ${`sandbox-event:${eventId}`}`,
      )
    )[0]?.status;
  try {
    for (const tag of ['queued', 'running']) {
      const { intent } = await newIntent(`delivered-${tag}`);
      await sandbox.confirm(intent.id, {
        clientSecret: intent.clientSecret,
        card: card('4242424242424242'),
        returnUrl: '/orders',
      });
    }
    const [queued, running] = delivered as [string, string];
    await database.db.execute(
      sql`update jobs set status = 'running' where unique_key = ${`sandbox-event:${running}`}`,
    );
    await Promise.all([sandbox.eventDelivered(queued), sandbox.eventDelivered(running)]);
    expect([await status(queued), await status(running)]).toEqual(['done', 'running']);
  } finally {
    sandbox.onEvents = null;
  }
});
