/**
 * Card payments and payouts (ARCHITECTURE §4, §5a): one interface, two implementations — the sandbox
 * (the embedded default, Stripe-like objects kept in the database) and Stripe (the official SDK). Every
 * call that moves money takes an idempotency key, so a retry after a crash never moves money twice.
 * Amounts are integer cents (USD).
 */

export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'succeeded'
  | 'canceled';

export interface CardDetails {
  /** The provider's payment method id (pm_…). */
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface ProviderIntent {
  id: string;
  status: IntentStatus;
  amountCents: number;
  /** What was actually captured (0 until it succeeds). */
  amountReceivedCents: number;
  clientSecret: string;
  customerId: string | null;
  metadata: Record<string, string>;
  /** The card that paid (or was tried last). */
  paymentMethod: CardDetails | null;
  /** The provider's message for the last refusal ("Your card was declined."). */
  lastError: { code: string; message: string } | null;
  /** Whether the card is kept on the customer for next time (setup_future_usage). */
  setupFutureUsage: boolean;
}

export interface ProviderRefund {
  id: string;
  status: 'succeeded' | 'pending' | 'failed' | 'canceled' | 'requires_action';
  amountCents: number;
  paymentIntentId: string;
}

export interface ConnectedAccount {
  id: string;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
  /** The payout bank account, when one is on file. */
  bankLast4: string | null;
  bankName: string | null;
  /** What the provider still needs from the vendor (Stripe's requirements.currently_due). */
  currentlyDue: string[];
}

/** The embedded Connect components an account session enables. */
export type AccountSessionComponent =
  'account_onboarding' | 'account_management' | 'notification_banner' | 'payouts';

export interface AccountSession {
  accountId: string;
  clientSecret: string;
  /** When the client secret stops working. */
  expiresAt: Date;
}

export interface ProviderTransfer {
  id: string;
  amountCents: number;
  destination: string;
  /** The charge the money came from (Stripe's source_transaction), when the transfer named one. */
  sourceTransaction: string | null;
  metadata: Record<string, string>;
}

export interface CreateTransferInput {
  amountCents: number;
  destination: string;
  metadata: Record<string, string>;
  idempotencyKey: string;
  /**
   * The payment intent whose charge funds the transfer: Stripe's `source_transaction` is that charge, so
   * the transfer waits for the charge's funds instead of the platform's available balance.
   */
  sourcePaymentIntentId?: string | null;
}

/** The provider events the app handles (Stripe's webhook types; the sandbox sends the same). */
export type PaymentEvent =
  | {
      id: string;
      type: 'payment_intent.succeeded' | 'payment_intent.payment_failed' | 'payment_intent.canceled';
      intent: ProviderIntent;
    }
  | {
      id: string;
      type: 'charge.refunded';
      paymentIntentId: string;
      amountRefundedCents: number;
      refundIds: string[];
    }
  | {
      id: string;
      type: 'charge.dispute.created';
      paymentIntentId: string;
      amountCents: number;
      reason: string;
    }
  | {
      id: string;
      type: 'charge.dispute.closed';
      paymentIntentId: string;
      amountCents: number;
      /** Stripe's final status: won (the merchant keeps the money), lost, warning_closed, … */
      status: string;
    }
  | { id: string; type: 'account.updated'; account: ConnectedAccount }
  | { id: string; type: 'other'; originalType: string };

export type PaymentEventType = PaymentEvent['type'];

/** A webhook whose signature does not verify (or is missing / too old). */
export class WebhookSignatureError extends Error {
  constructor(message = 'Invalid webhook signature') {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** A refusal by the provider that the customer should read (card errors, invalid requests). */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly code: string,
    /** Worth trying again later (network, rate limit, the provider's 5xx). */
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

export interface CreateIntentInput {
  amountCents: number;
  customerId: string;
  description: string;
  metadata: Record<string, string>;
  setupFutureUsage: boolean;
  idempotencyKey: string;
}

/**
 * An off-session charge of a card the customer saved (setup_future_usage=off_session), made while the
 * customer is away (a plan's visit at its cancellation window, ADR 0037).
 */
export interface ChargeSavedCardInput {
  customerId: string;
  /** The saved card (CardDetails.id from listCards or from the intent that saved it). */
  paymentMethodId: string;
  amountCents: number;
  description: string;
  metadata: Record<string, string>;
  /**
   * One per attempt (e.g. `plan-visit-charge:<visit id>:<try>`): a repeat with the same key, after a
   * crash between the provider's answer and the caller's commit, answers the same intent and charges once.
   * A repeat must send the same parameters (Stripe refuses a key reused with others).
   */
  idempotencyKey: string;
}

/**
 * What an off-session charge came to, as the card's bank answered. Outages and invalid requests are not
 * here: they are thrown as PaymentProviderError (`retryable` for the provider's trouble).
 *
 * - `succeeded`: the money is taken (`payment_intent.succeeded` follows, as for a checkout).
 * - `requires_action`: the bank wants the customer to authenticate (SCA). Nothing is taken; the intent
 *   stays open (Stripe leaves it `requires_payment_method` with `lastError.code` 'authentication_required')
 *   and the customer confirms it on-session with its client secret and the same saved card, which runs
 *   3-D Secure, or with another card.
 * - `declined`: the bank refused (card_declined, expired_card, …). `intent` is the failed intent when the
 *   provider made one (the customer may pay it on-session with another card), else null.
 * - `processing`: the provider has not decided yet (rare for cards); the intent's event says how it ends.
 */
export type SavedCardCharge =
  | { kind: 'succeeded'; intent: ProviderIntent }
  | { kind: 'requires_action'; intent: ProviderIntent }
  | { kind: 'processing'; intent: ProviderIntent }
  | {
      kind: 'declined';
      intent: ProviderIntent | null;
      /** The provider's error code: 'card_declined', 'expired_card', … */
      code: string;
      /** The bank's reason for a card_declined ('generic_decline', 'insufficient_funds', …), when given. */
      declineCode: string | null;
      /** The provider's words for the customer ("Your card was declined."). */
      message: string;
    };

export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  /** What the browser needs to load the provider's card form (Stripe's publishable key); null for the sandbox. */
  readonly publishableKey: string | null;

  /** The customer object for a user: `existingId` when it is this provider's, else a new one. */
  ensureCustomer(input: {
    userId: number;
    email: string;
    name: string;
    existingId: string | null;
  }): Promise<string>;
  createIntent(input: CreateIntentInput): Promise<ProviderIntent>;
  /** Changes whether the card is kept (before the customer confirms). */
  updateIntent(id: string, change: { setupFutureUsage: boolean }): Promise<ProviderIntent>;
  retrieveIntent(id: string): Promise<ProviderIntent>;
  /** Cancels an unpaid intent; an intent that already succeeded (or is canceled) comes back as it is. */
  cancelIntent(id: string, idempotencyKey: string): Promise<ProviderIntent>;
  /** The customer's saved cards, newest first (each `id` is what chargeSavedCard takes). */
  listCards(customerId: string): Promise<CardDetails[]>;
  /**
   * Charges a saved card off-session (Stripe: a PaymentIntent created with customer, payment_method,
   * off_session=true, confirm=true). Idempotent by key. A failed intent is paid later on-session: the
   * browser confirms it with `retrieveIntent(id).clientSecret` (the sandbox: `confirm`, then
   * `authenticate` when it asks for 3-D Secure).
   */
  chargeSavedCard(input: ChargeSavedCardInput): Promise<SavedCardCharge>;
  refund(input: {
    paymentIntentId: string;
    amountCents: number;
    reason: string;
    idempotencyKey: string;
  }): Promise<ProviderRefund>;
  /** A refund's current state (a card refund may stay pending for a while, or fail later). */
  retrieveRefund(id: string): Promise<ProviderRefund>;

  /** Connected accounts and transfers: vendors' payouts. */
  createConnectedAccount(input: {
    vendorId: number;
    email: string;
    idempotencyKey: string;
  }): Promise<ConnectedAccount>;
  retrieveAccount(id: string): Promise<ConnectedAccount>;
  /** A short-lived session the browser's embedded onboarding/management components run under. */
  createAccountSession(input: {
    accountId: string;
    components: AccountSessionComponent[];
  }): Promise<AccountSession>;
  createTransfer(input: CreateTransferInput): Promise<ProviderTransfer>;
  /**
   * A transfer made to `destination` since `createdAfter` whose metadata[`metadataKey`] is `metadataValue`
   * (a retry after the provider forgot the idempotency key looks here first), or null.
   */
  findTransfer(input: {
    destination: string;
    metadataKey: string;
    metadataValue: string;
    createdAfter: Date;
  }): Promise<ProviderTransfer | null>;

  /** Verifies a webhook on its raw body and reads it; throws WebhookSignatureError when it does not verify. */
  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent;
}
