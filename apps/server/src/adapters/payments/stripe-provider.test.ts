/** The Stripe adapter (official SDK) against a local server speaking Stripe's API (test/fake-stripe.ts). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventFor,
  signedWebhook,
  startFakeStripe,
  STRIPE_MESSAGES,
  type FakeStripe,
  type FakeStripeEvent,
} from '../../../test/fake-stripe';
import {
  PaymentProviderError,
  WebhookSignatureError,
  type CreateIntentInput,
  type PaymentProvider,
} from './payment-provider';
import { createStripeProvider, isStripeCustomerId } from './stripe-provider';

let fake: FakeStripe;
let stripe: PaymentProvider;

beforeAll(async () => {
  fake = await startFakeStripe();
  stripe = fake.provider();
});
afterAll(() => fake.close());

const rejection = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e,
  );
const thrown = (fn: () => unknown) => {
  try {
    fn();
    return null;
  } catch (e) {
    return e;
  }
};

let serial = 0;
const unique = (what: string) => `${what}-${++serial}-${Date.now()}`;
let lastUserId = 1000;

async function newCustomer() {
  const userId = ++lastUserId;
  return stripe.ensureCustomer({
    userId,
    email: `c${userId}@example.com`,
    name: 'Casey Customer',
    existingId: null,
  });
}

async function newIntent(input: Partial<CreateIntentInput> = {}) {
  return stripe.createIntent({
    amountCents: 11715,
    customerId: input.customerId ?? (await newCustomer()),
    description: 'Lawn mowing with Red Rock Lawn Care (SG-7K2P9QXA)',
    metadata: { paymentId: '12', confirmationId: 'SG-7K2P9QXA' },
    setupFutureUsage: false,
    idempotencyKey: unique('checkout-payment'),
    ...input,
  });
}

/** An intent the customer paid in the browser with a test card. */
async function paidIntent(input: Partial<CreateIntentInput> = {}, card = 'pm_card_visa') {
  const intent = await newIntent(input);
  const answer = await fake.confirmAsBrowser(intent.clientSecret, card);
  expect(answer.body).toMatchObject({ status: 'succeeded' });
  return intent;
}

const lastRequest = (path: string | RegExp, method: 'GET' | 'POST' = 'POST') =>
  fake.requests
    .filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)))
    .at(-1)!;

function webhook(event: FakeStripeEvent, secret = fake.webhookSecret, timestamp?: number) {
  const signed = signedWebhook(secret, event, { timestamp });
  return { body: Buffer.from(signed.body), header: signed.headers['stripe-signature'] };
}

const emitted = (type: string, objectId: string) =>
  fake.events.filter((e) => e.type === type && (e.data.object as { id?: string }).id === objectId).at(-1)!;

