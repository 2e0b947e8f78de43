/**
 * Off-session charges of a saved card (ADR 0037 "Charging"), the same story told to both providers: the
 * sandbox (its objects in the database: PGlite, and PostgreSQL under scripts/with-postgres.mjs) and the
 * Stripe adapter on the official SDK against the local fake Stripe. A card saved at checkout is charged
 * while the customer is away; the bank's answers come back as Stripe's test cards give them, and a failed
 * intent is then paid on-session (3-D Secure with the same card, or another card).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { createTestDatabase } from '../../../test/test-db';
import { startFakeStripe, type FakeStripe } from '../../../test/fake-stripe';
import {
  PaymentProviderError,
  type ChargeSavedCardInput,
  type PaymentProvider,
  type ProviderIntent,
} from './payment-provider';
import { SandboxPayments } from './sandbox-provider';

/** The saved cards the story uses, by what the bank does with them. */
type Card = 'visa' | 'authenticateAlways' | 'authenticateOnSetup' | 'declineAfterAttach';

interface Harness {
  provider: PaymentProvider;
  newCustomer(): Promise<string>;
  /** Saves the card as checkout does (an on-session payment with setup_future_usage, 3-D Secure approved). */
  saveAtCheckout(customerId: string, card: Exclude<Card, 'declineAfterAttach'>): Promise<string>;
  /** Saves 4000 0000 0000 0341 without a charge (Stripe's attach): it can never be charged. */
  attachDeclining(customerId: string): Promise<string>;
  /** The customer, back on-session, confirms the open intent with the saved card and passes 3-D Secure. */
  payWithSavedCard(intent: ProviderIntent, paymentMethodId: string): Promise<void>;
  /** … or with another card (4242). */
  payWithNewCard(intent: ProviderIntent): Promise<void>;
  /** The intents the provider holds whose metadata `visit` is this value (a retry must not make another). */
  intentsForVisit(visit: string): Promise<number>;
  /** The events the provider sent about an intent, by type, in order. */
  eventTypes(intentId: string): Promise<string[]>;
}

const FUTURE = { expMonth: 12, expYear: new Date().getUTCFullYear() + 3 };
const RETURN_URL = 'http://localhost:5173/orders';

let database: Database;
let fake: FakeStripe;
const sandboxEvents: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  fake = await startFakeStripe();
});
afterAll(async () => {
  await fake?.close();
  await database?.close();
});

let serial = 0;
const unique = (what: string) => `${what}-${++serial}-${Date.now()}`;

