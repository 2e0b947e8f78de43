/**
 * The customer's plans (ADR 0037): GET /api/plans, read by Orders. Money in dollars, as orders show it.
 */
import { z } from 'zod';
import { PLAN_FREQUENCIES } from '../plans';

/** A visit of a plan: held (its time kept), ordered (an order), needs_time (the customer picks a time), … */
export const planVisitSchema = z.object({
  id: z.number().int(),
  sequence: z.number().int(),
  appointmentAt: z.string(),
  status: z.enum([
    'held',
    'charging',
    'ordered',
    'skipped',
    'cancelled',
    'payment_failed',
    'action_required',
    'needs_time',
  ]),
  orderId: z.number().int().nullable(),
  /** When its cancellation window closes and it is charged. */
  chargeAt: z.string(),
});
export type PlanVisit = z.output<typeof planVisitSchema>;

export const customerPlanSchema = z.object({
  id: z.number().int(),
  vendorId: z.number().int(),
  vendorName: z.string(),
  frequency: z.enum(PLAN_FREQUENCIES),
  status: z.enum(['active', 'paused', 'cancelled']),
  /** A paused plan's end of pause (St George date, YYYY-MM-DD): visits from that date on are held again. */
  pausedUntil: z.string().nullable(),
  /** The price per visit (after the discount), the discount and the service charge per visit. */
  pricePerVisit: z.number(),
  discountPercent: z.number().int(),
  serviceCharge: z.number(),
  optionsSnapshot: z.record(z.string(), z.string()),
  paymentMethodBrand: z.string().nullable(),
  paymentMethodLast4: z.string().nullable(),
  consentText: z.string(),
  consentedAt: z.string(),
  createdAt: z.string(),
  /** The usual visit: its St George weekday (1 Monday … 7 Sunday) and start, minutes after midnight. */
  usualWeekday: z.number().int(),
  usualStartMinutes: z.number().int(),
  /**
   * The frequencies the customer may change to (the vendor's offers, and the plan's own), each with the
   * price per visit it would have (ADR 0037 "Price": the plan's sold one-time subtotal less its discount).
   */
  frequencyOptions: z.array(
    z.object({
      frequency: z.enum(PLAN_FREQUENCIES),
      discountPercent: z.number().int(),
      pricePerVisit: z.number(),
    }),
  ),
  /**
   * A new price the customer may accept (ADR 0037 "Price", step 3d): the vendor's pricing or discount now,
   * for the plan's answers and frequency, when it differs from the plan's price; null when none. `version`
   * names it (POST /api/plans/:id/accept-price sends it back); `fromDate` is the St George date of the next
   * visit not yet charged (null: none written yet, the next one made).
   */
  priceProposal: z
    .object({
      version: z.string(),
      pricePerVisit: z.number(),
      discountPercent: z.number().int(),
      fromDate: z.string().nullable(),
    })
    .nullable(),
  /** Every visit written so far, in order (the first is the checkout's order). */
  visits: z.array(planVisitSchema),
});
export type CustomerPlan = z.output<typeof customerPlanSchema>;

/** GET /api/plans, newest first. */
export const customerPlansResponseSchema = z.object({ plans: z.array(customerPlanSchema) });
export type CustomerPlansResponse = z.output<typeof customerPlansResponseSchema>;

/** What the customer's plan changes answer (ADR 0037 "Managing a plan"). */
export const PLAN_MANAGE_MESSAGES = {
  planNotFound: 'Plan not found.',
  visitNotFound: 'Visit not found.',
  visitNotHeld: 'Only a visit that is held for you can be skipped.',
  windowClosed:
    "This visit's cancellation window has closed: it is charged and becomes an order; cancel it from Orders.",
  planCancelled: 'This plan is cancelled.',
  pauseDate: 'Pause until must be a date (YYYY-MM-DD) after today and within a year.',
  reason: 'Reason must be 500 characters or fewer.',
  reasonRequired: 'Reason is required.',
  /** The vendor's cancel, as the spec's vendor order cancel, needs its confirm checkbox (spec §5 Cancellation). */
  confirmRequired: 'Please check the box to confirm.',
  visitNotMovable: 'Only a visit that is held for you or needs a new time can be rescheduled.',
  newTimeInWindow: "That time is inside the vendor's cancellation window: please choose a later time.",
  pausedBefore: 'Your plan is paused: choose a first visit on or after the day it starts again.',
  appointmentInvalid: 'Appointment time must be a date and time with its offset.',
  priceVersion: 'Price proposal is required.',
  noPriceProposal: 'There is no new price to accept for this plan.',
  priceProposalStale:
    'The provider changed its price again: see the new price on your plan and accept that one if it suits you.',
  visitCharging: 'A visit of this plan is being charged right now: please try again in a minute.',
  cursorInvalid: 'This page of plans is no longer available. Please reload the list.',
} as const;

/** POST /api/plans/:id/accept-price: the version of the proposal the customer saw (a stale one is refused). */
export const planAcceptPriceRequestSchema = z.object({
  version: z
    .string({ error: PLAN_MANAGE_MESSAGES.priceVersion })
    .min(1, PLAN_MANAGE_MESSAGES.priceVersion)
    .max(60, PLAN_MANAGE_MESSAGES.priceVersion),
});
export type PlanAcceptPriceRequest = z.output<typeof planAcceptPriceRequestSchema>;

