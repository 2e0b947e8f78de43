/**
 * A payment that succeeded becomes an order (ARCHITECTURE §5a), whoever tells first: the client's
 * confirmation, the provider's event, or the hold-expiry reconciliation. One transaction locks the
 * payment row, inserts the order (the no-overlap constraint is the last word) and marks the booking
 * paid, or, when the time was taken first, records a full refund; a second telling changes nothing.
 * Provider events are recorded by id and processed at most once.
 */
import { applyPayoutAccount } from '../vendors/payouts';
import { afterPlanMade, createPlanOfPayment, lockVendorTimeForPlan } from '../plans/plan-checkout';
import { CHECKOUT_MESSAGES } from '@stg/domain/checkout';
import type { IntentStatus, PaymentEvent, ProviderIntent } from '../../adapters/payments/payment-provider';
import type { Tx } from '../../db/client';
import { sql, type SQL } from 'drizzle-orm';
import { bookingPaidUpdate, findOwnedBooking, updateBookingRow } from '../bookings/queries';
import { notifyOrderConfirmation, orderConfirmationNotice } from '../order-confirmations/notifier';
import {
  addOrderEvent,
  findOrderByIntent,
  insertOrder,
  insertOrderForMail,
  isOrderConflict,
  updateOrder,
  type PlacedOrderForMail,
} from '../orders/queries';
import { closeDisputeInTx } from '../payouts/disputes';
import { settleVisitIntentInTx } from '../plans/visit-settle';
import { findVendor } from '../pricing/queries';
import type { PaymentsDeps } from '../../deps';
import { sendConflictRefundMail } from '../orders/mails';
import { orderPlacedWrites, recordOrderPlaced, type PlacedOrder } from '../orders/place-order';
import { executeRefund, recordRefund } from '../orders/refunds';
import {
  findOverlappingOpenPayments,
  findPaymentByIntent,
  hasOtherOpenPayment,
  lockPaymentByIntentUnlessPlan,
  markRefundsSucceededByProviderIds,
  paymentSettledUpdate,
  recordEvent,
  recordEventAndLockPayment,
  rememberCard,
  updatePayment,
  type PaymentRow,
} from '../payment-records/queries';

export type SettleOutcome =
  | { kind: 'unknown' }
  | { kind: 'pending'; payment: PaymentRow; intentStatus: IntentStatus; errorMessage: string | null }
  | { kind: 'order'; payment: PaymentRow; orderId: number; created: boolean }
  | { kind: 'conflict'; payment: PaymentRow; refundId: number | null; created: boolean };

/** Work that must wait for the commit (provider calls and mail). */
type AfterCommit = (() => Promise<void>)[];

/**
 * Settles the provider's intent inside the caller's transaction. `after` collects what to do once the
 * transaction commits.
 */
