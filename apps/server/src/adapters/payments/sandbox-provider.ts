/**
 * The sandbox payment provider (ARCHITECTURE §4): the embedded default, so `npm start` takes card
 * payments with no account anywhere. It keeps Stripe-like objects (customers, payment methods,
 * payment intents, refunds, connected accounts, transfers, events) in the database, follows Stripe's
 * PaymentIntent states (requires_payment_method → requires_action → succeeded | canceled), accepts only
 * Stripe's documented test cards, honours idempotency keys, and emits the events Stripe would send; the
 * app hands them to the same handler as Stripe's webhooks (with a jobs-table retry).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql, type SQL, type WithSubquery } from 'drizzle-orm';
import {
  CARD_DECLINE_MESSAGES,
  CHECKOUT_MESSAGES,
  findTestCard,
  type TestCardBehaviour,
} from '@stg/domain/checkout';
import { queryRows, type Db, type Tx } from '../../db/client';
import { jobs, sandboxIdempotencyKeys, sandboxObjects } from '../../db/schema';
import {
  PaymentProviderError,
  type AccountSession,
  type AccountSessionComponent,
  type CardDetails,
  type ChargeSavedCardInput,
  type ConnectedAccount,
  type CreateIntentInput,
  type CreateTransferInput,
  type IntentStatus,
  type PaymentEvent,
  type PaymentProvider,
  type ProviderIntent,
  type ProviderRefund,
  type ProviderTransfer,
  type SavedCardCharge,
} from './payment-provider';

/** The jobs-table kind that (re)delivers a sandbox event to the app's handler. */
export const SANDBOX_EVENT_JOB = 'sandbox-event';

interface SandboxCard {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

interface PaymentMethodObject {
  id: string;
  object: 'payment_method';
  customer: string | null;
  card: SandboxCard;
  behaviour: TestCardBehaviour;
  created: number;
}

interface IntentObject {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  amount_refunded: number;
  currency: 'usd';
  status: IntentStatus;
  client_secret: string;
  customer: string;
  description: string;
  metadata: Record<string, string>;
  setup_future_usage: 'off_session' | null;
  payment_method: string | null;
  last_payment_error: { code: string; decline_code?: string; message: string } | null;
  latest_charge: string | null;
  next_action: { type: 'redirect_to_url'; redirect_to_url: { url: string; return_url: string } } | null;
  refunds: string[];
  /** What transfers funded from this charge have taken (Stripe's source_transaction). */
  amount_transferred?: number;
}

interface TransferObject {
  id: string;
  object: 'transfer';
  amount: number;
  destination: string;
  source_transaction: string | null;
  metadata: Record<string, string>;
  created: number;
}

interface AccountObject {
  id: string;
  object: 'account';
  email: string;
  metadata: Record<string, string>;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
  external_account: { last4: string; bank_name: string } | null;
  requirements?: { currently_due: string[] };
}

interface AccountSessionObject {
  id: string;
  object: 'account_session';
  account: string;
  client_secret: string;
  components: string[];
  /** Seconds since the epoch, as Stripe writes it. */
  expires_at: number;
}

/** What the sandbox asks a new connected account for (as Stripe's test mode would, for a bank payout). */
const SANDBOX_CURRENTLY_DUE = ['external_account', 'tos_acceptance.date', 'tos_acceptance.ip'];
/** Stripe's account sessions last 30 minutes. */
const ACCOUNT_SESSION_SECONDS = 30 * 60;

interface EventObject {
  id: string;
  object: 'event';
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
}

/** An event committed and kept for its delivery at once, with its intent's card (null: none). */
interface KeptEvent {
  event: EventObject;
  card: PaymentMethodObject | null;
}
/** Events kept for their delivery at once, at most (see keepForDelivery). */
const KEPT_EVENTS_MAX = 1_000;

export interface SandboxConfirmInput {
  clientSecret: string;
  card?: { number: string; expMonth: number; expYear: number; cvc: string };
  paymentMethodId?: string;
  saveCard?: boolean;
  /** Where the authentication page sends the customer back (validated by the caller). */
  returnUrl: string;
}

export interface SandboxConfirmResult {
  intent: ProviderIntent;
  redirectUrl: string | null;
}

export interface SandboxOptions {
  now: () => Date;
  /** Base of the authentication page's address (PUBLIC_URL). */
  publicUrl: string;
  /**
   * When the jobs table delivers an event that was not delivered at once (ms after it happened). With
   * `deliverAtOnce` false this is the only delivery, like a webhook arriving later.
   */
  eventRetryMs?: number;
}

const newId = (prefix: string) => `${prefix}_sbx${randomBytes(12).toString('hex')}`;

interface Refusal {
  code: string;
  decline_code: string;
  message: string;
}

const GENERIC_DECLINE: Refusal = {
  code: 'card_declined',
  decline_code: 'generic_decline',
  message: CARD_DECLINE_MESSAGES.declined,
};

/** Card-refusal codes as Stripe reports them, for any charge of the card (on- or off-session). */
const REFUSALS: Partial<Record<TestCardBehaviour, Refusal>> = {
  declined: GENERIC_DECLINE,
  insufficient_funds: {
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: CARD_DECLINE_MESSAGES.insufficient_funds,
  },
  // Stripe's 4000 0000 0000 0341: attaching succeeds, charging never does.
  declined_after_attach: GENERIC_DECLINE,
};

/** The cards whose on-session confirmation asks for 3-D Secure. */
const AUTHENTICATES_ON_SESSION: readonly TestCardBehaviour[] = [
  'requires_authentication',
  'authentication_always',
];

/**
 * An off-session charge the bank wants authenticated: Stripe's 402 for 4000 0027 6000 3184 (3155, once
 * saved for off-session use, goes through on the merchant-initiated exemption).
 */
const AUTHENTICATION_REQUIRED: Refusal = {
  code: 'authentication_required',
  decline_code: 'authentication_required',
  message: CARD_DECLINE_MESSAGES.authentication_required,
};

const invalid = (message: string, code = 'invalid_request') => new PaymentProviderError(message, code, false);

export class SandboxPayments implements PaymentProvider {
  readonly name = 'sandbox' as const;
  readonly publishableKey = null;
  /** Called after a transaction that emitted events commits (the app delivers them at once). */
  onEvents: ((eventIds: string[]) => void) | null = null;
  /** The events each running write emitted (by its `events` list), kept once it commits. */
  private readonly emitted = new WeakMap<string[], Map<string, KeptEvent>>();
  /** Events committed and not yet delivered, by id (see keepForDelivery). */
  private readonly kept = new Map<string, KeptEvent>();
  /** The retry jobs of delivered events waiting for the next statement that marks them done, if any. */
  private deliveredKeys: string[] | null = null;
  private deliveredNext: Promise<void> = Promise.resolve();
  private deliveredRunning: Promise<void> = Promise.resolve();
  /** The events held back by deliverAfter in this async context, until its work has finished. */
  private readonly heldBack = new AsyncLocalStorage<{ events: string[]; open: boolean }>();

