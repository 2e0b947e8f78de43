/**
 * A local HTTP server that speaks the part of Stripe's REST API (v1: form-encoded bodies with bracketed
 * keys, JSON answers, Stripe-shaped errors) that the Stripe adapter uses: customers and their cards (and
 * attaching one without a charge), PaymentIntents (create, retrieve with expand, update, cancel, confirm
 * with Stripe's test payment methods, 3-D Secure completed by a helper; created and confirmed at once
 * off-session on a saved card, refused with Stripe's 402 carrying the failed intent), refunds, Express accounts (onboarding completed by a helper),
 * transfers (funded from a charge as source_transaction, listed by destination and date) and disputes
 * (opened and closed by helpers). It checks the secret key, replays a repeated Idempotency-Key (and
 * refuses one reused with other parameters), logs every request, records the events Stripe would send, and signs webhooks the
 * way Stripe does (`Stripe-Signature: t=…,v1=HMAC-SHA256("t.payload")`) with its own code. In memory;
 * tests read and change its state.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac, randomBytes } from 'node:crypto';
import { createStripeProvider, type StripeProviderOptions } from '../src/adapters/payments/stripe-provider';
import type { PaymentProvider } from '../src/adapters/payments/payment-provider';

// ---- form encoding ----

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormParams = { [key: string]: FormValue };
type Tree = { [key: string]: Tree | string };

/** Stripe's form encoding: `metadata[key]=v`, `expand[0]=x`, `expand[]=x`, `a[b][c]=v`. */
export function parseForm(encoded: string): FormParams {
  const root: Tree = {};
  for (const [key, value] of new URLSearchParams(encoded)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    const path = match ? [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)] : [key];
    let node = root;
    path.forEach((segment, i) => {
      const name = segment === '' ? String(Object.keys(node).length) : segment;
      if (i === path.length - 1) node[name] = value;
      else {
        const next = node[name];
        if (typeof next === 'object') node = next;
        else node = node[name] = {};
      }
    });
  }
  return normalize(root, '') as FormParams;
}

/** Objects keyed 0, 1, 2… are arrays (except metadata, whose keys are the caller's). */
function normalize(node: Tree | string, parentKey: string): FormValue {
  if (typeof node === 'string') return node;
  const keys = Object.keys(node);
  if (parentKey !== 'metadata' && keys.length > 0 && keys.every((k) => /^\d+$/.test(k)))
    return keys
      .map(Number)
      .sort((a, b) => a - b)
      .map((k) => normalize(node[String(k)]!, ''));
  return Object.fromEntries(keys.map((k) => [k, normalize(node[k]!, k)]));
}

const str = (v: FormValue | undefined): string | undefined => (typeof v === 'string' ? v : undefined);
const strings = (v: FormValue | undefined): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' ? [v] : [];
const dict = (v: FormValue | undefined): Record<string, string> =>
  v && typeof v === 'object' && !Array.isArray(v)
    ? Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === 'string'))
    : {};

