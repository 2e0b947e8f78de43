/**
 * A plan visit's mailed pay link (ADR 0037 "Charging"): after an off-session charge was declined or needed
 * the customer's bank, the link's token (the credential, as a password reset's) reads what is owed and
 * confirms the payment on-session. One contract for server and web (ARCHITECTURE §3).
 */
import { z } from 'zod';

export const PLAN_VISIT_PAY_MESSAGES = {
  linkInvalid: 'This payment link is not valid.',
  notPayable: 'This visit can no longer be paid.',
  paid: 'Paid. Your visit is confirmed.',
  cancelled: 'This visit was cancelled because it was not paid in time.',
  processing: 'Your payment is being processed.',
  failed: 'The payment did not go through. Try another card.',
  authenticate: 'Your bank asks you to confirm this payment.',
  returnUrl: 'The return address must be on this site.',
} as const;

export const PLAN_VISIT_PAY_STATES = ['payable', 'paid', 'cancelled', 'processing'] as const;

export const planVisitPaymentSchema = z.object({
  state: z.enum(PLAN_VISIT_PAY_STATES),
  /** Why the charge failed: the bank declined it, or it wants the customer to authenticate. */
  reason: z.enum(['declined', 'requires_action']).nullable(),
  message: z.string().nullable(),
  vendorName: z.string(),
  /** Price per visit and service charge; the amount is their sum. */
  subtotalCents: z.number().int(),
  serviceChargeCents: z.number().int(),
  amountCents: z.number().int(),
  appointmentAt: z.string(),
  payDeadlineAt: z.string().nullable(),
  /** The saved card the charge was tried on. */
  savedCard: z
    .object({ paymentMethodId: z.string(), brand: z.string().nullable(), last4: z.string().nullable() })
    .nullable(),
  /** What the card form needs to confirm the intent; null unless payable. */
  payment: z
    .object({
      provider: z.enum(['sandbox', 'stripe']),
      publishableKey: z.string().nullable(),
      paymentIntentId: z.string(),
      clientSecret: z.string(),
    })
    .nullable(),
  /** The order the visit became, once paid. */
  confirmationId: z.string().nullable(),
});
export type PlanVisitPayment = z.infer<typeof planVisitPaymentSchema>;

/**
 * POST …/confirm: the sandbox's card confirmation (a test card, or the saved card for 3-D Secure) for the
 * link's intent; with neither (Stripe.js confirmed it, or back from authentication) the server asks the
 * provider.
 */
export const planVisitConfirmRequestSchema = z.object({
  card: z
    .object({
      number: z.string().max(40),
      expMonth: z.number().int(),
      expYear: z.number().int(),
      cvc: z.string().max(8),
    })
    .optional(),
  paymentMethodId: z.string().max(255).optional(),
  returnUrl: z.string().max(2000).optional(),
});
export type PlanVisitConfirmRequest = z.infer<typeof planVisitConfirmRequestSchema>;

export const planVisitConfirmResponseSchema = z.object({
  status: z.enum(['succeeded', 'processing', 'requires_payment_method', 'requires_action', 'canceled']),
  message: z.string(),
  /** Where to send the customer for 3-D Secure (the sandbox's page), when requires_action. */
  redirectUrl: z.string().nullable(),
  confirmationId: z.string().nullable(),
});
export type PlanVisitConfirmResponse = z.infer<typeof planVisitConfirmResponseSchema>;
