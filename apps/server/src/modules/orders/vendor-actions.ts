/**
 * The vendor's actions on its own orders (spec §4 Allowed vendor order actions, §5 Partial refund,
 * Cancellation, Completion, Vendor reschedule; ADR 0016): reschedule, cancel with a full refund, partial
 * refund, mark complete. Each is one transaction with the order row locked, checked again there against
 * the domain's matrix, written to order_events with the vendor as actor, and idempotent: a repeat of a
 * change already made answers the order as it is without doing it again.
 *
 * Refunds go through the refunds outbox (recorded in the transaction, carried out after the commit) and
 * are tried at once while the request waits: a refund the provider refuses gives the order back its
 * figures (and a cancel its status) and answers 422 with the provider's message.
 */
import { createHash } from 'node:crypto';
import { VENDOR_STEP_MINUTES } from '@stg/domain/availability';
import type { VendorOrder } from '@stg/domain/api/orders';
import { recentSameAction } from './replay';
import { formatDollars } from '@stg/domain/money';
import type { FulfillmentStatus, PaymentStatus } from '@stg/domain/constants';
import {
  completionProblems,
  ORDER_MESSAGES,
  partialRefundProblems,
  paymentStatusAfterPartialRefund,
  refundAmountCents,
  vendorActionProblem,
  vendorCancelProblems,
} from '@stg/domain/order-actions';
import { SCHEDULING_MESSAGES } from '@stg/domain/scheduling-preferences';
import type { Tx } from '../../db/client';
import { HttpError, unprocessable } from '../../http/errors';
import type { PaymentsDeps } from '../../deps';
import { executeRefund, recordRefund } from './refunds';
import { findRefund, lockVendorTime, type RefundRow } from '../payment-records/queries';
import { payoutDueAt, schedulePayout } from './payout-schedule';
import { checkStart } from '../scheduling/service';
import type { UserRow } from '../../db/rows';
import { sendOrderChangedMails, sendPartialRefundMail } from './mails';
import { presentVendorOrder } from './presenter';
import {
  addOrderEvent,
  findOrder,
  findRefundByKey,
  findVendorOrderView,
  isOrderConflict,
  lockOrder,
  updateOrder,
  type OrderRow,
} from './repo';
import { cancelledFields, moveOrderInTx, nextRefundKey } from './service';

const notFoundOrder = () => new HttpError(404, [ORDER_MESSAGES.orderNotFound]);

/**
 * Who the signed-in user is to the order: its vendor (when the user's vendor is the order's), else its
 * customer; anyone else gets 404 "Order not found", never a hint that the order exists.
 */
export async function roleOnOrder(
  deps: PaymentsDeps,
  user: UserRow,
  orderId: number,
): Promise<'vendor' | 'customer'> {
  const order = await findOrder(deps.db, orderId);
  if (!order) throw notFoundOrder();
  if (user.vendorId !== null && user.vendorId === order.vendorId) return 'vendor';
  if (order.userId === user.id) return 'customer';
  throw notFoundOrder();
}

/** The order, only for its vendor (404 for anyone else, customers included). */
export async function requireVendorOfOrder(deps: PaymentsDeps, user: UserRow, orderId: number) {
  const order = await findOrder(deps.db, orderId);
  if (!order || user.vendorId === null || user.vendorId !== order.vendorId) throw notFoundOrder();
  return order;
}

export async function presentForVendor(deps: PaymentsDeps, orderId: number): Promise<VendorOrder> {
  const row = await findVendorOrderView(deps.db, orderId);
  if (!row) throw notFoundOrder();
  return presentVendorOrder(row, deps.now());
}

/** The order row locked for this transaction, still the vendor's. */
async function lockVendorOrder(tx: Tx, orderId: number, user: UserRow): Promise<OrderRow> {
  const current = await lockOrder(tx, orderId);
  if (!current || user.vendorId === null || current.vendorId !== user.vendorId) throw notFoundOrder();
  return current;
}