export async function settleInTx(
  tx: Tx,
  deps: PaymentsDeps,
  intent: ProviderIntent,
  after: AfterCommit,
  opts: {
    /** Insert the order under a savepoint (the second try after a clash with a held plan visit). */
    savepoint?: boolean;
    /**
     * The intent's payment as the caller's lockPaymentByIntentUnlessPlan found it: locked already, or null
     * when none matched (a plan's payment not settled yet, or none).
     */
    locked?: PaymentRow | null;
  } = {},
): Promise<SettleOutcome> {
  const now = deps.now();
  const payment = opts.locked ?? (await lockPayment(tx, deps, intent, opts.locked === null));
  if (!payment) return { kind: 'unknown' };
  // Settled before (whatever happened to the row since): never a second order, never a refund of it.
  if (payment.orderId !== null) return { kind: 'order', payment, orderId: payment.orderId, created: false };
  if (payment.status === 'conflict') return { kind: 'conflict', payment, refundId: null, created: false };

  if (intent.status !== 'succeeded') {
    if (intent.status === 'canceled' && payment.status === 'open') {
      const canceled = await updatePayment(tx, payment.id, { status: 'canceled', updatedAt: now });
      await reopenBooking(tx, canceled, now);
      return { kind: 'pending', payment: canceled, intentStatus: intent.status, errorMessage: null };
    }
    const failure = intent.lastError?.message ?? null;
    const updated =
      failure !== payment.failureMessage
        ? await updatePayment(tx, payment.id, { failureMessage: failure, updatedAt: now })
        : payment;
    return { kind: 'pending', payment: updated, intentStatus: intent.status, errorMessage: failure };
  }

  const card = intent.paymentMethod;
  if (intent.amountReceivedCents !== payment.totalCents)
    deps.log.error({ paymentId: payment.id, intent: intent.id }, 'provider amount differs from the payment');
  let orderId: number | null = null;
  /** The order as this settlement inserted it, with what its mails show (the usual path, issue 27). */
  let placed: PlacedOrderForMail | null = null;
  // A late payment (its hold ran out) never takes the time from a customer whose hold is still running.
  const outHeld = await lapsedAndHeldByAnother(tx, payment, now);
  if (intent.amountReceivedCents === payment.totalCents && !outHeld) {
    if (payment.plan === null && !opts.savepoint) {
      placed = await insertOrderOnce(tx, payment, intent, now);
      // Refused: the intent's order exists already (made under another payment row), that is this
      // payment's order; else the time went to another order first.
      orderId = placed?.row.order.id ?? (await findOrderByIntent(tx, intent.id))?.id ?? null;
    } else orderId = await insertOrderInSavepoint(tx, payment, intent, now);
  }
  const paymentCard = {
    paymentMethodBrand: card?.brand ?? null,
    paymentMethodLast4: card?.last4 ?? null,
    saveCard: intent.setupFutureUsage,
  };
  if (card && intent.setupFutureUsage)
    await rememberCard(tx, { userId: payment.userId, provider: payment.provider, ...card }, now);

  if (orderId === null) return conflicted(tx, deps, { payment, intent, outHeld, paymentCard, now }, after);

  const placedOrder: PlacedOrder = {
    orderId,
    appointmentAt: payment.appointmentAt,
    userId: payment.userId,
    amountCents: payment.totalCents,
    details: {
      confirmationId: payment.confirmationId,
      paymentIntentId: intent.id,
      provider: payment.provider,
    },
  };
  if (placed) {
    // The usual path (no plan, the order just inserted): the payment's and the booking's updates, the
    // order's `created` event and reminder job and the confirmation's notice in one statement.
    const writes: SQL[] = [
      paymentSettledUpdate(payment.id, {
        orderId,
        brand: paymentCard.paymentMethodBrand,
        last4: paymentCard.paymentMethodLast4,
        saveCard: paymentCard.saveCard,
        now,
      }),
      ...(payment.bookingId !== null ? [bookingPaidUpdate(payment.bookingId, now)] : []),
      ...orderPlacedWrites(deps, placedOrder, placed, after),
    ];
    await tx.execute(withWrites(writes, orderConfirmationNotice(payment.confirmationId)));
    const settled: PaymentRow = {
      ...payment,
      status: 'succeeded',
      orderId,
      ...paymentCard,
      failureMessage: null,
      updatedAt: now,
    };
    return { kind: 'order', payment: settled, orderId, created: true };
  }

  const settled = await updatePayment(tx, payment.id, {
    status: 'succeeded',
    orderId,
    ...paymentCard,
    failureMessage: null,
    updatedAt: now,
  });
  if (payment.bookingId !== null)
    await updateBookingRow(tx, payment.bookingId, { status: 'paid', holdExpiresAt: null, updatedAt: now });
  // ADR 0037: a plan's checkout makes its plan here, once (this path runs once per payment, under its lock).
  const made = await createPlanOfPayment(tx, payment, { orderId, customerId: intent.customerId, card, now });
  after.push(...afterPlanMade(deps, made));
  // The shared part of every new paid order (orders/place-order.ts; a plan visit's settle uses it too).
  await recordOrderPlaced(tx, deps, placedOrder, after);
  await notifyOrderConfirmation(tx, payment.confirmationId);
  return { kind: 'order', payment: settled, orderId, created: true };
}

/**
 * The payment of the intent, locked. ADR 0037: a plan's settlement holds its visits, and the vendor-time
 * lock that needs comes before the payment's; any other payment is locked in one statement (issue 27).
 */
