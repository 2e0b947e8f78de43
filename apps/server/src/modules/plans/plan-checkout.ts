/**
 * Checkout of a plan (ADR 0037 step 2): the terms frozen on the checkout's payment (frequency, one-time
 * subtotal and discount, answers, policy hours, the consent shown beside Pay), and the plan made of them
 * when that payment settles into an order — in the settling transaction, under the payment row's lock, so
 * a second telling of the same payment (a repeated event, another instance) finds the order made and makes
 * no second plan.
 */
import { TIME_ZONE } from '@stg/domain/constants';
import {
  planConsentText,
  planPolicyHours,
  visitDates,
  type PlanAnchor,
  type PlanFrequency,
} from '@stg/domain/plans';
import { formatLocalDate, localDateTimeOf } from '@stg/domain/zoned-time';
import type { CardDetails } from '../../adapters/payments/payment-provider';
import type { Tx } from '../../db/client';
import type { PaymentPlanTerms } from '../../db/schema';
import { lockOrder, updateOrder } from '../orders/queries';
import { findPaymentByIntent, lockVendorTime } from '../payment-records/queries';
import { vendorRules } from '../scheduling/service';
import { addPlanEvent, insertPlan, insertPlanVisit, type PlanRow } from './repo';
import type { OrderMailDeps } from '../orders/mails';
import { sendVisitsMovedMails } from './manage-mails';
import type { VisitToHold } from './service';
import { holdOrAskForTime } from './visit-horizon';
import type { VisitMoves } from './visit-move';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** A plan holds at least this many visits after the first, whatever the vendor's booking window. */
export const MIN_HELD_VISITS = 3;

/** The plan terms of a checkout, or null for one time. */
export function planTermsFor(input: {
  frequency: PlanFrequency | null;
  discountPercent: number | null;
  baseSubtotalCents: number;
  pricePerVisitCents: number;
  serviceChargeCents: number;
  answers: Record<string, string>;
  vendor: { name: string; cancelationPolicyHours: number };
}): PaymentPlanTerms | null {
  if (input.frequency === null) return null;
  const policyHours = planPolicyHours(input.vendor.cancelationPolicyHours);
  return {
    frequency: input.frequency,
    baseSubtotalCents: input.baseSubtotalCents,
    discountPercent: input.discountPercent ?? 0,
    answers: input.answers,
    policyHours,
    consentText: planConsentText({
      frequency: input.frequency,
      pricePerVisitCents: input.pricePerVisitCents,
      serviceChargeCents: input.serviceChargeCents,
      policyHours,
      vendorName: input.vendor.name,
    }),
  };
}

/**
 * Before the settlement locks a plan's payment row: the vendor-time lock its holds will need, taken first,
 * in the order checkout takes them (vendor time, then the booking's payment rows), so a checkout of the same
 * booking at that moment waits instead of deadlocking. Nothing for a one-time payment or an unknown intent.
 */
export async function lockVendorTimeForPlan(
  tx: Tx,
  provider: PlanRow['paymentProvider'],
  intentId: string,
): Promise<void> {
  const payment = await findPaymentByIntent(tx, provider, intentId);
  if (payment?.plan && payment.orderId === null) await lockVendorTime(tx, payment.vendorId);
}

/** What of the settling payment and its order the plan is made of. */
export interface SettledPlanPayment {
  id: number;
  userId: number;
  vendorId: number;
  addressId: number;
  provider: PlanRow['paymentProvider'];
  appointmentAt: Date;
  durationMins: number;
  subtotalCents: number;
  serviceFeeCents: number;
  optionsSnapshot: Record<string, string>;
  customerNotes: string | null;
  plan: PaymentPlanTerms | null;
}

/** The visits after the first up to the vendor's booking window end (at least MIN_HELD_VISITS). */
export function nextVisitsToHold(
  anchor: PlanAnchor,
  terms: Pick<PaymentPlanTerms, 'frequency' | 'policyHours'>,
  durationMins: number,
  horizonEnd: Date,
): VisitToHold[] {
  const visits: VisitToHold[] = [];
  // Weekly over the longest booking window (365 days) is 53 visits; the loop stops at the horizon.
  for (const v of visitDates(anchor, terms.frequency, { count: 60 }).slice(1)) {
    if (visits.length >= MIN_HELD_VISITS && v.startsAt > horizonEnd.getTime()) break;
    visits.push({
      sequence: v.n + 1,
      localDate: formatLocalDate(v.date),
      appointmentAt: new Date(v.startsAt),
      appointmentEndAt: new Date(v.startsAt + durationMins * 60_000),
      chargeAt: new Date(v.startsAt - terms.policyHours * HOUR_MS),
    });
  }
  return visits;
}

