import type { CustomerPlan, PlanVisit, VendorPlan, VendorPlanSummary } from '@stg/domain/api/plans';
import { centsToDollars } from '@stg/domain/money';
import { PLAN_FREQUENCIES, planVisitSubtotal, type PlanFrequency, type PlanOffer } from '@stg/domain/plans';
import { parseLocalDate, weekdayOf } from '@stg/domain/zoned-time';
import type { PriceProposal } from './price-proposal';
import type { PlanRow, PlanVisitRow } from './repo';

/**
 * The price rule of a frequency change (ADR 0037 "Price"): the plan's own frequency keeps the price it was
 * sold at; another offered frequency takes the vendor's discount for it now, on the plan's sold one-time
 * subtotal (`base_subtotal_cents`). A frequency the vendor does not offer (other than the plan's) is none.
 */
export function planPriceFor(
  plan: Pick<PlanRow, 'frequency' | 'baseSubtotalCents' | 'discountPercent' | 'subtotalCents'>,
  offers: readonly PlanOffer[],
  frequency: PlanFrequency,
): { discountPercent: number; subtotalCents: number } | null {
  if (frequency === plan.frequency)
    return { discountPercent: plan.discountPercent, subtotalCents: plan.subtotalCents };
  const offer = offers.find((o) => o.frequency === frequency);
  if (!offer) return null;
  return {
    discountPercent: offer.discountPercent,
    subtotalCents: planVisitSubtotal(plan.baseSubtotalCents, offer.discountPercent),
  };
}

/** 1 Monday … 7 Sunday, of a St George date. */
const isoWeekday = (date: string) => {
  const d = parseLocalDate(date);
  const w = d ? weekdayOf(d) : 0;
  return w === 0 ? 7 : w;
};

/** A customer's plan as GET /api/plans shows it (money in dollars), with the frequencies it may change to. */
export function presentCustomerPlan(
  plan: PlanRow,
  vendorName: string,
  visits: PlanVisitRow[],
  offers: readonly PlanOffer[],
  proposal: PriceProposal | null = null,
): CustomerPlan {
  const frequencyOptions = PLAN_FREQUENCIES.flatMap((frequency) => {
    const price = planPriceFor(plan, offers, frequency);
    return price
      ? [
          {
            frequency,
            discountPercent: price.discountPercent,
            pricePerVisit: centsToDollars(price.subtotalCents),
          },
        ]
      : [];
  });
  return {
    id: plan.id,
    vendorId: plan.vendorId,
    vendorName,
    frequency: plan.frequency,
    status: plan.status,
    pausedUntil: plan.pausedUntil,
    pricePerVisit: centsToDollars(plan.subtotalCents),
    discountPercent: plan.discountPercent,
    serviceCharge: centsToDollars(plan.serviceFeeCents),
    optionsSnapshot: plan.optionsSnapshot,
    paymentMethodBrand: plan.paymentMethodBrand,
    paymentMethodLast4: plan.paymentMethodLast4,
    consentText: plan.consentText,
    consentedAt: plan.consentedAt.toISOString(),
    createdAt: plan.createdAt.toISOString(),
    usualWeekday: isoWeekday(plan.anchorLocalDate),
    usualStartMinutes: plan.anchorStartMinutes,
    frequencyOptions,
    priceProposal: proposal && {
      version: proposal.version,
      pricePerVisit: centsToDollars(proposal.subtotalCents),
      discountPercent: proposal.discountPercent,
      fromDate: proposal.fromVisit?.localDate ?? null,
    },
    visits: visits.map(presentVisit),
  };
}

function presentVisit(v: PlanVisitRow): PlanVisit {
  return {
    id: v.id,
    sequence: v.sequence,
    appointmentAt: v.appointmentAt.toISOString(),
    status: v.status,
    orderId: v.orderId,
    chargeAt: v.chargeAt.toISOString(),
  };
}

/** A plan as its vendor sees it (GET /api/vendors/:id/plans/:planId): no card or consent. */
export function presentVendorPlan(plan: PlanRow, customerName: string, visits: PlanVisitRow[]): VendorPlan {
  return { ...vendorPlanFields(plan, customerName), visits: visits.map(presentVisit) };
}

/** A plan in the vendor's Plans list (GET /api/vendors/:id/plans): no visits but its next one. */
export function presentVendorPlanSummary(
  plan: PlanRow,
  customerName: string,
  nextVisit: PlanVisitRow | null,
): VendorPlanSummary {
  return { ...vendorPlanFields(plan, customerName), nextVisit: nextVisit && presentVisit(nextVisit) };
}

function vendorPlanFields(plan: PlanRow, customerName: string): Omit<VendorPlan, 'visits'> {
  return {
    id: plan.id,
    vendorId: plan.vendorId,
    customerName,
    frequency: plan.frequency,
    status: plan.status,
    pausedUntil: plan.pausedUntil,
    pricePerVisit: centsToDollars(plan.subtotalCents),
    discountPercent: plan.discountPercent,
    serviceCharge: centsToDollars(plan.serviceFeeCents),
    cancelledAt: plan.cancelledAt?.toISOString() ?? null,
    cancelledBy: plan.cancelledBy,
    cancelReason: plan.cancelReason,
    createdAt: plan.createdAt.toISOString(),
  };
}