async function lockPayment(tx: Tx, deps: PaymentsDeps, intent: ProviderIntent, triedUnlessPlan: boolean) {
  if (intent.status !== 'succeeded') return findPaymentByIntent(tx, deps.payments.name, intent.id, true);
  const payment = triedUnlessPlan
    ? null
    : await lockPaymentByIntentUnlessPlan(tx, deps.payments.name, intent.id);
  if (payment) return payment;
  await lockVendorTimeForPlan(tx, deps.payments.name, intent.id);
  return findPaymentByIntent(tx, deps.payments.name, intent.id, true);
}

/** `with w0 as (…), w1 as (…) <main>`: data-modifying CTEs run once each, with the main query, one round trip. */
function withWrites(writes: SQL[], main: SQL): SQL {
  const parts = writes.map((write, i) => sql`${sql.raw(`w${i}`)} as (${write})`);
  return sql`with ${sql.join(parts, sql`, `)} ${main}`;
}

/**
 * A clash of the order with a held plan visit's claim on the time (time_claims' trigger): the statement
 * failed and the transaction with it; the caller runs the settlement again with a savepoint around the
 * insert, where that clash is a conflict like any other.
 */
export class SettleAgainWithSavepoint extends Error {
  constructor(cause: unknown) {
    super('the order clashed with a held claim: settle again with a savepoint', { cause });
  }
}

/**
 * The order of a payment that is not a plan's, inserted unless a constraint refuses it (no savepoint:
 * `on conflict do nothing`, orders/repo.ts insertOrderForMail); null when refused.
 */
async function insertOrderOnce(tx: Tx, payment: PaymentRow, intent: ProviderIntent, now: Date) {
  const values = orderValuesOf(payment, intent, now);
  try {
    return await insertOrderForMail(tx, {
      ...values,
      appointmentAt: values.appointmentAt.toISOString(),
      appointmentEndAt: values.appointmentEndAt.toISOString(),
      optionsSnapshot: JSON.stringify(values.optionsSnapshot),
      createdAt: values.createdAt.toISOString(),
      updatedAt: values.updatedAt.toISOString(),
    });
  } catch (err) {
    if (isOrderConflict(err)) throw new SettleAgainWithSavepoint(err);
    throw err;
  }
}

/** The order a payment's succeeded intent makes, but for the vendor's payout account. */
function orderValuesOf(payment: PaymentRow, intent: ProviderIntent, now: Date) {
  const card = intent.paymentMethod;
  return {
    confirmationId: payment.confirmationId,
    bookingId: payment.bookingId,
    vendorId: payment.vendorId,
    userId: payment.userId,
    addressId: payment.addressId,
    appointmentAt: payment.appointmentAt,
    appointmentEndAt: new Date(payment.appointmentAt.getTime() + payment.durationMins * 60_000),
    durationMins: payment.durationMins,
    customerNotes: payment.customerNotes,
    optionsSnapshot: payment.optionsSnapshot,
    paymentProvider: payment.provider,
    paymentIntentId: intent.id,
    paymentMethodLast4: card?.last4 ?? null,
    paymentMethodBrand: card?.brand ?? null,
    totalCollectedCents: payment.totalCents,
    subtotalCents: payment.subtotalCents,
    serviceFeeCents: payment.serviceFeeCents,
    commissionCents: payment.commissionCents,
    vendorPayoutCents: payment.vendorPayoutCents,
    createdAt: now,
    updatedAt: now,
  };
}

/** The payment's order inserted under a savepoint (a plan's, or the second try); null when refused. */
async function insertOrderInSavepoint(tx: Tx, payment: PaymentRow, intent: ProviderIntent, now: Date) {
  const vendor = await findVendor(tx, payment.vendorId);
  const orderValues = {
    ...orderValuesOf(payment, intent, now),
    payoutLast4: vendor?.payoutLast4 ?? null,
    payoutBankName: vendor?.payoutBankName ?? null,
  };
  try {
    // A savepoint: a refused insert leaves the rest of the transaction usable.
    return await tx.transaction(async (sp) => (await insertOrder(sp, orderValues)).id);
  } catch (err) {
    if (!isOrderConflict(err)) throw err;
    // The intent's order exists already (made under another payment row): that is this payment's order.
    return (await findOrderByIntent(tx, intent.id))?.id ?? null;
  }
}