/** A plan just made at checkout and its visits that met a busy time (moved in their week, or needing one). */
export interface MadePlan {
  plan: PlanRow;
  moves: VisitMoves;
}

/**
 * Makes the plan of a payment that just became `orderId` (call once, from the settling transaction, after
 * the order is inserted): the plan row with its saved card and consent, visit 1 as the order, and the next
 * visits held; a visit whose time is busy or clashes moves to the nearest free start in its week
 * (`visit_moved`), else is written `needs_time` — the horizon run's handling (`holdOrAskForTime`). Logged in
 * plan_events; the moves are mailed after commit (`afterPlanMade`). Answers null for a one-time payment.
 */
export async function createPlanOfPayment(
  tx: Tx,
  payment: SettledPlanPayment,
  settled: { orderId: number; customerId: string | null; card: CardDetails | null; now: Date },
): Promise<MadePlan | null> {
  const terms = payment.plan;
  if (!terms) return null;
  const { orderId, card, now } = settled;
  // The order is another payment row's of the same intent, whose settlement made the plan: none again.
  const order = await lockOrder(tx, orderId);
  if (!order || order.planId !== null) return null;
  const local = localDateTimeOf(payment.appointmentAt.getTime(), TIME_ZONE);
  const anchor = { date: { year: local.year, month: local.month, day: local.day }, minutes: local.minutes };
  const plan = await insertPlan(tx, {
    userId: payment.userId,
    vendorId: payment.vendorId,
    addressId: payment.addressId,
    frequency: terms.frequency,
    anchorLocalDate: formatLocalDate(anchor.date),
    anchorStartMinutes: anchor.minutes,
    durationMins: payment.durationMins,
    answersSnapshot: terms.answers,
    optionsSnapshot: payment.optionsSnapshot,
    customerNotes: payment.customerNotes,
    baseSubtotalCents: terms.baseSubtotalCents,
    discountPercent: terms.discountPercent,
    subtotalCents: payment.subtotalCents,
    serviceFeeCents: payment.serviceFeeCents,
    status: 'active',
    paymentProvider: payment.provider,
    providerCustomerId: settled.customerId,
    paymentMethodId: card?.id ?? null,
    paymentMethodBrand: card?.brand ?? null,
    paymentMethodLast4: card?.last4 ?? null,
    consentText: terms.consentText,
    consentedAt: now,
    createdAt: now,
    updatedAt: now,
  });
  const customer = { role: 'customer' as const, userId: payment.userId };
  await addPlanEvent(tx, {
    planId: plan.id,
    actorRole: customer.role,
    actorUserId: customer.userId,
    action: 'created',
    amountCents: payment.subtotalCents + payment.serviceFeeCents,
    details: { paymentId: payment.id, orderId, frequency: terms.frequency, consentText: terms.consentText },
  });
  // Visit 1 is the order just made (which owns its time): written ordered, then the order points at it.
  const first = await insertPlanVisit(tx, {
    planId: plan.id,
    sequence: 1,
    localDate: plan.anchorLocalDate,
    appointmentAt: payment.appointmentAt,
    appointmentEndAt: new Date(payment.appointmentAt.getTime() + payment.durationMins * 60_000),
    chargeAt: new Date(payment.appointmentAt.getTime() - terms.policyHours * HOUR_MS),
    status: 'ordered',
    orderId,
    createdAt: now,
    updatedAt: now,
  });
  // The order is marked as the plan's visit, with the frequency its views show ("Plan: Every 2 weeks").
  await updateOrder(tx, orderId, {
    planId: plan.id,
    planVisitId: first.id,
    planFrequency: plan.frequency,
    updatedAt: now,
  });
  await addPlanEvent(tx, {
    planId: plan.id,
    planVisitId: first.id,
    actorRole: customer.role,
    actorUserId: customer.userId,
    action: 'visit_ordered',
    details: { orderId, sequence: 1 },
  });

  const rules = await vendorRules(tx, payment.vendorId);
  const horizonEnd = new Date(now.getTime() + rules.bookingLimitDays * DAY_MS);
  const next = nextVisitsToHold(anchor, terms, payment.durationMins, horizonEnd);
  const { moves } = await holdOrAskForTime(tx, plan, next, {
    now,
    policyHours: terms.policyHours,
    actor: customer,
  });
  return { plan, moves };
}

/** What to do once the checkout's transaction is committed: tell both sides of the visits that met a busy time. */
export function afterPlanMade(deps: OrderMailDeps, made: MadePlan | null): (() => Promise<void>)[] {
  if (!made || made.moves.moved.length + made.moves.needsTime.length === 0) return [];
  return [() => sendVisitsMovedMails(deps, made.plan.id, made.moves)];
}
