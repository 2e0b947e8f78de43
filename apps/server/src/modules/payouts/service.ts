/**
 * Vendors are paid 72 hours after an order is fulfilled (spec §1, §9; ARCHITECTURE §5a; ADR 0017).
 *
 * The payout job runs in three steps, so money moves exactly once even with two workers, a retry, or a
 * crash anywhere in between:
 *  1. decide, in one transaction with the order row locked: nothing to do (not due, disputed, cancelled,
 *     refunded, paid already), nothing owed (0 cents: processed at once), a Paper Check owed (no active
 *     payout account), or a transfer — whose amount and destination are frozen in a `payouts` row
 *     (`sending`) while the order becomes `processed`, so no partial refund can shrink a payout on its way;
 *  2. ask the provider for the transfer outside any transaction, with the order's idempotency key
 *     (`payout-order-<id>`) and the order's charge as the source: a retry of a transfer whose answer was
 *     lost (or whose recording failed) gets the same transfer back, never a second one;
 *  3. record the transfer id on the payout and the order, and log `payout_sent`, under the lock again.
 * A transfer the provider refuses becomes a Paper Check owed (the order says so, an operator pays it).
 * What operators do about payouts (retry a transfer, mark a Paper Check paid) is in operator-actions.ts.
 */
import type { PaperCheckReason } from '@stg/domain/api/payouts';
import { ORDER_MESSAGES } from '@stg/domain/order-actions';
import { PaymentProviderError, type ProviderTransfer } from '../../adapters/payments/payment-provider';
import type { Tx } from '../../db/client';
import { HttpError } from '../../http/errors';
import type { ClaimedJob } from '../jobs/worker';
import { RetryLater } from '../jobs/worker';
import { addOrderEvent, lockOrder, updateOrder, type OrderRow } from '../orders/queries';
import type { PaymentsDeps } from '../../deps';
import {
  findPayoutOfOrder,
  findPayoutVendor,
  findWorkOrder,
  insertPayout,
  updatePayout,
  type PayoutRow,
} from './repo';
import { PAYOUT_JOB, payoutDueAt } from '../orders/payout-schedule';
import { renderWorkOrder } from './work-order';

export type PayoutDeps = Pick<PaymentsDeps, 'db' | 'now' | 'payments' | 'log'>;

const HOUR_MS = 3_600_000;
/**
 * Stripe keeps an idempotency key for 24 hours. A transfer begun longer ago than this (its job kept
 * failing to record it) is looked up at the provider before it is asked for again.
 */
export const IDEMPOTENCY_WINDOW_MS = 23 * HOUR_MS;

/** The provider's idempotency key for an order's payout, and the transfer's metadata naming it. */
export const payoutKey = (orderId: number) => `payout-order-${orderId}`;

export type PayoutOutcome =
  | { kind: 'not_due'; dueAt: Date }
  | { kind: 'skipped'; reason: SkipReason }
  | { kind: 'held'; reason: 'disputed' }
  | { kind: 'nothing_owed' }
  | { kind: 'paper_check'; reason: PaperCheckReason }
  | { kind: 'transferred'; transferId: string; amountCents: number; recorded: boolean };

type SkipReason = 'missing' | 'not_fulfilled' | 'cancelled' | 'refunded' | 'paid' | 'owed';

type Plan =
  Exclude<PayoutOutcome, { kind: 'transferred' }> | { kind: 'send'; payout: PayoutRow; order: OrderRow };

/** Why an order that has no payout yet is not paid now, or null when it may be. */
function notPayable(order: OrderRow): Plan | null {
  if (order.fulfillmentStatus === 'cancelled') return { kind: 'skipped', reason: 'cancelled' };
  if (order.paymentStatus === 'refunded') return { kind: 'skipped', reason: 'refunded' };
  // A dispute (charge.dispute.created) holds the payout until it is closed in the vendor's favour.
  if (order.fulfillmentStatus === 'disputed' || order.paymentStatus === 'pending')
    return { kind: 'held', reason: 'disputed' };
  if (order.paymentStatus === 'processed') return { kind: 'skipped', reason: 'paid' };
  if (order.fulfillmentStatus !== 'fulfilled' || !order.fulfilledAt)
    return { kind: 'skipped', reason: 'not_fulfilled' };
  return null;
}

/** The payment status an order goes back to when its payout is not (or no longer) under way. */
export function unpaidPaymentStatus(order: Pick<OrderRow, 'refundAmountCents'>) {
  return order.refundAmountCents > 0 ? 'partially_refunded' : 'collected';
}