describe('Stripe adapter: customers', () => {
  it('creates one customer per user (keyed by the user), with the user id in the metadata', async () => {
    const before = fake.customers.size;
    const input = { userId: 77, email: 'pat@example.com', name: 'Pat Jones', existingId: null };
    const first = await stripe.ensureCustomer(input);
    const again = await stripe.ensureCustomer(input);
    expect(first).toMatch(/^cus_/);
    expect(again).toBe(first);
    expect(fake.customers.size).toBe(before + 1);
    expect(fake.customers.get(first)).toMatchObject({
      email: 'pat@example.com',
      name: 'Pat Jones',
      metadata: { userId: '77' },
    });
    const calls = fake.requests.filter(
      (r) => r.path === '/v1/customers' && r.idempotencyKey === 'customer-user-77',
    );
    expect(calls.map((r) => r.replayed)).toEqual([false, true]);
  });

  it('a user whose details changed since the key was used still gets a customer', async () => {
    const first = await stripe.ensureCustomer({
      userId: 78,
      email: 'old@example.com',
      name: 'Sam',
      existingId: null,
    });
    const input = { userId: 78, email: 'new@example.com', name: 'Sam', existingId: null };
    const second = await stripe.ensureCustomer(input);
    expect(second).not.toBe(first);
    expect(fake.customers.get(second)!.email).toBe('new@example.com');
    // …and a retry of that creation is still answered with the same customer.
    expect(await stripe.ensureCustomer(input)).toBe(second);
    const keys = fake.requests
      .filter((r) => r.path === '/v1/customers')
      .map((r) => [r.idempotencyKey, r.status]);
    expect(keys.slice(-5)).toEqual([
      ['customer-user-78', 200],
      ['customer-user-78', 400],
      [expect.stringMatching(/^customer-user-78-[0-9a-f]{16}$/), 200],
      ['customer-user-78', 400],
      [expect.stringMatching(/^customer-user-78-[0-9a-f]{16}$/), 200],
    ]);
  });

  it("reuses a Stripe customer id, and replaces the sandbox's", async () => {
    const count = fake.count('/v1/customers');
    expect(
      await stripe.ensureCustomer({ userId: 5, email: 'a@b.c', name: 'A', existingId: 'cus_Q2xYz9Lm3Nb4Vc' }),
    ).toBe('cus_Q2xYz9Lm3Nb4Vc');
    expect(fake.count('/v1/customers')).toBe(count);
    const sandboxId = `cus_sbx${'0a1b2c3d'.repeat(3)}`;
    const replaced = await stripe.ensureCustomer({
      userId: 6,
      email: 'd@e.f',
      name: 'D',
      existingId: sandboxId,
    });
    expect(replaced).not.toBe(sandboxId);
    expect(fake.customers.has(replaced)).toBe(true);
    expect(isStripeCustomerId('cus_sandbox_6')).toBe(false);
    expect(isStripeCustomerId('pm_123')).toBe(false);
    expect(isStripeCustomerId(null)).toBe(false);
  });
});

