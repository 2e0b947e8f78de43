import type { CustomerPlan, PlanVisit, VendorPlan } from '@stg/domain/api/plans';
import { centsToDollars } from '@stg/domain/money';
import type { PlanRow, PlanVisitRow } from './repo';

/** A customer's plan as GET /api/plans shows it (money in dollars). */
export function presentCustomerPlan(plan: PlanRow, vendorName: string, visits: PlanVisitRow[]): CustomerPlan {
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
export function presentVendorPlan(plan: PlanRow, visits: PlanVisitRow[]): VendorPlan {
  return {
    id: plan.id,
    vendorId: plan.vendorId,
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
    visits: visits.map(presentVisit),
  };
}
