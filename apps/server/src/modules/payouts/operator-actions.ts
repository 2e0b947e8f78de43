/**
 * Operators' actions on payouts (spec §9; ADR 0017): the transfers the payout job gave up on, which an
 * operator checks with the provider and retries, and the Paper Checks owed, which an operator sends and
 * marks paid. The payout job itself is in service.ts.
 */
import type { PaperCheckReason } from '@stg/domain/api/payouts';
import { PAYOUT_MESSAGES } from '@stg/domain/api/payouts';
import { ORDER_MESSAGES } from '@stg/domain/order-actions';
import { centsToDollars } from '@stg/domain/money';
import { HttpError, unprocessable } from '../../http/errors';
import { addOrderEvent, lockOrder, updateOrder } from '../orders/queries';
import { reschedulePayout } from '../orders/payout-schedule';
import {
  findPayoutOfOrder,
  findPayoutJobStatus,
  listPaperChecksOwed,
  listTransfersNeedingReview,
  updatePayout,
} from './repo';
import type { PayoutDeps } from './service';

// ---- Transfers needing review (operators) ----

/** GET /api/operator/payouts/needing-review: transfers the job gave up on, oldest first. */
export async function transfersNeedingReview(deps: PayoutDeps) {
  const rows = await listTransfersNeedingReview(deps.db);
  return {
    payouts: rows.map((row) => ({
      orderId: row.order.id,
      confirmationId: row.order.confirmationId,
      vendor: row.vendor,
      amount: centsToDollars(row.payout.amountCents),
      destinationAccountId: row.payout.destinationAccountId,
      transferKey: row.payout.idempotencyKey,
      startedAt: row.payout.startedAt.toISOString(),
      needsReviewSince: row.payout.needsReviewAt!.toISOString(),
      attempts: row.payout.attempts,
      lastError: row.payout.lastError,
    })),
  };
}

/**
 * POST /api/operator/payouts/{orderId}/retry: an operator asks for a transfer the job gave up on again.
 * With the order locked: the mark is cleared, the payout job queued to run at once (its tries counted
 * afresh) and the request logged on the order. The job sends with the same idempotency key and looks the
 * transfer up first when it began more than 23 hours ago, so the provider never pays twice. A repeat
 * while the retry is pending changes nothing and answers `requested: false`.
 */
export async function retryTransfer(deps: PayoutDeps, input: { orderId: number; operatorId: number }) {
  const now = deps.now();
  const result = await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId);
    if (!order) throw new HttpError(404, [ORDER_MESSAGES.orderNotFound]);
    const payout = await findPayoutOfOrder(tx, order.id);
    if (!payout || payout.method !== 'transfer') throw new HttpError(409, [PAYOUT_MESSAGES.retryNotNeeded]);
    if (payout.status === 'sent') throw new HttpError(409, [PAYOUT_MESSAGES.transferAlreadySent]);
    if (payout.status !== 'sending') throw new HttpError(409, [PAYOUT_MESSAGES.retryNotNeeded]);
    if (order.fulfillmentStatus === 'disputed') throw new HttpError(409, [PAYOUT_MESSAGES.disputed]);
    if (!payout.needsReviewAt) {
      // Not given up on: a retry already pending (or the job still trying) is answered as it is.
      const job = await findPayoutJobStatus(tx, order.id);
      if (job === 'queued' || job === 'running') return { order, requested: false };
      throw new HttpError(409, [PAYOUT_MESSAGES.retryNotNeeded]);
    }
    await updatePayout(tx, payout.id, { needsReviewAt: null, updatedAt: now });
    await reschedulePayout(tx, { orderId: order.id, runAt: now, now });
    await addOrderEvent(tx, {
      orderId: order.id,
      actorUserId: input.operatorId,
      actorRole: 'admin',
      action: 'payout_retry_requested',
      amountCents: payout.amountCents,
      details: {
        method: 'transfer',
        idempotencyKey: payout.idempotencyKey,
        needsReviewSince: payout.needsReviewAt.toISOString(),
        lastError: payout.lastError?.slice(0, 500) ?? null,
      },
      createdAt: now,
    });
    return { order, requested: true };
  });
  if (result.requested)
    deps.log.info(
      { orderId: input.orderId, operatorId: input.operatorId },
      'payout transfer retry requested',
    );
  return {
    retry: {
      orderId: result.order.id,
      confirmationId: result.order.confirmationId,
      requested: result.requested,
    },
  };
}