describe('Stripe adapter: payment intents', () => {
  it('creates a card-only intent for the customer; the same key twice makes one intent', async () => {
    const customerId = await newCustomer();
    const idempotencyKey = unique('checkout-payment');
    const before = fake.paymentIntents.size;
    const input = {
      amountCents: 11715,
      customerId,
      description: 'Lawn mowing (SG-7K2P9QXA)',
      metadata: { paymentId: '12', confirmationId: 'SG-7K2P9QXA' },
      setupFutureUsage: false,
      idempotencyKey,
    };
    const intent = await stripe.createIntent(input);
    const again = await stripe.createIntent(input);
    expect(again).toEqual(intent);
    expect(fake.paymentIntents.size).toBe(before + 1);
    const calls = fake.requests.filter(
      (r) => r.path === '/v1/payment_intents' && r.idempotencyKey === idempotencyKey,
    );
    expect(calls.map((r) => [r.status, r.replayed])).toEqual([
      [200, false],
      [200, true],
    ]);
    expect(calls[0]!.params).toMatchObject({
      amount: '11715',
      currency: 'usd',
      customer: customerId,
      allowed_payment_method_types: ['card'],
      description: 'Lawn mowing (SG-7K2P9QXA)',
      metadata: { paymentId: '12', confirmationId: 'SG-7K2P9QXA' },
    });
    expect(calls[0]!.params.setup_future_usage).toBeUndefined();
    expect(intent).toEqual({
      id: expect.stringMatching(/^pi_/),
      status: 'requires_payment_method',
      amountCents: 11715,
      amountReceivedCents: 0,
      clientSecret: expect.stringMatching(new RegExp(`^${intent.id}_secret_`)),
      customerId,
      metadata: { paymentId: '12', confirmationId: 'SG-7K2P9QXA' },
      paymentMethod: null,
      lastError: null,
      setupFutureUsage: false,
    });

    // The same key with another amount is refused, for good.
    const reused = await rejection(stripe.createIntent({ ...input, amountCents: 999 }));
    expect(reused).toBeInstanceOf(PaymentProviderError);
    expect(reused).toMatchObject({ code: 'idempotency_error', retryable: false });
    expect(fake.paymentIntents.size).toBe(before + 1);
  });

  it('refuses an amount under $0.50 as a final error', async () => {
    const err = await rejection(newIntent({ amountCents: 49 }));
    expect(err).toBeInstanceOf(PaymentProviderError);
    expect(err).toMatchObject({ code: 'amount_too_small', retryable: false });
  });

  it('keeps the card when asked, and changes or clears the choice before paying', async () => {
    const intent = await newIntent({ setupFutureUsage: true });
    expect(intent.setupFutureUsage).toBe(true);
    expect(lastRequest('/v1/payment_intents').params.setup_future_usage).toBe('off_session');

    const off = await stripe.updateIntent(intent.id, { setupFutureUsage: false });
    expect(off.setupFutureUsage).toBe(false);
    const clear = lastRequest(`/v1/payment_intents/${intent.id}`);
    // Stripe clears a field with an empty string.
    expect(clear.params.setup_future_usage).toBe('');
    expect(fake.paymentIntents.get(intent.id)!.setup_future_usage).toBeNull();

    const on = await stripe.updateIntent(intent.id, { setupFutureUsage: true });
    expect(on.setupFutureUsage).toBe(true);
    expect(fake.paymentIntents.get(intent.id)!.setup_future_usage).toBe('off_session');
    const updates = fake.requests.filter((r) => r.path === `/v1/payment_intents/${intent.id}`);
    expect(updates).toHaveLength(2);
    for (const u of updates) expect(u.idempotencyKey).toMatch(new RegExp(`^intent-update-${intent.id}-`));
    // on → off → on: the second "on" is carried out, not answered from an earlier request.
    expect(new Set(updates.map((u) => u.idempotencyKey)).size).toBe(2);
    expect(updates.every((u) => !u.replayed)).toBe(true);
  });

  it('retrieves a paid intent with its card (the payment method expanded)', async () => {
    const intent = await paidIntent();
    const paid = await stripe.retrieveIntent(intent.id);
    const pmId = fake.paymentIntents.get(intent.id)!.payment_method!;
    const pm = fake.paymentMethods.get(pmId)!;
    expect(paid).toMatchObject({
      id: intent.id,
      status: 'succeeded',
      amountCents: 11715,
      amountReceivedCents: 11715,
      lastError: null,
      paymentMethod: {
        id: pmId,
        brand: 'visa',
        last4: '4242',
        expMonth: pm.card.exp_month,
        expYear: pm.card.exp_year,
      },
    });
    expect(pmId).toMatch(/^pm_/);
    expect(lastRequest(`/v1/payment_intents/${intent.id}`, 'GET').params.expand).toEqual(['payment_method']);
  });

  it("a declined card leaves the intent waiting for another card, with Stripe's message", async () => {
    const intent = await newIntent();
    const answer = await fake.confirmAsBrowser(intent.clientSecret, 'pm_card_chargeDeclined');
    expect(answer.status).toBe(402);
    expect(answer.body).toMatchObject({
      error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    });
    const declined = await stripe.retrieveIntent(intent.id);
    expect(declined).toMatchObject({
      status: 'requires_payment_method',
      amountReceivedCents: 0,
      lastError: { code: 'card_declined', message: 'Your card was declined.' },
      // The card that was tried, from the refusal.
      paymentMethod: { brand: 'visa', last4: '0002' },
    });

    await fake.confirmAsBrowser(intent.clientSecret, 'pm_card_visa_chargeDeclinedInsufficientFunds');
    expect((await stripe.retrieveIntent(intent.id)).lastError).toEqual({
      code: 'card_declined',
      message: STRIPE_MESSAGES.insufficientFunds,
    });

    // Another card then pays; the refusal is gone.
    await fake.confirmAsBrowser(intent.clientSecret, 'pm_card_visa');
    expect(await stripe.retrieveIntent(intent.id)).toMatchObject({
      status: 'succeeded',
      lastError: null,
      paymentMethod: { last4: '4242' },
    });
  });

  it('3-D Secure: requires_action until the customer completes, or fails, authentication', async () => {
    const intent = await newIntent();
    const answer = await fake.confirmAsBrowser(intent.clientSecret, 'pm_card_authenticationRequired', {
      returnUrl: 'http://localhost:3000/vendors/1?open_payment_gateway=true',
    });
    expect(answer.body).toMatchObject({
      status: 'requires_action',
      next_action: { type: 'redirect_to_url' },
    });
    expect((await stripe.retrieveIntent(intent.id)).status).toBe('requires_action');
    fake.completeAuthentication(intent.id);
    expect(await stripe.retrieveIntent(intent.id)).toMatchObject({
      status: 'succeeded',
      amountReceivedCents: 11715,
      paymentMethod: { last4: '3184' },
    });

    const failing = await newIntent();
    await fake.confirmAsBrowser(failing.clientSecret, 'pm_card_authenticationRequired');
    fake.completeAuthentication(failing.id, 'fail');
    expect(await stripe.retrieveIntent(failing.id)).toMatchObject({
      status: 'requires_payment_method',
      lastError: {
        code: 'payment_intent_authentication_failure',
        message: STRIPE_MESSAGES.authenticationFailed,
      },
    });
  });

  it('cancels an unpaid intent; a paid or canceled one comes back as it is', async () => {
    const open = await newIntent();
    const canceled = await stripe.cancelIntent(open.id, unique('hold-expired'));
    expect(canceled.status).toBe('canceled');
    expect(lastRequest(`/v1/payment_intents/${open.id}/cancel`).idempotencyKey).toMatch(/^hold-expired-/);
    // Again with another key: Stripe refuses, the adapter answers the intent as it is.
    expect((await stripe.cancelIntent(open.id, unique('hold-expired'))).status).toBe('canceled');

    const paid = await paidIntent();
    const notCanceled = await stripe.cancelIntent(paid.id, unique('hold-expired'));
    expect(notCanceled).toMatchObject({ id: paid.id, status: 'succeeded', amountReceivedCents: 11715 });
    expect(lastRequest(`/v1/payment_intents/${paid.id}/cancel`).status).toBe(400);
    expect(fake.paymentIntents.get(paid.id)!.status).toBe('succeeded');

    const unknown = await rejection(stripe.cancelIntent('pi_doesnotexist', unique('hold-expired')));
    expect(unknown).toBeInstanceOf(PaymentProviderError);
    expect(unknown).toMatchObject({ code: 'resource_missing', retryable: false });
    expect(await rejection(stripe.retrieveIntent('pi_doesnotexist'))).toMatchObject({
      code: 'resource_missing',
      retryable: false,
    });
  });
});

