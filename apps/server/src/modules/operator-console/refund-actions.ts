/**
 * What an operator does about a refund that gave up (refund_failed: the provider refused it, or the refund
 * job gave up after every try; issue 25 §3): Retry, or Mark handled with a note. Each is one transaction
 * with the refund and its order locked (the refund first, as refunds.ts's giveUpRefund does), idempotent
 * (a repeat answers the first outcome) and logged on the order with the operator as actor.
 *
 * Retry goes through the refunds' own path (orders/refunds.ts): a new refund of what is still owed is
 * recorded with its own idempotency key (`refund-retry-<failed id>`: the provider never refunds twice for
 * one retry) and the refund job as its retry path, then tried at once after the commit. The order's figures
 * do not change: they already count the money as refunded (a failed refund whose order got its figures
 * back owes nothing, and is refused with a word to mark it handled instead).
 */
import { HANDLED_NOTE_MAX, OPERATOR_MESSAGES } from '@stg/domain/api/operator';
import type { Tx } from '../../db/client';
import { HttpError, unprocessable } from '../../http/errors';
import { addOrderEvent, lockOrder } from '../orders/queries';
import { executeRefund, recordRefund } from '../orders/refunds';
import { findRefund, updateRefund, type RefundRow } from '../payment-records/queries';
import type { PaymentsDeps } from '../../deps';
import { owedCents } from './repo';

const notFound = () => new HttpError(404, [OPERATOR_MESSAGES.refundNotFound]);
const conflict = (message: string) => new HttpError(409, [message]);

type Resolution = {
  refund: RefundRow;
  retry: { refundId: number; status: 'pending' | 'succeeded' | 'failed' } | null;
  changed: boolean;
};

function answer(result: Resolution) {
  const r = result.refund;
  return {
    refund: {
      refundId: r.id,
      orderId: r.orderId!,
      resolution: r.resolution!,
      resolvedAt: r.resolvedAt!.toISOString(),
      resolvedBy: r.resolvedBy,
      note: r.resolutionNote,
      retry: result.retry,
      changed: result.changed,
    },
  };
}

/** The failed refund locked, and its order locked after it; 404 for a refund of no order. */
async function lockFailed(tx: Tx, id: number) {
  const refund = await findRefund(tx, id, true);
  if (!refund || refund.orderId === null) throw notFound();
  const order = await lockOrder(tx, refund.orderId);
  if (!order) throw notFound();
  if (refund.status !== 'failed') throw conflict(OPERATOR_MESSAGES.refundNotFailed);
  return { refund, order };
}

async function retryState(deps: PaymentsDeps, refundId: number | null) {
  if (refundId === null) return null;
  const row = await findRefund(deps.db, refundId);
  return row ? { refundId: row.id, status: row.status } : null;
}

/** POST /api/operator/refunds/{refundId}/retry */
export async function retryFailedRefund(deps: PaymentsDeps, input: { refundId: number; operatorId: number }) {
  const now = deps.now();
  const done = await deps.db.transaction(async (tx) => {
    const { refund, order } = await lockFailed(tx, input.refundId);
    if (refund.resolution === 'retried') return { refund, retryId: refund.retryRefundId, changed: false };
    if (refund.resolution === 'handled') throw conflict(OPERATOR_MESSAGES.refundAlreadyResolved);
    const owed = Math.min(await owedCents(tx, order.id), refund.amountCents);
    if (owed <= 0) throw conflict(OPERATOR_MESSAGES.nothingOwed);
    if (!order.paymentIntentId || order.paymentProvider !== deps.payments.name)
      throw conflict(OPERATOR_MESSAGES.otherProvider);
    const retry = await recordRefund(
      tx,
      {
        orderId: order.id,
        paymentIntentId: order.paymentIntentId,
        kind: refund.kind === 'cancel' ? 'cancel' : 'partial',
        amountCents: owed,
        reason: refund.reason ?? refund.kind,
        idempotencyKey: `refund-retry-${refund.id}`,
      },
      now,
    );
    await updateRefund(tx, refund.id, {
      resolution: 'retried',
      resolvedAt: now,
      resolvedBy: input.operatorId,
      retryRefundId: retry.id,
      updatedAt: now,
    });
    await addOrderEvent(tx, {
      orderId: order.id,
      actorUserId: input.operatorId,
      actorRole: 'admin',
      action: 'refund_retry_requested',
      amountCents: owed,
      details: {
        refundId: refund.id,
        retryRefundId: retry.id,
        lastError: refund.lastError?.slice(0, 500) ?? null,
      },
      createdAt: now,
    });
    return { refund, retryId: retry.id, changed: true };
  });
  if (done.changed && done.retryId !== null) {
    deps.log.info({ refundId: input.refundId, operatorId: input.operatorId }, 'refund retry requested');
    try {
      await executeRefund(deps, done.retryId);
    } catch (err) {
      // Not reached: the refund job tries again with the same idempotency key.
      deps.log.warn(
        { err, refundId: done.retryId },
        'refund retry not carried out yet; the job will retry it',
      );
    }
  }
  const refund = (await findRefund(deps.db, input.refundId))!;
  return answer({ refund, retry: await retryState(deps, done.retryId), changed: done.changed });
}

/** POST /api/operator/refunds/{refundId}/mark-handled {note} */
export async function markRefundHandled(
  deps: PaymentsDeps,
  input: { refundId: number; operatorId: number; note?: string | null },
) {
  const note = input.note?.trim() ?? '';
  if (note === '') throw unprocessable(OPERATOR_MESSAGES.noteRequired);
  if (note.length > HANDLED_NOTE_MAX) throw unprocessable(OPERATOR_MESSAGES.noteTooLong);
  const now = deps.now();
  const changed = await deps.db.transaction(async (tx) => {
    const { refund, order } = await lockFailed(tx, input.refundId);
    if (refund.resolution === 'handled') return false;
    if (refund.resolution === 'retried') throw conflict(OPERATOR_MESSAGES.refundAlreadyResolved);
    await updateRefund(tx, refund.id, {
      resolution: 'handled',
      resolvedAt: now,
      resolvedBy: input.operatorId,
      resolutionNote: note,
      updatedAt: now,
    });
    await addOrderEvent(tx, {
      orderId: order.id,
      actorUserId: input.operatorId,
      actorRole: 'admin',
      action: 'refund_handled',
      amountCents: refund.amountCents,
      details: { refundId: refund.id, note },
      createdAt: now,
    });
    return true;
  });
  if (changed)
    deps.log.info({ refundId: input.refundId, operatorId: input.operatorId }, 'refund marked handled');
  const refund = (await findRefund(deps.db, input.refundId))!;
  return answer({ refund, retry: null, changed });
}
