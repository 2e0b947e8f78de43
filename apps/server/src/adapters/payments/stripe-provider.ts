/**
 * Stripe (ARCHITECTURE §4, §5a): the real PaymentProvider on the official `stripe` SDK — customers,
 * card-only PaymentIntents for the Payment Element (optionally saving the card off-session), refunds,
 * Express connected accounts and transfers for vendors' payouts, and webhooks verified on the raw body.
 * Every write carries an idempotency key, so a retry after a crash never moves money twice. `apiBase`
 * points the SDK at another host (tests use a local fake server; nothing here talks to Stripe by itself).
 * The SDK's errors become PaymentProviderError: refusals (cards, invalid requests) are final, network
 * trouble, rate limits and Stripe's own failures are worth retrying.
 */
import { createHash, randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import {
  PaymentProviderError,
  WebhookSignatureError,
  type CardDetails,
  type ChargeSavedCardInput,
  type ConnectedAccount,
  type CreateIntentInput,
  type IntentStatus,
  type PaymentEvent,
  type PaymentProvider,
  type ProviderIntent,
  type ProviderRefund,
  type ProviderTransfer,
  type SavedCardCharge,
} from './payment-provider';

export interface StripeProviderOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Where the API lives, e.g. 'http://127.0.0.1:4567' for a local fake. Default https://api.stripe.com */
  apiBase?: string;
  /** Per request (the SDK's default is 80 s; a checkout should not wait that long). Default 20 s. */
  timeoutMs?: number;
  /** The SDK's automatic retries (with the same idempotency key) on network errors, 409 and 5xx. Default 2. */
  maxNetworkRetries?: number;
}

const DEFAULT_TIMEOUT_MS = 20_000;
const DEFAULT_RETRIES = 2;
/** Stripe's limit on one metadata value. */
const METADATA_VALUE_MAX = 500;
/** Every answer that carries a PaymentIntent brings its card along (brand, last 4, expiry). */
const EXPAND_CARD = ['payment_method'];
/** Stripe's error code when an intent's state forbids the call (cancel after success, …). */
const UNEXPECTED_STATE = 'payment_intent_unexpected_state';
/** Stripe's code (and decline code) for an off-session charge the bank wants authenticated (SCA). */
const AUTHENTICATION_REQUIRED = 'authentication_required';

const { errors } = Stripe;

/** The SDK's host/port/protocol for an API base URL. */
function addressOf(apiBase: string): { host: string; port: number; protocol: 'http' | 'https' } {
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  const port = url.port ? Number(url.port) : protocol === 'http' ? 80 : 443;
  return { host: url.hostname, port, protocol };
}

/**
 * An id this Stripe account could have issued: a `cus_…` that is not one of the sandbox's
 * (`cus_sbx` + 24 hex digits) nor anything marked sandbox. A switch from the sandbox to Stripe therefore
 * makes a new customer instead of failing every checkout with "No such customer".
 */
export function isStripeCustomerId(id: string | null): id is string {
  if (!id || !id.startsWith('cus_') || id.includes('sandbox')) return false;
  return !/^cus_sbx[0-9a-f]{24}$/.test(id);
}

/** The SDK's error as ours; anything that is not the SDK's passes through unchanged. */
export function providerErrorOf(err: unknown): unknown {
  if (!(err instanceof errors.StripeError)) return err;
  const message = err.message || 'The payment provider refused the request.';
  if (err instanceof errors.StripeCardError)
    return new PaymentProviderError(message, err.code ?? 'card_declined', false);
  if (err instanceof errors.StripeIdempotencyError)
    return new PaymentProviderError(message, 'idempotency_error', false);
  if (err instanceof errors.StripeInvalidRequestError)
    return new PaymentProviderError(message, err.code ?? 'invalid_request_error', false);
  if (err instanceof errors.StripeRateLimitError)
    return new PaymentProviderError(message, err.code ?? 'rate_limit', true);
  if (err instanceof errors.StripeConnectionError)
    return new PaymentProviderError(message, 'connection_error', true);
  // A wrong or revoked key is the operator's to fix; money owed (refunds, payouts) must keep being retried
  // until then rather than be written off as refused.
  if (err instanceof errors.StripeAuthenticationError || err instanceof errors.StripePermissionError)
    return new PaymentProviderError(message, err.code ?? 'authentication_error', true);
  // StripeAPIError (5xx) and anything new: Stripe's side, worth another try.
  return new PaymentProviderError(message, err.code ?? 'api_error', true);
}

