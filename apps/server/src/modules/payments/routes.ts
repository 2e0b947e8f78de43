import { errorsResponseSchema } from '@stg/domain/api/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  confirmPaymentRequestSchema,
  confirmPaymentResponseSchema,
  createPaymentIntentRequestSchema,
  createPaymentIntentResponseSchema,
  paymentsConfigResponseSchema,
  sandboxConfirmRequestSchema,
  sandboxConfirmResponseSchema,
} from '@stg/domain/api/payments';
import { cardLabel, CHECKOUT_MESSAGES } from '@stg/domain/checkout';
import { formatDollars } from '@stg/domain/money';
import { escapeHtml } from '../../adapters/mail/mailer';
import { PaymentProviderError, WebhookSignatureError } from '../../adapters/payments/payment-provider';
import { requireUser, signedInUser } from '../../http/auth';
import { HttpError } from '../../http/errors';
import { parseId } from '../../http/params';
import { createPaymentIntent } from './checkout';
import { confirmPayment, confirmSandboxCard } from './service';
import { handlePaymentEvent } from './settle';
import type { PaymentsDeps } from '../../deps';

export async function paymentRoutes(app: FastifyInstance, opts: { deps: PaymentsDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = opts;

  r.get(
    '/api/payments/config',
    {
      schema: {
        tags: ['payments'],
        summary: 'Which card payment provider the card form talks to',
        response: { 200: paymentsConfigResponseSchema },
      },
    },
    async () => ({ provider: deps.payments.name, publishableKey: deps.payments.publishableKey }),
  );

  r.post(
    '/api/payments/create-payment-intent',
    {
      schema: {
        tags: ['payments'],
        summary:
          "Checkout (spec §7): re-prices the caller's scheduled booking, re-checks and holds its time, and opens a payment intent for subtotal + service charge. 4xx answers carry {error_type, message}: not_logged_in (401), appointment_unavailable (409), invalid_price, booking_not_ready, vendor_payment_setup_incomplete (422)",
        body: createPaymentIntentRequestSchema,
        response: { 200: createPaymentIntentResponseSchema },
      },
    },
    async (req) => {
      const bookingId = parseId(String(req.body.booking.id));
      if (bookingId === null) throw new HttpError(404, [CHECKOUT_MESSAGES.bookingNotFound]);
      return createPaymentIntent(deps, req.user, { bookingId, saveCard: req.body.saveCard });
    },
  );

  r.post(
    '/api/payments/confirm',
    {
      preValidation: [requireUser],
      schema: {
        tags: ['payments'],
        summary:
          "The client saw the provider confirm (or came back from authentication): the server asks the provider about the caller's intent and settles it (order, or a full refund when the time was taken first). Repeating it changes nothing",
        body: confirmPaymentRequestSchema,
        response: { 200: confirmPaymentResponseSchema },
      },
    },
    async (req) => confirmPayment(deps, signedInUser(req), req.body.paymentIntentId),
  );

  const sandbox = deps.sandbox;
  if (sandbox) {
    r.post(
      '/api/payments/sandbox/confirm',
      {
        preValidation: [requireUser],
        schema: {
          tags: ['payments'],
          summary:
            "The sandbox's card confirmation (what Stripe.js does against Stripe): a test card or a saved card of the caller",
          body: sandboxConfirmRequestSchema,
          response: { 200: sandboxConfirmResponseSchema },
        },
      },
      async (req) => {
        return confirmSandboxCard(deps, sandbox, signedInUser(req), req.body);
      },
    );

    // The sandbox's 3-D Secure page, outside /api (a plain HTML form: the client secret is its proof).
    await app.register(async (page) => {
      page.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string' },
        (_req, body, done) => {
          done(null, Object.fromEntries(new URLSearchParams(String(body))));
        },
      );
      const p = page.withTypeProvider<ZodTypeProvider>();
      p.get(
        '/sandbox/authenticate/:id',
        {
          schema: {
            hide: true,
            params: z.object({ id: z.string().max(100) }),
            querystring: z.object({ client_secret: z.string().max(255).default('') }),
            response: { 200: sandboxPageSchema, 404: sandboxPageSchema },
          },
        },
        async (req, reply) => {
          const intent = await sandbox.intentForPage(req.params.id, req.query.client_secret);
          reply
            .header('Cache-Control', 'no-store')
            .header('X-Frame-Options', 'DENY')
            .type('text/html; charset=utf-8');
          if (!intent || intent.status !== 'requires_action')
            return reply
              .status(404)
              .send(authPage({ error: 'This authentication request is no longer valid.' }));
          return authPage({
            intentId: intent.id,
            clientSecret: req.query.client_secret,
            amount: formatDollars(intent.amountCents),
            card: intent.paymentMethod
              ? cardLabel(intent.paymentMethod.brand, intent.paymentMethod.last4)
              : 'your card',
          });
        },
      );
      p.post(
        '/sandbox/authenticate/:id',
        {
          schema: {
            hide: true,
            params: z.object({ id: z.string().max(100) }),
            body: z.object({ client_secret: z.string().max(255), result: z.enum(['complete', 'fail']) }),
            // 303: back to the return URL (no body).
            response: { 409: sandboxPageSchema },
          },
        },
        async (req, reply) => {
          try {
            const { returnUrl, intent } = await sandbox.authenticate(
              req.params.id,
              req.body.client_secret,
              req.body.result === 'complete',
            );
            const back = new URL(returnUrl);
            back.searchParams.set('payment_intent', intent.id);
            back.searchParams.set('payment_intent_client_secret', intent.clientSecret);
            back.searchParams.set('redirect_status', intent.status === 'succeeded' ? 'succeeded' : 'failed');
            return reply.redirect(back.toString(), 303);
          } catch (err) {
            if (!(err instanceof PaymentProviderError)) throw err;
            return reply
              .status(409)
              .type('text/html; charset=utf-8')
              .send(authPage({ error: 'This authentication request is no longer valid.' }));
          }
        },
      );
    });
  }

  // Stripe's webhooks: verified on the raw body, so this scope reads JSON bodies as bytes.
  await app.register(async (hooks) => {
    hooks.removeContentTypeParser('application/json');
    hooks.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
      done(null, body),
    );
    hooks.post(
      '/api/payments/webhook',
      {
        bodyLimit: 512 * 1024,
        schema: {
          tags: ['payments'],
          summary:
            "Stripe's webhook endpoint: the Stripe-Signature is verified on the raw body; each event id is processed at most once",
          response: {
            200: z.object({ received: z.boolean(), duplicate: z.boolean() }),
            400: errorsResponseSchema,
          },
        },
      },
      async (req, reply) => {
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.from('');
        const signature = req.headers['stripe-signature'];
        let event;
        try {
          event = deps.payments.parseWebhook(raw, typeof signature === 'string' ? signature : undefined);
        } catch (err) {
          if (err instanceof WebhookSignatureError || err instanceof PaymentProviderError)
            return reply.status(400).send({ errors: ['Invalid webhook signature'] });
          throw err;
        }
        const fresh = await handlePaymentEvent(deps, event);
        return { received: true, duplicate: !fresh };
      },
    );
  });
}

