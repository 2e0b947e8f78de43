/**
 * Payouts are due 72 hours after an order is fulfilled (spec §1, §9). Marking an order fulfilled
 * schedules its payout in the same transaction: one job per order (the jobs table's unique key), run by
 * the payout handler when it falls due. In the orders module (fulfilment schedules it); the payouts
 * module, which runs the job, reads it from here.
 */
import { PAYOUT_DELAY_HOURS } from '@stg/domain/constants';
import type { Tx } from '../../db/client';
import { jobs } from '../../db/schema';

export const PAYOUT_JOB = 'order-payout';
export const payoutJobKey = (orderId: number) => `payout:${orderId}`;

/** When an order fulfilled at `fulfilledAt` is paid out. */
export function payoutDueAt(fulfilledAt: Date): Date {
  return new Date(fulfilledAt.getTime() + PAYOUT_DELAY_HOURS * 3_600_000);
}

/** Schedules the order's payout (once: a second call for the same order changes nothing). */
export async function schedulePayout(tx: Tx, input: { orderId: number; fulfilledAt: Date }): Promise<void> {
  await tx
    .insert(jobs)
    .values({
      kind: PAYOUT_JOB,
      payload: { orderId: input.orderId },
      runAt: payoutDueAt(input.fulfilledAt),
      uniqueKey: payoutJobKey(input.orderId),
      maxAttempts: 20,
    })
    .onConflictDoNothing();
}

/**
 * Runs the order's payout job again at `runAt` (a payout held by a dispute that the vendor won): the
 * job's row is queued again with its attempts reset, or made when there is none (finished jobs are pruned).
 */
export async function reschedulePayout(
  tx: Tx,
  input: { orderId: number; runAt: Date; now: Date },
): Promise<void> {
  await tx
    .insert(jobs)
    .values({
      kind: PAYOUT_JOB,
      payload: { orderId: input.orderId },
      runAt: input.runAt,
      uniqueKey: payoutJobKey(input.orderId),
      maxAttempts: 20,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .onConflictDoUpdate({
      target: jobs.uniqueKey,
      set: {
        status: 'queued',
        runAt: input.runAt,
        attempts: 0,
        lastError: null,
        lockedAt: null,
        lockedBy: null,
        updatedAt: input.now,
      },
    });
}
