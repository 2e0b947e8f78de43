import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paymentsApi } from '@stg/domain/api/payments.endpoints';
import { cardLabel, CHECKOUT_MESSAGES } from '@stg/domain/checkout';
import { formatDollars } from '@stg/domain/money';
import { escapeHtml } from '../../adapters/mail/mailer';
import { PaymentProviderError, WebhookSignatureError } from '../../adapters/payments/payment-provider';
import { requireUser, signedInUser } from '../../http/auth';
import { HttpError } from '../../http/errors';
import { routeFrom } from '../../http/endpoint-route';
import { parseId } from '../../http/params';
import { createPaymentIntent } from './checkout';
import { confirmPayment, confirmSandboxCard } from './service';
import { handlePaymentEvent } from './settle';
import type { PaymentsDeps } from '../../deps';

export async function paymentRoutes(app: FastifyInstance, opts: { deps: PaymentsDeps }) {
  const { deps } = opts;

  await routeFrom(app, paymentsApi.config, {}, async () => ({
    provider: deps.payments.name,
    publishableKey: deps.payments.publishableKey,
  }));

  await routeFrom(app, paymentsApi.createPaymentIntent, {}, async (req) => {
    const bookingId = parseId(String(req.body.booking.id));
    if (bookingId === null) throw new HttpError(404, [CHECKOUT_MESSAGES.bookingNotFound]);
    return createPaymentIntent(
      deps,
      req.user,
      { bookingId, saveCard: req.body.saveCard },
      { database: app.deps.database, version: req.publicReadVersion },
    );
  });

  await routeFrom(app, paymentsApi.confirm, { preValidation: [requireUser] }, async (req) =>
    confirmPayment(deps, signedInUser(req), req.body.paymentIntentId),
  );

  const sandbox = deps.sandbox;
  if (sandbox) {
    await routeFrom(app, paymentsApi.sandboxConfirm, { preValidation: [requireUser] }, async (req) => {
      return confirmSandboxCard(deps, sandbox, signedInUser(req), req.body);
    });

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
    await routeFrom(hooks, paymentsApi.webhook, { bodyLimit: 512 * 1024 }, async (req, reply) => {
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
    });
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