describe('Stripe adapter: saved cards', () => {
  it('lists the cards kept with setup_future_usage, newest first, and pays again with one', async () => {
    const customerId = await newCustomer();
    expect(await stripe.listCards(customerId)).toEqual([]);
    await paidIntent({ customerId, setupFutureUsage: true }, 'pm_card_visa');
    await paidIntent({ customerId, setupFutureUsage: false }, 'pm_card_mastercard');
    // Chosen in the Payment Element at the last moment (confirm's own setup_future_usage).
    const third = await newIntent({ customerId });
    await fake.confirmAsBrowser(third.clientSecret, 'pm_card_amex', { setupFutureUsage: true });

    const cards = await stripe.listCards(customerId);
    expect(cards.map((c) => [c.brand, c.last4])).toEqual([
      ['amex', '8431'],
      ['visa', '4242'],
    ]);
    expect(cards[0]).toEqual({
      id: expect.stringMatching(/^pm_/),
      brand: 'amex',
      last4: '8431',
      expMonth: expect.any(Number),
      expYear: expect.any(Number),
    });
    expect(lastRequest(`/v1/customers/${customerId}/payment_methods`, 'GET').params).toMatchObject({
      type: 'card',
    });

    // The saved visa pays the next booking (confirmCardPayment with the pm id).
    const next = await newIntent({ customerId });
    await fake.confirmAsBrowser(next.clientSecret, cards[1]!.id);
    expect((await stripe.retrieveIntent(next.id)).paymentMethod).toEqual(cards[1]);
    expect(await stripe.listCards(customerId)).toHaveLength(2);
    // Another customer's card is not theirs to use.
    const stranger = await newIntent();
    expect((await fake.confirmAsBrowser(stranger.clientSecret, cards[1]!.id)).status).toBe(400);
  });
});