/** Step 1: what to do, decided with the order row locked; a transfer's payout row is written here. */
async function decide(deps: PayoutDeps, orderId: number, now: Date): Promise<Plan> {
  return deps.db.transaction(async (tx): Promise<Plan> => {
    const order = await lockOrder(tx, orderId);
    if (!order) return { kind: 'skipped', reason: 'missing' };
    const existing = await findPayoutOfOrder(tx, orderId);
    if (existing?.status === 'sent') return { kind: 'skipped', reason: 'paid' };
    if (existing?.status === 'owed') return { kind: 'skipped', reason: 'owed' };
    if (existing?.status === 'sending') {
      // Begun before (a crash, a lost answer, a failed commit): carried on with the same key and amount,
      // unless a dispute arrived meanwhile.
      if (order.fulfillmentStatus === 'disputed') return { kind: 'held', reason: 'disputed' };
      return { kind: 'send', payout: existing, order };
    }
    const refused = notPayable(order);
    if (refused) return refused;
    const dueAt = payoutDueAt(order.fulfilledAt!);
    if (dueAt.getTime() > now.getTime()) return { kind: 'not_due', dueAt };

    const base = {
      orderId: order.id,
      vendorId: order.vendorId,
      idempotencyKey: payoutKey(order.id),
      startedAt: now,
      createdAt: now,
      updatedAt: now,
    };
    const amountCents = order.vendorPayoutCents;
    if (amountCents === 0) {
      // Everything was refunded: nothing to send, the order is settled with its vendor.
      await insertPayout(tx, { ...base, method: 'none', status: 'sent', amountCents: 0, sentAt: now });
      await updateOrder(tx, order.id, { paymentStatus: 'processed', paidOutAt: now, updatedAt: now });
      await addOrderEvent(tx, {
        orderId: order.id,
        actorRole: 'system',
        action: 'payout_sent',
        amountCents: 0,
        details: { method: 'none' },
        createdAt: now,
      });
      return { kind: 'nothing_owed' };
    }

    const vendor = await findPayoutVendor(tx, order.vendorId);
    const paperCheck: PaperCheckReason | null =
      !vendor?.paymentAccountId || vendor.stripeIntegrated !== 'active'
        ? 'no_payout_account'
        : order.paymentProvider !== deps.payments.name
          ? 'other_payment_mode'
          : null;
    if (paperCheck) {
      await insertPayout(tx, {
        ...base,
        method: 'paper_check',
        status: 'owed',
        amountCents,
        reason: paperCheck,
      });
      await owePaperCheck(tx, order, paperCheck, amountCents, now);
      return { kind: 'paper_check', reason: paperCheck };
    }

    const payout = await insertPayout(tx, {
      ...base,
      method: 'transfer',
      status: 'sending',
      amountCents,
      destinationAccountId: vendor!.paymentAccountId,
    });
    // From here the payout is committed to: `processed` closes the order to partial refunds (spec §4).
    const processed = await updateOrder(tx, order.id, {
      paymentStatus: 'processed',
      payoutLast4: vendor!.payoutLast4,
      payoutBankName: vendor!.payoutBankName,
      updatedAt: now,
    });
    return { kind: 'send', payout, order: processed };
  });
}

/** The order is paid by Paper Check: its payout destination is none (spec §3) and the owed check logged. */
async function owePaperCheck(
  tx: Tx,
  order: OrderRow,
  reason: PaperCheckReason,
  amountCents: number,
  now: Date,
) {
  await updateOrder(tx, order.id, { payoutLast4: null, payoutBankName: null, updatedAt: now });
  await addOrderEvent(tx, {
    orderId: order.id,
    actorRole: 'system',
    action: 'payout_scheduled',
    amountCents,
    details: { method: 'paper_check', reason },
    createdAt: now,
  });
}

/**
 * Pays the order's vendor if the payout is due (the payout job's work). Safe to run any number of times,
 * at once or after a crash: one transfer at most, recorded once.
 */
export async function runPayout(deps: PayoutDeps, orderId: number): Promise<PayoutOutcome> {
  const now = deps.now();
  const plan = await decide(deps, orderId, now);
  if (plan.kind !== 'send') return plan;
  const { payout, order } = plan;

  // Step 2: the provider, outside any transaction (the sandbox writes to this database too).
  let transfer: ProviderTransfer | null = null;
  const lookUp = () =>
    deps.payments.findTransfer({
      destination: payout.destinationAccountId!,
      metadataKey: 'payoutKey',
      metadataValue: payout.idempotencyKey,
      createdAfter: new Date(payout.startedAt.getTime() - HOUR_MS),
    });
  try {
    if (now.getTime() - payout.startedAt.getTime() > IDEMPOTENCY_WINDOW_MS) transfer = await lookUp();
    transfer ??= await deps.payments.createTransfer({
      amountCents: payout.amountCents,
      destination: payout.destinationAccountId!,
      // Only what never changes: a retry must send the very same request under the same key.
      metadata: {
        orderId: String(order.id),
        confirmationId: order.confirmationId,
        payoutKey: payout.idempotencyKey,
      },
      idempotencyKey: payout.idempotencyKey,
      sourcePaymentIntentId: order.paymentIntentId,
    });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (err instanceof PaymentProviderError && !err.retryable) {
      // The key was used with other parameters: a transfer may exist. Look before deciding it failed.
      if (err.code === 'idempotency_error') transfer = await lookUp();
      if (!transfer) {
        deps.log.warn({ orderId, err: message }, 'transfer refused: the vendor is owed a Paper Check');
        await refuseToPaperCheck(deps, orderId, message, now);
        return { kind: 'paper_check', reason: 'transfer_refused' };
      }
    } else {
      await updatePayout(deps.db, payout.id, {
        attempts: payout.attempts + 1,
        lastError: message.slice(0, 2000),
        updatedAt: now,
      });
      throw err;
    }
  }

  // Step 3: recorded once, whoever gets here first.
  const made: ProviderTransfer = transfer;
  const recorded = await deps.db.transaction(async (tx) => {
    await lockOrder(tx, orderId);
    const current = await findPayoutOfOrder(tx, orderId);
    if (!current || current.status !== 'sending') return false;
    await updatePayout(tx, current.id, {
      status: 'sent',
      transferId: made.id,
      sourceTransaction: made.sourceTransaction,
      attempts: current.attempts + 1,
      lastError: null,
      needsReviewAt: null,
      sentAt: now,
      updatedAt: now,
    });
    // The payment status is left as it is: processed, or pending when a dispute arrived meanwhile.
    await updateOrder(tx, orderId, { transferId: made.id, paidOutAt: now, updatedAt: now });
    await addOrderEvent(tx, {
      orderId,
      actorRole: 'system',
      action: 'payout_sent',
      amountCents: made.amountCents,
      details: {
        method: 'transfer',
        transferId: made.id,
        destination: made.destination,
        sourceTransaction: made.sourceTransaction,
      },
      createdAt: now,
    });
    return true;
  });
  return { kind: 'transferred', transferId: made.id, amountCents: made.amountCents, recorded };
}

