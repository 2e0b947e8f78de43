/** The plan visits' jobs (ADR 0037): their kinds and how a visit's jobs are queued (in the caller's transaction). */
import type { Tx } from '../../db/client';
import { enqueueJobInTx, requeueJobInTx } from '../payment-records/queries';

/** Charges one held visit when its cancellation window closes (unique per visit). */
export const VISIT_CHARGE_JOB = 'plan-visit-charge';
/** Cancels a visit whose failed charge is still unpaid at its deadline (unique per visit). */
export const VISIT_DEADLINE_JOB = 'plan-visit-deadline';
/** Refunds in full a visit paid after it was cancelled (unique per intent). */
export const VISIT_REFUND_JOB = 'plan-visit-refund';
/** Daily: holds every live plan's visits up to its vendor's booking window end. */
export const PLAN_HORIZON_JOB = 'plan-horizon';

/** A visit's charge job, one per visit: provider trouble is retried with the same idempotency key (backoff doubling from 30 s). */
const visitChargeJob = (visit: { id: number; chargeAt: Date }) => ({
  kind: VISIT_CHARGE_JOB,
  payload: { visitId: visit.id },
  runAt: visit.chargeAt,
  uniqueKey: `${VISIT_CHARGE_JOB}:${visit.id}`,
  maxAttempts: 10,
});

export async function enqueueVisitCharge(
  tx: Tx,
  visit: { id: number; chargeAt: Date },
  now: Date,
): Promise<void> {
  await enqueueJobInTx(tx, visitChargeJob(visit), now);
}

/** A visit moved to another time (or given one): its charge job runs at its new charge time. */
export async function requeueVisitCharge(tx: Tx, visit: { id: number; chargeAt: Date }, now: Date) {
  await requeueJobInTx(tx, visitChargeJob(visit), now);
}

export async function enqueueVisitDeadline(
  tx: Tx,
  visit: { id: number; payDeadlineAt: Date },
  now: Date,
): Promise<void> {
  await enqueueJobInTx(
    tx,
    {
      kind: VISIT_DEADLINE_JOB,
      payload: { visitId: visit.id },
      runAt: visit.payDeadlineAt,
      uniqueKey: `${VISIT_DEADLINE_JOB}:${visit.id}`,
    },
    now,
  );
}

export async function enqueueVisitRefund(
  tx: Tx,
  refund: { visitId: number; intent: { id: string; amountReceivedCents: number } },
  now: Date,
): Promise<void> {
  await enqueueJobInTx(
    tx,
    {
      kind: VISIT_REFUND_JOB,
      payload: {
        visitId: refund.visitId,
        paymentIntentId: refund.intent.id,
        amountCents: refund.intent.amountReceivedCents,
      },
      runAt: now,
      uniqueKey: `${VISIT_REFUND_JOB}:${refund.intent.id}`,
      maxAttempts: 12,
    },
    now,
  );
}
