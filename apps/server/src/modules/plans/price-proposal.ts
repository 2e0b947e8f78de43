/**
 * Price proposals (ADR 0037 "Price", step 3d): a plan keeps the price it was sold at; the vendor's pricing
 * now (formula, questions, minimum) and its discount now for the plan's frequency give the price the plan
 * would have today, and where it differs from the plan's it is offered to the customer. Computed on read
 * from the vendor's current pricing, so every way the pricing changes (the formula saved or reverted, the
 * questions replaced, the minimum, the offers) makes, replaces or withdraws the proposal without a writer
 * of its own; only the customer's accept writes (accept-price.ts).
 */
import { checkBookingAnswers } from '@stg/domain/pricing-inputs';
import { answersFromSelections, quotePrice } from '@stg/domain/pricing';
import { planVisitSubtotal, type PlanOffer } from '@stg/domain/plans';
import type { Db, Tx } from '../../db/client';
import { findVendor, listVendorInputs } from '../pricing/queries';
import { presentPricingInput } from '../pricing/presenter';
import { vendorPlanOffers } from '../plan-offers/service';
import type { PlanRow, PlanVisitRow } from './repo';

/** The vendor's pricing as a plan is re-priced with it (null: the vendor is gone). */
export interface VendorPricingNow {
  pricingFormula: string;
  minPriceCents: number;
  inputs: ReturnType<typeof presentPricingInput>[];
  offers: readonly PlanOffer[];
}

export async function vendorPricingNow(db: Db | Tx, vendorId: number): Promise<VendorPricingNow | null> {
  const vendor = await findVendor(db, vendorId);
  if (!vendor) return null;
  const inputs = (await listVendorInputs(db, vendorId)).map(presentPricingInput);
  return {
    pricingFormula: vendor.pricingFormula,
    minPriceCents: vendor.minPriceCents,
    inputs,
    offers: await vendorPlanOffers(db, vendorId),
  };
}

export interface PriceProposal {
  /** `<one-time subtotal>-<discount>`: names the proposal by what it sets, so a later change is another. */
  version: string;
  baseSubtotalCents: number;
  discountPercent: number;
  subtotalCents: number;
  /** The next visit not yet charged (held or waiting for a time), from which the new price is charged. */
  fromVisit: PlanVisitRow | null;
}

/** Visits not yet charged: an accepted price is charged from the first of them on. */
const NOT_CHARGED = new Set(['held', 'needs_time']);

/**
 * The new price of a live plan, or null when there is none to offer: the plan is cancelled, the price is
 * the same, or the plan's stored answers no longer fit the vendor's questions (a question removed or
 * changed: the old price holds, and the vendor may cancel the plan; the customer is not asked to answer
 * again) or the formula gives no price for them (the calculator's "the price stays unchanged").
 * The discount is the vendor's offer for the plan's frequency now; a withdrawn offer keeps the plan's own.
 */
export function priceProposalOf(
  plan: Pick<PlanRow, 'status' | 'frequency' | 'answersSnapshot' | 'discountPercent' | 'subtotalCents'>,
  pricing: VendorPricingNow | null,
  visits: readonly PlanVisitRow[],
): PriceProposal | null {
  if (!pricing || plan.status === 'cancelled') return null;
  const given: Record<string, string> = {};
  for (const [k, v] of Object.entries(plan.answersSnapshot)) if (typeof v === 'string') given[k] = v;
  const checked = checkBookingAnswers(pricing.inputs, given);
  if (checked.errors.length > 0) return null;
  const quote = quotePrice({
    formula: pricing.pricingFormula,
    minPriceCents: pricing.minPriceCents,
    answers: answersFromSelections(pricing.inputs, checked.answers),
  });
  if (!quote.formulaOk) return null;
  const offer = pricing.offers.find((o) => o.frequency === plan.frequency);
  const discountPercent = offer?.discountPercent ?? plan.discountPercent;
  const subtotalCents = planVisitSubtotal(quote.priceCents, discountPercent);
  if (subtotalCents === plan.subtotalCents) return null;
  return {
    version: `${quote.priceCents}-${discountPercent}`,
    baseSubtotalCents: quote.priceCents,
    discountPercent,
    subtotalCents,
    fromVisit: visits.find((v) => NOT_CHARGED.has(v.status)) ?? null,
  };
}