/** A JSON form of params with sorted keys: the same request gives the same text. */
function canonical(value: FormValue): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  return `{${Object.keys(value)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonical(value[k]!)}`)
    .join(',')}}`;
}

// ---- Stripe's objects (the fields the adapter and tests read, in Stripe's shape) ----

type Json = Record<string, unknown>;

/**
 * What a charge of a test card does. `authenticate`: 3-D Secure on every charge, so an off-session one is
 * refused with authentication_required; `authenticate_unless_saved`: 3-D Secure on-session, but off-session
 * charges of the card once saved on the customer go through (the merchant-initiated exemption);
 * `declined_after_attach`: attaching works, every charge is declined.
 */
export type TestOutcome =
  | 'succeed'
  | 'declined'
  | 'insufficient_funds'
  | 'authenticate'
  | 'authenticate_unless_saved'
  | 'declined_after_attach';

/**
 * Stripe's test PaymentMethods (https://docs.stripe.com/testing): each confirm (or attach) makes a new pm_…
 * from one.
 */
export const TEST_PAYMENT_METHODS: Record<string, { brand: string; last4: string; outcome: TestOutcome }> = {
  pm_card_visa: { brand: 'visa', last4: '4242', outcome: 'succeed' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', outcome: 'succeed' },
  pm_card_amex: { brand: 'amex', last4: '8431', outcome: 'succeed' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', outcome: 'declined' },
  pm_card_visa_chargeDeclinedInsufficientFunds: {
    brand: 'visa',
    last4: '9995',
    outcome: 'insufficient_funds',
  },
  pm_card_authenticationRequired: { brand: 'visa', last4: '3184', outcome: 'authenticate' },
  pm_card_threeDSecure2Required: { brand: 'visa', last4: '3220', outcome: 'authenticate' },
  pm_card_authenticationRequiredOnSetup: {
    brand: 'visa',
    last4: '3155',
    outcome: 'authenticate_unless_saved',
  },
  pm_card_chargeCustomerFail: { brand: 'visa', last4: '0341', outcome: 'declined_after_attach' },
};

export const STRIPE_MESSAGES = {
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  authenticationRequired: 'Your card was declined. This transaction requires authentication.',
  authenticationFailed:
    'The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.',
} as const;

interface CustomerObject {
  id: string;
  object: 'customer';
  email: string | null;
  name: string | null;
  description: string | null;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

interface PaymentMethodObject {
  id: string;
  object: 'payment_method';
  type: 'card';
  card: {
    brand: string;
    display_brand: string;
    last4: string;
    exp_month: number;
    exp_year: number;
    funding: 'credit';
    country: 'US';
  };
  customer: string | null;
  allow_redisplay: 'unspecified';
  billing_details: { address: null; email: null; name: null; phone: null };
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

interface PaymentErrorObject {
  type: 'card_error' | 'invalid_request_error';
  code: string;
  decline_code?: string;
  message: string;
  charge?: string;
  /** Stored as an id, answered as the whole payment method (as Stripe does). */
  payment_method: string;
}

interface IntentObject {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  currency: string;
  status:
    | 'requires_payment_method'
    | 'requires_confirmation'
    | 'requires_action'
    | 'processing'
    | 'requires_capture'
    | 'succeeded'
    | 'canceled';
  client_secret: string;
  customer: string | null;
  description: string | null;
  metadata: Record<string, string>;
  setup_future_usage: 'off_session' | 'on_session' | null;
  payment_method: string | null;
  payment_method_types: string[];
  allowed_payment_method_types: string[] | null;
  automatic_payment_methods: { enabled: boolean } | null;
  last_payment_error: PaymentErrorObject | null;
  latest_charge: string | null;
  next_action: Json | null;
  canceled_at: number | null;
  cancellation_reason: string | null;
  capture_method: 'automatic';
  confirmation_method: 'automatic';
  created: number;
  livemode: false;
}

interface ChargeObject {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  captured: boolean;
  paid: boolean;
  refunded: boolean;
  disputed: boolean;
  status: 'succeeded' | 'failed';
  failure_code: string | null;
  failure_message: string | null;
  currency: string;
  customer: string | null;
  payment_intent: string;
  payment_method: string;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

interface RefundObject {
  id: string;
  object: 'refund';
  amount: number;
  charge: string;
  currency: string;
  payment_intent: string;
  reason: string | null;
  status: 'succeeded' | 'pending' | 'failed' | 'canceled' | 'requires_action';
  metadata: Record<string, string>;
  created: number;
}

interface BankAccountObject {
  id: string;
  object: 'bank_account';
  account: string;
  bank_name: string;
  last4: string;
  routing_number: string;
  country: 'US';
  currency: 'usd';
  default_for_currency: boolean;
  status: 'new';
}

interface AccountObject {
  id: string;
  object: 'account';
  type: string;
  country: string;
  email: string | null;
  metadata: Record<string, string>;
  business_type: string | null;
  /** Who collects requirements and whether the account has a Stripe Dashboard (controller properties). */
  controller: FormValue | null;
  capabilities: Record<string, 'active' | 'inactive' | 'pending'>;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
  default_currency: 'usd';
  external_accounts: BankAccountObject[];
  created: number;
}

interface TransferObject {
  id: string;
  object: 'transfer';
  amount: number;
  amount_reversed: number;
  currency: string;
  destination: string;
  description: string | null;
  metadata: Record<string, string>;
  reversed: boolean;
  /** The charge that funds it (source_transaction), when one was named. */
  source_transaction: string | null;
  transfer_group: string | null;
  created: number;
  livemode: false;
}

interface DisputeObject {
  id: string;
  object: 'dispute';
  amount: number;
  charge: string;
  currency: string;
  payment_intent: string;
  reason: string;
  status: 'needs_response' | 'under_review' | 'won' | 'lost' | 'warning_closed';
  created: number;
  livemode: false;
}

export interface FakeStripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: Json; previous_attributes?: Json };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

export interface FakeStripeRequest {
  method: string;
  path: string;
  /** Query (GET) or form body (POST), parsed. */
  params: FormParams;
  idempotencyKey: string | null;
  /** Answered from the stored response of an earlier request with the same key. */
  replayed: boolean;
  status: number;
  stripeVersion: string | null;
}

/** How the next requests fail (see `failNext`). */
export type FailureMode = 'api_error' | 'rate_limit' | 'drop_after_processing';

// ---- ids, errors ----

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const random = (n: number) => Array.from(randomBytes(n), (b) => ALPHABET[b % 62]).join('');
const newId = (prefix: string) => `${prefix}_${random(24)}`;
const dollars = (cents: number) => (cents / 100).toFixed(2);

/** A Stripe error answer: `{ error: { type, code, message, … } }` with its HTTP status. */
class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly error: Json & { type: string; message: string },
  ) {
    super(error.message);
  }
}

const invalid = (message: string, extra: Json = {}, status = 400) =>
  new StripeFailure(status, { type: 'invalid_request_error', message, ...extra });
const missing = (what: string, id: string, param?: string) =>
  invalid(`No such ${what}: '${id}'`, { code: 'resource_missing', ...(param ? { param } : {}) }, 404);
const unexpectedState = (message: string) => invalid(message, { code: 'payment_intent_unexpected_state' });

/** A positive integer amount in cents (Stripe's rule), or the error Stripe gives. */
function amountParam(v: FormValue | undefined, param = 'amount'): number {
  const text = str(v);
  if (text === undefined)
    throw invalid(`Missing required param: ${param}.`, { code: 'parameter_missing', param });
  if (!/^\d+$/.test(text) || Number(text) <= 0)
    throw invalid('Invalid positive integer', { code: 'parameter_invalid_integer', param });
  return Number(text);
}

// ---- webhooks ----

/** Stripe's signature header for a payload: `t=<unix>,v1=<hex HMAC-SHA256 of "t.payload">`. */
export function signatureHeader(secret: string, payload: string, timestamp = Math.floor(Date.now() / 1000)) {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

/** An event as Stripe sends it to a webhook endpoint. */
export function eventFor(type: string, object: object, opts: { created?: number } = {}): FakeStripeEvent {
  return {
    id: newId('evt'),
    object: 'event',
    api_version: '2026-10-28.endive',
    created: opts.created ?? Math.floor(Date.now() / 1000),
    data: { object: structuredClone(object) as Json },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

/** The body and headers Stripe would POST to our webhook endpoint (pretty-printed JSON, as Stripe's is). */
export function signedWebhook(
  secret: string,
  event: FakeStripeEvent,
  opts: { timestamp?: number } = {},
): { body: string; headers: { 'content-type': string; 'stripe-signature': string } } {
  const body = JSON.stringify(event, null, 2);
  return {
    body,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': signatureHeader(secret, body, opts.timestamp),
    },
  };
}

// ---- the server ----

interface Context {
  params: FormParams;
  /** The path's ids (e.g. the intent in /v1/payment_intents/:id). */
  ids: string[];
  key: 'secret' | 'publishable';
}

interface Route {
  method: 'GET' | 'POST';
  pattern: RegExp;
  /** Top-level parameters Stripe accepts here (others: parameter_unknown). */
  allowed: string[];
  /** What `expand[]` may name here. */
  expandable?: string[];
  /** The publishable key may call it (the browser's confirm, with the client secret). */
  publishable?: boolean;
  handle: (ctx: Context) => Json;
}

interface StoredResponse {
  fingerprint: string;
  status: number;
  body: Json;
}

export class FakeStripe {
  readonly secretKey = `sk_test_fake${random(24)}`;
  readonly publishableKey = `pk_test_fake${random(24)}`;
  readonly webhookSecret = `whsec_fake${random(32)}`;
  url = '';
  port = 0;
  /** Every request, in order. */
  readonly requests: FakeStripeRequest[] = [];
  /** The events Stripe would send for what happened here, in order. */
  readonly events: FakeStripeEvent[] = [];
  readonly customers = new Map<string, CustomerObject>();
  readonly paymentMethods = new Map<string, PaymentMethodObject>();
  readonly paymentIntents = new Map<string, IntentObject>();
  readonly charges = new Map<string, ChargeObject>();
  readonly refunds = new Map<string, RefundObject>();
  readonly accounts = new Map<string, AccountObject>();
  readonly transfers = new Map<string, TransferObject>();
  readonly disputes = new Map<string, DisputeObject>();
  /** The clock (ms), for `created` and `canceled_at`. */
  now: () => number = () => Date.now();

  private readonly outcomes = new Map<string, TestOutcome>();
  /** Creation order, for newest-first lists (Stripe's `created` is in whole seconds). */
  private readonly sequence = new Map<string, number>();
  private readonly idempotent = new Map<string, StoredResponse>();
  private failures: FailureMode[] = [];
  /** Failures kept for requests to one path (see `failNextOn`). */
  private pathFailures: { path: string; mode: FailureMode }[] = [];
  /** The status the next refund is created with (a bank that takes its time: 'pending'); then 'succeeded'. */
  nextRefundStatus: 'pending' | 'requires_action' | null = null;
  private readonly server = http.createServer((req, res) => void this.handle(req, res));
  private readonly routes: Route[];

  constructor() {
    const id = '([A-Za-z0-9_]+)';
    const intentExpand = ['payment_method', 'latest_charge', 'customer'];
    this.routes = [
      {
        method: 'POST',
        pattern: /^\/v1\/customers$/,
        allowed: ['email', 'name', 'description', 'metadata', 'phone', 'expand'],
        handle: ({ params }) => this.createCustomer(params),
      },
      {
        method: 'GET',
        pattern: new RegExp(`^/v1/customers/${id}$`),
        allowed: ['expand'],
        handle: ({ ids }) => ({ ...this.customer(ids[0]!) }),
      },
      {
        method: 'GET',
        pattern: new RegExp(`^/v1/customers/${id}/payment_methods$`),
        allowed: ['type', 'limit', 'starting_after', 'ending_before', 'allow_redisplay', 'expand'],
        handle: ({ ids, params }) => this.listPaymentMethods(this.customer(ids[0]!).id, params),
      },
      {
        method: 'GET',
        pattern: /^\/v1\/payment_methods$/,
        allowed: ['customer', 'type', 'limit', 'starting_after', 'ending_before', 'expand'],
        handle: ({ params }) => this.listPaymentMethods(this.customer(str(params.customer) ?? '').id, params),
      },
      {
        method: 'GET',
        pattern: new RegExp(`^/v1/payment_methods/${id}$`),
        allowed: ['expand'],
        handle: ({ ids }) => ({ ...this.paymentMethod(ids[0]!) }),
      },
      {
        method: 'POST',
        pattern: new RegExp(`^/v1/payment_methods/${id}/attach$`),
        allowed: ['customer', 'expand'],
        handle: ({ ids, params }) => this.attachPaymentMethod(ids[0]!, params),
      },
      {
        method: 'POST',
        pattern: /^\/v1\/payment_intents$/,
        allowed: [
          'amount',
          'currency',
          'customer',
          'description',
          'metadata',
          'setup_future_usage',
          'automatic_payment_methods',
          'allowed_payment_method_types',
          'excluded_payment_method_types',
          'payment_method_types',
          'receipt_email',
          'statement_descriptor_suffix',
          'transfer_group',
          'payment_method',
          'confirm',
          'off_session',
          'return_url',
          'expand',
        ],
        expandable: intentExpand,
        handle: ({ params }) => this.createIntent(params),
      },
      {
        method: 'GET',
        pattern: new RegExp(`^/v1/payment_intents/${id}$`),
        allowed: ['client_secret', 'expand'],
        expandable: intentExpand,
        handle: ({ ids, params }) => this.renderIntent(this.intent(ids[0]!), params),
      },
      {
        method: 'POST',
        pattern: new RegExp(`^/v1/payment_intents/${id}$`),
        allowed: ['amount', 'description', 'metadata', 'setup_future_usage', 'receipt_email', 'expand'],
        expandable: intentExpand,
        handle: ({ ids, params }) => this.updateIntent(this.intent(ids[0]!), params),
      },
      {
        method: 'POST',
        pattern: new RegExp(`^/v1/payment_intents/${id}/cancel$`),
        allowed: ['cancellation_reason', 'expand'],
        expandable: intentExpand,
        handle: ({ ids, params }) => this.cancelIntent(this.intent(ids[0]!), params),
      },
      {
        method: 'POST',
        pattern: new RegExp(`^/v1/payment_intents/${id}/confirm$`),
        allowed: ['payment_method', 'setup_future_usage', 'return_url', 'client_secret', 'expand', 'key'],
        expandable: intentExpand,
        publishable: true,
        handle: (ctx) => this.confirmIntent(this.intent(ctx.ids[0]!), ctx),
      },
      {
        method: 'POST',
        pattern: /^\/v1\/refunds$/,
        allowed: [
          'payment_intent',
          'charge',
          'amount',
          'reason',
          'metadata',
          'refund_application_fee',
          'reverse_transfer',
          'expand',
        ],
        handle: ({ params }) => this.createRefund(params),
      },
      {
        method: 'GET',
        pattern: new RegExp(`^/v1/refunds/${id}$`),
        allowed: ['expand'],
        handle: ({ ids }) => {
          const refund = this.refunds.get(ids[0]!);
          if (!refund) throw missing('refund', ids[0]!, 'id');
          return { ...refund };
        },
      },
      {
        method: 'POST',
        pattern: /^\/v1\/accounts$/,
        allowed: [
          'type',
          'country',
          'email',
          'metadata',
          'capabilities',
          'business_type',
          'controller',
          'business_profile',
          'expand',
        ],
        handle: ({ params }) => this.createAccount(params),
      },
      {
        method: 'GET',
        pattern: new RegExp(`^/v1/accounts/${id}$`),
        allowed: ['expand'],
        handle: ({ ids }) => this.renderAccount(this.account(ids[0]!)),
      },
      {
        method: 'POST',
        pattern: /^\/v1\/account_sessions$/,
        allowed: ['account', 'components', 'expand'],
        handle: ({ params }) => this.createAccountSession(params),
      },
      {
        method: 'POST',
        pattern: /^\/v1\/transfers$/,
        allowed: [
          'amount',
          'currency',
          'destination',
          'metadata',
          'description',
          'transfer_group',
          'source_transaction',
          'expand',
        ],
        handle: ({ params }) => this.createTransfer(params),
      },
      {
        method: 'GET',
        pattern: /^\/v1\/transfers$/,
        allowed: [
          'destination',
          'created',
          'transfer_group',
          'limit',
          'starting_after',
          'ending_before',
          'expand',
        ],
        handle: ({ params }) => this.listTransfers(params),
      },
    ];
  }

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    this.url = `http://127.0.0.1:${this.port}`;
    return this;
  }

  /** Stops listening and cuts open (keep-alive) connections: later calls fail to connect. */
  close() {
    return new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  /** The adapter pointed at this server (no retries and a short timeout unless asked). */
  provider(overrides: Partial<StripeProviderOptions> = {}): PaymentProvider {
    return createStripeProvider({
      secretKey: this.secretKey,
      publishableKey: this.publishableKey,
      webhookSecret: this.webhookSecret,
      apiBase: this.url,
      maxNetworkRetries: 0,
      timeoutMs: 2_000,
      ...overrides,
    });
  }

  /** How many requests went to a path (exact, or matching a pattern), optionally of one method. */
  count(path: string | RegExp, method?: 'GET' | 'POST') {
    return this.requests.filter(
      (r) =>
        (method === undefined || r.method === method) &&
        (typeof path === 'string' ? r.path === path : path.test(r.path)),
    ).length;
  }

  /** The next `count` requests fail: Stripe's 500 or 429 before doing anything, or the connection cut
   * after the request was carried out (the answer is lost; a retry with the same key gets it). */
  failNext(count: number, mode: FailureMode = 'api_error') {
    this.failures = Array.from({ length: count }, () => mode);
  }

  /** As `failNext`, for the next requests to `path` only, one failure each (other requests go through). */
  failNextOn(path: string, ...modes: FailureMode[]) {
    this.pathFailures = modes.map((mode) => ({ path, mode }));
  }

  /** Stripe keeps idempotency keys for 24 hours: after that a repeated key makes a new object. */
  forgetIdempotencyKeys() {
    this.idempotent.clear();
  }

  /** Plays the browser (Stripe.js with the publishable key and the client secret) confirming an intent. */
  async confirmAsBrowser(
    clientSecret: string,
    paymentMethod: string,
    opts: { setupFutureUsage?: boolean; returnUrl?: string } = {},
  ): Promise<{ status: number; body: Json }> {
    const intentId = clientSecret.split('_secret_')[0] ?? '';
    const form = new URLSearchParams({ payment_method: paymentMethod, client_secret: clientSecret });
    if (opts.returnUrl) form.set('return_url', opts.returnUrl);
    if (opts.setupFutureUsage !== undefined)
      form.set('setup_future_usage', opts.setupFutureUsage ? 'off_session' : '');
    const res = await fetch(`${this.url}/v1/payment_intents/${intentId}/confirm`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${this.publishableKey}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: form.toString(),
    });
    return { status: res.status, body: (await res.json()) as Json };
  }

  /** The customer finishes (or fails) the bank's 3-D Secure page for an intent that requires action. */
  completeAuthentication(intentId: string, outcome: 'succeed' | 'fail' = 'succeed'): Json {
    const intent = this.intent(intentId);
    if (intent.status !== 'requires_action') throw new Error(`${intentId} is ${intent.status}`);
    const pm = this.paymentMethod(intent.payment_method ?? '');
    if (outcome === 'succeed') this.succeed(intent, pm);
    else
      this.refuse(intent, pm, {
        type: 'invalid_request_error',
        code: 'payment_intent_authentication_failure',
        message: STRIPE_MESSAGES.authenticationFailed,
      });
    return this.renderIntent(intent, {});
  }

  /** The vendor finishes Express onboarding: charges and payouts enabled, a bank account on file. */
  completeOnboarding(accountId: string, bank: { last4?: string; bankName?: string } = {}): Json {
    const account = this.account(accountId);
    Object.assign(account, {
      details_submitted: true,
      charges_enabled: true,
      payouts_enabled: true,
    });
    for (const name of Object.keys(account.capabilities)) account.capabilities[name] = 'active';
    account.external_accounts = [
      {
        id: newId('ba'),
        object: 'bank_account',
        account: account.id,
        bank_name: bank.bankName ?? 'STRIPE TEST BANK',
        last4: bank.last4 ?? '6789',
        routing_number: '110000000',
        country: 'US',
        currency: 'usd',
        default_for_currency: true,
        status: 'new',
      },
    ];
    const rendered = this.renderAccount(account);
    this.emit('account.updated', rendered);
    return rendered;
  }

  // ---- HTTP ----

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', this.url);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const method = req.method ?? 'GET';
    const params = parseForm(method === 'GET' ? url.search.slice(1) : Buffer.concat(chunks).toString('utf8'));
    const header = (name: string) => {
      const v = req.headers[name];
      return typeof v === 'string' ? v : null;
    };
    const idempotencyKey = method === 'POST' ? header('idempotency-key') : null;
    const record: FakeStripeRequest = {
      method,
      path: url.pathname,
      params,
      idempotencyKey,
      replayed: false,
      status: 0,
      stripeVersion: header('stripe-version'),
    };
    this.requests.push(record);
    const send = (status: number, body: Json, replayed = false) => {
      record.status = status;
      record.replayed = replayed;
      res.writeHead(status, {
        'content-type': 'application/json',
        'request-id': `req_${random(14)}`,
        ...(header('stripe-version') ? { 'stripe-version': header('stripe-version')! } : {}),
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
      });
      res.end(JSON.stringify(body, null, 2));
    };

    const onPath = this.pathFailures.findIndex((f) => f.path === url.pathname);
    const failure = onPath >= 0 ? this.pathFailures.splice(onPath, 1)[0]!.mode : this.failures.shift();
    if (failure === 'api_error')
      return send(500, { error: { type: 'api_error', message: 'An unknown error occurred' } });
    if (failure === 'rate_limit')
      return send(429, {
        error: {
          type: 'invalid_request_error',
          code: 'rate_limit',
          message: 'Too many requests hit the API too quickly.',
        },
      });

    const route = this.routes.find((r) => r.method === method && r.pattern.test(url.pathname));
    const key = this.keyOf(header('authorization'), route);
    if (typeof key !== 'string') return send(key.status, { error: key.error });
    if (!route)
      return send(404, {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${method}: ${url.pathname}).`,
        },
      });

    const fingerprint = `${method} ${url.pathname} ${canonical(params)}`;
    if (idempotencyKey) {
      const stored = this.idempotent.get(idempotencyKey);
      if (stored && stored.fingerprint !== fingerprint)
        return send(400, {
          error: {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          },
        });
      if (stored) return send(stored.status, stored.body, true);
    }

    let status = 200;
    let body: Json;
    try {
      this.checkParams(route, params);
      body = route.handle({ params, ids: route.pattern.exec(url.pathname)!.slice(1), key });
    } catch (err) {
      // A bug here answers like Stripe's own failure, so the test sees it instead of a hung request.
      status = err instanceof StripeFailure ? err.status : 500;
      body = {
        error: err instanceof StripeFailure ? err.error : { type: 'api_error', message: String(err) },
      };
    }
    // Stripe keeps the result of a request that ran (including refusals), not of one that never started.
    if (idempotencyKey && status < 500) this.idempotent.set(idempotencyKey, { fingerprint, status, body });
    if (failure === 'drop_after_processing') {
      record.status = -1;
      req.socket.destroy();
      return;
    }
    send(status, body);
  }

  private keyOf(authorization: string | null, route: Route | undefined): Context['key'] | StripeFailure {
    const key = authorization?.startsWith('Bearer ') ? authorization.slice(7) : '';
    if (key === this.secretKey) return 'secret';
    if (key === this.publishableKey && route?.publishable) return 'publishable';
    if (key === this.publishableKey)
      return invalid(
        'This API call cannot be made with a publishable API key. Please use a secret API key.',
        { code: 'secret_key_required' },
        401,
      );
    if (!key)
      return invalid(
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
        {},
        401,
      );
    return invalid(`Invalid API Key provided: ${key.slice(0, 8)}****${key.slice(-4)}`, {}, 401);
  }

  private checkParams(route: Route, params: FormParams) {
    for (const name of Object.keys(params))
      if (!route.allowed.includes(name))
        throw invalid(`Received unknown parameter: ${name}`, { code: 'parameter_unknown', param: name });
    for (const path of strings(params.expand))
      if (!(route.expandable ?? []).includes(path))
        throw invalid(`This property cannot be expanded (${path}).`, { param: 'expand' });
  }

  // ---- lookups ----

  private customer(id: string) {
    const found = this.customers.get(id);
    if (!found) throw missing('customer', id, 'id');
    return found;
  }

  private paymentMethod(id: string) {
    const found = this.paymentMethods.get(id);
    if (!found) throw missing('PaymentMethod', id, 'payment_method');
    return found;
  }

  private intent(id: string) {
    const found = this.paymentIntents.get(id);
    if (!found) throw missing('payment_intent', id, 'intent');
    return found;
  }

  private account(id: string) {
    const found = this.accounts.get(id);
    if (!found) throw missing('account', id, 'account');
    return found;
  }

  private created() {
    return Math.floor(this.now() / 1000);
  }

  private remember<T extends { id: string }>(map: Map<string, T>, object: T): T {
    map.set(object.id, object);
    this.sequence.set(object.id, this.sequence.size);
    return object;
  }

  private emit(type: string, object: Json) {
    this.events.push(eventFor(type, object, { created: this.created() }));
  }

  // ---- rendering (Stripe's JSON, with expansions) ----

  private renderPaymentMethod(pm: PaymentMethodObject): Json {
    return structuredClone(pm) as unknown as Json;
  }

  private renderIntent(intent: IntentObject, params: FormParams): Json {
    const expand = strings(params.expand);
    const pm = intent.payment_method ? this.paymentMethods.get(intent.payment_method) : undefined;
    const charge = intent.latest_charge ? this.charges.get(intent.latest_charge) : undefined;
    const customer = intent.customer ? this.customers.get(intent.customer) : undefined;
    const error = intent.last_payment_error;
    const errorPm = error ? this.paymentMethods.get(error.payment_method) : undefined;
    return {
      ...structuredClone(intent),
      payment_method:
        expand.includes('payment_method') && pm ? this.renderPaymentMethod(pm) : intent.payment_method,
      latest_charge: expand.includes('latest_charge') && charge ? { ...charge } : intent.latest_charge,
      customer: expand.includes('customer') && customer ? { ...customer } : intent.customer,
      last_payment_error: error
        ? { ...error, payment_method: errorPm ? this.renderPaymentMethod(errorPm) : null }
        : null,
    };
  }

  private renderAccount(account: AccountObject): Json {
    return {
      ...structuredClone(account),
      external_accounts: {
        object: 'list',
        data: structuredClone(account.external_accounts),
        has_more: false,
        total_count: account.external_accounts.length,
        url: `/v1/accounts/${account.id}/external_accounts`,
      },
      requirements: {
        currently_due: account.details_submitted ? [] : ['external_account', 'tos_acceptance.date'],
        disabled_reason: account.details_submitted ? null : 'requirements.past_due',
      },
    };
  }

  private newestFirst<T extends { id: string }>(items: T[]) {
    return items.sort((a, b) => (this.sequence.get(b.id) ?? 0) - (this.sequence.get(a.id) ?? 0));
  }

  // ---- customers and payment methods ----

  private createCustomer(params: FormParams): Json {
    const customer = this.remember(this.customers, {
      id: newId('cus'),
      object: 'customer',
      email: str(params.email) ?? null,
      name: str(params.name) ?? null,
      description: str(params.description) ?? null,
      metadata: dict(params.metadata),
      created: this.created(),
      livemode: false,
    });
    this.emit('customer.created', { ...customer });
    return { ...customer };
  }

  private listPaymentMethods(customerId: string, params: FormParams): Json {
    const type = str(params.type);
    const limit = Math.min(Math.max(Number(str(params.limit) ?? 10) || 10, 1), 100);
    const all = this.newestFirst(
      [...this.paymentMethods.values()].filter(
        (pm) => pm.customer === customerId && (!type || pm.type === type),
      ),
    );
    return {
      object: 'list',
      data: all.slice(0, limit).map((pm) => this.renderPaymentMethod(pm)),
      has_more: all.length > limit,
      url: `/v1/customers/${customerId}/payment_methods`,
    };
  }

  /** A test token makes a new payment method (as Stripe does); a pm_… id is used as it is. */
  private resolvePaymentMethod(id: string, intent: IntentObject): PaymentMethodObject {
    const test = TEST_PAYMENT_METHODS[id];
    if (!test) {
      const pm = this.paymentMethod(id);
      if (pm.customer && pm.customer !== intent.customer)
        throw invalid('The provided PaymentMethod belongs to a different Customer.', {
          code: 'payment_method_invalid_parameter',
          param: 'payment_method',
        });
      return pm;
    }
    return this.newTestPaymentMethod(id);
  }

  /** A new payment method from one of Stripe's test tokens (pm_card_visa …), remembering its outcome. */
  private newTestPaymentMethod(token: string): PaymentMethodObject {
    const test = TEST_PAYMENT_METHODS[token]!;
    const now = new Date(this.now());
    const pm = this.remember(this.paymentMethods, {
      id: newId('pm'),
      object: 'payment_method',
      type: 'card',
      card: {
        brand: test.brand,
        display_brand: test.brand,
        last4: test.last4,
        exp_month: now.getUTCMonth() + 1,
        exp_year: now.getUTCFullYear() + 1,
        funding: 'credit',
        country: 'US',
      },
      customer: null,
      allow_redisplay: 'unspecified',
      billing_details: { address: null, email: null, name: null, phone: null },
      metadata: {},
      created: this.created(),
      livemode: false,
    });
    this.outcomes.set(pm.id, test.outcome);
    return pm;
  }

  /**
   * Saves a payment method on a customer without a charge. A test token makes a new one (as Stripe does);
   * the bank checks the card, so the always-declined cards are refused with Stripe's 402.
   */
  private attachPaymentMethod(id: string, params: FormParams): Json {
    const customerId = str(params.customer);
    if (!customerId)
      throw invalid('Missing required param: customer.', { code: 'parameter_missing', param: 'customer' });
    const customer = this.customer(customerId);
    const test = TEST_PAYMENT_METHODS[id];
    if (test && (test.outcome === 'declined' || test.outcome === 'insufficient_funds'))
      throw new StripeFailure(402, {
        type: 'card_error',
        code: 'card_declined',
        decline_code: test.outcome === 'declined' ? 'generic_decline' : 'insufficient_funds',
        message: test.outcome === 'declined' ? STRIPE_MESSAGES.declined : STRIPE_MESSAGES.insufficientFunds,
        param: '',
        doc_url: 'https://docs.stripe.com/error-codes/card-declined',
      });
    const pm = test ? this.newTestPaymentMethod(id) : this.paymentMethod(id);
    if (pm.customer && pm.customer !== customer.id)
      throw invalid('The payment method you provided has already been attached to a customer.', {
        code: 'payment_method_unexpected_state',
        param: 'payment_method',
      });
    pm.customer = customer.id;
    this.emit('payment_method.attached', this.renderPaymentMethod(pm));
    return this.renderPaymentMethod(pm);
  }

  // ---- payment intents ----

  private setupFutureUsageParam(v: FormValue | undefined): IntentObject['setup_future_usage'] | undefined {
    const value = str(v);
    if (value === undefined) return undefined;
    if (value === '') return null;
    if (value === 'off_session' || value === 'on_session') return value;
    throw invalid(`Invalid setup_future_usage: must be one of on_session or off_session`, {
      code: 'parameter_invalid_string',
      param: 'setup_future_usage',
    });
  }

  private createIntent(params: FormParams): Json {
    const amount = amountParam(params.amount);
    if (amount < 50)
      throw invalid('Amount must be at least $0.50 usd', { code: 'amount_too_small', param: 'amount' });
    const currency = str(params.currency);
    if (!currency)
      throw invalid('Missing required param: currency.', { code: 'parameter_missing', param: 'currency' });
    if (params.payment_method_types !== undefined)
      throw invalid(
        'The payment_method_types parameter is no longer supported on this API version. Use dynamic payment methods, allowed_payment_method_types or excluded_payment_method_types instead.',
        { code: 'payment_method_types_no_longer_supported', param: 'payment_method_types' },
      );
    const allowed = params.allowed_payment_method_types;
    const automatic = params.automatic_payment_methods;
    if (
      allowed !== undefined &&
      (automatic !== undefined || params.excluded_payment_method_types !== undefined)
    )
      throw invalid(
        'You may only specify one of these parameters: allowed_payment_method_types, automatic_payment_methods, excluded_payment_method_types.',
        { code: 'parameters_exclusive' },
      );
    const customerId = str(params.customer) ?? null;
    if (customerId) this.customer(customerId);
    const id = newId('pi');
    const types = allowed !== undefined ? strings(allowed) : ['card', 'link'];
    const intent = this.remember(this.paymentIntents, {
      id,
      object: 'payment_intent',
      amount,
      amount_capturable: 0,
      amount_received: 0,
      currency,
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${random(25)}`,
      customer: customerId,
      description: str(params.description) ?? null,
      metadata: dict(params.metadata),
      setup_future_usage: this.setupFutureUsageParam(params.setup_future_usage) ?? null,
      payment_method: null,
      payment_method_types: types,
      allowed_payment_method_types: allowed !== undefined ? types : null,
      automatic_payment_methods: allowed !== undefined ? null : { enabled: true },
      last_payment_error: null,
      latest_charge: null,
      next_action: null,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: 'automatic',
      confirmation_method: 'automatic',
      created: this.created(),
      livemode: false,
    });
    this.emit('payment_intent.created', this.renderIntent(intent, {}));
    const confirm = str(params.confirm);
    const offSession = str(params.off_session);
    if (offSession !== undefined && confirm !== 'true')
      throw invalid('off_session can only be used when confirm=true.', { param: 'off_session' });
    if (confirm === 'true') {
      const pmId = str(params.payment_method);
      if (!pmId)
        throw invalid(
          "You cannot confirm this PaymentIntent because it's missing a payment method. To confirm the PaymentIntent with a payment method, update it or pass a payment_method.",
          { code: 'payment_intent_unexpected_state' },
        );
      this.attempt(intent, this.resolvePaymentMethod(pmId, intent), {
        offSession: offSession === 'true',
        returnUrl: str(params.return_url),
        params,
      });
    }
    return this.renderIntent(intent, params);
  }

  private updateIntent(intent: IntentObject, params: FormParams): Json {
    const changesPayment = ['amount', 'setup_future_usage'].some((p) => params[p] !== undefined);
    if (changesPayment && !intent.status.startsWith('requires_'))
      throw unexpectedState(
        `You cannot update this PaymentIntent because it has a status of ${intent.status}. Updates are only allowed when the PaymentIntent has a status of requires_payment_method, requires_confirmation, or requires_action.`,
      );
    if (params.amount !== undefined) intent.amount = amountParam(params.amount);
    const sfu = this.setupFutureUsageParam(params.setup_future_usage);
    if (sfu !== undefined) intent.setup_future_usage = sfu;
    if (params.description !== undefined) intent.description = str(params.description) || null;
    if (params.metadata !== undefined) Object.assign(intent.metadata, dict(params.metadata));
    return this.renderIntent(intent, params);
  }

  private cancelIntent(intent: IntentObject, params: FormParams): Json {
    if (['succeeded', 'canceled', 'processing'].includes(intent.status))
      throw unexpectedState(
        `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action.`,
      );
    intent.status = 'canceled';
    intent.canceled_at = this.created();
    intent.cancellation_reason = str(params.cancellation_reason) ?? null;
    intent.next_action = null;
    this.emit('payment_intent.canceled', this.renderIntent(intent, {}));
    return this.renderIntent(intent, params);
  }

  private confirmIntent(intent: IntentObject, { params, key }: Context): Json {
    if (key === 'publishable' && str(params.client_secret) !== intent.client_secret)
      throw missing('payment_intent', intent.id, 'intent');
    if (!intent.status.startsWith('requires_'))
      throw unexpectedState(
        `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`,
      );
    const pmId = str(params.payment_method) ?? intent.payment_method;
    if (!pmId)
      throw invalid(
        "You cannot confirm this PaymentIntent because it's missing a payment method. To confirm the PaymentIntent with a payment method, update it or pass a payment_method.",
        { code: 'payment_intent_unexpected_state' },
      );
    const pm = this.resolvePaymentMethod(pmId, intent);
    const sfu = this.setupFutureUsageParam(params.setup_future_usage);
    if (sfu !== undefined) intent.setup_future_usage = sfu;
    this.attempt(intent, pm, { offSession: false, returnUrl: str(params.return_url), params });
    return this.renderIntent(intent, params);
  }

  /**
   * One payment attempt of a confirmation with the card's test outcome. On-session a card that needs
   * 3-D Secure leaves the intent requires_action; off-session (the customer is away) Stripe cannot ask, so
   * it refuses with a 402 authentication_required unless the card was saved for off-session use and the
   * bank grants the exemption (3155). A refusal throws Stripe's 402 with the failed intent in it.
   */
  private attempt(
    intent: IntentObject,
    pm: PaymentMethodObject,
    opts: { offSession: boolean; returnUrl: string | undefined; params: FormParams },
  ) {
    intent.payment_method = pm.id;
    const outcome = this.outcomes.get(pm.id) ?? 'succeed';
    const savedHere = pm.customer !== null && pm.customer === intent.customer;
    const exempt = outcome === 'authenticate_unless_saved' && opts.offSession && savedHere;
    const authenticate = outcome === 'authenticate' || outcome === 'authenticate_unless_saved';
    if (outcome === 'succeed' || exempt) this.succeed(intent, pm);
    else if (authenticate && opts.offSession)
      this.decline(intent, pm, opts.params, {
        code: 'authentication_required',
        decline_code: 'authentication_required',
        message: STRIPE_MESSAGES.authenticationRequired,
        doc: 'authentication-required',
      });
    else if (authenticate) {
      intent.status = 'requires_action';
      const returnUrl = opts.returnUrl;
      intent.next_action = returnUrl
        ? {
            type: 'redirect_to_url',
            redirect_to_url: { url: `${this.url}/3ds/${intent.id}`, return_url: returnUrl },
          }
        : {
            type: 'use_stripe_sdk',
            use_stripe_sdk: { type: 'three_d_secure_redirect', source: newId('src') },
          };
      this.emit('payment_intent.requires_action', this.renderIntent(intent, {}));
    } else {
      const insufficient = outcome === 'insufficient_funds';
      this.decline(intent, pm, opts.params, {
        code: 'card_declined',
        decline_code: insufficient ? 'insufficient_funds' : 'generic_decline',
        message: insufficient ? STRIPE_MESSAGES.insufficientFunds : STRIPE_MESSAGES.declined,
        doc: 'card-declined',
      });
    }
  }

  /** The bank's refusal: a failed charge, the intent back to requires_payment_method, and Stripe's 402. */
  private decline(
    intent: IntentObject,
    pm: PaymentMethodObject,
    params: FormParams,
    refusal: { code: string; decline_code: string; message: string; doc: string },
  ): never {
    const { doc, ...error } = refusal;
    const chargeId = this.refuse(intent, pm, { type: 'card_error', ...error });
    throw new StripeFailure(402, {
      ...intent.last_payment_error!,
      charge: chargeId,
      // The failed intent, as the request would have rendered it (its expansions included).
      payment_intent: this.renderIntent(intent, params),
      payment_method: this.renderPaymentMethod(pm),
      doc_url: `https://docs.stripe.com/error-codes/${doc}`,
    });
  }

  private succeed(intent: IntentObject, pm: PaymentMethodObject) {
    const charge = this.remember(this.charges, {
      id: newId('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_captured: intent.amount,
      amount_refunded: 0,
      captured: true,
      paid: true,
      refunded: false,
      disputed: false,
      status: 'succeeded',
      failure_code: null,
      failure_message: null,
      currency: intent.currency,
      customer: intent.customer,
      payment_intent: intent.id,
      payment_method: pm.id,
      metadata: { ...intent.metadata },
      created: this.created(),
      livemode: false,
    });
    Object.assign(intent, {
      status: 'succeeded',
      amount_received: intent.amount,
      latest_charge: charge.id,
      payment_method: pm.id,
      last_payment_error: null,
      next_action: null,
    });
    // Saved for next time when the intent asked for it (Stripe attaches it to the intent's customer).
    if (intent.setup_future_usage && intent.customer && !pm.customer) {
      pm.customer = intent.customer;
      this.emit('payment_method.attached', this.renderPaymentMethod(pm));
    }
    this.emit('charge.succeeded', { ...charge });
    this.emit('payment_intent.succeeded', this.renderIntent(intent, {}));
  }

  /** A refusal: the intent goes back to requires_payment_method with the error; answers the failed charge. */
  private refuse(
    intent: IntentObject,
    pm: PaymentMethodObject,
    error: Omit<PaymentErrorObject, 'payment_method' | 'charge'>,
  ): string | undefined {
    let chargeId: string | undefined;
    if (error.type === 'card_error') {
      chargeId = this.remember(this.charges, {
        id: newId('ch'),
        object: 'charge',
        amount: intent.amount,
        amount_captured: 0,
        amount_refunded: 0,
        captured: false,
        paid: false,
        refunded: false,
        disputed: false,
        status: 'failed',
        failure_code: error.code,
        failure_message: error.message,
        currency: intent.currency,
        customer: intent.customer,
        payment_intent: intent.id,
        payment_method: pm.id,
        metadata: { ...intent.metadata },
        created: this.created(),
        livemode: false,
      }).id;
      intent.latest_charge = chargeId;
    }
    Object.assign(intent, {
      status: 'requires_payment_method',
      payment_method: null,
      next_action: null,
      last_payment_error: { ...error, ...(chargeId ? { charge: chargeId } : {}), payment_method: pm.id },
    });
    this.emit('payment_intent.payment_failed', this.renderIntent(intent, {}));
    return chargeId;
  }

  // ---- refunds ----

  private createRefund(params: FormParams): Json {
    const reason = str(params.reason);
    if (reason !== undefined && !['duplicate', 'fraudulent', 'requested_by_customer'].includes(reason))
      throw invalid('Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer', {
        code: 'parameter_invalid_string',
        param: 'reason',
      });
    const intentId = str(params.payment_intent);
    const chargeParam = str(params.charge);
    let charge: ChargeObject | undefined;
    if (intentId) {
      const intent = this.intent(intentId);
      charge = intent.latest_charge ? this.charges.get(intent.latest_charge) : undefined;
      if (intent.status !== 'succeeded' || charge?.status !== 'succeeded')
        throw invalid(`This PaymentIntent (${intentId}) does not have a successful charge to refund.`, {
          code: 'charge_not_refundable',
        });
    } else if (chargeParam) {
      charge = this.charges.get(chargeParam);
      if (!charge) throw missing('charge', chargeParam, 'charge');
    } else
      throw invalid(
        'One of the following params should be provided for this request: payment_intent or charge.',
        {
          code: 'parameter_missing',
        },
      );
    const remaining = charge.amount - charge.amount_refunded;
    if (remaining === 0)
      throw invalid(`Charge ${charge.id} has already been refunded.`, { code: 'charge_already_refunded' });
    const amount = params.amount === undefined ? remaining : amountParam(params.amount);
    if (amount > remaining)
      throw invalid(
        `Refund amount ($${dollars(amount)}) is greater than unrefunded amount on charge ($${dollars(remaining)})`,
        { code: 'amount_too_large', param: 'amount' },
      );
    const refund = this.remember(this.refunds, {
      id: newId('re'),
      object: 'refund',
      amount,
      charge: charge.id,
      currency: charge.currency,
      payment_intent: charge.payment_intent,
      reason: reason ?? null,
      status: this.nextRefundStatus ?? 'succeeded',
      metadata: dict(params.metadata),
      created: this.created(),
    });
    this.nextRefundStatus = null;
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    this.emit('refund.created', { ...refund });
    // Like Stripe since API 2022-11-15, the charge in the event has no `refunds` list.
    this.emit('charge.refunded', { ...charge });
    return { ...refund };
  }

  // ---- Connect ----

  private createAccount(params: FormParams): Json {
    const type = str(params.type);
    if (type !== undefined && !['express', 'standard', 'custom'].includes(type))
      throw invalid('Invalid type: must be one of custom, express, or standard', { param: 'type' });
    if (type === undefined && params.controller === undefined)
      throw invalid('You must provide either `type` or `controller`.', { param: 'type' });
    const capabilities = params.capabilities;
    const requested =
      capabilities && typeof capabilities === 'object' && !Array.isArray(capabilities)
        ? Object.keys(capabilities).filter((name) => str(dict(capabilities[name]).requested) === 'true')
        : [];
    const account = this.remember(this.accounts, {
      id: `acct_${random(16)}`,
      object: 'account',
      type: type ?? 'none',
      country: str(params.country) ?? 'US',
      email: str(params.email) ?? null,
      metadata: dict(params.metadata),
      business_type: str(params.business_type) ?? null,
      controller: params.controller ?? null,
      capabilities: Object.fromEntries(requested.map((name) => [name, 'inactive' as const])),
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
      default_currency: 'usd',
      external_accounts: [],
      created: this.created(),
    });
    return this.renderAccount(account);
  }

  /** Account sessions (the client secret Connect's embedded components run under); kept for tests. */
  readonly accountSessions: Json[] = [];

  private createAccountSession(params: FormParams): Json {
    const accountId = str(params.account);
    if (!accountId)
      throw invalid('Missing required param: account.', { code: 'parameter_missing', param: 'account' });
    this.account(accountId);
    const components = params.components;
    const enabled =
      components && typeof components === 'object' && !Array.isArray(components)
        ? Object.keys(components).filter((name) => {
            const component = components[name];
            return component !== undefined && str(dict(component).enabled) === 'true';
          })
        : [];
    if (enabled.length === 0)
      throw invalid('You must enable at least one component.', { param: 'components' });
    const known = ['account_onboarding', 'account_management', 'notification_banner', 'payouts', 'payments'];
    const unknown = enabled.find((name) => !known.includes(name));
    if (unknown) throw invalid(`Received unknown parameter: components[${unknown}]`, { param: 'components' });
    const session = {
      object: 'account_session',
      account: accountId,
      client_secret: `accs_secret__${random(24)}`,
      expires_at: this.created() + 30 * 60,
      livemode: false,
      components: Object.fromEntries(enabled.map((name) => [name, { enabled: true, features: {} }])),
    };
    this.accountSessions.push(session);
    return session;
  }

  private createTransfer(params: FormParams): Json {
    const amount = amountParam(params.amount);
    const currency = str(params.currency);
    if (!currency)
      throw invalid('Missing required param: currency.', { code: 'parameter_missing', param: 'currency' });
    const destinationId = str(params.destination) ?? '';
    const destination = this.accounts.get(destinationId);
    if (!destination)
      throw invalid(`No such destination: '${destinationId}'`, {
        code: 'resource_missing',
        param: 'destination',
      });
    if (destination.capabilities.transfers !== 'active')
      throw invalid(
        'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
        { code: 'insufficient_capabilities_for_transfer', param: 'destination' },
      );
    // source_transaction: a charge of this account that succeeded, and still holds the amount (what it
    // collected, less refunds and the transfers it funded before).
    const sourceId = str(params.source_transaction);
    if (sourceId !== undefined) {
      const charge = this.charges.get(sourceId);
      if (!charge) throw missing('charge', sourceId, 'source_transaction');
      if (charge.status !== 'succeeded')
        throw invalid(`The charge ${sourceId} did not succeed; it cannot fund a transfer.`, {
          param: 'source_transaction',
        });
      const funded = [...this.transfers.values()]
        .filter((t) => t.source_transaction === sourceId)
        .reduce((sum, t) => sum + t.amount, 0);
      if (amount > charge.amount_captured - charge.amount_refunded - funded)
        throw invalid(
          `Insufficient funds in the source transaction ${sourceId} for a transfer of $${dollars(amount)}.`,
          { code: 'balance_insufficient', param: 'amount' },
        );
    }
    const transfer = this.remember(this.transfers, {
      id: newId('tr'),
      object: 'transfer',
      amount,
      amount_reversed: 0,
      currency,
      destination: destination.id,
      description: str(params.description) ?? null,
      metadata: dict(params.metadata),
      reversed: false,
      source_transaction: sourceId ?? null,
      transfer_group: str(params.transfer_group) ?? null,
      created: this.created(),
      livemode: false,
    });
    this.emit('transfer.created', { ...transfer });
    return { ...transfer };
  }

  /** GET /v1/transfers: newest first, by destination, created[gte|gt|lte|lt] and transfer_group. */
  private listTransfers(params: FormParams): Json {
    const destination = str(params.destination);
    const group = str(params.transfer_group);
    const created = params.created;
    const range = created && typeof created === 'object' && !Array.isArray(created) ? dict(created) : {};
    const exact = str(created);
    const limit = Math.min(Math.max(Number(str(params.limit) ?? 10) || 10, 1), 100);
    let all = this.newestFirst(
      [...this.transfers.values()].filter(
        (t) =>
          (!destination || t.destination === destination) &&
          (!group || t.transfer_group === group) &&
          (exact === undefined || t.created === Number(exact)) &&
          (range.gte === undefined || t.created >= Number(range.gte)) &&
          (range.gt === undefined || t.created > Number(range.gt)) &&
          (range.lte === undefined || t.created <= Number(range.lte)) &&
          (range.lt === undefined || t.created < Number(range.lt)),
      ),
    );
    const after = str(params.starting_after);
    if (after) all = all.slice(all.findIndex((t) => t.id === after) + 1);
    return {
      object: 'list',
      data: all.slice(0, limit).map((t) => ({ ...t })),
      has_more: all.length > limit,
      url: '/v1/transfers',
    };
  }

  /** The cardholder disputes the intent's charge: Stripe's charge.dispute.created event is recorded. */
  createDispute(intentId: string, reason = 'fraudulent'): DisputeObject {
    const intent = this.intent(intentId);
    const charge = intent.latest_charge ? this.charges.get(intent.latest_charge) : undefined;
    if (!charge || charge.status !== 'succeeded') throw new Error(`${intentId} has no successful charge`);
    charge.disputed = true;
    const dispute = this.remember<DisputeObject>(this.disputes, {
      id: newId('dp'),
      object: 'dispute',
      amount: charge.amount,
      charge: charge.id,
      currency: charge.currency,
      payment_intent: intent.id,
      reason,
      status: 'needs_response',
      created: this.created(),
      livemode: false,
    });
    this.emit('charge.dispute.created', { ...dispute });
    return dispute;
  }

  /** The bank decides: charge.dispute.closed with the dispute's final status. */
  closeDispute(disputeId: string, status: 'won' | 'lost' | 'warning_closed'): DisputeObject {
    const dispute = this.disputes.get(disputeId);
    if (!dispute) throw new Error(`no dispute ${disputeId}`);
    dispute.status = status;
    this.emit('charge.dispute.closed', { ...dispute });
    return dispute;
  }
}

/** A fake Stripe listening on 127.0.0.1 at a random port. */
export async function startFakeStripe(): Promise<FakeStripe> {
  return new FakeStripe().start();
}