/** The provider refused the transfer (not worth retrying): the vendor is owed a Paper Check instead. */
async function refuseToPaperCheck(deps: PayoutDeps, orderId: number, message: string, now: Date) {
  await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    const payout = await findPayoutOfOrder(tx, orderId);
    if (!order || payout?.status !== 'sending') return;
    await updatePayout(tx, payout.id, {
      method: 'paper_check',
      status: 'owed',
      reason: 'transfer_refused',
      lastError: message.slice(0, 2000),
      needsReviewAt: null,
      attempts: payout.attempts + 1,
      updatedAt: now,
    });
    // Not paid after all: the order is open to partial refunds again until the check is sent.
    if (order.paymentStatus === 'processed')
      await updateOrder(tx, order.id, { paymentStatus: unpaidPaymentStatus(order), updatedAt: now });
    await addOrderEvent(tx, {
      orderId,
      actorRole: 'system',
      action: 'payout_failed',
      amountCents: payout.amountCents,
      details: { method: 'transfer', error: message.slice(0, 500) },
      createdAt: now,
    });
    await owePaperCheck(tx, order, 'transfer_refused', payout.amountCents, now);
  });
}

/** The payout job, keyed by its kind (main.ts's worker runs it). */
export function payoutJobHandlers(deps: PayoutDeps) {
  return {
    [PAYOUT_JOB]: async (job: ClaimedJob) => {
      const orderId = Number(job.payload.orderId);
      let outcome: PayoutOutcome;
      try {
        outcome = await runPayout(deps, orderId);
      } catch (err) {
        if (job.attempts >= job.maxAttempts) await giveUp(deps, orderId, err);
        throw err;
      }
      if (outcome.kind === 'not_due')
        throw new RetryLater(outcome.dueAt.getTime() - deps.now().getTime(), 'payout not due yet');
      if (outcome.kind === 'held') deps.log.info({ orderId }, 'payout held: the order is disputed');
    },
  };
}

/**
 * The provider could not be reached through every try: the transfer may or may not exist, so nothing is
 * guessed. Logged loudly, written on the order, and the payout (still `sending`) is marked for review in
 * the same transaction: operators list it and, once they have checked the provider, retry it.
 */
async function giveUp(deps: PayoutDeps, orderId: number, err: unknown) {
  const message = err instanceof Error ? err.message : String(err);
  deps.log.error({ orderId, err: message }, 'payout could not be carried out; needs review');
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) return;
    const payout = await findPayoutOfOrder(tx, orderId);
    if (payout?.method === 'transfer' && payout.status === 'sending')
      await updatePayout(tx, payout.id, {
        needsReviewAt: now,
        lastError: message.slice(0, 2000),
        updatedAt: now,
      });
    await addOrderEvent(tx, {
      orderId,
      actorRole: 'system',
      action: 'payout_failed',
      amountCents: order.vendorPayoutCents,
      details: { error: message.slice(0, 500), needsReview: true },
      createdAt: now,
    });
  });
}

/**
 * GET /api/orders/{id}/work-order.pdf: the order's work order as a PDF, for the order's vendor only;
 * another vendor's order, or a customer's (even their own), is not told to exist (404).
 */
export async function vendorWorkOrderPdf(
  deps: Pick<PaymentsDeps, 'db' | 'now'>,
  user: { vendorId: number | null },
  orderId: number,
): Promise<{ pdf: Buffer; confirmationId: string }> {
  const row = await findWorkOrder(deps.db, orderId);
  if (!row || user.vendorId === null || row.order.vendorId !== user.vendorId)
    throw new HttpError(404, [ORDER_MESSAGES.orderNotFound]);
  return { pdf: await renderWorkOrder(row, deps.now()), confirmationId: row.order.confirmationId };
}