const actor = (user: UserRow) => ({ actorUserId: user.id, actorRole: 'vendor' as const });

/** The money can go back only through the provider that took it (ADR 0013). */
function refundableProblem(deps: PaymentsDeps, order: OrderRow): string | null {
  if (!order.paymentIntentId) return ORDER_MESSAGES.actionNotAllowed;
  if (order.paymentProvider !== deps.payments.name) return ORDER_MESSAGES.otherProvider;
  return null;
}

/**
 * Carries out a refund recorded by the caller's committed transaction, at once, and says how it went:
 * 'failed' when the provider refused it (refunds.ts has then marked it failed, logged it and, for a
 * partial refund, given the order its figures back), else 'sent' (done, pending at the bank, or left to
 * the retry job when the provider could not be reached).
 */
async function carryOutRefund(
  deps: PaymentsDeps,
  refundId: number,
): Promise<{ outcome: 'sent' } | { outcome: 'failed'; message: string }> {
  try {
    await executeRefund(deps, refundId);
  } catch (err) {
    // Not reached or a provider error worth retrying: the job tries again (the same idempotency key).
    deps.log.warn({ err, refundId }, 'refund not carried out yet; the job will retry it');
  }
  const refund = await findRefund(deps.db, refundId);
  if (refund?.status === 'failed')
    return { outcome: 'failed', message: refund.lastError || ORDER_MESSAGES.refundRefused };
  return { outcome: 'sent' };
}

function refusedAnswer(refund: RefundRow): HttpError {
  return unprocessable(refund.lastError || ORDER_MESSAGES.refundRefused);
}

// ---------------------------------------------------------------------------------------------------
// Reschedule

/**
 * PATCH /api/orders/{id}/reschedule by the order's vendor: the confirm checkbox, a different time, one the
 * vendor has free on its 15-minute grid by the same availability engine as the customer's (the order's own
 * time excluded), the no-overlap constraint the last word. The customer is mailed a new invite.
 */
export async function rescheduleByVendor(
  deps: PaymentsDeps,
  user: UserRow,
  orderId: number,
  at: Date,
  confirmed: boolean | undefined,
): Promise<VendorOrder> {
  const { db } = deps;
  const now = deps.now();
  if (confirmed !== true) throw unprocessable(ORDER_MESSAGES.confirmRequired);
  const order = await requireVendorOfOrder(deps, user, orderId);
  const slot = {
    vendorId: order.vendorId,
    start: at,
    durationMinutes: order.durationMins,
    stepMinutes: VENDOR_STEP_MINUTES,
    excludeOrderId: order.id,
  };
  if (at.getTime() !== order.appointmentAt.getTime()) {
    const refused = vendorActionProblem(order, 'reschedule', now);
    if (refused) throw unprocessable(refused);
    // The vendor's synced calendar is read (if stale) before the transaction, never while holding locks.
    const problem = await checkStart(db, deps.busyTimesCheck, slot, now);
    if (problem) throw unprocessable(problem);
  }
  const sameAsReplay = (current: OrderRow, tx: Tx) =>
    recentSameAction(tx, user.id, current.id, 'rescheduled', now, (e) => e.details.to === at.toISOString());
  let moved = false;
  try {
    await db.transaction(async (tx) => {
      await lockVendorTime(tx, order.vendorId);
      const current = await lockVendorOrder(tx, order.id, user);
      if (at.getTime() === current.appointmentAt.getTime()) {
        // A double click: the first request moved it here a moment ago.
        if (await sameAsReplay(current, tx)) return;
        throw unprocessable(ORDER_MESSAGES.sameTime);
      }
      const refused = vendorActionProblem(current, 'reschedule', now);
      if (refused) throw unprocessable(refused);
      // Only the database is asked inside the transaction; the calendar was looked at before it.
      const problem = await checkStart(tx, async () => null, slot, now);
      if (problem) throw unprocessable(problem);
      await moveOrderInTx(tx, current, at, { userId: user.id, role: 'vendor' }, now);
      moved = true;
    });
  } catch (err) {
    // Another order took the time between the check and the write: the constraint said no.
    if (isOrderConflict(err)) throw unprocessable(SCHEDULING_MESSAGES.appointmentUnavailable);
    throw err;
  }
  if (!moved) return presentForVendor(deps, orderId);
  deps.background.run('order rescheduled mail', () =>
    sendOrderChangedMails(deps, orderId, { kind: 'rescheduled', by: 'vendor' }),
  );
  return presentForVendor(deps, orderId);
}