describe('Stripe adapter: refunds', () => {
  it('refunds in parts and in full, once per key, with our reason in the metadata', async () => {
    const intent = await paidIntent({ amountCents: 10_000 });
    const key = unique('refund');
    const part = await stripe.refund({
      paymentIntentId: intent.id,
      amountCents: 2_500,
      reason: 'Customer cancelled the add-on',
      idempotencyKey: key,
    });
    expect(part).toEqual({
      id: expect.stringMatching(/^re_/),
      status: 'succeeded',
      amountCents: 2_500,
      paymentIntentId: intent.id,
    });
    expect(lastRequest('/v1/refunds').params).toEqual({
      payment_intent: intent.id,
      amount: '2500',
      reason: 'requested_by_customer',
      metadata: { reason: 'Customer cancelled the add-on' },
    });
    // A retry of the same refund is answered, not repeated.
    const retried = await stripe.refund({
      paymentIntentId: intent.id,
      amountCents: 2_500,
      reason: 'Customer cancelled the add-on',
      idempotencyKey: key,
    });
    expect(retried.id).toBe(part.id);
    expect(fake.charges.get(fake.paymentIntents.get(intent.id)!.latest_charge!)!.amount_refunded).toBe(2_500);

    const rest = await stripe.refund({
      paymentIntentId: intent.id,
      amountCents: 7_500,
      reason: 'x'.repeat(800),
      idempotencyKey: unique('refund'),
    });
    expect(rest.amountCents).toBe(7_500);
    expect((lastRequest('/v1/refunds').params.metadata as Record<string, string>).reason).toHaveLength(500);
    expect(fake.charges.get(fake.paymentIntents.get(intent.id)!.latest_charge!)).toMatchObject({
      amount_refunded: 10_000,
      refunded: true,
    });

    const more = await rejection(
      stripe.refund({
        paymentIntentId: intent.id,
        amountCents: 1,
        reason: 'again',
        idempotencyKey: unique('refund'),
      }),
    );
    expect(more).toBeInstanceOf(PaymentProviderError);
    expect(more).toMatchObject({ code: 'charge_already_refunded', retryable: false });
  });

  it('refuses a refund larger than what is left, as Stripe does', async () => {
    const intent = await paidIntent({ amountCents: 5_000 });
    const err = await rejection(
      stripe.refund({
        paymentIntentId: intent.id,
        amountCents: 6_000,
        reason: 'too much',
        idempotencyKey: unique('refund'),
      }),
    );
    expect(err).toBeInstanceOf(PaymentProviderError);
    expect(err).toMatchObject({
      code: 'amount_too_large',
      retryable: false,
      message: 'Refund amount ($60.00) is greater than unrefunded amount on charge ($50.00)',
    });
    const unpaid = await newIntent();
    expect(
      await rejection(
        stripe.refund({
          paymentIntentId: unpaid.id,
          amountCents: 100,
          reason: 'x',
          idempotencyKey: unique('refund'),
        }),
      ),
    ).toMatchObject({ retryable: false });
  });
});

