/**
 * "New price for your plan" (ADR 0037 step 3e): after a vendor's prices change (pricing/price-changes.ts
 * queues a `plan-price-check` job), each of its live plans whose price proposal (computed on read,
 * price-proposal.ts) is one its customer was not told of yet gets a `price_proposed` event and, after
 * commit, one mail: the new price, from which visit, and how to accept. Once per plan and proposal version:
 * the event is written under the plan row's lock, so two instances (or a retried job) find it there and
 * mail nothing. A mail lost after the commit (a crash) is not sent again; the plan card shows the proposal
 * anyway.
 */
import { formatAppointment } from '@stg/domain/dates';
import { formatDollars } from '@stg/domain/money';
import { PLAN_FREQUENCY_LABELS } from '@stg/domain/plans';
import { escapeHtml } from '../../adapters/mail/mailer';
import type { PaymentsDeps } from '../../deps';
import type { OrderMailDeps } from '../orders/mails';
import { findVendor } from '../pricing/queries';
import { findUserById } from '../users/queries';
import { priceProposalOf, vendorPricingNow, type PriceProposal } from './price-proposal';
import {
  addPlanEvent,
  hasPriceProposedEvent,
  listLivePlanIdsOfVendor,
  listVisitsOfPlan,
  lockPlan,
  type PlanRow,
} from './repo';

const html = (lines: string[]) => lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('');

/** The customer's mail of a new proposal (the plan as it was when the proposal was recorded). */
export async function sendPriceProposalMail(deps: OrderMailDeps, plan: PlanRow, proposal: PriceProposal) {
  const [customer, vendor] = await Promise.all([
    findUserById(deps.db, plan.userId),
    findVendor(deps.db, plan.vendorId),
  ]);
  if (!customer || !vendor) return;
  const frequency = PLAN_FREQUENCY_LABELS[plan.frequency].toLowerCase();
  const price = `${formatDollars(proposal.subtotalCents)} a visit`;
  const save = proposal.discountPercent > 0 ? `, save ${proposal.discountPercent}%` : '';
  const from = proposal.fromVisit
    ? `from your visit on ${formatAppointment(proposal.fromVisit.appointmentAt)} (Mountain Time)`
    : 'from your next visit';
  const lines = [
    `Hi ${customer.firstName},`,
    `${vendor.name} changed its prices. Your ${frequency} plan can have a new price: ${price}${save} (now ${formatDollars(plan.subtotalCents)} a visit), ${from}.`,
    `Until you accept it, your plan keeps its price of ${formatDollars(plan.subtotalCents)} a visit. Visits already charged keep the price they were charged.`,
    `To accept it, open your plan in Orders and choose Accept: ${deps.publicUrl}/orders`,
  ];
  await deps.mailer.send({
    to: customer.email,
    subject: `New price for your plan: ${vendor.name}, ${price}`,
    text: lines.join('\n'),
    html: html(lines),
  });
}

/**
 * Records, under the plan's lock, a proposal its customer was not told of yet: answers it (to mail after
 * commit), or null when there is none or it was told already.
 */
async function recordNewProposal(deps: PaymentsDeps, planId: number) {
  return deps.db.transaction(async (tx) => {
    const plan = await lockPlan(tx, planId);
    if (!plan || plan.status === 'cancelled') return null;
    // Read under the lock: an accept in between has made the plan's price the proposal's (no proposal).
    const proposal = priceProposalOf(
      plan,
      await vendorPricingNow(tx, plan.vendorId),
      await listVisitsOfPlan(tx, plan.id),
    );
    if (!proposal || (await hasPriceProposedEvent(tx, plan.id, proposal.version))) return null;
    await addPlanEvent(tx, {
      planId: plan.id,
      planVisitId: proposal.fromVisit?.id ?? null,
      actorRole: 'system',
      action: 'price_proposed',
      amountCents: proposal.subtotalCents,
      details: {
        version: proposal.version,
        fromSubtotalCents: plan.subtotalCents,
        toSubtotalCents: proposal.subtotalCents,
        discountPercent: proposal.discountPercent,
      },
    });
    return { plan, proposal };
  });
}

/** The `plan-price-check` job: every live plan of the vendor, one transaction each; answers how many were mailed. */
export async function mailNewPriceProposals(deps: PaymentsDeps, vendorId: number): Promise<number> {
  let mailed = 0;
  for (const planId of await listLivePlanIdsOfVendor(deps.db, vendorId)) {
    const found = await recordNewProposal(deps, planId);
    if (!found) continue;
    await sendPriceProposalMail(deps, found.plan, found.proposal);
    mailed++;
  }
  return mailed;
}