// ---------------------------------------------------------------------------------------------------
// Cancel

interface CancelledFigures {
  fulfillmentStatus: FulfillmentStatus;
  paymentStatus: PaymentStatus;
  serviceFeeCents: number;
  commissionCents: number;
  vendorPayoutCents: number;
  refundAmountCents: number;
  refundReason: string | null;
  cancelReason: string | null;
}

const figuresOf = (o: OrderRow): CancelledFigures => ({
  fulfillmentStatus: o.fulfillmentStatus,
  paymentStatus: o.paymentStatus,
  serviceFeeCents: o.serviceFeeCents,
  commissionCents: o.commissionCents,
  vendorPayoutCents: o.vendorPayoutCents,
  refundAmountCents: o.refundAmountCents,
  refundReason: o.refundReason,
  cancelReason: o.cancelReason,
});

/**
 * PATCH /api/orders/{id}/cancel-order by the order's vendor: a reason and the confirm checkbox; what is
 * left of the payment goes back to the card (the service charge too), the time is freed, the customer is
 * mailed. A repeat by the same vendor within the replay window answers the order as it is (a double
 * click); any other cancel of a cancelled order is refused.
 */
export async function cancelByVendor(
  deps: PaymentsDeps,
  user: UserRow,
  orderId: number,
  input: { cancelReason?: string | null; confirmed?: boolean },
): Promise<VendorOrder> {
  await requireVendorOfOrder(deps, user, orderId);
  const problems = vendorCancelProblems(input);
  if (problems.length > 0) throw unprocessable(...problems);
  const reason = input.cancelReason!.trim();
  const now = deps.now();
  const done = await deps.db.transaction(async (tx) => {
    const current = await lockVendorOrder(tx, orderId, user);
    if (current.fulfillmentStatus === 'cancelled') {
      // A double click: this vendor cancelled it a moment ago. Otherwise it is simply not allowed.
      if (await recentSameAction(tx, user.id, current.id, 'cancelled', now, () => true)) return null;
      throw unprocessable(ORDER_MESSAGES.alreadyCancelled);
    }
    const refused = vendorActionProblem(current, 'cancel', now) ?? refundableProblem(deps, current);
    if (refused) throw unprocessable(refused);
    const before = figuresOf(current);
    const amount = current.totalCollectedCents - current.refundAmountCents;
    const refund =
      amount > 0
        ? await recordRefund(
            tx,
            {
              orderId: current.id,
              paymentIntentId: current.paymentIntentId!,
              kind: 'cancel',
              amountCents: amount,
              reason,
              idempotencyKey: await nextRefundKey(tx, current, 'cancel'),
            },
            now,
          )
        : null;
    await updateOrder(tx, current.id, cancelledFields(current, reason, now));
    await addOrderEvent(tx, {
      orderId: current.id,
      ...actor(user),
      action: 'cancelled',
      amountCents: amount,
      // What the order was, so a refund the provider refuses can give it back.
      details: { reason, refundId: refund?.id ?? null, before },
      createdAt: now,
    });
    if (refund)
      await addOrderEvent(tx, {
        orderId: current.id,
        ...actor(user),
        action: 'refunded',
        amountCents: amount,
        details: { refundId: refund.id },
        createdAt: now,
      });
    return { refundId: refund?.id ?? null, before };
  });
  if (done === null) return presentForVendor(deps, orderId);
  if (done.refundId !== null) {
    const result = await carryOutRefund(deps, done.refundId);
    if (result.outcome === 'failed') {
      await undoCancel(deps, user, orderId, done.refundId, done.before);
      throw unprocessable(result.message);
    }
  }
  deps.background.run('order cancelled mail', () =>
    sendOrderChangedMails(deps, orderId, { kind: 'cancelled', by: 'vendor', reason }),
  );
  return presentForVendor(deps, orderId);
}

