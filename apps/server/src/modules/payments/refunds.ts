/**
 * Refunds are written in the transaction of the change they belong to (status pending, with a job as
 * the retry path), then carried out at the provider with the refund's own idempotency key: tried at
 * once after the commit, and again by the job until the provider answers. A retry never refunds twice.
 */
import { PaymentProviderError } from '../../adapters/payments/payment-provider';
import type { Tx } from '../../db/client';
import { addOrderEvent } from '../orders/repo';
import type { PaymentsDeps } from './deps';
import { enqueueJobInTx, findRefund, insertRefund, updateRefund, type RefundRow } from './repo';

export const REFUND_JOB = 'payment-refund';
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
    },
    now,
  );
  return row;
}

/** Carries out a pending refund; throws when the provider could not be reached (the job tries again). */
export async function executeRefund(deps: PaymentsDeps, refundId: number): Promise<void> {
  const refund = await findRefund(deps.db, refundId);
  if (!refund || refund.status !== 'pending') return;
  try {
    const done = await deps.payments.refund({
      paymentIntentId: refund.paymentIntentId,
      amountCents: refund.amountCents,
      reason: refund.reason ?? refund.kind,
      idempotencyKey: refund.idempotencyKey,
    });
    const status = done.status === 'failed' || done.status === 'canceled' ? 'failed' : 'succeeded';
    await updateRefund(deps.db, refund.id, {
      status,
      providerRefundId: done.id,
      attempts: refund.attempts + 1,
      lastError: status === 'failed' ? `provider answered ${done.status}` : null,
      updatedAt: deps.now(),
    });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const final = err instanceof PaymentProviderError && !err.retryable;
    await updateRefund(deps.db, refund.id, {
      attempts: refund.attempts + 1,
      lastError: message.slice(0, 2000),
      ...(final ? { status: 'failed' } : {}),
      updatedAt: deps.now(),
    });
    if (final) {
      // Money we owe could not be sent back: logged loudly and written on the order for follow-up.
      deps.log.error({ err, refundId: refund.id }, 'refund refused by the payment provider');
      if (refund.orderId !== null)
        await deps.db.transaction((tx) =>
          addOrderEvent(tx, {
            orderId: refund.orderId!,
            actorRole: 'system',
            action: 'refund_failed',
            amountCents: refund.amountCents,
            details: { refundId: refund.id, error: message.slice(0, 500) },
            createdAt: deps.now(),
          }),
        );
      return;
    }
    throw err;
  }
}
