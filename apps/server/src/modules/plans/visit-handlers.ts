/** The plan visits' job handlers, keyed by kind (job-worker.ts registers them; ADR 0037). */
import type { PaymentsDeps } from '../../deps';
import type { ClaimedJob, Recurring } from '../jobs/worker';
import { PLAN_PRICE_CHECK_JOB } from '../pricing/price-changes';
import { mailNewPriceProposals } from './price-proposal-mails';
import { chargeVisit } from './visit-charge';
import { expireVisitPayment } from './visit-deadline';
import { runPlanHorizon } from './visit-horizon';
import { PLAN_HORIZON_JOB, VISIT_CHARGE_JOB, VISIT_DEADLINE_JOB, VISIT_REFUND_JOB } from './visit-jobs';

/** Daily: every live plan holds its visits up to its vendor's booking window end. */
export const PLAN_HORIZON: Recurring = { kind: PLAN_HORIZON_JOB, everyMs: 86_400_000 };

export function planVisitJobHandlers(
  deps: PaymentsDeps,
): Record<string, (job: ClaimedJob, ctx: { now: Date }) => Promise<void>> {
  return {
    [VISIT_CHARGE_JOB]: async (job) => {
      const charge = () => chargeVisit(deps, Number(job.payload.visitId));
      // The sandbox's events of the charge come after the job has settled the visit (as Stripe's webhook
      // comes after its answer): the event then finds the visit ordered, without waiting on its plan's lock.
      await (deps.sandbox ? deps.sandbox.deliverAfter(charge) : charge());
    },
    [VISIT_DEADLINE_JOB]: async (job) => {
      await expireVisitPayment(deps, Number(job.payload.visitId));
    },
    [VISIT_REFUND_JOB]: async (job) => {
      const intentId = String(job.payload.paymentIntentId);
      // The same key every try: the provider refunds once.
      await deps.payments.refund({
        paymentIntentId: intentId,
        amountCents: Number(job.payload.amountCents),
        reason: 'The plan visit was cancelled before its payment arrived',
        idempotencyKey: `refund-plan-visit-${String(job.payload.visitId)}-${intentId}`,
      });
    },
    [PLAN_HORIZON_JOB]: async () => {
      await runPlanHorizon(deps);
    },
    // A vendor's prices changed: its customers are told of their plans' new price proposals, once each.
    [PLAN_PRICE_CHECK_JOB]: async (job) => {
      await mailNewPriceProposals(deps, Number(job.payload.vendorId));
    },
  };
}