/** The time went to another order first (or the amounts disagree): the whole payment goes back. */
async function conflicted(
  tx: Tx,
  deps: PaymentsDeps,
  c: {
    payment: PaymentRow;
    intent: ProviderIntent;
    outHeld: boolean;
    paymentCard: { paymentMethodBrand: string | null; paymentMethodLast4: string | null; saveCard: boolean };
    now: Date;
  },
  after: AfterCommit,
): Promise<SettleOutcome> {
  const { payment, intent, outHeld, paymentCard, now } = c;
  const conflicted = await updatePayment(tx, payment.id, {
    status: 'conflict',
    refundedCents: payment.totalCents,
    ...paymentCard,
    failureMessage: outHeld ? CHECKOUT_MESSAGES.holdLapsedRefunded : CHECKOUT_MESSAGES.slotTakenRefunded,
    updatedAt: now,
  });
  const refund = await recordRefund(
    tx,
    {
      paymentId: payment.id,
      paymentIntentId: intent.id,
      kind: 'conflict',
      amountCents: payment.totalCents,
      reason: outHeld
        ? 'The hold ran out before the payment and another customer holds the time'
        : 'The appointment time was booked by another customer first',
      idempotencyKey: `refund-${payment.confirmationId}-conflict`,
    },
    now,
  );
  await reopenBooking(tx, conflicted, now, true);
  await notifyOrderConfirmation(tx, payment.confirmationId);
  after.push(
    async () => {
      await executeRefund(deps, refund.id);
    },
    () => sendConflictRefundMail(deps, conflicted),
  );
  return { kind: 'conflict', payment: conflicted, refundId: refund.id, created: true };
}

/** The payment's hold ran out and another customer's unexpired hold covers (part of) its time. */
async function lapsedAndHeldByAnother(tx: Tx, payment: PaymentRow, now: Date): Promise<boolean> {
  if (payment.holdExpiresAt.getTime() > now.getTime()) return false;
  const held = await findOverlappingOpenPayments(
    tx,
    {
      vendorId: payment.vendorId,
      start: payment.appointmentAt,
      end: new Date(payment.appointmentAt.getTime() + payment.durationMins * 60_000),
      excludeBookingId: payment.bookingId,
      now,
    },
    'held',
  );
  return held.some((p) => p.id !== payment.id);
}

/** The booking goes back to scheduled (hold ended) or, when its time was taken, to priced. */
async function reopenBooking(tx: Tx, payment: PaymentRow, now: Date, timeTaken = false) {
  if (payment.bookingId === null) return;
  const booking = await findOwnedBooking(tx, { userId: payment.userId }, payment.bookingId);
  if (!booking) return;
  // A booking whose lapsed hold was released is scheduled again; its time is gone all the same.
  const releasedForTakenTime =
    timeTaken &&
    booking.status === 'scheduled' &&
    booking.appointmentAt?.getTime() === payment.appointmentAt.getTime();
  if (booking.status !== 'pending' && !releasedForTakenTime) return;
  // A newer checkout attempt of the booking holds its time: this older one leaves the booking alone.
  if (await hasOtherOpenPayment(tx, booking.id, payment.id)) return;
  await updateBookingRow(
    tx,
    booking.id,
    timeTaken
      ? { status: 'priced', appointmentAt: null, holdExpiresAt: null, updatedAt: now }
      : { status: 'scheduled', holdExpiresAt: null, updatedAt: now },
  );
}

async function runAfterCommit(deps: PaymentsDeps, after: AfterCommit) {
  for (const task of after) deps.background.run('after payment settled', task);
}

/** Settles the intent in a transaction of its own (the client's confirmation, reconciliation). */
export async function settleIntent(deps: PaymentsDeps, intent: ProviderIntent): Promise<SettleOutcome> {
  const after: AfterCommit = [];
  const outcome = await settleTransaction(deps, after, (tx, savepoint) =>
    settleInTx(tx, deps, intent, after, { savepoint }),
  );
  await runAfterCommit(deps, after);
  return outcome;
}

/**
 * A settling transaction, run a second time with a savepoint around the order's insert when the first
 * met a held plan visit's claim on the time (SettleAgainWithSavepoint: the first rolled back whole, the
 * work it queued for after the commit is dropped).
 */