  constructor(
    private readonly db: Db,
    private readonly opts: SandboxOptions,
  ) {}

  // ---- storage ----

  private async load<T>(tx: Db | Tx, id: string, object: string, lock = false): Promise<T | null> {
    const rows = await tx.execute<{ data: T }>(
      sql`select data from ${sandboxObjects} where id = ${id} and object = ${object} ${lock ? sql`for update` : sql``}`,
    );
    const row = (rows as { rows: { data: T | string }[] }).rows[0];
    if (!row) return null;
    return (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as T;
  }

  private async save(tx: Tx, obj: { id: string; object: string }) {
    await this.saveAll(tx, [obj]);
  }

  /** Writes these objects (new or changed) in one statement. */
  private async saveAll(tx: Tx, objs: { id: string; object: string }[]) {
    await this.upsert(tx, objs);
  }

  /** The statement that writes these objects (new or changed; each object once), after CTEs `also`. */
  private upsert(tx: Tx, objs: { id: string; object: string }[], ...also: WithSubquery[]) {
    const now = this.opts.now();
    return (also.length > 0 ? tx.with(...also) : tx)
      .insert(sandboxObjects)
      .values(
        objs.map((obj) => ({ id: obj.id, object: obj.object, data: obj, createdAt: now, updatedAt: now })),
      )
      .onConflictDoUpdate({
        target: sandboxObjects.id,
        set: { data: sql`excluded.data`, updatedAt: now },
      });
  }

  /** Emits a `type` event of `object`, written with `changed` (the objects it reports, saved in the same statement). */
  private async emit(
    tx: Tx,
    events: string[],
    type: string,
    object: object,
    changed: { id: string; object: string }[] = [],
    /** The intent's card when the caller holds it (null: it has none), for the handoff after the commit. */
    card?: PaymentMethodObject | null,
  ) {
    const now = this.opts.now();
    const event: EventObject = {
      id: newId('evt'),
      object: 'event',
      type,
      created: Math.floor(now.getTime() / 1000),
      data: { object: structuredClone(object) as Record<string, unknown> },
    };
    // The objects and the event are written in the same statement as the event's retry job (issue 27: one
    // round trip; a data-modifying CTE always runs, to completion, whether or not it is read).
    const saved = tx
      .$with('sandbox_saved')
      .as(this.upsert(tx, [...changed, event]).returning({ id: sandboxObjects.id }));
    // The retry path: the worker delivers it if the immediate delivery did not happen (crash, restart).
    await tx
      .with(saved)
      .insert(jobs)
      .values({
        kind: SANDBOX_EVENT_JOB,
        payload: { eventId: event.id },
        runAt: new Date(now.getTime() + (this.opts.eventRetryMs ?? 30_000)),
        uniqueKey: `${SANDBOX_EVENT_JOB}:${event.id}`,
        maxAttempts: 10,
        createdAt: now,
        updatedAt: now,
      });
    events.push(event.id);
    // Handed to the app after the commit as it was written (an intent's event only with its card known).
    const intentCard = (object as { object?: string }).object === 'payment_intent' ? card : null;
    if (intentCard !== undefined) this.emitted.get(events)?.set(event.id, { event, card: intentCard });
  }

  /**
   * Claims idempotency key `key` for `tx`. The key's row is the lock: the first writer inserts it (its answer
   * is written before it commits); a second one waits on that row until the first commits, then finds it and
   * answers the same (or takes the key over if the first rolled back). One statement where a lock and a
   * read were two. Answers null when `tx` now holds the key, else the stored answer.
   */
  private async claimKey<T>(tx: Tx, key: string): Promise<{ value: T } | null> {
    const mine = await tx
      .insert(sandboxIdempotencyKeys)
      .values({ key, response: { pending: true }, createdAt: this.opts.now() })
      .onConflictDoNothing({ target: sandboxIdempotencyKeys.key })
      .returning({ key: sandboxIdempotencyKeys.key });
    if (mine.length > 0) return null;
    const [seen] = await tx
      .select({ response: sandboxIdempotencyKeys.response })
      .from(sandboxIdempotencyKeys)
      .where(eq(sandboxIdempotencyKeys.key, key));
    if (!seen) throw new PaymentProviderError('The idempotency key could not be read.', 'lock_timeout', true);
    return seen.response as { value: T };
  }

  /**
   * Runs a write once per idempotency key (answering the stored result to a repeat), in one transaction
   * that also carries the events it emits; the events are handed over after the commit.
   */
  private async write<T>(key: string | null, fn: (tx: Tx, events: string[]) => Promise<T>): Promise<T> {
    const events: string[] = [];
    const emitted = new Map<string, KeptEvent>();
    this.emitted.set(events, emitted);
    const result = await this.db.transaction(async (tx) => {
      if (key) {
        const seen = await this.claimKey<T>(tx, key);
        if (seen) return seen.value;
      }
      const value = await fn(tx, events);
      if (key)
        await tx
          .update(sandboxIdempotencyKeys)
          .set({ response: { value } })
          .where(eq(sandboxIdempotencyKeys.key, key));
      return value;
    });
    this.handOver(events, emitted);
    return result;
  }

  /** The events of a write that has just committed, handed to the app (`onEvents`). */
  private handOver(events: string[], emitted: Map<string, KeptEvent>) {
    if (events.length === 0 || !this.onEvents) return;
    this.keepForDelivery(emitted);
    // Held back while a deliverAfter in this async context runs (a plan visit's charge settling first).
    const held = this.heldBack.getStore();
    if (held?.open) held.events.push(...events);
    else this.onEvents(events);
  }

  /**
   * Issue 27: the events just committed are kept in memory for the app's delivery at once (`loadEventWithIntent`
   * takes each once), as Stripe's webhook carries its event in its body: the delivery does not read back
   * what was just written. The retry job (and any later delivery) reads the stored event. At most
   * KEPT_EVENTS_MAX are kept (the oldest dropped: read from the database if ever asked for).
   */
  private keepForDelivery(emitted: Map<string, KeptEvent>) {
    for (const [id, kept] of emitted) {
      this.kept.set(id, kept);
      if (this.kept.size > KEPT_EVENTS_MAX) this.kept.delete(this.kept.keys().next().value!);
    }
  }

  /**
   * Runs `work`; the events the sandbox emits meanwhile reach `onEvents` once it has finished (or failed),
   * as a provider's webhook arrives after its answer and after what the caller did with it. A plan visit's
   * charge job (issue 26) settles its visit from the answer first, so the event finds the visit ordered and
   * takes no lock, instead of waiting on the plan row for the job's settling transaction. Their retry jobs
   * are written with them as always, so a crash before the delivery still delivers them later.
   */
  async deliverAfter<T>(work: () => Promise<T>): Promise<T> {
    const held = { events: [] as string[], open: true };
    try {
      return await this.heldBack.run(held, work);
    } finally {
      held.open = false;
      if (held.events.length > 0) this.onEvents?.(held.events);
    }
  }

  /**
   * `write` for a keyed write that makes one new object, known with its answer before anything is read (a
   * new customer, a new intent). Issue 27: one statement and no transaction (4 round trips before): it
   * claims the key by inserting its row with the answer already in it, and writes the object only when the
   * claim succeeded (a CTE read by the insert's condition). The statement commits the key, its answer and
   * the object together or none of them. A key claimed already (a repeat, or a writer at once: PostgreSQL's
   * ON CONFLICT waits for the other's commit, and takes the key over if it rolled back) makes nothing and
   * its stored answer is read by a second statement. PGlite runs a statement outside a transaction only
   * between transactions (its one connection), so the same holds there.
   */
  private async writeNew<T>(key: string, make: () => { value: T; object: { id: string; object: string } }) {
    const { value, object } = make();
    const now = this.opts.now().toISOString();
    const made = await queryRows<{ id: string }>(
      this.db,
      sql`with claimed as (
            insert into sandbox_idempotency_keys (key, response, created_at)
            values (${key}, ${JSON.stringify({ value })}::jsonb, ${now}::timestamptz)
            on conflict (key) do nothing
            returning key)
          insert into sandbox_objects (id, object, data, created_at, updated_at)
          select ${object.id}::text, ${object.object}::text, ${JSON.stringify(object)}::jsonb, ${now}::timestamptz, ${now}::timestamptz
          where exists (select 1 from claimed)
          returning id`,
    );
    if (made.length > 0) return value;
    const [seen] = await queryRows<{ response: unknown }>(
      this.db,
      sql`select response from sandbox_idempotency_keys where key = ${key}`,
    );
    if (!seen) throw new PaymentProviderError('The idempotency key could not be read.', 'lock_timeout', true);
    const response = (typeof seen.response === 'string' ? JSON.parse(seen.response) : seen.response) as {
      value: T;
    };
    return response.value;
  }

  /**
   * The app handled event `eventId` when it happened (`onEvents`): its retry job, still queued, is marked
   * done rather than run 30 s later only to find the event recorded (one statement instead of a job's
   * claim, the event's loads and its outcome). A job already taken is left to finish.
   */
  async eventDelivered(eventId: string): Promise<void> {
    // Issue 27: the events delivered while one such statement runs are marked done by the next, together
    // (each caller still returns once its own job is marked).
    if (this.deliveredKeys === null) {
      const keys: string[] = [];
      this.deliveredKeys = keys;
      this.deliveredNext = this.deliveredRunning.then(async () => {
        if (this.deliveredKeys === keys) this.deliveredKeys = null;
        await this.db
          .update(jobs)
          .set({ status: 'done', updatedAt: this.opts.now() })
          .where(and(inArray(jobs.uniqueKey, keys), eq(jobs.status, 'queued')));
      });
      this.deliveredRunning = this.deliveredNext.catch(() => undefined);
    }
    this.deliveredKeys.push(`${SANDBOX_EVENT_JOB}:${eventId}`);
    return this.deliveredNext;
  }

  private async intentOrThrow(tx: Db | Tx, id: string, lock = false): Promise<IntentObject> {
    const intent = await this.load<IntentObject>(tx, id, 'payment_intent', lock);
    if (!intent) throw invalid(`No such payment_intent: '${id}'`, 'resource_missing');
    return intent;
  }

  /** Stripe's view of the intent; `known` is its payment method when the caller has it already. */
  private async present(
    tx: Db | Tx,
    intent: IntentObject,
    known?: PaymentMethodObject,
  ): Promise<ProviderIntent> {
    const pm = !intent.payment_method
      ? null
      : known?.id === intent.payment_method
        ? known
        : await this.load<PaymentMethodObject>(tx, intent.payment_method, 'payment_method');
    return presentIntent(intent, pm);
  }

  // ---- PaymentProvider ----

  async ensureCustomer(input: { userId: number; email: string; name: string; existingId: string | null }) {
    if (input.existingId?.startsWith('cus_sbx')) {
      const found = await this.load(this.db, input.existingId, 'customer');
      if (found) return input.existingId;
    }
    return this.writeNew(`customer-user-${input.userId}-${input.existingId ?? 'new'}`, () => {
      const customer = {
        id: newId('cus'),
        object: 'customer',
        email: input.email,
        name: input.name,
        metadata: { userId: String(input.userId) },
      };
      return { value: customer.id, object: customer };
    });
  }

  async createIntent(input: CreateIntentInput): Promise<ProviderIntent> {
    if (!Number.isInteger(input.amountCents) || input.amountCents < 50)
      throw invalid('Amount must be at least $0.50 usd', 'amount_too_small');
    return this.writeNew(input.idempotencyKey, () => {
      const intent = newIntentObject(input);
      intent.setup_future_usage = input.setupFutureUsage ? 'off_session' : null;
      // A new intent has no card: its answer reads nothing.
      return { value: presentIntent(intent, null), object: intent };
    });
  }

  /**
   * An off-session charge of a saved card, as Stripe answers `off_session=true, confirm=true`: the intent
   * succeeds, or is left `requires_payment_method` with the bank's refusal (authentication_required for a
   * card that needs 3-D Secure on every charge, card_declined …), and the same events are emitted. The
   * intent and the idempotency key are written in one transaction, so a repeat of the key (after a crash
   * before the caller committed) answers the same intent and never charges twice.
   */
  async chargeSavedCard(input: ChargeSavedCardInput): Promise<SavedCardCharge> {
    if (!Number.isInteger(input.amountCents) || input.amountCents < 50)
      throw invalid('Amount must be at least $0.50 usd', 'amount_too_small');
    return this.write(input.idempotencyKey, async (tx, events): Promise<SavedCardCharge> => {
      // The customer and the card in one read.
      const rows = await tx.execute<{ object: string; data: unknown }>(
        sql`select object, data from ${sandboxObjects}
            where (id = ${input.customerId} and object = 'customer')
               or (id = ${input.paymentMethodId} and object = 'payment_method')`,
      );
      const found = (rows as { rows: { object: string; data: unknown }[] }).rows;
      const dataOf = <T>(object: string): T | null => {
        const row = found.find((r) => r.object === object);
        if (!row) return null;
        return (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as T;
      };
      if (!dataOf('customer')) throw invalid(`No such customer: '${input.customerId}'`, 'resource_missing');
      const pm = dataOf<PaymentMethodObject>('payment_method');
      if (!pm) throw invalid(`No such PaymentMethod: '${input.paymentMethodId}'`, 'resource_missing');
      // Stripe charges a saved card off-session only for the customer it is attached to.
      if (pm.customer !== input.customerId)
        throw invalid(
          pm.customer === null
            ? 'The provided PaymentMethod is not attached to this customer, so it cannot be charged off-session.'
            : 'The provided PaymentMethod belongs to a different Customer.',
          'payment_method_invalid_parameter',
        );
      const intent = newIntentObject(input);
      intent.payment_method = pm.id;
      const refusal =
        REFUSALS[pm.behaviour] ?? (pm.behaviour === 'authentication_always' ? AUTHENTICATION_REQUIRED : null);
      if (!refusal) {
        await this.succeed(tx, events, intent, pm);
        return { kind: 'succeeded', intent: await this.present(tx, intent, pm) };
      }
      intent.last_payment_error = refusal;
      await this.emit(tx, events, 'payment_intent.payment_failed', intent, [intent], pm);
      const presented = await this.present(tx, intent, pm);
      if (refusal === AUTHENTICATION_REQUIRED) return { kind: 'requires_action', intent: presented };
      return {
        kind: 'declined',
        intent: presented,
        code: refusal.code,
        declineCode: refusal.decline_code,
        message: refusal.message,
      };
    });
  }

  async updateIntent(id: string, change: { setupFutureUsage: boolean }): Promise<ProviderIntent> {
    return this.write(null, async (tx) => {
      const intent = await this.intentOrThrow(tx, id, true);
      if (intent.status === 'succeeded' || intent.status === 'canceled' || intent.status === 'processing')
        throw invalid(
          `This PaymentIntent's status is ${intent.status}, so it cannot be updated.`,
          'payment_intent_unexpected_state',
        );
      intent.setup_future_usage = change.setupFutureUsage ? 'off_session' : null;
      await this.save(tx, intent);
      return this.present(tx, intent);
    });
  }

  async retrieveIntent(id: string): Promise<ProviderIntent> {
    const found = await this.loadWithCard<IntentObject>(id, 'payment_intent', sql`o.data->>'payment_method'`);
    if (!found) throw invalid(`No such payment_intent: '${id}'`, 'resource_missing');
    return this.present(this.db, found.data, found.pm ?? undefined);
  }

  /**
   * Object `id` and the payment method `pmId` (an expression of its data `o.data`) names, in one read
   * (retrieving an intent, loading an event of one: each asked for once a plan visit is charged).
   */
  private async loadWithCard<T>(id: string, object: string, pmId: SQL) {
    const rows = await this.db.execute<{ data: unknown; pm: unknown }>(
      sql`select o.data as data, pm.data as pm from ${sandboxObjects} o
          left join ${sandboxObjects} pm on pm.object = 'payment_method' and pm.id = ${pmId}
          where o.id = ${id} and o.object = ${object}`,
    );
    const row = (rows as { rows: { data: unknown; pm: unknown }[] }).rows[0];
    if (!row) return null;
    const parsed = <U>(v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as U;
    return {
      data: parsed<T>(row.data),
      pm: row.pm === null || row.pm === undefined ? null : parsed<PaymentMethodObject>(row.pm),
    };
  }

  async cancelIntent(id: string, idempotencyKey: string): Promise<ProviderIntent> {
    return this.write(idempotencyKey, async (tx, events) => {
      const intent = await this.intentOrThrow(tx, id, true);
      if (intent.status === 'succeeded' || intent.status === 'canceled' || intent.status === 'processing')
        return this.present(tx, intent);
      intent.status = 'canceled';
      intent.next_action = null;
      await this.save(tx, intent);
      await this.emit(tx, events, 'payment_intent.canceled', intent);
      return this.present(tx, intent);
    });
  }

  async listCards(customerId: string): Promise<CardDetails[]> {
    const rows = await this.db
      .select({ data: sandboxObjects.data })
      .from(sandboxObjects)
      .where(
        sql`${sandboxObjects.object} = 'payment_method' and ${sandboxObjects.data}->>'customer' = ${customerId}`,
      )
      .orderBy(sql`${sandboxObjects.createdAt} desc`);
    return rows.map((r) => cardOf(r.data as unknown as PaymentMethodObject));
  }

  async refund(input: {
    paymentIntentId: string;
    amountCents: number;
    reason: string;
    idempotencyKey: string;
  }): Promise<ProviderRefund> {
    return this.write(input.idempotencyKey, async (tx, events) => {
      const intent = await this.intentOrThrow(tx, input.paymentIntentId, true);
      if (intent.status !== 'succeeded')
        throw invalid(
          `This PaymentIntent does not have a successful charge to refund.`,
          'charge_not_refundable',
        );
      const left = intent.amount_received - intent.amount_refunded;
      if (!Number.isInteger(input.amountCents) || input.amountCents <= 0 || input.amountCents > left)
        throw invalid(
          `Refund amount ($${(input.amountCents / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
          'amount_too_large',
        );
      const refund = sandboxSeedObjects.refund(newId('re'), intent, input.amountCents, {
        reason: input.reason,
      });
      await this.save(tx, refund);
      intent.amount_refunded += input.amountCents;
      intent.refunds.push(refund.id);
      await this.save(tx, intent);
      await this.emit(tx, events, 'charge.refunded', {
        id: intent.latest_charge,
        object: 'charge',
        payment_intent: intent.id,
        amount: intent.amount_received,
        amount_refunded: intent.amount_refunded,
        refunded: intent.amount_refunded === intent.amount_received,
        refunds: { data: intent.refunds.map((id) => ({ id })) },
      });
      return { id: refund.id, status: 'succeeded', amountCents: refund.amount, paymentIntentId: intent.id };
    });
  }

  async retrieveRefund(id: string): Promise<ProviderRefund> {
    const refund = await this.load<{
      id: string;
      amount: number;
      payment_intent: string;
      status: 'succeeded';
    }>(this.db, id, 'refund');
    if (!refund) throw invalid(`No such refund: '${id}'`, 'resource_missing');
    return {
      id: refund.id,
      status: refund.status,
      amountCents: refund.amount,
      paymentIntentId: refund.payment_intent,
    };
  }

  async createConnectedAccount(input: {
    vendorId: number;
    email: string;
    idempotencyKey: string;
  }): Promise<ConnectedAccount> {
    return this.write(input.idempotencyKey, async (tx) => {
      const account: AccountObject = {
        id: newId('acct'),
        object: 'account',
        email: input.email,
        metadata: { vendorId: String(input.vendorId) },
        charges_enabled: false,
        payouts_enabled: false,
        details_submitted: false,
        external_account: null,
        requirements: { currently_due: [...SANDBOX_CURRENTLY_DUE] },
      };
      await this.save(tx, account);
      return accountOf(account);
    });
  }

  async createAccountSession(input: {
    accountId: string;
    components: AccountSessionComponent[];
  }): Promise<AccountSession> {
    return this.write(null, async (tx) => {
      const account = await this.load<AccountObject>(tx, input.accountId, 'account');
      if (!account) throw invalid(`No such account: '${input.accountId}'`, 'resource_missing');
      const id = newId('accs');
      const session: AccountSessionObject = {
        id,
        object: 'account_session',
        account: account.id,
        client_secret: `${id}_secret_${randomBytes(16).toString('hex')}`,
        components: input.components,
        expires_at: Math.floor(this.opts.now().getTime() / 1000) + ACCOUNT_SESSION_SECONDS,
      };
      await this.save(tx, session);
      return {
        accountId: account.id,
        clientSecret: session.client_secret,
        expiresAt: new Date(session.expires_at * 1000),
      };
    });
  }

  /**
   * The sandbox's embedded onboarding form submits here: the client secret of a live account session
   * for `accountId` stands for the vendor, as it does for Stripe's components. The bank account goes
   * on file, the requirements are met and payouts are enabled (an account.updated event follows).
   */
  async submitAccountOnboarding(input: {
    clientSecret: string;
    accountId: string;
    bank: { last4: string; bankName: string };
  }): Promise<ConnectedAccount> {
    const id = input.clientSecret.split('_secret_')[0] ?? '';
    const session = await this.load<AccountSessionObject>(this.db, id, 'account_session');
    if (
      !session ||
      session.client_secret !== input.clientSecret ||
      session.account !== input.accountId ||
      !session.components.includes('account_onboarding') ||
      session.expires_at * 1000 <= this.opts.now().getTime()
    )
      throw invalid('This account session is not valid or has expired.', 'account_session_invalid');
    return this.completeOnboarding(input.accountId, input.bank);
  }

  async retrieveAccount(id: string): Promise<ConnectedAccount> {
    const account = await this.load<AccountObject>(this.db, id, 'account');
    if (!account) throw invalid(`No such account: '${id}'`, 'resource_missing');
    return accountOf(account);
  }

  /** The sandbox's onboarding: the vendor's bank account is on file and payouts are enabled. */
  async completeOnboarding(id: string, bank: { last4: string; bankName: string }): Promise<ConnectedAccount> {
    return this.write(null, async (tx, events) => {
      const account = await this.load<AccountObject>(tx, id, 'account', true);
      if (!account) throw invalid(`No such account: '${id}'`, 'resource_missing');
      Object.assign(account, {
        charges_enabled: true,
        payouts_enabled: true,
        details_submitted: true,
        external_account: { last4: bank.last4, bank_name: bank.bankName },
        requirements: { currently_due: [] },
      });
      await this.save(tx, account);
      await this.emit(tx, events, 'account.updated', account);
      return accountOf(account);
    });
  }

  async createTransfer(input: CreateTransferInput): Promise<ProviderTransfer> {
    return this.write(input.idempotencyKey, async (tx) => {
      const account = await this.load<AccountObject>(tx, input.destination, 'account');
      if (!account) throw invalid(`No such destination: '${input.destination}'`, 'resource_missing');
      if (!account.payouts_enabled)
        throw invalid('The destination account cannot receive transfers yet.', 'account_invalid');
      if (!Number.isInteger(input.amountCents) || input.amountCents <= 0)
        throw invalid('Invalid amount', 'amount_invalid');
      let source: IntentObject | null = null;
      if (input.sourcePaymentIntentId) {
        // As Stripe's source_transaction: the charge must have succeeded and still hold the amount.
        source = await this.load<IntentObject>(tx, input.sourcePaymentIntentId, 'payment_intent', true);
        if (!source || source.status !== 'succeeded' || !source.latest_charge)
          throw invalid(
            `No such charge for payment_intent: '${input.sourcePaymentIntentId}'`,
            'resource_missing',
          );
        const left = source.amount_received - source.amount_refunded - (source.amount_transferred ?? 0);
        if (input.amountCents > left)
          throw invalid(
            'Insufficient funds in the source transaction for this transfer.',
            'balance_insufficient',
          );
        source.amount_transferred = (source.amount_transferred ?? 0) + input.amountCents;
        await this.save(tx, source);
      }
      const transfer = sandboxSeedObjects.transfer(newId('tr'), {
        amountCents: input.amountCents,
        destination: input.destination,
        sourceTransaction: source?.latest_charge ?? null,
        metadata: input.metadata,
        created: this.opts.now(),
      });
      await this.save(tx, transfer);
      return transferOf(transfer);
    });
  }

  async findTransfer(input: {
    destination: string;
    metadataKey: string;
    metadataValue: string;
    createdAfter: Date;
  }): Promise<ProviderTransfer | null> {
    const [row] = await this.db
      .select({ data: sandboxObjects.data })
      .from(sandboxObjects)
      .where(
        sql`${sandboxObjects.object} = 'transfer' and ${sandboxObjects.data}->>'destination' = ${input.destination}
          and ${sandboxObjects.data}->'metadata'->>${input.metadataKey} = ${input.metadataValue}
          and ${sandboxObjects.createdAt} >= ${input.createdAfter.toISOString()}::timestamptz`,
      )
      .orderBy(sql`${sandboxObjects.createdAt} desc`)
      .limit(1);
    return row ? transferOf(row.data as unknown as TransferObject) : null;
  }

  parseWebhook(): PaymentEvent {
    // The sandbox delivers its events in process; nothing arrives at the webhook endpoint for it.
    throw invalid('The sandbox does not receive webhooks', 'not_supported');
  }

  // ---- what Stripe.js and Stripe's pages do for the browser ----

  /** The browser confirms the intent with a new test card or a saved one (what stripe.confirmPayment does). */
  async confirm(intentId: string, input: SandboxConfirmInput): Promise<SandboxConfirmResult> {
    const testCard = input.card && !input.paymentMethodId ? findTestCard(input.card.number) : undefined;
    if (input.card && testCard) {
      const done = await this.confirmNewCard(intentId, { ...input, card: input.card }, testCard);
      if (done) return done;
    }
    return this.write(null, async (tx, events) => {
      const intent = await this.intentOrThrow(tx, intentId, true);
      if (intent.client_secret !== input.clientSecret)
        throw invalid(`No such payment_intent: '${intentId}'`, 'resource_missing');
      // As on Stripe, a customer who left the authentication page may confirm again with another card.
      if (
        intent.status !== 'requires_payment_method' &&
        intent.status !== 'requires_confirmation' &&
        intent.status !== 'requires_action'
      )
        return { intent: await this.present(tx, intent), redirectUrl: null };
      let pm: PaymentMethodObject;
      // A new card is written with the intent (and its event) in one statement below (issue 27).
      const made: PaymentMethodObject[] = [];
      if (input.paymentMethodId) {
        const saved = await this.load<PaymentMethodObject>(tx, input.paymentMethodId, 'payment_method');
        if (!saved || saved.customer !== intent.customer)
          throw invalid(CHECKOUT_MESSAGES.paymentMethodNotFound, 'resource_missing');
        pm = saved;
      } else if (input.card) {
        const testCard = findTestCard(input.card.number);
        if (!testCard) throw invalid(CHECKOUT_MESSAGES.testCardOnly, 'invalid_number');
        pm = newCardObject(testCard, input.card, this.opts.now());
        made.push(pm);
        if (input.saveCard !== undefined) intent.setup_future_usage = input.saveCard ? 'off_session' : null;
      } else throw invalid('A card or a saved payment method is required.', 'parameter_missing');
      intent.payment_method = pm.id;
      intent.last_payment_error = null;
      intent.next_action = null;
      const refusal = REFUSALS[pm.behaviour];
      if (refusal) {
        intent.status = 'requires_payment_method';
        intent.last_payment_error = refusal;
        await this.emit(tx, events, 'payment_intent.payment_failed', intent, [...made, intent], pm);
        return { intent: await this.present(tx, intent, pm), redirectUrl: null };
      }
      if (AUTHENTICATES_ON_SESSION.includes(pm.behaviour)) {
        const url = `${this.opts.publicUrl}/sandbox/authenticate/${intent.id}?client_secret=${encodeURIComponent(intent.client_secret)}`;
        intent.status = 'requires_action';
        intent.next_action = {
          type: 'redirect_to_url',
          redirect_to_url: { url, return_url: input.returnUrl },
        };
        await this.saveAll(tx, [...made, intent]);
        return { intent: await this.present(tx, intent, pm), redirectUrl: url };
      }
      await this.succeed(tx, events, intent, pm, made.length > 0);
      return { intent: await this.present(tx, intent, pm), redirectUrl: null };
    });
  }

  /**
   * Issue 27: `confirm` with a new test card as one statement, no transaction (4 round trips before). The
   * intent's update is guarded by its state (`where` client secret and a confirmable status; PostgreSQL
   * waits on the row of a confirmation at once and checks the guard again on the row it committed), and the
   * card, the event and the event's retry job are written by CTEs from the updated intent, so all or none
   * commit. What the confirmation does depends only on the card (refused, 3-D Secure or paid), known before
   * the statement; the intent's own fields (its amount, its customer for a card kept for later) are taken
   * from its row in SQL. Answers null when the intent was not updated (unknown, wrong secret, not
   * confirmable): `confirm`'s transaction then answers as it always did (the error, or the intent as it is).
   */
  private async confirmNewCard(
    intentId: string,
    input: SandboxConfirmInput & { card: NonNullable<SandboxConfirmInput['card']> },
    testCard: NonNullable<ReturnType<typeof findTestCard>>,
  ): Promise<SandboxConfirmResult | null> {
    const now = this.opts.now();
    const pm = newCardObject(testCard, input.card, now);
    const patch: Partial<IntentObject> = {
      payment_method: pm.id,
      last_payment_error: null,
      next_action: null,
    };
    if (input.saveCard !== undefined) patch.setup_future_usage = input.saveCard ? 'off_session' : null;
    const refusal = REFUSALS[pm.behaviour];
    let type: string | null = null;
    let redirectUrl: string | null = null;
    if (refusal) {
      patch.status = 'requires_payment_method';
      patch.last_payment_error = refusal;
      type = 'payment_intent.payment_failed';
    } else if (AUTHENTICATES_ON_SESSION.includes(pm.behaviour)) {
      redirectUrl = `${this.opts.publicUrl}/sandbox/authenticate/${intentId}?client_secret=${encodeURIComponent(input.clientSecret)}`;
      patch.status = 'requires_action';
      patch.next_action = {
        type: 'redirect_to_url',
        redirect_to_url: { url: redirectUrl, return_url: input.returnUrl },
      };
    } else {
      patch.status = 'succeeded';
      patch.latest_charge = newId('ch');
      type = 'payment_intent.succeeded';
    }
    const paid = patch.status === 'succeeded';
    const eventId = newId('evt');
    const created = Math.floor(now.getTime() / 1000);
    const at = now.toISOString();
    const runAt = new Date(now.getTime() + (this.opts.eventRetryMs ?? 30_000)).toISOString();
    // A card kept for later (the intent's setup_future_usage, as it is after the patch) becomes the
    // customer's when the charge succeeds, as `succeed` does.
    const [row] = await queryRows<{ intent: unknown; card: unknown }>(
      this.db,
      sql`with intent as (
            update sandbox_objects o
            set data = o.data || ${JSON.stringify(patch)}::jsonb
                  || case when ${paid}::boolean then jsonb_build_object('amount_received', o.data->'amount')
                     else '{}'::jsonb end,
                updated_at = ${at}::timestamptz
            where o.id = ${intentId} and o.object = 'payment_intent'
              and o.data->>'client_secret' = ${input.clientSecret}
              and o.data->>'status' in ('requires_payment_method', 'requires_confirmation', 'requires_action')
            returning o.data),
          card as (
            insert into sandbox_objects (id, object, data, created_at, updated_at)
            select ${pm.id}::text, 'payment_method',
              ${JSON.stringify(pm)}::jsonb || jsonb_build_object('customer',
                case when ${paid}::boolean and i.data->'setup_future_usage' <> 'null'::jsonb
                  then i.data->'customer' else 'null'::jsonb end),
              ${at}::timestamptz, ${at}::timestamptz
            from intent i
            returning data),
          event as (
            insert into sandbox_objects (id, object, data, created_at, updated_at)
            select ${eventId}::text, 'event',
              jsonb_build_object('id', ${eventId}::text, 'object', 'event', 'type', ${type}::text,
                'created', ${created}::int, 'data', jsonb_build_object('object', i.data)),
              ${at}::timestamptz, ${at}::timestamptz
            from intent i
            where ${type}::text is not null
            returning id),
          job as (
            insert into jobs (kind, payload, run_at, unique_key, max_attempts, created_at, updated_at)
            select ${SANDBOX_EVENT_JOB}::text, jsonb_build_object('eventId', e.id), ${runAt}::timestamptz,
              ${`${SANDBOX_EVENT_JOB}:`}::text || e.id, 10, ${at}::timestamptz, ${at}::timestamptz
            from event e)
          select i.data as intent, c.data as card from intent i cross join card c`,
    );
    if (!row) return null;
    const parsed = <U>(v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as U;
    const intent = parsed<IntentObject>(row.intent);
    const card = parsed<PaymentMethodObject>(row.card);
    if (type) {
      const event: EventObject = {
        id: eventId,
        object: 'event',
        type,
        created,
        data: { object: structuredClone(intent) as unknown as Record<string, unknown> },
      };
      this.handOver([eventId], new Map([[eventId, { event, card }]]));
    }
    return { intent: presentIntent(intent, card), redirectUrl };
  }

  /** The authentication page's answer (3-D Secure): where to send the browser back to. */
  async authenticate(
    intentId: string,
    clientSecret: string,
    approve: boolean,
  ): Promise<{ returnUrl: string; intent: ProviderIntent }> {
    return this.write(null, async (tx, events) => {
      const intent = await this.intentOrThrow(tx, intentId, true);
      if (intent.client_secret !== clientSecret)
        throw invalid(`No such payment_intent: '${intentId}'`, 'resource_missing');
      const returnUrl = intent.next_action?.redirect_to_url.return_url ?? null;
      if (intent.status !== 'requires_action' || !returnUrl || !intent.payment_method)
        throw invalid('This payment does not need authentication.', 'payment_intent_unexpected_state');
      intent.next_action = null;
      const pm = (await this.load<PaymentMethodObject>(tx, intent.payment_method, 'payment_method'))!;
      if (approve) await this.succeed(tx, events, intent, pm);
      else {
        intent.status = 'requires_payment_method';
        intent.last_payment_error = {
          code: 'payment_intent_authentication_failure',
          message: CARD_DECLINE_MESSAGES.authentication_failed,
        };
        await this.save(tx, intent);
        await this.emit(tx, events, 'payment_intent.payment_failed', intent, [], pm);
      }
      return { returnUrl, intent: await this.present(tx, intent) };
    });
  }

  /**
   * Saves a test card on a customer without a charge (Stripe's PaymentMethod attach): how a card such as
   * 4000 0000 0000 0341 gets saved although every charge of it fails. Like Stripe, the bank checks the
   * card: 4000 0000 0000 0002 and 9995 are declined and not saved.
   */
  async attachCard(
    customerId: string,
    card: { number: string; expMonth: number; expYear: number },
  ): Promise<CardDetails> {
    const testCard = findTestCard(card.number);
    if (!testCard) throw invalid(CHECKOUT_MESSAGES.testCardOnly, 'invalid_number');
    return this.write(null, async (tx) => {
      if (!(await this.load(tx, customerId, 'customer')))
        throw invalid(`No such customer: '${customerId}'`, 'resource_missing');
      const refusal = testCard.behaviour === 'declined_after_attach' ? null : REFUSALS[testCard.behaviour];
      if (refusal) throw new PaymentProviderError(refusal.message, refusal.code, false);
      const pm: PaymentMethodObject = {
        ...newCardObject(testCard, card, this.opts.now()),
        customer: customerId,
      };
      await this.save(tx, pm);
      return cardOf(pm);
    });
  }

  /** An intent's public view for the authentication page (amount, status), checked by its client secret. */
  async intentForPage(intentId: string, clientSecret: string): Promise<ProviderIntent | null> {
    const intent = await this.load<IntentObject>(this.db, intentId, 'payment_intent');
    if (!intent || intent.client_secret !== clientSecret) return null;
    return this.present(this.db, intent);
  }

  /** A stored event as the app's handler takes it (the same mapping as Stripe's webhooks). */
  async loadEvent(eventId: string): Promise<PaymentEvent | null> {
    const kept = this.kept.get(eventId);
    if (kept) {
      this.kept.delete(eventId);
      return eventOf(kept.event, kept.card);
    }
    const found = await this.loadWithCard<EventObject>(
      eventId,
      'event',
      sql`o.data->'data'->'object'->>'payment_method'`,
    );
    return found ? eventOf(found.data, found.pm) : null;
  }

  /**
   * loadEvent and, for a payment intent's event, the intent as it is now with its card (what the app's
   * handler asks retrieveIntent for, events being copies that may arrive out of order), in one statement.
   */
  async loadEventWithIntent(
    eventId: string,
  ): Promise<{ event: PaymentEvent; intent: ProviderIntent | null } | null> {
    // Just committed in this process: the event as written (no read); the handler asks for the intent.
    const kept = this.kept.get(eventId);
    if (kept) {
      this.kept.delete(eventId);
      // Issue 27: a succeeded or canceled intent is final (nothing of Stripe's view the handler reads changes
      // after: refunds and transfers are not in it, updates are refused), so the event's copy is the intent
      // as it is now and the handler need not retrieve it. A failed payment may be confirmed again since:
      // the handler retrieves it.
      const event = eventOf(kept.event, kept.card);
      const final = event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.canceled';
      return { event, intent: final ? event.intent : null };
    }
    const rows = await this.db.execute<{ data: unknown; pm: unknown; cur: unknown; cur_pm: unknown }>(
      sql`select o.data as data, pm.data as pm, cur.data as cur, cur_pm.data as cur_pm
          from ${sandboxObjects} o
          left join ${sandboxObjects} pm
            on pm.object = 'payment_method' and pm.id = o.data->'data'->'object'->>'payment_method'
          left join ${sandboxObjects} cur
            on cur.object = 'payment_intent' and o.data->'data'->'object'->>'object' = 'payment_intent'
              and cur.id = o.data->'data'->'object'->>'id'
          left join ${sandboxObjects} cur_pm
            on cur_pm.object = 'payment_method' and cur_pm.id = cur.data->>'payment_method'
          where o.id = ${eventId} and o.object = 'event'`,
    );
    const row = (rows as { rows: { data: unknown; pm: unknown; cur: unknown; cur_pm: unknown }[] }).rows[0];
    if (!row) return null;
    const parsed = <U>(v: unknown) =>
      v === null || v === undefined ? null : ((typeof v === 'string' ? JSON.parse(v) : v) as U);
    const event = eventOf(parsed<EventObject>(row.data)!, parsed<PaymentMethodObject>(row.pm));
    const cur = parsed<IntentObject>(row.cur);
    const curPm = parsed<PaymentMethodObject>(row.cur_pm);
    const intent = cur ? presentIntent(cur, curPm && curPm.id === cur.payment_method ? curPm : null) : null;
    return { event, intent };
  }

  /**
   * The intent succeeds with card `pm` (`pmIsNew`: not written yet), written with its event in one
   * statement: the card too when it is new or becomes the customer's.
   */
  private async succeed(
    tx: Tx,
    events: string[],
    intent: IntentObject,
    pm: PaymentMethodObject,
    pmIsNew = false,
  ) {
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.latest_charge = newId('ch');
    intent.payment_method = pm.id;
    let pmChanged = pmIsNew;
    if (intent.setup_future_usage && pm.customer === null) {
      pm.customer = intent.customer;
      pmChanged = true;
    }
    await this.emit(tx, events, 'payment_intent.succeeded', intent, pmChanged ? [pm, intent] : [intent], pm);
  }
}

/** A stored (or just committed) event as the app's handler takes it (the same mapping as Stripe's webhooks). */
function eventOf(event: EventObject, card: PaymentMethodObject | null): PaymentEvent {
  const obj = event.data.object;
  switch (event.type) {
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed':
    case 'payment_intent.canceled': {
      const intent = obj as unknown as IntentObject;
      const pm = card && card.id === intent.payment_method ? card : null;
      return { id: event.id, type: event.type, intent: presentIntent(intent, pm) };
    }
    case 'charge.refunded': {
      const charge = obj as {
        payment_intent: string;
        amount_refunded: number;
        refunds: { data: { id: string }[] };
      };
      return {
        id: event.id,
        type: 'charge.refunded',
        paymentIntentId: charge.payment_intent,
        amountRefundedCents: charge.amount_refunded,
        refundIds: charge.refunds.data.map((r) => r.id),
      };
    }
    case 'account.updated':
      return { id: event.id, type: 'account.updated', account: accountOf(obj as unknown as AccountObject) };
    default:
      return { id: event.id, type: 'other', originalType: event.type };
  }
}

/** Stripe's view of the intent, with its card `pm` (null when it has none). */
/** A payment method made from one of Stripe's test cards, not yet a customer's. */
function newCardObject(
  testCard: NonNullable<ReturnType<typeof findTestCard>>,
  card: { expMonth: number; expYear: number },
  now: Date,
): PaymentMethodObject {
  return {
    id: newId('pm'),
    object: 'payment_method',
    customer: null,
    card: {
      brand: testCard.brand,
      last4: testCard.number.slice(-4),
      exp_month: card.expMonth,
      exp_year: card.expYear,
    },
    behaviour: testCard.behaviour,
    created: Math.floor(now.getTime() / 1000),
  };
}

function presentIntent(intent: IntentObject, pm: PaymentMethodObject | null): ProviderIntent {
  return {
    id: intent.id,
    status: intent.status,
    amountCents: intent.amount,
    amountReceivedCents: intent.amount_received,
    clientSecret: intent.client_secret,
    customerId: intent.customer,
    metadata: intent.metadata,
    paymentMethod: pm ? cardOf(pm) : null,
    lastError: intent.last_payment_error
      ? { code: intent.last_payment_error.code, message: intent.last_payment_error.message }
      : null,
    setupFutureUsage: intent.setup_future_usage !== null,
  };
}

/** A new, unconfirmed intent (Stripe's shape) for a checkout or an off-session charge. */
function newIntentObject(input: {
  amountCents: number;
  customerId: string;
  description: string;
  metadata: Record<string, string>;
}): IntentObject {
  const id = newId('pi');
  return {
    id,
    object: 'payment_intent',
    amount: input.amountCents,
    amount_received: 0,
    amount_refunded: 0,
    currency: 'usd',
    status: 'requires_payment_method',
    client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
    customer: input.customerId,
    description: input.description,
    metadata: input.metadata,
    setup_future_usage: null,
    payment_method: null,
    last_payment_error: null,
    latest_charge: null,
    next_action: null,
    refunds: [],
  };
}

function cardOf(pm: PaymentMethodObject): CardDetails {
  return {
    id: pm.id,
    brand: pm.card.brand,
    last4: pm.card.last4,
    expMonth: pm.card.exp_month,
    expYear: pm.card.exp_year,
  };
}

function transferOf(t: TransferObject): ProviderTransfer {
  return {
    id: t.id,
    amountCents: t.amount,
    destination: t.destination,
    sourceTransaction: t.source_transaction ?? null,
    metadata: t.metadata ?? {},
  };
}

function accountOf(a: AccountObject): ConnectedAccount {
  return {
    id: a.id,
    chargesEnabled: a.charges_enabled,
    payoutsEnabled: a.payouts_enabled,
    detailsSubmitted: a.details_submitted,
    bankLast4: a.external_account?.last4 ?? null,
    bankName: a.external_account?.bank_name ?? null,
    currentlyDue: a.requirements?.currently_due ?? (a.details_submitted ? [] : [...SANDBOX_CURRENTLY_DUE]),
  };
}

/**
 * Stripe-shaped objects as the sandbox stores them: a customer, a connected account with payouts on, a
 * paid intent (with its card), a refund and a transfer. The sandbox makes its refunds and transfers with
 * them; the demo data (seed) writes its money with them directly in its transaction (no events).
 */
export const sandboxSeedObjects = {
  customer(id: string, user: { id: number; email: string; name: string }) {
    return {
      id,
      object: 'customer',
      email: user.email,
      name: user.name,
      metadata: { userId: String(user.id) },
    };
  },
  account(
    id: string,
    vendor: { id: number; email: string; bankLast4: string; bankName: string },
  ): AccountObject {
    return {
      id,
      object: 'account',
      email: vendor.email,
      metadata: { vendorId: String(vendor.id) },
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
      external_account: { last4: vendor.bankLast4, bank_name: vendor.bankName },
    };
  },
  paidIntent(input: {
    id: string;
    customerId: string;
    amountCents: number;
    refundedCents: number;
    metadata: Record<string, string>;
    card: { brand: string; last4: string };
    created: Date;
  }): { intent: IntentObject; card: PaymentMethodObject } {
    const pmId = `pm_${input.id}`;
    return {
      card: {
        id: pmId,
        object: 'payment_method',
        customer: null,
        card: {
          brand: input.card.brand,
          last4: input.card.last4,
          exp_month: 12,
          exp_year: input.created.getUTCFullYear() + 4,
        },
        behaviour: 'succeeds',
        created: Math.floor(input.created.getTime() / 1000),
      },
      intent: {
        id: input.id,
        object: 'payment_intent',
        amount: input.amountCents,
        amount_received: input.amountCents,
        amount_refunded: input.refundedCents,
        currency: 'usd',
        status: 'succeeded',
        client_secret: `${input.id}_secret_seed`,
        customer: input.customerId,
        description: 'Demo order',
        metadata: input.metadata,
        setup_future_usage: null,
        payment_method: pmId,
        last_payment_error: null,
        latest_charge: `ch_${input.id}`,
        next_action: null,
        refunds: [],
      },
    };
  },
  /** A succeeded refund of the intent's charge (the caller adds its id to the intent's refunds). */
  refund(id: string, intent: IntentObject, amountCents: number, metadata: Record<string, string>) {
    return {
      id,
      object: 'refund',
      amount: amountCents,
      payment_intent: intent.id,
      charge: intent.latest_charge,
      status: 'succeeded' as const,
      metadata,
    };
  },
  /** A transfer to a connected account funded from a charge (Stripe's source_transaction). */
  transfer(
    id: string,
    input: {
      amountCents: number;
      destination: string;
      sourceTransaction: string | null;
      metadata: Record<string, string>;
      created: Date;
    },
  ): TransferObject {
    return {
      id,
      object: 'transfer',
      amount: input.amountCents,
      destination: input.destination,
      source_transaction: input.sourceTransaction,
      metadata: input.metadata,
      created: Math.floor(input.created.getTime() / 1000),
    };
  },
};