describe('Stripe adapter: connected accounts and transfers', () => {
  it("creates the vendor's connected account (no Stripe Dashboard, requirements collected by the platform) once per key and reads its onboarding and bank", async () => {
    const idempotencyKey = unique('vendor-account');
    const created = await stripe.createConnectedAccount({
      vendorId: 31,
      email: 'owner@redrock.example',
      idempotencyKey,
    });
    expect(created).toEqual({
      id: expect.stringMatching(/^acct_/),
      chargesEnabled: false,
      payoutsEnabled: false,
      detailsSubmitted: false,
      bankLast4: null,
      bankName: null,
      currentlyDue: ['external_account', 'tos_acceptance.date'],
    });
    expect(lastRequest('/v1/accounts').params).toEqual({
      controller: {
        stripe_dashboard: { type: 'none' },
        fees: { payer: 'application' },
        losses: { payments: 'application' },
        requirement_collection: 'application',
      },
      country: 'US',
      email: 'owner@redrock.example',
      metadata: { vendorId: '31' },
      capabilities: { transfers: { requested: 'true' } },
    });
    const again = await stripe.createConnectedAccount({
      vendorId: 31,
      email: 'owner@redrock.example',
      idempotencyKey,
    });
    expect(again.id).toBe(created.id);
    expect([...fake.accounts.values()].filter((a) => a.metadata.vendorId === '31')).toHaveLength(1);

    fake.completeOnboarding(created.id, { last4: '6789', bankName: 'STRIPE TEST BANK' });
    expect(await stripe.retrieveAccount(created.id)).toEqual({
      id: created.id,
      chargesEnabled: true,
      payoutsEnabled: true,
      detailsSubmitted: true,
      bankLast4: '6789',
      bankName: 'STRIPE TEST BANK',
      currentlyDue: [],
    });
    expect(await rejection(stripe.retrieveAccount('acct_nope'))).toMatchObject({
      code: 'resource_missing',
      retryable: false,
    });
  });

  it('transfers to an onboarded account once per key; one still onboarding is refused', async () => {
    const account = await stripe.createConnectedAccount({
      vendorId: 32,
      email: 'v32@example.com',
      idempotencyKey: unique('vendor-account'),
    });
    const refused = await rejection(
      stripe.createTransfer({
        amountCents: 9_000,
        destination: account.id,
        metadata: {},
        idempotencyKey: unique('payout'),
      }),
    );
    expect(refused).toBeInstanceOf(PaymentProviderError);
    expect(refused).toMatchObject({ code: 'insufficient_capabilities_for_transfer', retryable: false });

    fake.completeOnboarding(account.id);
    const input = {
      amountCents: 9_000,
      destination: account.id,
      metadata: { orderId: '44' },
      idempotencyKey: unique('payout-order-44'),
    };
    const transfer = await stripe.createTransfer(input);
    expect(transfer).toEqual({
      id: expect.stringMatching(/^tr_/),
      amountCents: 9_000,
      destination: account.id,
      sourceTransaction: null,
      metadata: { orderId: '44' },
    });
    expect(lastRequest('/v1/transfers').params).toEqual({
      amount: '9000',
      currency: 'usd',
      destination: account.id,
      metadata: { orderId: '44' },
    });
    expect((await stripe.createTransfer(input)).id).toBe(transfer.id);
    expect([...fake.transfers.values()].filter((t) => t.destination === account.id)).toHaveLength(1);
  });

  it("funds a transfer from the payment's charge (source_transaction), never more than the charge holds", async () => {
    const account = await stripe.createConnectedAccount({
      vendorId: 33,
      email: 'v33@example.com',
      idempotencyKey: unique('vendor-account'),
    });
    fake.completeOnboarding(account.id);
    const intent = await paidIntent({ amountCents: 10_000 });
    const chargeId = fake.paymentIntents.get(intent.id)!.latest_charge!;
    const key = unique('payout-order-45');
    const input = {
      amountCents: 8_500,
      destination: account.id,
      metadata: { orderId: '45', payoutKey: key },
      idempotencyKey: key,
      sourcePaymentIntentId: intent.id,
    };
    const transfer = await stripe.createTransfer(input);
    expect(transfer).toMatchObject({ amountCents: 8_500, sourceTransaction: chargeId });
    expect(lastRequest('/v1/transfers').params).toMatchObject({ source_transaction: chargeId });
    // The same key answers the same transfer (the retry after a lost answer or a failed commit).
    const again = await stripe.createTransfer(input);
    expect(again.id).toBe(transfer.id);
    expect(lastRequest('/v1/transfers').replayed).toBe(true);

    // Found again by its metadata (what a retry does once Stripe may have forgotten the key).
    const found = await stripe.findTransfer({
      destination: account.id,
      metadataKey: 'payoutKey',
      metadataValue: key,
      createdAfter: new Date(Date.now() - 3_600_000),
    });
    expect(found?.id).toBe(transfer.id);
    expect(
      await stripe.findTransfer({
        destination: account.id,
        metadataKey: 'payoutKey',
        metadataValue: 'payout-order-nope',
        createdAfter: new Date(Date.now() - 3_600_000),
      }),
    ).toBeNull();

    // The charge has 15.00 left: a transfer of 20.00 from it is refused, and not worth retrying.
    const tooMuch = await rejection(
      stripe.createTransfer({ ...input, amountCents: 2_000, idempotencyKey: unique('payout-too-much') }),
    );
    expect(tooMuch).toMatchObject({ code: 'balance_insufficient', retryable: false });
    // An intent that was never paid has no charge to fund anything.
    const unpaid = await newIntent();
    const noCharge = await rejection(
      stripe.createTransfer({ ...input, sourcePaymentIntentId: unpaid.id, idempotencyKey: unique('p') }),
    );
    expect(noCharge).toMatchObject({ code: 'charge_missing', retryable: false });
  });
});

