/** POST /api/plans/:id/accept-price (ADR 0037 step 3d): under the plan row's lock, logged in plan_events, mailed. */
import { PLAN_MANAGE_MESSAGES as M, type CustomerPlan } from '@stg/domain/api/plans';
import type { PaymentsDeps } from '../../deps';
import { HttpError, unprocessable } from '../../http/errors';
import { finish, lockOwnPlan, present, type PlanActor } from './manage';
import { priceProposalOf, vendorPricingNow } from './price-proposal';
import { addPlanEvent, listVisitsOfPlan, updatePlan } from './repo';

/**
 * The customer accepts the plan's new price: `version` must be the proposal as it is now (409 when the
 * vendor's price changed since, 422 when there is none). The plan's one-time subtotal, discount and price
 * per visit become the proposal's; each visit is charged the plan's price when its window closes, so the
 * visits not yet charged pay the new one. Refused while a visit is being charged (its settlement reads the
 * plan's price). Accepting the price the plan already has (a second click) answers the plan as it is.
 */
export async function acceptPlanPrice(
  deps: PaymentsDeps,
  actor: PlanActor,
  planId: number,
  version: string,
): Promise<CustomerPlan> {
  const now = deps.now();
  const result = await deps.db.transaction(async (tx) => {
    const { plan } = await lockOwnPlan(tx, actor, planId, ['customer']);
    if (plan.status === 'cancelled') throw unprocessable(M.planCancelled);
    if (`${plan.baseSubtotalCents}-${plan.discountPercent}` === version)
      return { plan: await present(tx, plan), mail: null };
    const visits = await listVisitsOfPlan(tx, plan.id);
    const proposal = priceProposalOf(plan, await vendorPricingNow(tx, plan.vendorId), visits);
    if (!proposal) throw unprocessable(M.noPriceProposal);
    if (proposal.version !== version) throw new HttpError(409, [M.priceProposalStale]);
    if (visits.some((v) => v.status === 'charging')) throw new HttpError(409, [M.visitCharging]);
    const updated = await updatePlan(tx, plan.id, {
      baseSubtotalCents: proposal.baseSubtotalCents,
      discountPercent: proposal.discountPercent,
      subtotalCents: proposal.subtotalCents,
      updatedAt: now,
    });
    await addPlanEvent(tx, {
      planId: plan.id,
      actorRole: 'customer',
      actorUserId: actor.id,
      action: 'price_accepted',
      amountCents: proposal.subtotalCents,
      details: {
        version,
        fromSubtotalCents: plan.subtotalCents,
        toSubtotalCents: proposal.subtotalCents,
        fromBaseSubtotalCents: plan.baseSubtotalCents,
        toBaseSubtotalCents: proposal.baseSubtotalCents,
        fromDiscountPercent: plan.discountPercent,
        toDiscountPercent: proposal.discountPercent,
        fromVisitId: proposal.fromVisit?.id ?? null,
      },
    });
    return {
      plan: await present(tx, updated),
      mail: {
        kind: 'price_accepted' as const,
        planId: plan.id,
        visits: proposal.fromVisit ? [proposal.fromVisit.appointmentAt] : [],
        by: 'customer' as const,
        pricePerVisitCents: proposal.subtotalCents,
        fromPricePerVisitCents: plan.subtotalCents,
      },
    };
  });
  return finish(deps, result);
}