/**
 * The provider refused the cancel's refund: the order goes back to what it was (its time taken again,
 * unless another order took it meanwhile: then it stays cancelled, unpaid back, and the refund_failed
 * already logged is left for a person to follow up).
 */
async function undoCancel(
  deps: PaymentsDeps,
  user: UserRow,
  orderId: number,
  refundId: number,
  before: CancelledFigures,
) {
  const now = deps.now();
  try {
    await deps.db.transaction(async (tx) => {
      const current = await lockOrder(tx, orderId);
      if (!current || current.fulfillmentStatus !== 'cancelled') return;
      await updateOrder(tx, orderId, { ...before, cancelledAt: null, updatedAt: now });
      await addOrderEvent(tx, {
        orderId,
        ...actor(user),
        // The refusal itself was logged (refund_failed, by the system); this says the cancel was undone.
        action: 'refund_failed',
        details: { refundId, orderReverted: true, restored: before },
        createdAt: now,
      });
    });
  } catch (err) {
    if (!isOrderConflict(err)) throw err;
    deps.log.error(
      { orderId, refundId },
      'cancel refund refused and the time was taken: the order stays cancelled',
    );
  }
}

// ---------------------------------------------------------------------------------------------------
// Partial refund

const keyDigest = (userId: number, key: string) =>
  createHash('sha256').update(`${userId}:${key}`).digest('hex').slice(0, 32);

/**
 * POST /api/orders/{id}/create-partial-refund by the order's vendor: 0 < amount <= what is left of the
 * vendor's payout (cents), two decimals at most, a reason. The payout shrinks by the amount and the
 * refunded total grows in one locked transaction (the ledger CHECK holds), so refunds sent at the same
 * time queue on the row and never add up past the limit. Idempotent: an `Idempotency-Key` seen before on
 * this order, or an identical refund by the same vendor within the replay window, answers the first
 * request's outcome.
 */
