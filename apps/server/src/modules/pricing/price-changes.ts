/**
 * A vendor's prices changed (ADR 0037 step 3e): its formula, minimum, questions or plan offers were saved.
 * Each such save queues, in its own transaction, one `plan-price-check` job for the vendor; the plans
 * module's handler (plans/price-proposal-mails.ts) mails each customer whose plan now has a new price
 * proposal, once per proposal. The job runs a few minutes after the save, so a vendor's edits in a row are
 * seen together: the first job to run mails the proposal as the edits left it, the others find it mailed.
 * Written here, not in plans, because plans reads pricing (price-proposal.ts): pricing only names the job.
 */
import type { Tx } from '../../db/client';
import { enqueueJobInTx } from '../payment-records/queries';

export const PLAN_PRICE_CHECK_JOB = 'plan-price-check';
/** How long after a save the check runs: edits within it make one proposal (and one mail). */
export const PLAN_PRICE_CHECK_DELAY_MS = 5 * 60_000;

export async function queuePlanPriceCheck(tx: Tx, vendorId: number, now: Date): Promise<void> {
  const runAt = new Date(now.getTime() + PLAN_PRICE_CHECK_DELAY_MS);
  await enqueueJobInTx(
    tx,
    {
      kind: PLAN_PRICE_CHECK_JOB,
      payload: { vendorId },
      runAt,
      // One job per save (a save's own instant): a check already run never hides a later change.
      uniqueKey: `${PLAN_PRICE_CHECK_JOB}:${vendorId}:${now.getTime()}`,
      maxAttempts: 5,
    },
    now,
  );
}
