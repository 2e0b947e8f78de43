/**
 * A failed visit charge's deadline (ADR 0037): still unpaid then, the visit is cancelled (its time released
 * by releaseVisit's trigger), the open intent cancelled at the provider, and both sides mailed. A visit paid
 * meanwhile is left alone; a payment that lands after the cancel is refunded in full by visit-settle.ts.
 */
import type { PaymentsDeps } from '../../deps';
import { RetryLater } from '../jobs/worker';
import { findPlanVisit } from './repo';
import { releaseVisit } from './service';
import { sendVisitCancelledUnpaidMails } from './visit-mails';

export async function expireVisitPayment(
  deps: PaymentsDeps,
  visitId: number,
): Promise<'cancelled' | 'skipped'> {
  const now = deps.now();
  const result = await deps.db.transaction(async (tx) => {
    const visit = await findPlanVisit(tx, visitId);
    if (!visit || (visit.status !== 'payment_failed' && visit.status !== 'action_required')) return null;
    if (visit.payDeadlineAt && visit.payDeadlineAt.getTime() > now.getTime())
      throw new RetryLater(visit.payDeadlineAt.getTime() - now.getTime(), 'the deadline has not passed');
    const released = await releaseVisit(tx, visitId, { to: 'cancelled', reason: 'unpaid at its deadline' });
    // releaseVisit locked and re-read the row: paid (ordered) in between means nothing was released.
    return released.released ? released.visit : null;
  });
  if (!result) return 'skipped';
  if (result.paymentIntentId) {
    const intentId = result.paymentIntentId;
    deps.background.run('cancel an unpaid plan visit intent', async () => {
      await deps.payments.cancelIntent(intentId, `plan-visit-cancel:${visitId}`);
    });
  }
  deps.background.run('plan visit cancelled unpaid', () => sendVisitCancelledUnpaidMails(deps, visitId));
  return 'cancelled';
}