export async function partialRefundByVendor(
  deps: PaymentsDeps,
  user: UserRow,
  orderId: number,
  input: { refundAmount?: unknown; refundReason?: string | null },
  idempotencyKey: string | null,
): Promise<VendorOrder> {
  await requireVendorOfOrder(deps, user, orderId);
  const problems = partialRefundProblems(
    { refundAmount: input.refundAmount, refundReason: input.refundReason },
    null,
  );
  if (problems.length > 0) throw unprocessable(...problems);
  const cents = refundAmountCents(input.refundAmount)!;
  const reason = input.refundReason!.trim();
  const now = deps.now();
  const result = await deps.db.transaction(
    async (tx): Promise<{ kind: 'replay'; refund: RefundRow | null } | { kind: 'new'; refundId: number }> => {
      const current = await lockVendorOrder(tx, orderId, user);
      let key: string;
      if (idempotencyKey) {
        key = `refund-${current.confirmationId}-partial-k${keyDigest(user.id, idempotencyKey)}`;
        const earlier = await findRefundByKey(tx, key);
        if (earlier) {
          if (earlier.orderId !== current.id || earlier.amountCents !== cents || earlier.reason !== reason)
            throw unprocessable(ORDER_MESSAGES.idempotencyKeyReused);
          return { kind: 'replay', refund: earlier };
        }
      } else {
        const first = await recentSameAction(
          tx,
          user.id,
          current.id,
          'partially_refunded',
          now,
          (e) => e.amountCents === cents && e.details.reason === reason,
        );
        if (first) {
          const refundId = Number(first.details.refundId);
          return {
            kind: 'replay',
            refund: Number.isInteger(refundId) ? await findRefund(tx, refundId) : null,
          };
        }
        key = await nextRefundKey(tx, current, 'partial');
      }
      const refused = vendorActionProblem(current, 'partial_refund', now) ?? refundableProblem(deps, current);
      if (refused) throw unprocessable(refused);
      if (cents > current.vendorPayoutCents)
        throw unprocessable(ORDER_MESSAGES.refundAmountTooHigh(formatDollars(current.vendorPayoutCents)));
      const refund = await recordRefund(
        tx,
        {
          orderId: current.id,
          paymentIntentId: current.paymentIntentId!,
          kind: 'partial',
          amountCents: cents,
          reason,
          idempotencyKey: key,
        },
        now,
      );
      await updateOrder(tx, current.id, {
        vendorPayoutCents: current.vendorPayoutCents - cents,
        refundAmountCents: current.refundAmountCents + cents,
        paymentStatus: paymentStatusAfterPartialRefund(current.paymentStatus),
        refundReason: reason,
        updatedAt: now,
      });
      await addOrderEvent(tx, {
        orderId: current.id,
        ...actor(user),
        action: 'partially_refunded',
        amountCents: cents,
        details: { reason, refundId: refund.id, paymentStatusBefore: current.paymentStatus },
        createdAt: now,
      });
      return { kind: 'new', refundId: refund.id };
    },
  );
  if (result.kind === 'replay') {
    if (result.refund?.status === 'failed') throw refusedAnswer(result.refund);
    return presentForVendor(deps, orderId);
  }
  const sent = await carryOutRefund(deps, result.refundId);
  if (sent.outcome === 'failed') throw unprocessable(sent.message);
  deps.background.run('partial refund mail', () =>
    sendPartialRefundMail(deps, orderId, { amountCents: cents, reason }),
  );
  return presentForVendor(deps, orderId);
}

// ---------------------------------------------------------------------------------------------------
// Complete

/**
 * PATCH /api/orders/{id}/mark-as-fulfilled by the order's vendor: the confirm checkbox, an optional note
 * (500 characters at most), an appointment not in the future. The order becomes fulfilled and its payout
 * is scheduled 72 hours later in the same transaction (one job per order). A repeat by the same vendor
 * within the replay window answers the order as it is.
 */
export async function markFulfilledByVendor(
  deps: PaymentsDeps,
  user: UserRow,
  orderId: number,
  input: { confirmed?: boolean; optionalNote?: string | null },
): Promise<VendorOrder> {
  await requireVendorOfOrder(deps, user, orderId);
  const problems = completionProblems(input);
  if (problems.length > 0) throw unprocessable(...problems);
  const note = (input.optionalNote ?? '').trim() || null;
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const current = await lockVendorOrder(tx, orderId, user);
    // A double click: this vendor completed it a moment ago.
    if (
      current.fulfillmentStatus === 'fulfilled' &&
      (await recentSameAction(tx, user.id, current.id, 'fulfilled', now, () => true))
    )
      return;
    const refused = vendorActionProblem(current, 'complete', now);
    if (refused) throw unprocessable(refused);
    const due = payoutDueAt(now);
    await updateOrder(tx, current.id, {
      fulfillmentStatus: 'fulfilled',
      optionalNote: note,
      fulfilledAt: now,
      payoutDueAt: due,
      updatedAt: now,
    });
    await schedulePayout(tx, { orderId: current.id, fulfilledAt: now });
    await addOrderEvent(tx, {
      orderId: current.id,
      ...actor(user),
      action: 'fulfilled',
      details: { note, payoutDueAt: due.toISOString() },
      createdAt: now,
    });
  });
  return presentForVendor(deps, orderId);
}