// ---- Paper Checks (operators) ----

/** GET /api/operator/payouts/paper-checks: what is owed by Paper Check, oldest first. */
export async function paperChecksOwed(deps: PayoutDeps) {
  const rows = await listPaperChecksOwed(deps.db);
  const payouts = rows.map((row) => ({
    orderId: row.order.id,
    confirmationId: row.order.confirmationId,
    vendor: {
      ...row.vendor,
      address: row.address?.streetAddress ? { ...row.address } : null,
    },
    // What is owed now: partial refunds may still lower it until the check is sent.
    amount: centsToDollars(row.order.vendorPayoutCents),
    fulfilledAt: row.order.fulfilledAt?.toISOString() ?? null,
    owedSince: row.payout.startedAt.toISOString(),
    reason: (row.payout.reason ?? 'no_payout_account') as PaperCheckReason,
    failureMessage: row.payout.reason === 'transfer_refused' ? row.payout.lastError : null,
  }));
  const totalCents = rows.reduce((sum, row) => sum + row.order.vendorPayoutCents, 0);
  return { payouts, totalOwed: centsToDollars(totalCents) };
}

const REFERENCE_MAX = 40;
const NOTE_MAX = 500;

/**
 * POST /api/operator/payouts/paper-checks/{orderId}/mark-paid: an operator sent the check. The order is
 * processed; the operator, the check's reference and the amount are logged on the order. A repeat
 * changes nothing and answers the check recorded first.
 */
export async function markPaperCheckPaid(
  deps: PayoutDeps,
  input: { orderId: number; operatorId: number; checkReference?: string | null; note?: string | null },
) {
  const reference = input.checkReference?.trim() || null;
  const note = input.note?.trim() || null;
  if (reference && reference.length > REFERENCE_MAX)
    throw unprocessable(PAYOUT_MESSAGES.checkReferenceTooLong);
  if (note && note.length > NOTE_MAX) throw unprocessable(PAYOUT_MESSAGES.noteTooLong);
  const now = deps.now();
  const result = await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId);
    if (!order) throw new HttpError(404, [ORDER_MESSAGES.orderNotFound]);
    const payout = await findPayoutOfOrder(tx, order.id);
    if (!payout || payout.method !== 'paper_check') throw new HttpError(404, [PAYOUT_MESSAGES.notOwed]);
    if (payout.status === 'sent') return { order, payout, recorded: false };
    if (order.fulfillmentStatus === 'disputed' || order.paymentStatus === 'pending')
      throw new HttpError(409, [PAYOUT_MESSAGES.disputed]);
    const amountCents = order.vendorPayoutCents;
    const sent = await updatePayout(tx, payout.id, {
      status: 'sent',
      amountCents,
      checkReference: reference,
      markedPaidBy: input.operatorId,
      sentAt: now,
      updatedAt: now,
    });
    const paid = await updateOrder(tx, order.id, {
      paymentStatus: 'processed',
      paidOutAt: now,
      payoutLast4: null,
      payoutBankName: null,
      updatedAt: now,
    });
    await addOrderEvent(tx, {
      orderId: order.id,
      actorUserId: input.operatorId,
      actorRole: 'admin',
      action: 'payout_sent',
      amountCents,
      details: { method: 'paper_check', checkReference: reference, ...(note ? { note } : {}) },
      createdAt: now,
    });
    return { order: paid, payout: sent, recorded: true };
  });
  if (result.recorded)
    deps.log.info(
      { orderId: input.orderId, operatorId: input.operatorId, amountCents: result.payout.amountCents },
      'paper check recorded as sent',
    );
  return {
    payout: {
      orderId: result.order.id,
      confirmationId: result.order.confirmationId,
      method: 'paper_check' as const,
      amount: centsToDollars(result.payout.amountCents),
      paidAt: (result.payout.sentAt ?? now).toISOString(),
      checkReference: result.payout.checkReference,
      recorded: result.recorded,
    },
  };
}
