/** The words of a plan visit's order in Order History and of the vendor's plan section (ADR 0037). */
import type { OrderPlan } from '@stg/domain/api/orders';
import type { PlanVisit, VendorPlan } from '@stg/domain/api/plans';
import { dayText, formatCalendarDate } from '@stg/domain/dates';
import { dollarsToCents, formatDollars } from '@stg/domain/money';
import { PLAN_FREQUENCY_LABELS, planPriceWords } from '@stg/domain/plans';
import { parseLocalDate } from '@stg/domain/zoned-time';

/** "Plan: Every 2 weeks": an order that is a visit of a service plan. */
export const planTagText = (plan: Pick<OrderPlan, 'frequency'>) =>
  `Plan: ${PLAN_FREQUENCY_LABELS[plan.frequency]}`;

/** How a visit reads to the vendor. */
export const VENDOR_VISIT_STATUS_WORDS: Record<PlanVisit['status'], string> = {
  held: 'Held',
  charging: 'Being charged',
  ordered: 'Booked',
  skipped: 'Skipped by the customer',
  cancelled: 'Cancelled',
  payment_failed: 'Payment failed: the customer was sent a link',
  action_required: 'Waiting for the customer to confirm the card',
  needs_time: 'Needs a new time',
};

/** "Active", "Paused until Jan 15th", "Cancelled by you on Dec 1st, 2026". */
export function planStatusText(
  plan: Pick<VendorPlan, 'status' | 'pausedUntil' | 'cancelledBy' | 'cancelledAt'>,
): string {
  if (plan.status === 'paused') {
    const until = plan.pausedUntil ? parseLocalDate(plan.pausedUntil) : null;
    return until ? `Paused until ${dayText(until)}` : 'Paused';
  }
  if (plan.status === 'cancelled') {
    const by =
      plan.cancelledBy === 'vendor' ? ' by you' : plan.cancelledBy === 'customer' ? ' by the customer' : '';
    return `Cancelled${by}${plan.cancelledAt ? ` on ${formatCalendarDate(plan.cancelledAt)}` : ''}`;
  }
  return 'Active';
}

/** "$211.14 a visit, save 10% + $2.55 service charge". */
export const planPriceText = (
  plan: Pick<VendorPlan, 'pricePerVisit' | 'discountPercent' | 'serviceCharge'>,
) =>
  `${planPriceWords(dollarsToCents(plan.pricePerVisit), plan.discountPercent)} + ${formatDollars(dollarsToCents(plan.serviceCharge))} service charge`;

/** The visits still to come (from `now`), soonest first, at most `max`. */
export function upcomingVisits(plan: VendorPlan, now: Date, max: number): PlanVisit[] {
  return plan.visits
    .filter((v) => Date.parse(v.appointmentAt) >= now.getTime())
    .sort((a, b) => Date.parse(a.appointmentAt) - Date.parse(b.appointmentAt))
    .slice(0, max);
}

/** The visits a cancel lets go: held (or waiting for a failed payment), not yet being charged or an order. */
export const releasableVisits = (plan: VendorPlan) =>
  plan.visits.filter((v) => ['held', 'payment_failed', 'action_required'].includes(v.status));