describe('Stripe adapter: webhooks', () => {
  it('accepts a body signed with the endpoint secret', async () => {
    const intent = await paidIntent();
    const event = emitted('payment_intent.succeeded', intent.id);
    const { body, header } = webhook(event);
    expect(stripe.parseWebhook(body, header)).toMatchObject({
      id: event.id,
      type: 'payment_intent.succeeded',
      intent: { id: intent.id, status: 'succeeded', amountReceivedCents: 11715, metadata: intent.metadata },
    });
  });

  it('rejects a tampered body, a wrong secret, an old timestamp and a missing or malformed header', () => {
    const event = eventFor('payment_intent.succeeded', { id: 'pi_x', object: 'payment_intent', amount: 100 });
    const { body, header } = webhook(event);
    const tampered = Buffer.from(body.toString().replace('"amount": 100', '"amount": 1'));
    expect(tampered.equals(body)).toBe(false);
    const cases: [Buffer, string | undefined][] = [
      [tampered, header],
      [body, webhook(event, 'whsec_someone_else').header],
      [body, webhook(event, fake.webhookSecret, Math.floor(Date.now() / 1000) - 600).header],
      [body, undefined],
      [body, 'garbage'],
      [Buffer.from(''), header],
    ];
    for (const [raw, sig] of cases)
      expect(thrown(() => stripe.parseWebhook(raw, sig))).toBeInstanceOf(WebhookSignatureError);
    // Re-serialising the JSON breaks the signature too: the raw body is what is signed.
    const reserialised = Buffer.from(JSON.stringify(JSON.parse(body.toString())));
    expect(thrown(() => stripe.parseWebhook(reserialised, header))).toBeInstanceOf(WebhookSignatureError);
    // Within the five minutes Stripe allows.
    const recent = webhook(event, fake.webhookSecret, Math.floor(Date.now() / 1000) - 120);
    expect(stripe.parseWebhook(recent.body, recent.header).type).toBe('payment_intent.succeeded');
  });

  it('maps each event type the app handles', async () => {
    const parse = (event: FakeStripeEvent) => {
      const { body, header } = webhook(event);
      return stripe.parseWebhook(body, header);
    };

    const declined = await newIntent();
    await fake.confirmAsBrowser(declined.clientSecret, 'pm_card_chargeDeclined');
    expect(parse(emitted('payment_intent.payment_failed', declined.id))).toMatchObject({
      type: 'payment_intent.payment_failed',
      intent: {
        id: declined.id,
        status: 'requires_payment_method',
        lastError: { code: 'card_declined', message: 'Your card was declined.' },
        paymentMethod: { last4: '0002' },
      },
    });

    const open = await newIntent();
    await stripe.cancelIntent(open.id, unique('cancel'));
    expect(parse(emitted('payment_intent.canceled', open.id))).toMatchObject({
      type: 'payment_intent.canceled',
      intent: { id: open.id, status: 'canceled' },
    });

    const paid = await paidIntent({ amountCents: 8_000 });
    const refund = await stripe.refund({
      paymentIntentId: paid.id,
      amountCents: 3_000,
      reason: 'partial',
      idempotencyKey: unique('refund'),
    });
    const chargeId = fake.paymentIntents.get(paid.id)!.latest_charge!;
    const refunded = emitted('charge.refunded', chargeId);
    expect(parse(refunded)).toEqual({
      id: refunded.id,
      type: 'charge.refunded',
      paymentIntentId: paid.id,
      amountRefundedCents: 3_000,
      refundIds: [],
    });
    // When the charge carries its refunds (an expanded list), their ids come along.
    const withRefunds = eventFor('charge.refunded', {
      ...refunded.data.object,
      refunds: {
        object: 'list',
        data: [{ id: refund.id, object: 'refund', amount: 3_000 }],
        has_more: false,
      },
    });
    expect(parse(withRefunds)).toMatchObject({ refundIds: [refund.id] });

    const dispute = eventFor('charge.dispute.created', {
      id: 'dp_1Qx',
      object: 'dispute',
      amount: 8_000,
      charge: chargeId,
      payment_intent: paid.id,
      reason: 'fraudulent',
      status: 'needs_response',
      currency: 'usd',
    });
    expect(parse(dispute)).toEqual({
      id: dispute.id,
      type: 'charge.dispute.created',
      paymentIntentId: paid.id,
      amountCents: 8_000,
      reason: 'fraudulent',
    });

    const account = await stripe.createConnectedAccount({
      vendorId: 33,
      email: 'v33@example.com',
      idempotencyKey: unique('vendor-account'),
    });
    fake.completeOnboarding(account.id, { last4: '1116', bankName: 'WELLS FARGO' });
    expect(parse(emitted('account.updated', account.id))).toMatchObject({
      type: 'account.updated',
      account: {
        id: account.id,
        chargesEnabled: true,
        payoutsEnabled: true,
        detailsSubmitted: true,
        bankLast4: '1116',
        bankName: 'WELLS FARGO',
      },
    });

    const customerId = await newCustomer();
    const created = emitted('customer.created', customerId);
    expect(parse(created)).toEqual({ id: created.id, type: 'other', originalType: 'customer.created' });
  });
});