/** The sandbox's 3-D Secure page: HTML (text/html), sent as written, never serialized as JSON. */
const sandboxPageSchema = z.string().describe("The sandbox's 3-D Secure page (text/html)");

function authPage(
  p: { error: string } | { intentId: string; clientSecret: string; amount: string; card: string },
): string {
  const body =
    'error' in p
      ? `<p role="alert">${escapeHtml(p.error)}</p>`
      : `<p>Test mode: this page stands in for your bank's 3-D Secure check. No real card is charged.</p>
      <p>Payment of <strong>${escapeHtml(p.amount)}</strong> with ${escapeHtml(p.card)}.</p>
      <form method="post" action="/sandbox/authenticate/${encodeURIComponent(p.intentId)}">
        <input type="hidden" name="client_secret" value="${escapeHtml(p.clientSecret)}">
        <button type="submit" name="result" value="complete" class="ok">Complete authentication</button>
        <button type="submit" name="result" value="fail">Fail authentication</button>
      </form>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Authenticate your payment — Test mode</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1f2937}
h1{font-size:1.4rem}.badge{display:inline-block;background:#fef3c7;color:#92400e;border-radius:4px;padding:.1rem .5rem;font-size:.85rem;font-weight:600}
form{display:flex;flex-direction:column;gap:.75rem;margin-top:1.5rem}button{font:inherit;padding:.75rem 1rem;border-radius:6px;border:1px solid #9ca3af;background:#fff;cursor:pointer}
button.ok{background:#1d4ed8;border-color:#1d4ed8;color:#fff}button:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}</style></head>
<body><main><span class="badge">Test mode</span><h1>Authenticate your payment</h1>${body}</main></body></html>`;
}