function sandboxHarness(): Harness {
  const sandbox = new SandboxPayments(database.db, {
    now: () => new Date(),
    publicUrl: 'http://localhost:5173',
  });
  sandbox.onEvents = (ids) => sandboxEvents.push(...ids);
  const numbers: Record<Exclude<Card, 'declineAfterAttach'>, string> = {
    visa: '4242 4242 4242 4242',
    authenticateAlways: '4000 0027 6000 3184',
    authenticateOnSetup: '4000 0025 0000 3155',
  };
  const confirmAndAuthenticate = async (
    intent: ProviderIntent,
    how: { paymentMethodId: string } | { card: { number: string } },
  ) => {
    const answer = await sandbox.confirm(intent.id, {
      clientSecret: intent.clientSecret,
      returnUrl: RETURN_URL,
      ...('card' in how ? { card: { ...how.card, ...FUTURE, cvc: '123' } } : how),
    });
    if (answer.redirectUrl) {
      const done = await sandbox.authenticate(intent.id, intent.clientSecret, true);
      expect(done.returnUrl).toBe(RETURN_URL);
    }
  };
  return {
    provider: sandbox,
    newCustomer: () =>
      sandbox.ensureCustomer({ userId: ++serial, email: 'c@example.com', name: 'Casey', existingId: null }),
    async saveAtCheckout(customerId, card) {
      const intent = await sandbox.createIntent({
        amountCents: 11715,
        customerId,
        description: 'First visit',
        metadata: {},
        setupFutureUsage: true,
        idempotencyKey: unique('checkout'),
      });
      await confirmAndAuthenticate(intent, { card: { number: numbers[card] } });
      const paid = await sandbox.retrieveIntent(intent.id);
      expect(paid.status).toBe('succeeded');
      return paid.paymentMethod!.id;
    },
    async attachDeclining(customerId) {
      return (await sandbox.attachCard(customerId, { number: '4000 0000 0000 0341', ...FUTURE })).id;
    },
    payWithSavedCard: (intent, paymentMethodId) => confirmAndAuthenticate(intent, { paymentMethodId }),
    payWithNewCard: (intent) => confirmAndAuthenticate(intent, { card: { number: numbers.visa } }),
    async intentsForVisit(visit) {
      const result = await database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from sandbox_objects
            where object = 'payment_intent' and data->'metadata'->>'visit' = ${visit}`,
      );
      return Number((result as { rows: { n: number }[] }).rows[0]!.n);
    },
    async eventTypes(intentId) {
      const types: string[] = [];
      for (const id of sandboxEvents) {
        const event = await sandbox.loadEvent(id);
        if (event && 'intent' in event && event.intent.id === intentId) types.push(event.type);
      }
      return types;
    },
  };
}

function stripeHarness(): Harness {
  const provider = fake.provider();
  // The official SDK for what the adapter does not do (attach a card without a charge), as a test would.
  const sdk = new Stripe(fake.secretKey, { host: '127.0.0.1', port: fake.port, protocol: 'http' });
  const tokens: Record<Exclude<Card, 'declineAfterAttach'>, string> = {
    visa: 'pm_card_visa',
    authenticateAlways: 'pm_card_authenticationRequired',
    authenticateOnSetup: 'pm_card_authenticationRequiredOnSetup',
  };
  const confirmAndAuthenticate = async (intent: ProviderIntent, paymentMethod: string) => {
    const answer = await fake.confirmAsBrowser(intent.clientSecret, paymentMethod, { returnUrl: RETURN_URL });
    if (answer.body.status === 'requires_action') fake.completeAuthentication(intent.id);
    else expect(answer.body).toMatchObject({ status: 'succeeded' });
  };
  return {
    provider,
    newCustomer: () =>
      provider.ensureCustomer({ userId: ++serial, email: 'c@example.com', name: 'Casey', existingId: null }),
    async saveAtCheckout(customerId, card) {
      const intent = await provider.createIntent({
        amountCents: 11715,
        customerId,
        description: 'First visit',
        metadata: {},
        setupFutureUsage: true,
        idempotencyKey: unique('checkout'),
      });
      await confirmAndAuthenticate(intent, tokens[card]);
      const paid = await provider.retrieveIntent(intent.id);
      expect(paid.status).toBe('succeeded');
      return paid.paymentMethod!.id;
    },
    async attachDeclining(customerId) {
      return (await sdk.paymentMethods.attach('pm_card_chargeCustomerFail', { customer: customerId })).id;
    },
    payWithSavedCard: (intent, paymentMethodId) => confirmAndAuthenticate(intent, paymentMethodId),
    payWithNewCard: (intent) => confirmAndAuthenticate(intent, tokens.visa),
    async intentsForVisit(visit) {
      return [...fake.paymentIntents.values()].filter((pi) => pi.metadata.visit === visit).length;
    },
    async eventTypes(intentId) {
      return fake.events
        .filter((e) => e.type.startsWith('payment_intent.') && e.data.object.id === intentId)
        .map((e) => e.type)
        .filter((t) => t !== 'payment_intent.created');
    },
  };
}

const rejection = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e,
  );

describe.each([
  ['sandbox', sandboxHarness],
  ['stripe', stripeHarness],
] as const)('chargeSavedCard (%s)', (_name, makeHarness) => {
  let h: Harness;
  beforeAll(() => {
    h = makeHarness();
  });

  const charge = (customerId: string, paymentMethodId: string, input: Partial<ChargeSavedCardInput> = {}) => {
    const visit = unique('visit');
    return h.provider.chargeSavedCard({
      customerId,
      paymentMethodId,
      amountCents: 11715,
      description: 'Every 2 weeks: house cleaning with Red Rock Cleaning',
      metadata: { visit, planId: '7' },
      idempotencyKey: `plan-visit-charge:${visit}:1`,
      ...input,
    });
  };

  it('charges a card saved at checkout (4242): succeeded, the money taken, the card listed by the same id', async () => {
    const customer = await h.newCustomer();
    const pm = await h.saveAtCheckout(customer, 'visa');
    expect((await h.provider.listCards(customer)).map((c) => c.id)).toContain(pm);
    const result = await charge(customer, pm);
    expect(result.kind).toBe('succeeded');
    expect(result.intent).toMatchObject({
      status: 'succeeded',
      amountCents: 11715,
      amountReceivedCents: 11715,
      customerId: customer,
      paymentMethod: { id: pm, last4: '4242' },
      lastError: null,
      setupFutureUsage: false,
    });
    expect(result.intent!.metadata).toMatchObject({ planId: '7' });
    expect(await h.eventTypes(result.intent!.id)).toEqual(['payment_intent.succeeded']);
  });

  it('goes through off-session for 4000 0025 0000 3155 once saved (the exemption), though it asked on-session', async () => {
    const customer = await h.newCustomer();
    const pm = await h.saveAtCheckout(customer, 'authenticateOnSetup');
    const result = await charge(customer, pm);
    expect(result).toMatchObject({ kind: 'succeeded', intent: { status: 'succeeded' } });
  });

  it('asks for the customer (SCA) on every off-session charge of 4000 0027 6000 3184; 3-D Secure on-session then pays it', async () => {
    const customer = await h.newCustomer();
    const pm = await h.saveAtCheckout(customer, 'authenticateAlways');
    const result = await charge(customer, pm);
    expect(result.kind).toBe('requires_action');
    const intent = result.intent!;
    // As Stripe leaves it: open for another confirmation, the bank's reason on it, nothing taken.
    expect(intent).toMatchObject({
      status: 'requires_payment_method',
      amountReceivedCents: 0,
      paymentMethod: { id: pm, last4: '3184' },
      lastError: {
        code: 'authentication_required',
        message: 'Your card was declined. This transaction requires authentication.',
      },
    });
    expect(intent.clientSecret).toMatch(/_secret_/);
    expect((await h.provider.retrieveIntent(intent.id)).clientSecret).toBe(intent.clientSecret);
    expect(await h.eventTypes(intent.id)).toEqual(['payment_intent.payment_failed']);

    await h.payWithSavedCard(intent, pm);
    const paid = await h.provider.retrieveIntent(intent.id);
    expect(paid).toMatchObject({
      status: 'succeeded',
      amountReceivedCents: 11715,
      paymentMethod: { id: pm },
    });
    expect((await h.eventTypes(intent.id)).at(-1)).toBe('payment_intent.succeeded');

    // The next visit's charge asks again: this card never goes through off-session.
    expect((await charge(customer, pm)).kind).toBe('requires_action');
  });

  it('declines every charge of 4000 0000 0000 0341 (attached without a charge); another card pays the intent', async () => {
    const customer = await h.newCustomer();
    const pm = await h.attachDeclining(customer);
    expect((await h.provider.listCards(customer)).map((c) => c.id)).toEqual([pm]);
    const result = await charge(customer, pm);
    expect(result).toMatchObject({
      kind: 'declined',
      code: 'card_declined',
      declineCode: 'generic_decline',
      message: 'Your card was declined.',
    });
    if (result.kind !== 'declined' || !result.intent) throw new Error('a declined intent was expected');
    expect(result.intent).toMatchObject({
      status: 'requires_payment_method',
      amountReceivedCents: 0,
      paymentMethod: { id: pm, last4: '0341' },
      lastError: { code: 'card_declined', message: 'Your card was declined.' },
    });
    expect(await h.eventTypes(result.intent.id)).toEqual(['payment_intent.payment_failed']);

    await h.payWithNewCard(result.intent);
    const paid = await h.provider.retrieveIntent(result.intent.id);
    expect(paid).toMatchObject({
      status: 'succeeded',
      amountReceivedCents: 11715,
      paymentMethod: { last4: '4242' },
    });
  });

  it('answers a repeat of the key with the same intent and charges once (a crash before the caller committed)', async () => {
    const customer = await h.newCustomer();
    const pm = await h.saveAtCheckout(customer, 'visa');
    const input = {
      metadata: { visit: unique('visit'), planId: '7' },
      idempotencyKey: unique('plan-visit-charge'),
    };
    const first = await charge(customer, pm, input);
    const again = await charge(customer, pm, input);
    expect(again.kind).toBe('succeeded');
    expect(again.intent!.id).toBe(first.intent!.id);
    expect(await h.intentsForVisit(input.metadata.visit)).toBe(1);
    expect(await h.eventTypes(first.intent!.id)).toEqual(['payment_intent.succeeded']);

    // A refusal is an answer too: the same key gives it again, with no second attempt at the bank.
    const declining = await h.attachDeclining(customer);
    const refusedInput = {
      metadata: { visit: unique('visit') },
      idempotencyKey: unique('plan-visit-charge'),
    };
    const refused = await charge(customer, declining, refusedInput);
    const refusedAgain = await charge(customer, declining, refusedInput);
    expect(refusedAgain).toEqual(refused);
    expect(await h.intentsForVisit(refusedInput.metadata.visit)).toBe(1);
  });

  it('two instances charging the same visit at once with the same key: one intent, both told it', async () => {
    const customer = await h.newCustomer();
    const pm = await h.saveAtCheckout(customer, 'visa');
    const input = { metadata: { visit: unique('visit') }, idempotencyKey: unique('plan-visit-charge') };
    const [a, b] = await Promise.all([charge(customer, pm, input), charge(customer, pm, input)]);
    expect(a.kind).toBe('succeeded');
    expect(b.intent!.id).toBe(a.intent!.id);
    expect(await h.intentsForVisit(input.metadata.visit)).toBe(1);
  });

  it('throws what it cannot charge at all as a final PaymentProviderError: another customer’s card, no such card', async () => {
    const customer = await h.newCustomer();
    const pm = await h.saveAtCheckout(customer, 'visa');
    const stranger = await h.newCustomer();
    const wrongCustomer = await rejection(charge(stranger, pm));
    expect(wrongCustomer).toBeInstanceOf(PaymentProviderError);
    expect(wrongCustomer).toMatchObject({ retryable: false });
    const missing = await rejection(charge(customer, 'pm_doesnotexist000000000000'));
    expect(missing).toBeInstanceOf(PaymentProviderError);
    expect(missing).toMatchObject({ retryable: false, code: 'resource_missing' });
    expect(await rejection(charge(customer, pm, { amountCents: 20 }))).toMatchObject({
      retryable: false,
      code: 'amount_too_small',
    });
  });
});

describe('chargeSavedCard (stripe): the wire and the provider’s trouble', () => {
  let h: Harness;
  let customer: string;
  let pm: string;
  beforeAll(async () => {
    h = stripeHarness();
    customer = await h.newCustomer();
    pm = await h.saveAtCheckout(customer, 'visa');
  });

  const input = (visit = unique('visit')): ChargeSavedCardInput => ({
    customerId: customer,
    paymentMethodId: pm,
    amountCents: 11715,
    description: 'Every 2 weeks: house cleaning',
    metadata: { visit },
    idempotencyKey: `plan-visit-charge:${visit}:1`,
  });

  it('creates and confirms one off-session, card-only PaymentIntent on the saved card with the key', async () => {
    const request = input();
    await h.provider.chargeSavedCard(request);
    const sent = fake.requests.filter((r) => r.path === '/v1/payment_intents' && r.method === 'POST').at(-1)!;
    expect(sent.idempotencyKey).toBe(request.idempotencyKey);
    expect(sent.params).toMatchObject({
      amount: '11715',
      currency: 'usd',
      customer,
      payment_method: pm,
      off_session: 'true',
      confirm: 'true',
      allowed_payment_method_types: ['card'],
      metadata: request.metadata,
    });
  });

  it('throws Stripe’s outage (500) and rate limit (429) as retryable, and a retry with the key charges once', async () => {
    const request = input();
    fake.failNext(1, 'api_error');
    const outage = await rejection(h.provider.chargeSavedCard(request));
    expect(outage).toBeInstanceOf(PaymentProviderError);
    expect(outage).toMatchObject({ retryable: true });
    fake.failNext(1, 'rate_limit');
    expect(await rejection(h.provider.chargeSavedCard(request))).toMatchObject({ retryable: true });
    const result = await h.provider.chargeSavedCard(request);
    expect(result.kind).toBe('succeeded');
    expect(await h.intentsForVisit(request.metadata.visit!)).toBe(1);
  });

  it('a lost answer (the charge made, the connection cut): asked again with the key, one intent, one charge', async () => {
    const request = input();
    fake.failNextOn('/v1/payment_intents', 'drop_after_processing');
    // The SDK asks again by itself once when the connection closes (with the same key, even with no
    // retries configured); the caller's own retry after a crash would be answered the same way.
    const result = await h.provider.chargeSavedCard(request);
    expect(result.kind).toBe('succeeded');
    expect(
      fake.requests
        .filter((r) => r.idempotencyKey === request.idempotencyKey)
        .map((r) => [r.status, r.replayed]),
    ).toEqual([
      [-1, false],
      [200, true],
    ]);
    const again = await h.provider.chargeSavedCard(request);
    expect(again.intent!.id).toBe(result.intent!.id);
    const intents = [...fake.paymentIntents.values()].filter(
      (pi) => pi.metadata.visit === request.metadata.visit,
    );
    expect(intents.map((pi) => pi.id)).toEqual([result.intent!.id]);
    const charges = [...fake.charges.values()].filter((c) => c.payment_intent === result.intent!.id);
    expect(charges).toHaveLength(1);
  });

  it('a lost answer, then Stripe down for the SDK’s second ask: thrown as retryable; the caller’s retry charges once', async () => {
    const request = input();
    fake.failNextOn('/v1/payment_intents', 'drop_after_processing', 'api_error');
    const lost = await rejection(h.provider.chargeSavedCard(request));
    expect(lost).toBeInstanceOf(PaymentProviderError);
    expect(lost).toMatchObject({ retryable: true });
    const retried = await h.provider.chargeSavedCard(request);
    expect(retried.kind).toBe('succeeded');
    expect(await h.intentsForVisit(request.metadata.visit!)).toBe(1);
    expect([...fake.charges.values()].filter((c) => c.payment_intent === retried.intent!.id)).toHaveLength(1);
  });
});

describe('saving a card without a charge (attach), as the bank checks it', () => {
  it('sandbox: 0341 is saved, 0002 and 9995 are declined and not saved, other numbers are refused', async () => {
    const sandbox = new SandboxPayments(database.db, {
      now: () => new Date(),
      publicUrl: 'http://localhost',
    });
    const customer = await sandbox.ensureCustomer({
      userId: ++serial,
      email: 'a@example.com',
      name: 'Avery',
      existingId: null,
    });
    const saved = await sandbox.attachCard(customer, { number: '4000000000000341', ...FUTURE });
    expect(saved).toMatchObject({ brand: 'visa', last4: '0341', ...FUTURE });
    for (const number of ['4000 0000 0000 0002', '4000 0000 0000 9995'])
      expect(await rejection(sandbox.attachCard(customer, { number, ...FUTURE }))).toMatchObject({
        code: 'card_declined',
        retryable: false,
      });
    expect(
      await rejection(sandbox.attachCard(customer, { number: '4111111111111111', ...FUTURE })),
    ).toMatchObject({ code: 'invalid_number' });
    expect((await sandbox.listCards(customer)).map((c) => c.id)).toEqual([saved.id]);
  });

  it('stripe (the fake): pm_card_chargeDeclined is refused with a 402 card_declined, nothing attached', async () => {
    const provider = fake.provider();
    const sdk = new Stripe(fake.secretKey, { host: '127.0.0.1', port: fake.port, protocol: 'http' });
    const customer = await provider.ensureCustomer({
      userId: ++serial,
      email: 'a@example.com',
      name: 'Avery',
      existingId: null,
    });
    const refused = await rejection(sdk.paymentMethods.attach('pm_card_chargeDeclined', { customer }));
    expect(refused).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(refused).toMatchObject({
      code: 'card_declined',
      decline_code: 'generic_decline',
      statusCode: 402,
    });
    expect(await provider.listCards(customer)).toEqual([]);
  });
});
