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
  /** Every visit written so far, in order (the first is the checkout's order). */
  visits: z.array(planVisitSchema),
});
export type CustomerPlan = z.output<typeof customerPlanSchema>;

/** GET /api/plans, newest first. */
export const customerPlansResponseSchema = z.object({ plans: z.array(customerPlanSchema) });
export type CustomerPlansResponse = z.output<typeof customerPlansResponseSchema>;