/** POST /api/plans/:id/visits/:visitId/reschedule: the visit's new start (ISO with offset). */
export const planVisitRescheduleRequestSchema = z.object({
  appointmentAt: z.string({ error: PLAN_MANAGE_MESSAGES.appointmentInvalid }).max(40),
});
export type PlanVisitRescheduleRequest = z.output<typeof planVisitRescheduleRequestSchema>;

/**
 * POST /api/plans/:id/schedule: the plan's new frequency and its first visit on the new schedule (which sets
 * the usual weekday and time); the visits not yet charged after it are made again.
 */
export const planScheduleRequestSchema = z.object({
  frequency: z.enum(PLAN_FREQUENCIES, { error: 'Choose how often.' }),
  firstVisitAt: z.string({ error: PLAN_MANAGE_MESSAGES.appointmentInvalid }).max(40),
});
export type PlanScheduleRequest = z.output<typeof planScheduleRequestSchema>;

/** GET /api/plans/:id/availability?visit_id=: the vendor's free starts for the plan's visit length. */
export const planAvailabilityQuerySchema = z.object({
  visit_id: z.string().max(12).optional(),
});

/** POST /api/plans/:id/pause: the St George date the pause ends (visits before it are skipped). */
export const planPauseRequestSchema = z.object({
  until: z
    .string({ error: PLAN_MANAGE_MESSAGES.pauseDate })
    .regex(/^\d{4}-\d{2}-\d{2}$/, PLAN_MANAGE_MESSAGES.pauseDate),
});
export type PlanPauseRequest = z.output<typeof planPauseRequestSchema>;

/**
 * POST /api/plans/:id/cancel: an optional reason; the plan's vendor must give one and send `confirmed: true`
 * (its dialog's confirm checkbox, as a vendor's order cancel), both checked by the server.
 */
export const planCancelRequestSchema = z.object({
  reason: z.string().trim().max(500, PLAN_MANAGE_MESSAGES.reason).optional(),
  confirmed: z.boolean().optional(),
});
export type PlanCancelRequest = z.output<typeof planCancelRequestSchema>;

/** Every plan change answers the plan as GET /api/plans shows it. */
export const planResponseSchema = z.object({ plan: customerPlanSchema });
export type PlanResponse = z.output<typeof planResponseSchema>;

/**
 * One of the vendor's plans as its vendor sees it (GET /api/vendors/:id/plans/:planId, ADR 0037): what the
 * plan is, its state (with who cancelled it and why) and every visit written so far, in order. Read from the
 * plan-visit order in Order History ("Next visits", Cancel Plan). No card or consent: those are the customer's.
 */
export const vendorPlanSchema = z.object({
  id: z.number().int(),
  vendorId: z.number().int(),
  /** The plan's customer, "First Last". */
  customerName: z.string(),
  frequency: z.enum(PLAN_FREQUENCIES),
  status: z.enum(['active', 'paused', 'cancelled']),
  pausedUntil: z.string().nullable(),
  pricePerVisit: z.number(),
  discountPercent: z.number().int(),
  serviceCharge: z.number(),
  cancelledAt: z.string().nullable(),
  cancelledBy: z.enum(['customer', 'vendor', 'system', 'admin']).nullable(),
  cancelReason: z.string().nullable(),
  createdAt: z.string(),
  visits: z.array(planVisitSchema),
});
export type VendorPlan = z.output<typeof vendorPlanSchema>;

export const vendorPlanResponseSchema = z.object({ plan: vendorPlanSchema });
export type VendorPlanResponse = z.output<typeof vendorPlanResponseSchema>;

/** The vendor's Plans list filter (ADR 0037): one status, or every plan. */
export const VENDOR_PLAN_FILTERS = ['all', 'active', 'paused', 'cancelled'] as const;
export type VendorPlanFilter = (typeof VENDOR_PLAN_FILTERS)[number];

/** GET /api/vendors/{id}/plans?status=&limit=&cursor= (newest plan first; nextCursor for the next page). */
export const vendorPlansQuerySchema = z.object({
  status: z.enum(VENDOR_PLAN_FILTERS).default('all'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(200).optional(),
});
export type VendorPlansQuery = z.output<typeof vendorPlansQuerySchema>;

/**
 * A plan in the vendor's Plans list: the plan without its visits, with its next visit (the first one from
 * now that is not skipped or cancelled: held, charged, needing a time, …), null when none is written.
 */
export const vendorPlanSummarySchema = vendorPlanSchema.omit({ visits: true }).extend({
  nextVisit: planVisitSchema.nullable(),
});
export type VendorPlanSummary = z.output<typeof vendorPlanSummarySchema>;

export const vendorPlansPageSchema = z.object({
  plans: z.array(vendorPlanSummarySchema),
  nextCursor: z.string().nullable(),
});
export type VendorPlansPage = z.output<typeof vendorPlansPageSchema>;