async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (err) {
    throw providerErrorOf(err);
  }
}

const STATUSES: Record<Stripe.PaymentIntent.Status, IntentStatus> = {
  requires_payment_method: 'requires_payment_method',
  requires_confirmation: 'requires_confirmation',
  requires_action: 'requires_action',
  processing: 'processing',
  // We capture automatically; an authorised, uncaptured intent is on its way to succeeded.
  requires_capture: 'processing',
  succeeded: 'succeeded',
  canceled: 'canceled',
};

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

function cardOf(pm: string | Stripe.PaymentMethod | null | undefined): CardDetails | null {
  if (!pm || typeof pm === 'string' || !pm.card) return null;
  return {
    id: pm.id,
    brand: pm.card.brand,
    last4: pm.card.last4,
    expMonth: pm.card.exp_month,
    expYear: pm.card.exp_year,
  };
}

/** Ours from Stripe's; the card comes from the (expanded) payment method, else from the last refusal. */
export function intentOf(pi: Stripe.PaymentIntent): ProviderIntent {
  const refusal = pi.last_payment_error;
  return {
    id: pi.id,
    status: STATUSES[pi.status] ?? 'requires_payment_method',
    amountCents: pi.amount,
    amountReceivedCents: pi.amount_received ?? 0,
    clientSecret: pi.client_secret ?? '',
    customerId: idOf(pi.customer),
    metadata: { ...(pi.metadata ?? {}) },
    paymentMethod: cardOf(pi.payment_method) ?? cardOf(refusal?.payment_method),
    lastError: refusal
      ? {
          code: refusal.code ?? refusal.decline_code ?? refusal.type,
          message: refusal.message ?? 'Your payment was not successful.',
        }
      : null,
    setupFutureUsage: pi.setup_future_usage === 'off_session' || pi.setup_future_usage === 'on_session',
  };
}

function transferOf(transfer: Stripe.Transfer, destination: string): ProviderTransfer {
  return {
    id: transfer.id,
    amountCents: transfer.amount,
    destination: idOf(transfer.destination) ?? destination,
    sourceTransaction: idOf(transfer.source_transaction),
    metadata: { ...(transfer.metadata ?? {}) },
  };
}

export function accountOf(account: Stripe.Account): ConnectedAccount {
  const externals = account.external_accounts?.data ?? [];
  const payout = externals.find((e) => e.default_for_currency) ?? externals[0] ?? null;
  return {
    id: account.id,
    chargesEnabled: account.charges_enabled ?? false,
    payoutsEnabled: account.payouts_enabled ?? false,
    detailsSubmitted: account.details_submitted ?? false,
    bankLast4: payout?.last4 ?? null,
    bankName: payout ? (payout.object === 'bank_account' ? payout.bank_name : payout.brand) : null,
    currentlyDue: account.requirements?.currently_due ?? [],
  };
}

/** Stripe's event as one of ours (an event we do not handle is `other`). */
export function paymentEventOf(event: Stripe.Event): PaymentEvent {
  const other = { id: event.id, type: 'other' as const, originalType: event.type };
  switch (event.type) {
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed':
    case 'payment_intent.canceled':
      return { id: event.id, type: event.type, intent: intentOf(event.data.object) };
    case 'charge.refunded': {
      const charge = event.data.object;
      const paymentIntentId = idOf(charge.payment_intent);
      if (!paymentIntentId) return other;
      return {
        id: event.id,
        type: 'charge.refunded',
        paymentIntentId,
        amountRefundedCents: charge.amount_refunded,
        // Stripe leaves the refunds list out of a charge (API 2022-11-15 on) unless it was expanded.
        refundIds: (charge.refunds?.data ?? []).map((r) => r.id),
      };
    }
    case 'charge.dispute.created': {
      const dispute = event.data.object;
      const paymentIntentId = idOf(dispute.payment_intent);
      if (!paymentIntentId) return other;
      return {
        id: event.id,
        type: 'charge.dispute.created',
        paymentIntentId,
        amountCents: dispute.amount,
        reason: dispute.reason,
      };
    }
    case 'charge.dispute.closed': {
      const dispute = event.data.object;
      const paymentIntentId = idOf(dispute.payment_intent);
      if (!paymentIntentId) return other;
      return {
        id: event.id,
        type: 'charge.dispute.closed',
        paymentIntentId,
        amountCents: dispute.amount,
        status: dispute.status,
      };
    }
    case 'account.updated':
      return { id: event.id, type: 'account.updated', account: accountOf(event.data.object) };
    default:
      return other;
  }
}