describe('Stripe adapter: failures', () => {
  it('an unreachable Stripe is a retryable PaymentProviderError', async () => {
    const gone = await startFakeStripe();
    const provider = gone.provider({ timeoutMs: 1_000 });
    await gone.close();
    for (const attempt of [
      provider.createIntent({
        amountCents: 5_000,
        customerId: 'cus_x',
        description: 'x',
        metadata: {},
        setupFutureUsage: false,
        idempotencyKey: unique('checkout-payment'),
      }),
      provider.retrieveIntent('pi_x'),
      provider.refund({
        paymentIntentId: 'pi_x',
        amountCents: 1,
        reason: 'x',
        idempotencyKey: unique('refund'),
      }),
    ]) {
      const err = await rejection(attempt);
      expect(err).toBeInstanceOf(PaymentProviderError);
      expect(err).toMatchObject({ code: 'connection_error', retryable: true });
    }
  });

  it("Stripe's own failures and rate limits are retryable; a bad key is too (the operator fixes it)", async () => {
    fake.failNext(1, 'api_error');
    expect(await rejection(stripe.retrieveIntent('pi_x'))).toMatchObject({ retryable: true });
    fake.failNext(1, 'rate_limit');
    expect(await rejection(stripe.retrieveIntent('pi_x'))).toMatchObject({
      code: 'rate_limit',
      retryable: true,
    });
    const wrongKey = createStripeProvider({
      secretKey: 'sk_test_wrong',
      publishableKey: fake.publishableKey,
      webhookSecret: fake.webhookSecret,
      apiBase: fake.url,
      maxNetworkRetries: 0,
    });
    const err = await rejection(wrongKey.retrieveIntent('pi_x'));
    expect(err).toBeInstanceOf(PaymentProviderError);
    expect(err).toMatchObject({ code: 'authentication_error', retryable: true });
  });

  it('retries a 500 and a lost answer with the same key: one intent, one refund', async () => {
    const retrying = fake.provider({ maxNetworkRetries: 1 });
    const customerId = await newCustomer();
    const before = fake.paymentIntents.size;
    const key = unique('checkout-payment');
    fake.failNext(1, 'api_error');
    const intent = await retrying.createIntent({
      amountCents: 6_000,
      customerId,
      description: 'retry',
      metadata: {},
      setupFutureUsage: false,
      idempotencyKey: key,
    });
    expect(fake.requests.filter((r) => r.idempotencyKey === key).map((r) => r.status)).toEqual([500, 200]);
    expect(fake.paymentIntents.size).toBe(before + 1);

    // The refund is made, then the connection drops before the answer: the SDK asks again with the same
    // key and is answered with the refund already made.
    await fake.confirmAsBrowser(intent.clientSecret, 'pm_card_visa');
    const refundKey = unique('refund');
    const refundsBefore = fake.refunds.size;
    fake.failNext(1, 'drop_after_processing');
    const refund = await stripe.refund({
      paymentIntentId: intent.id,
      amountCents: 6_000,
      reason: 'lost answer',
      idempotencyKey: refundKey,
    });
    expect(fake.refunds.size).toBe(refundsBefore + 1);
    expect(fake.refunds.has(refund.id)).toBe(true);
    expect(fake.requests.filter((r) => r.idempotencyKey === refundKey).map((r) => r.replayed)).toEqual([
      false,
      true,
    ]);
  });
});
