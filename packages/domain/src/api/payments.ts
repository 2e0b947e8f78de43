/**
 * Checkout contracts (spec §7 create-payment-intent, §8 payment messages; ARCHITECTURE §3, §5a): what the
 * web sends and what the server answers, one schema for both sides.
 */
import { z } from 'zod';
import { PAYMENT_INIT_ERROR_TYPES } from '../checkout';
import { requestIdField } from './errors';
import { customerOrderSchema } from './orders';

export const PAYMENT_PROVIDERS = ['sandbox', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** Spec §3 Saved payment method: id and card (exp_month, exp_year, brand, last4). */
export const savedPaymentMethodSchema = z.object({
  id: z.string(),
  card: z.object({
    exp_month: z.number().int(),
    exp_year: z.number().int(),
    brand: z.string(),
    last4: z.string(),
  }),
});
export type SavedPaymentMethod = z.infer<typeof savedPaymentMethodSchema>;

/** POST /api/payments/create-payment-intent: spec §7 {booking}; only its id is read. */
export const createPaymentIntentRequestSchema = z.object({
  booking: z.looseObject({ id: z.union([z.number().int(), z.string()]) }),
  /** Keep the card for next time (Stripe's setup_future_usage); may be sent again to change it. */
  saveCard: z.boolean().optional(),
});
export type CreatePaymentIntentRequest = z.infer<typeof createPaymentIntentRequestSchema>;

export const createPaymentIntentResponseSchema = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  confirmationId: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  /** Stripe's publishable key; null in the sandbox. */
  publishableKey: z.string().nullable(),
  /** The total to be charged, in dollars (subtotal + service charge). */
  price: z.number(),
  subtotal: z.number(),
  serviceCharge: z.number(),
  paymentMethods: z.array(savedPaymentMethodSchema),
  saveCard: z.boolean(),
  /** ADR 0037: a plan's checkout — the consent shown beside Pay (the card is saved); null for one time. */
  planConsent: z.string().nullable().optional(),
  /** Until when the time is held for this customer. */
  holdExpiresAt: z.string(),
});
export type CreatePaymentIntentResponse = z.infer<typeof createPaymentIntentResponseSchema>;

/** Spec §7: `{error_type, message}`; sent with HTTP 4xx, with `errors` as every 4xx has. */
export const paymentInitErrorSchema = z.object({
  error_type: z.enum(PAYMENT_INIT_ERROR_TYPES),
  message: z.string(),
  errors: z.array(z.string()),
});
export type PaymentInitError = z.infer<typeof paymentInitErrorSchema>;
/**
 * Every 4xx of create-payment-intent: `errors`, and `{error_type, message}` when it is one of spec §8's
 * refusals (a validation 422 or a CSRF 403 carries `errors` only).
 */
export const paymentInitErrorResponseSchema = paymentInitErrorSchema
  .partial({ error_type: true, message: true })
  .extend({ requestId: requestIdField });

export const PAYMENT_RESULT_STATUSES = [
  'succeeded',
  'processing',
  'requires_payment_method',
  'requires_action',
  'canceled',
  /** Paid, but another order took the time first: refunded in full. */
  'refunded',
] as const;
export type PaymentResultStatus = (typeof PAYMENT_RESULT_STATUSES)[number];

/** POST /api/payments/confirm: the client says the provider confirmed (or redirected back). */
export const confirmPaymentRequestSchema = z.object({
  paymentIntentId: z.string().min(1).max(255),
});
export type ConfirmPaymentRequest = z.infer<typeof confirmPaymentRequestSchema>;

export const confirmPaymentResponseSchema = z.object({
  status: z.enum(PAYMENT_RESULT_STATUSES),
  /** The status message of spec §8 (or the refund notice). */
  message: z.string(),
  confirmationId: z.string(),
  vendorId: z.number().int(),
  order: customerOrderSchema.nullable(),
});
export type ConfirmPaymentResponse = z.infer<typeof confirmPaymentResponseSchema>;

/** GET /api/payments/config: which provider the card form talks to. */
export const paymentsConfigResponseSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  publishableKey: z.string().nullable(),
});
export type PaymentsConfigResponse = z.infer<typeof paymentsConfigResponseSchema>;

/**
 * The sandbox's confirm call (what Stripe.js does against Stripe): a new card (only test numbers) or a
 * saved card of the customer, with the client secret.
 */
export const sandboxConfirmRequestSchema = z.object({
  clientSecret: z.string().min(1).max(255),
  card: z
    .object({
      number: z.string().max(40),
      expMonth: z.number().int(),
      expYear: z.number().int(),
      cvc: z.string().max(8),
    })
    .optional(),
  paymentMethodId: z.string().max(255).optional(),
  saveCard: z.boolean().optional(),
  returnUrl: z.string().max(2000),
});
export type SandboxConfirmRequest = z.infer<typeof sandboxConfirmRequestSchema>;

export const sandboxConfirmResponseSchema = z.object({
  status: z.enum(['succeeded', 'processing', 'requires_payment_method', 'requires_action', 'canceled']),
  /** The card's refusal ("Your card was declined."), when refused. */
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  /** Where to send the customer for 3-D Secure, when requires_action. */
  redirectUrl: z.string().nullable(),
});
export type SandboxConfirmResponse = z.infer<typeof sandboxConfirmResponseSchema>;

/** POST /api/payments/webhook: the event was received (duplicate: its id was processed before). */
export const webhookResponseSchema = z.object({ received: z.boolean(), duplicate: z.boolean() });
export type WebhookResponse = z.infer<typeof webhookResponseSchema>;

/** What OrderConfirmationChannel delivers (spec §7). */
export const orderConfirmationMessageSchema = z.object({
  confirmationId: z.string(),
  status: z.enum(['confirmed', 'refunded']),
  order: customerOrderSchema.nullable(),
  message: z.string(),
});
export type OrderConfirmationMessage = z.infer<typeof orderConfirmationMessageSchema>;
