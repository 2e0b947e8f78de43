/**
 * Refunds are written in the transaction of the change they belong to (status pending, with a job as
 * the retry path), then carried out at the provider with the refund's own idempotency key: tried at
 * once after the commit, and again by the job until the provider answers. A retry never refunds twice.
 */
import { PaymentProviderError } from '../../adapters/payments/payment-provider';
import type { Tx } from '../../db/client';
import { addOrderEvent } from './repo';
import { revertPartialRefundInTx } from './refund-rollback';
import type { PaymentsDeps } from '../../deps';
import {
  enqueueJobInTx,
  findRefund,
  insertRefund,
  updateRefund,
  type RefundRow,
} from '../payment-records/queries';

export const REFUND_JOB = 'payment-refund';
export const REFUND_MAX_ATTEMPTS = 12;
/** The job retries a refund not carried out at once after this long. */
const RETRY_AFTER_MS = 60_000;

/**
 * Records a refund owed (pending) and its retry job, in the caller's transaction; call executeRefund
 * after the commit. The idempotency key names the refund at the provider: the same key, the same refund.
 */
export async function recordRefund(
  tx: Tx,
  refund: {
    paymentId?: number;
    orderId?: number;
    paymentIntentId: string;
    kind: 'cancel' | 'partial' | 'conflict';
    amountCents: number;
    reason: string;
    idempotencyKey: string;
  },
  now: Date,
): Promise<RefundRow> {
  const row = await insertRefund(tx, { ...refund, createdAt: now, updatedAt: now });
  await enqueueJobInTx(
    tx,
    {
      kind: REFUND_JOB,
      payload: { refundId: row.id },
      runAt: new Date(now.getTime() + RETRY_AFTER_MS),
      uniqueKey: `${REFUND_JOB}:${row.id}`,
      // Backoff from 30 s doubling to 6 h: the 12th try is about 20 hours after the first, inside the
      // 24 hours a provider keeps an idempotency key (so a retry can never refund twice).
      maxAttempts: REFUND_MAX_ATTEMPTS,
    },
    now,
  );
  return row;
}

export type RefundOutcome = 'done' | 'waiting';

/** How often a refund the provider reports as pending (the bank takes its time) is looked at again. */
export const PENDING_REFUND_RECHECK_MS = 10 * 60_000;

/**
 * Carries out a pending refund: asks the provider to refund (once it has a provider id, asks how that
 * refund is doing). 'waiting' while the provider reports it pending; throws when the provider could not be
 * reached (the job tries again). A refusal, or a refund that failed at the bank, is marked failed, logged
 * and written on the order.
 */
export async function executeRefund(deps: PaymentsDeps, refundId: number): Promise<RefundOutcome> {
  const refund = await findRefund(deps.db, refundId);
  if (!refund || refund.status !== 'pending') return 'done';
  try {
    const done = refund.providerRefundId
      ? await deps.payments.retrieveRefund(refund.providerRefundId)
      : await deps.payments.refund({
          paymentIntentId: refund.paymentIntentId,
          amountCents: refund.amountCents,
          reason: refund.reason ?? refund.kind,
          idempotencyKey: refund.idempotencyKey,
        });
    if (done.status === 'pending' || done.status === 'requires_action') {
      await updateRefund(deps.db, refund.id, {
        providerRefundId: done.id,
        attempts: refund.attempts + 1,
        updatedAt: deps.now(),
      });
      return 'waiting';
    }
    if (done.status === 'failed' || done.status === 'canceled') {
      await giveUpRefund(deps, refund, `The payment provider reports the refund ${done.status}.`, done.id);
      return 'done';
    }
    await updateRefund(deps.db, refund.id, {
      status: 'succeeded',
      providerRefundId: done.id,
      attempts: refund.attempts + 1,
      lastError: null,
      updatedAt: deps.now(),
    });
    return 'done';
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (err instanceof PaymentProviderError && !err.retryable) {
      await giveUpRefund(deps, refund, message, refund.providerRefundId);
      return 'done';
    }
    await updateRefund(deps.db, refund.id, {
      attempts: refund.attempts + 1,
      lastError: message.slice(0, 2000),
      updatedAt: deps.now(),
    });
    throw err;
  }
}

/**
 * Money owed that could not be sent back: the refund is marked failed, logged loudly and written on the
 * order (refund_failed) for someone to follow up. A vendor's partial refund also gives the order its
 * figures back (payout, refunded total, payment status), in the same transaction (ADR 0016).
 */
export async function giveUpRefund(
  deps: PaymentsDeps,
  refund: RefundRow,
  reason: string,
  providerRefundId: string | null = null,
) {
  deps.log.error({ refundId: refund.id, reason }, 'refund could not be carried out');
  await deps.db.transaction(async (tx) => {
    // Two tellings of one refusal (the request's own try and the job's) give up once.
    const current = await findRefund(tx, refund.id, true);
    if (!current || current.status !== 'pending') return;
    await updateRefund(tx, refund.id, {
      status: 'failed',
      providerRefundId,
      attempts: refund.attempts + 1,
      lastError: reason.slice(0, 2000),
      updatedAt: deps.now(),
    });
    if (refund.orderId !== null) {
      const rollback = await revertPartialRefundInTx(tx, refund, deps.now());
      await addOrderEvent(tx, {
        orderId: refund.orderId,
        actorRole: 'system',
        action: 'refund_failed',
        amountCents: refund.amountCents,
        details: {
          refundId: refund.id,
          error: reason.slice(0, 500),
          ...(rollback === 'not_applied' ? {} : { orderReverted: rollback === 'reverted' }),
        },
        createdAt: deps.now(),
      });
    }
  });
}