async function settleTransaction<T>(
  deps: PaymentsDeps,
  after: AfterCommit,
  run: (tx: Tx, savepoint: boolean) => Promise<T>,
): Promise<T> {
  try {
    return await deps.db.transaction((tx) => run(tx, false));
  } catch (err) {
    if (!isSettleAgain(err)) throw err;
    after.length = 0;
    return deps.db.transaction((tx) => run(tx, true));
  }
}

function isSettleAgain(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause)
    if (e instanceof SettleAgainWithSavepoint) return true;
  return false;
}

/** A plan visit's intent (visit-charge.ts and visit-pay.ts write its visit's id in the metadata). */
const isPlanVisitIntent = (intent: ProviderIntent) => /^[1-9][0-9]*$/.test(intent.metadata.planVisitId ?? '');

/**
 * A provider event (Stripe's webhook, or the sandbox's own delivery): recorded by id and processed at
 * most once, in the same transaction as its effect. Answers false for an event seen before.
 */
export async function handlePaymentEvent(
  deps: PaymentsDeps,
  event: PaymentEvent,
  /** The intent as the provider has it now, when the caller read it already (the sandbox's delivery). */
  known: { intent?: ProviderIntent } = {},
): Promise<boolean> {
  const after: AfterCommit = [];
  const now = deps.now();
  // The provider's current view of the intent, not the event's copy: events may arrive out of order,
  // and Stripe's carry the card only as an id. A failure here leaves the event unrecorded, so the
  // provider (or the sandbox's job) delivers it again.
  const intent =
    event.type === 'payment_intent.succeeded' ||
    event.type === 'payment_intent.payment_failed' ||
    event.type === 'payment_intent.canceled'
      ? (known.intent ?? (await deps.payments.retrieveIntent(event.intent.id)))
      : null;
  const fresh = await settleTransaction(deps, after, async (tx, savepoint) => {
    const originalType = event.type === 'other' ? event.originalType : event.type;
    const recorded = { id: event.id, provider: deps.payments.name, type: originalType };
    // A paid checkout intent's event: recorded and its payment locked in one statement (issue 27).
    let locked: PaymentRow | null | undefined;
    if (intent?.status === 'succeeded' && !isPlanVisitIntent(intent)) {
      const first = await recordEventAndLockPayment(tx, recorded, intent.id, now);
      if (!first.fresh) return false;
      locked = first.payment;
    } else if (!(await recordEvent(tx, recorded, now))) return false;
    switch (event.type) {
      case 'payment_intent.succeeded':
      case 'payment_intent.payment_failed':
      case 'payment_intent.canceled': {
        const told = intent ?? event.intent;
        // ADR 0037: an intent with no checkout payment row may be a plan visit's (charged off-session or
        // paid by its mailed link): that visit settles into its order, once (plans/visit-settle.ts). The
        // visits' intents alone carry `planVisitId` in their metadata (checkout's never do), so theirs go
        // there straight, without looking for a payment row (issue 26: a day of charges).
        const outcome = isPlanVisitIntent(told)
          ? ({ kind: 'unknown' } as const)
          : await settleInTx(tx, deps, told, after, { savepoint, locked });
        if (outcome.kind === 'unknown') await settleVisitIntentInTx(tx, deps, told, after);
        break;
      }
      case 'charge.refunded':
        await markRefundsSucceededByProviderIds(tx, event.refundIds, now);
        break;
      case 'charge.dispute.created': {
        const order = await findOrderByIntent(tx, event.paymentIntentId, true);
        if (order && order.fulfillmentStatus !== 'disputed') {
          await updateOrder(tx, order.id, {
            fulfillmentStatus: 'disputed',
            paymentStatus: 'pending',
            updatedAt: now,
          });
          await addOrderEvent(tx, {
            orderId: order.id,
            actorRole: 'system',
            action: 'disputed',
            amountCents: event.amountCents,
            details: { reason: event.reason },
            createdAt: now,
          });
        }
        break;
      }
      case 'charge.dispute.closed':
        // Won: the order and its held payout go back to where they were (see payouts/disputes.ts).
        await closeDisputeInTx(tx, event, now);
        break;
      case 'account.updated':
        await applyPayoutAccount(tx, event.account, now);
        break;
      default:
        break;
    }
    return true;
  });
  await runAfterCommit(deps, after);
  return fresh;
}