const REFUND_STATUSES: readonly ProviderRefund['status'][] = [
  'succeeded',
  'pending',
  'failed',
  'canceled',
  'requires_action',
];
/** A status Stripe may add later counts as pending: not done, not failed. */
const refundStatusOf = (status: string | null): ProviderRefund['status'] =>
  REFUND_STATUSES.find((s) => s === status) ?? 'pending';

const truncate = (text: string) =>
  text.length > METADATA_VALUE_MAX ? text.slice(0, METADATA_VALUE_MAX) : text;

export function createStripeProvider(opts: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(opts.secretKey, {
    ...addressOf(opts.apiBase ?? 'https://api.stripe.com'),
    maxNetworkRetries: opts.maxNetworkRetries ?? DEFAULT_RETRIES,
    timeout: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    telemetry: false,
    appInfo: { name: 'st-george-marketplace' },
  });

  return {
    name: 'stripe',
    publishableKey: opts.publishableKey,
    ...customerMethods(stripe),
    ...intentMethods(stripe),
    chargeSavedCard: savedCardCharger(stripe),
    ...refundMethods(stripe),
    ...connectMethods(stripe),
    parseWebhook: webhookParser(stripe, opts),
  };
}

/** The customer behind a checkout, and the cards saved on it. */
function customerMethods(stripe: Stripe): Pick<PaymentProvider, 'ensureCustomer' | 'listCards'> {
  return {
    async ensureCustomer({ userId, email, name, existingId }) {
      if (isStripeCustomerId(existingId)) return existingId;
      const params = { email, name, metadata: { userId: String(userId) } };
      const create = (idempotencyKey: string) =>
        stripe.customers.create(params, { idempotencyKey }).then((c) => c.id);
      try {
        return await create(`customer-user-${userId}`);
      } catch (err) {
        // Stripe keeps a key for 24 hours: a user whose name or email changed since (or a user id reused
        // after a database reset) would be refused until then. A key that also names these details still
        // makes a retry of this very request create nothing new.
        if (!(err instanceof errors.StripeIdempotencyError)) throw providerErrorOf(err);
        const details = createHash('sha256').update(`${email}\n${name}`).digest('hex').slice(0, 16);
        return call(() => create(`customer-user-${userId}-${details}`));
      }
    },

    async listCards(customerId) {
      const list = await call(() =>
        stripe.customers.listPaymentMethods(customerId, { type: 'card', limit: 100 }),
      );
      return [...list.data]
        .sort((a, b) => b.created - a.created)
        .map(cardOf)
        .filter((card): card is CardDetails => card !== null);
    },
  };
}

