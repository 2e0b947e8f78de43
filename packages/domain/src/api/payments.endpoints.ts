/**
 * The payments endpoints (spec §7, §8): the card form's provider, checkout's payment intent and its
 * confirmation, the sandbox's card confirmation and the provider's webhook. One object each (ADR 0031);
 * their schemas are in ./payments. (The sandbox's 3-D Secure page is a page outside the API; the
 * sandbox's payout onboarding is a vendors endpoint.)
 */
import { endpoint } from './endpoint';

const schemas = () => import('./payments');
const tags = ['payments'];

export const paymentsApi = {
  config: endpoint({
    method: 'GET',
    path: '/api/payments/config',
    tags,
    summary: 'Which card payment provider the card form talks to',
    schemas: () => schemas().then((m) => ({ responses: { 200: m.paymentsConfigResponseSchema } })),
  }),
  createPaymentIntent: endpoint({
    method: 'POST',
    path: '/api/payments/create-payment-intent',
    tags,
    summary:
      "Checkout (spec §7): re-prices the caller's scheduled booking, re-checks and holds its time, and opens a payment intent for subtotal + service charge. 4xx answers carry {error_type, message}: not_logged_in (401), appointment_unavailable (409), invalid_price, booking_not_ready, vendor_payment_setup_incomplete (422)",
    schemas: () =>
      schemas().then((m) => ({
        body: m.createPaymentIntentRequestSchema,
        responses: { 200: m.createPaymentIntentResponseSchema },
      })),
  }),
  confirm: endpoint({
    method: 'POST',
    path: '/api/payments/confirm',
    tags,
    summary:
      "The client saw the provider confirm (or came back from authentication): the server asks the provider about the caller's intent and settles it (order, or a full refund when the time was taken first). Repeating it changes nothing",
    schemas: () =>
      schemas().then((m) => ({
        body: m.confirmPaymentRequestSchema,
        responses: { 200: m.confirmPaymentResponseSchema },
      })),
  }),
  sandboxConfirm: endpoint({
    method: 'POST',
    path: '/api/payments/sandbox/confirm',
    tags,
    summary:
      "The sandbox's card confirmation (what Stripe.js does against Stripe): a test card or a saved card of the caller",
    schemas: () =>
      schemas().then((m) => ({
        body: m.sandboxConfirmRequestSchema,
        responses: { 200: m.sandboxConfirmResponseSchema },
      })),
  }),
  webhook: endpoint({
    method: 'POST',
    path: '/api/payments/webhook',
    tags,
    summary:
      "Stripe's webhook endpoint: the Stripe-Signature is verified on the raw body; each event id is processed at most once",
    schemas: () =>
      Promise.all([schemas(), import('./errors')]).then(([m, e]) => ({
        responses: { 200: m.webhookResponseSchema, 400: e.errorsResponseSchema },
      })),
  }),
};