/** Card-only PaymentIntents: create, change the saved-card choice, read, cancel. */
function intentMethods(
  stripe: Stripe,
): Pick<PaymentProvider, 'createIntent' | 'updateIntent' | 'retrieveIntent' | 'cancelIntent'> {
  const retrieveIntent = (id: string) =>
    call(() => stripe.paymentIntents.retrieve(id, { expand: EXPAND_CARD })).then(intentOf);

  return {
    async createIntent(input: CreateIntentInput) {
      const pi = await call(() =>
        stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: 'usd',
            customer: input.customerId,
            // Cards only (the Payment Element's card form and card wallets, saved cards): no bank debit
            // that stays "processing" for days while the slot is held. This API version (endive) removed
            // `payment_method_types`; `allowed_payment_method_types` filters dynamic payment methods instead
            // (and excludes `automatic_payment_methods`).
            allowed_payment_method_types: ['card'],
            description: input.description,
            metadata: input.metadata,
            ...(input.setupFutureUsage ? { setup_future_usage: 'off_session' as const } : {}),
            expand: EXPAND_CARD,
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return intentOf(pi);
    },

    async updateIntent(id, change) {
      // Stripe clears the choice with an empty string. Setting a value is harmless to repeat, and the key
      // is this call's own: the SDK's retries reuse it, while a later on → off → on is not answered with
      // the first "on" replayed (a key per value would be).
      const pi = await call(() =>
        stripe.paymentIntents.update(
          id,
          { setup_future_usage: change.setupFutureUsage ? 'off_session' : '', expand: EXPAND_CARD },
          { idempotencyKey: `intent-update-${id}-${randomUUID()}` },
        ),
      );
      return intentOf(pi);
    },

    retrieveIntent,

    async cancelIntent(id, idempotencyKey) {
      try {
        const pi = await stripe.paymentIntents.cancel(id, { expand: EXPAND_CARD }, { idempotencyKey });
        return intentOf(pi);
      } catch (err) {
        // Too late to cancel: it was paid (or is being paid), or it is canceled already. Say how it is.
        if (err instanceof errors.StripeInvalidRequestError && err.code === UNEXPECTED_STATE) {
          const intent = await retrieveIntent(id);
          if (['succeeded', 'canceled', 'processing'].includes(intent.status)) return intent;
        }
        throw providerErrorOf(err);
      }
    },
  };
}

/**
 * What an off-session charge's answer means: a 200 carries the intent (succeeded, or, rarely for a card,
 * processing); a refusal comes as a 402 card error carrying the failed intent (`error.payment_intent`, left
 * requires_payment_method): `authentication_required` means the customer must come back and authenticate,
 * anything else is the bank's decline.
 */
export function savedCardChargeOf(
  result: Stripe.PaymentIntent | Stripe.errors.StripeCardError,
): SavedCardCharge {
  if (!(result instanceof errors.StripeCardError)) {
    const intent = intentOf(result);
    if (intent.status === 'succeeded') return { kind: 'succeeded', intent };
    if (intent.status === 'processing') return { kind: 'processing', intent };
    // Not what off_session=true answers (Stripe refuses with a 402 instead), but read the same way.
    if (intent.status === 'requires_action') return { kind: 'requires_action', intent };
    return {
      kind: 'declined',
      intent,
      code: intent.lastError?.code ?? 'card_declined',
      declineCode: result.last_payment_error?.decline_code ?? null,
      message: intent.lastError?.message ?? 'Your card was declined.',
    };
  }
  const intent = result.payment_intent ? intentOf(result.payment_intent) : null;
  const authentication =
    result.code === AUTHENTICATION_REQUIRED || result.decline_code === AUTHENTICATION_REQUIRED;
  if (authentication && intent) return { kind: 'requires_action', intent };
  return {
    kind: 'declined',
    intent,
    code: result.code ?? 'card_declined',
    declineCode: result.decline_code || null,
    message: result.message || 'Your card was declined.',
  };
}

/** Off-session charges of a saved card: one PaymentIntent created and confirmed at once. */
function savedCardCharger(stripe: Stripe): PaymentProvider['chargeSavedCard'] {
  return async (input: ChargeSavedCardInput) => {
    try {
      const pi = await stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: 'usd',
          customer: input.customerId,
          payment_method: input.paymentMethodId,
          // The customer is away: Stripe asks the bank for the merchant-initiated exemption the saved
          // card's setup (setup_future_usage=off_session) earned, and refuses rather than asks for 3-D Secure.
          off_session: true,
          confirm: true,
          // Cards only, as at checkout (no redirecting payment method, so no return_url is needed).
          allowed_payment_method_types: ['card'],
          description: input.description,
          metadata: input.metadata,
          expand: EXPAND_CARD,
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return savedCardChargeOf(pi);
    } catch (err) {
      // A refusal by the bank is an answer; anything else (outage, invalid request) is thrown as ours.
      if (err instanceof errors.StripeCardError) return savedCardChargeOf(err);
      throw providerErrorOf(err);
    }
  };
}

/** Refunds of a PaymentIntent, and their later state. */
function refundMethods(stripe: Stripe): Pick<PaymentProvider, 'refund' | 'retrieveRefund'> {
  return {
    async refund(input): Promise<ProviderRefund> {
      const refund = await call(() =>
        stripe.refunds.create(
          {
            payment_intent: input.paymentIntentId,
            amount: input.amountCents,
            // Stripe's reason is an enum; our words go in the metadata.
            reason: 'requested_by_customer',
            metadata: { reason: truncate(input.reason) },
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return {
        id: refund.id,
        status: refundStatusOf(refund.status),
        amountCents: refund.amount,
        paymentIntentId: idOf(refund.payment_intent) ?? input.paymentIntentId,
      };
    },

    async retrieveRefund(id): Promise<ProviderRefund> {
      const refund = await call(() => stripe.refunds.retrieve(id));
      return {
        id: refund.id,
        status: refundStatusOf(refund.status),
        amountCents: refund.amount,
        paymentIntentId: idOf(refund.payment_intent) ?? '',
      };
    },
  };
}

/** Vendors' connected accounts, their embedded onboarding sessions, and the transfers of their payouts. */
function connectMethods(
  stripe: Stripe,
): Pick<
  PaymentProvider,
  'createConnectedAccount' | 'retrieveAccount' | 'createAccountSession' | 'createTransfer' | 'findTransfer'
> {
  return {
    async createConnectedAccount({ vendorId, email, idempotencyKey }) {
      const account = await call(() =>
        stripe.accounts.create(
          {
            // The marketplace onboards and manages the account in its own pages (Connect embedded
            // components), so the account has no Stripe Dashboard and the platform collects requirements.
            controller: {
              stripe_dashboard: { type: 'none' },
              fees: { payer: 'application' },
              losses: { payments: 'application' },
              requirement_collection: 'application',
            },
            country: 'US',
            email,
            metadata: { vendorId: String(vendorId) },
            capabilities: { transfers: { requested: true } },
          },
          { idempotencyKey },
        ),
      );
      return accountOf(account);
    },

    async retrieveAccount(id) {
      return accountOf(await call(() => stripe.accounts.retrieve(id)));
    },

    async createAccountSession({ accountId, components }) {
      const enabled = Object.fromEntries(components.map((c) => [c, { enabled: true }]));
      // Onboarding collects the bank account for payouts (external_account_collection is on by default).
      const session = await call(() =>
        stripe.accountSessions.create({ account: accountId, components: enabled }),
      );
      return {
        accountId: session.account,
        clientSecret: session.client_secret,
        expiresAt: new Date(session.expires_at * 1000),
      };
    },

    async createTransfer(input): Promise<ProviderTransfer> {
      // The charge behind the intent funds the transfer (source_transaction): the money moves when the
      // charge's funds are available, never out of the platform's own balance. Reading the intent is
      // harmless to repeat, and its charge never changes once it succeeded, so a retry sends the same
      // parameters with the same key (Stripe answers the first transfer).
      let sourceTransaction: string | undefined;
      if (input.sourcePaymentIntentId) {
        const pi = await call(() => stripe.paymentIntents.retrieve(input.sourcePaymentIntentId!));
        sourceTransaction = idOf(pi.latest_charge) ?? undefined;
        if (!sourceTransaction || pi.status !== 'succeeded')
          throw new PaymentProviderError(
            `The payment ${pi.id} has no successful charge to fund a transfer.`,
            'charge_missing',
            false,
          );
      }
      const transfer = await call(() =>
        stripe.transfers.create(
          {
            amount: input.amountCents,
            currency: 'usd',
            destination: input.destination,
            metadata: input.metadata,
            ...(sourceTransaction ? { source_transaction: sourceTransaction } : {}),
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return transferOf(transfer, input.destination);
    },

    async findTransfer({ destination, metadataKey, metadataValue, createdAfter }) {
      const created = Math.floor(createdAfter.getTime() / 1000);
      // Newest first; a vendor gets few transfers a day, so the first pages hold any made since then.
      for await (const transfer of stripe.transfers.list({
        destination,
        created: { gte: created },
        limit: 100,
      })) {
        if (transfer.metadata?.[metadataKey] === metadataValue) return transferOf(transfer, destination);
      }
      return null;
    },
  };
}

/** Webhooks verified on the raw body against each configured signing secret. */
function webhookParser(stripe: Stripe, opts: StripeProviderOptions): PaymentProvider['parseWebhook'] {
  return (rawBody, signatureHeader) => {
    if (!signatureHeader) throw new WebhookSignatureError('Missing Stripe-Signature header');
    // One secret per endpoint: the platform's, and Connect's for the vendors' accounts (account.updated).
    const secrets = opts.webhookSecret
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
    let event: Stripe.Event | null = null;
    let failure = 'Invalid webhook signature';
    for (const secret of secrets) {
      try {
        event = stripe.webhooks.constructEvent(rawBody, signatureHeader, secret);
        break;
      } catch (err) {
        if (err instanceof errors.StripeSignatureVerificationError) {
          failure = err.message.split('\n')[0] || failure;
          continue;
        }
        // Signed, but not an event we can read (not JSON, a thin v2 notification, …).
        throw new WebhookSignatureError('Unreadable webhook payload');
      }
    }
    if (!event) throw new WebhookSignatureError(failure);
    if (!event || typeof event !== 'object' || typeof event.id !== 'string' || !event.data?.object)
      throw new WebhookSignatureError('Unreadable webhook payload');
    return paymentEventOf(event);
  };
}
