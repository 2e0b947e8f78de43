/**
 * The client's confirmation (POST /api/payments/confirm), the hold-expiry reconciliation, and the
 * background jobs of payments: what the provider says is the truth; the client's word is only a hint to
 * ask it now rather than wait for the event.
 */
import type {
  ConfirmPaymentResponse,
  PaymentResultStatus,
  SandboxConfirmRequest,
} from '@stg/domain/api/payments';
import { CHECKOUT_MESSAGES } from '@stg/domain/checkout';
import { isOneOf } from '@stg/domain/is-one-of';
import { HttpError, notFound, unprocessable } from '../../http/errors';
import { PaymentProviderError } from '../../adapters/payments/payment-provider';
import type { UserRow } from '../../db/rows';
import { findCustomerOrder } from '../orders/service';
import { presentCustomerOrder } from '../orders/presenter';
import { sendReminderMail } from '../orders/mails';
import type { ClaimedJob } from '../jobs/worker';
import { RetryLater } from '../jobs/worker';
import type { PaymentsDeps } from '../../deps';
import { HOLD_EXPIRY_JOB } from './checkout';
import { expireHold } from './holds';
import { executeRefund, giveUpRefund, PENDING_REFUND_RECHECK_MS, REFUND_JOB } from '../orders/refunds';
import { findPaymentByIntent, findRefund, updatePayment, type PaymentRow } from '../payment-records/queries';
import { REMINDER_JOB } from '../orders/mails';
import { settleIntent } from './settle';
import { SANDBOX_EVENT_JOB, type SandboxPayments } from '../../adapters/payments/sandbox-provider';
import { handlePaymentEvent } from './settle';

/** Reads other modules' routes use (a module's repo is its own; others call its service, ADR 0026). */

const STATUS_MESSAGES: Record<string, string> = {
  succeeded: CHECKOUT_MESSAGES.succeeded,
  processing: CHECKOUT_MESSAGES.processing,
  requires_payment_method: CHECKOUT_MESSAGES.failed,
  canceled: CHECKOUT_MESSAGES.holdEnded,
};

/** The customer's order for the answer, once it exists. */
async function orderOf(deps: PaymentsDeps, payment: PaymentRow) {
  if (payment.orderId === null) return null;
  const row = await findCustomerOrder(deps.db, payment.orderId);
  return row ? presentCustomerOrder(row, (k) => deps.storage.url(k), deps.now()) : null;
}

/** What the confirm call and the socket tell the customer about a payment. */
export async function paymentResult(
  deps: PaymentsDeps,
  payment: PaymentRow,
  intentStatus: string,
): Promise<ConfirmPaymentResponse> {
  let status: PaymentResultStatus;
  let message: string;
  if (payment.status === 'succeeded') {
    status = 'succeeded';
    message = CHECKOUT_MESSAGES.succeeded;
  } else if (payment.status === 'conflict') {
    status = 'refunded';
    message = payment.failureMessage ?? CHECKOUT_MESSAGES.slotTakenRefunded;
  } else {
    const known = ['processing', 'requires_payment_method', 'requires_action', 'canceled'] as const;
    status = isOneOf(known, intentStatus) ? intentStatus : 'requires_payment_method';
    message = STATUS_MESSAGES[intentStatus] ?? CHECKOUT_MESSAGES.somethingWrong;
  }
  return {
    status,
    message,
    confirmationId: payment.confirmationId,
    vendorId: payment.vendorId,
    order: await orderOf(deps, payment),
  };
}

/** POST /api/payments/confirm: asks the provider about the caller's own intent and settles it. */
export async function confirmPayment(deps: PaymentsDeps, user: UserRow, paymentIntentId: string) {
  const payment = await findPaymentByIntent(deps.db, deps.payments.name, paymentIntentId);
  if (!payment || payment.userId !== user.id) throw new HttpError(404, [CHECKOUT_MESSAGES.paymentNotFound]);
  // Issue 27: already settled into its order (the provider's event usually comes first). The answer is
  // the same whatever the provider says now (settlement never makes a second order, and a succeeded
  // payment's answer does not read the intent's status): neither the provider nor a transaction is asked.
  if (payment.orderId !== null && payment.status === 'succeeded')
    return paymentResult(deps, payment, 'succeeded');
  const intent = await deps.payments.retrieveIntent(paymentIntentId);
  const outcome = await settleIntent(deps, intent);
  const current = outcome.kind === 'unknown' ? payment : outcome.payment;
  return paymentResult(deps, current, intent.status);
}

export type JobHandlerFn = (job: ClaimedJob, ctx: { now: Date }) => Promise<void>;

/** The jobs of payments and orders, keyed by kind (the worker of main.ts runs them). */
export function paymentJobHandlers(deps: PaymentsDeps): Record<string, JobHandlerFn> {
  return {
    [HOLD_EXPIRY_JOB]: async (job) => {
      await expireHold(deps, Number(job.payload.paymentId));
    },
    [REFUND_JOB]: async (job) => {
      const refundId = Number(job.payload.refundId);
      let outcome;
      try {
        outcome = await executeRefund(deps, refundId);
      } catch (err) {
        // The provider stayed unreachable through every try: the refund is given up on, loudly.
        if (job.attempts >= job.maxAttempts) {
          const refund = await findRefund(deps.db, refundId);
          if (refund?.status === 'pending')
            await giveUpRefund(deps, refund, `gave up after ${job.attempts} tries`);
        }
        throw err;
      }
      if (outcome === 'waiting')
        throw new RetryLater(PENDING_REFUND_RECHECK_MS, 'refund pending at the provider');
    },
    [REMINDER_JOB]: async (job) => {
      await sendOrderReminder(deps, Number(job.payload.orderId), String(job.payload.appointmentAt));
    },
    [SANDBOX_EVENT_JOB]: async (job) => {
      await deliverSandboxEvent(deps, String(job.payload.eventId));
    },
  };
}

/** The reminder, only if the order still happens at the time it was planned for. */
async function sendOrderReminder(deps: PaymentsDeps, orderId: number, appointmentAt: string) {
  const row = await findCustomerOrder(deps.db, orderId);
  if (!row) return;
  const o = row.order;
  if (
    o.fulfillmentStatus === 'cancelled' ||
    o.appointmentAt.toISOString() !== new Date(appointmentAt).toISOString()
  )
    return;
  await sendReminderMail(deps, orderId);
}

/** Hands a sandbox event to the same handler as Stripe's webhooks (at most once, by event id). */
export async function deliverSandboxEvent(deps: PaymentsDeps, eventId: string) {
  if (!deps.sandbox) return;
  // The event and its intent as it is now, in one read (handlePaymentEvent need not ask for the intent).
  const loaded = await deps.sandbox.loadEventWithIntent(eventId);
  if (loaded) await handlePaymentEvent(deps, loaded.event, { intent: loaded.intent ?? undefined });
}

/**
 * The sandbox's delivery when an event happens (app.ts): handled as above, then its retry job is done with.
 * A failure leaves the job queued, so the worker delivers it again later.
 */
export async function deliverSandboxEventAtOnce(deps: PaymentsDeps, eventId: string) {
  if (!deps.sandbox) return;
  await deliverSandboxEvent(deps, eventId);
  await deps.sandbox.eventDelivered(eventId);
}

/** A return address on this site only (a path, or an absolute URL of PUBLIC_URL's origin): no open redirect. */
export function sameSiteUrl(raw: string, publicUrl: string): string | null {
  const base = new URL(publicUrl);
  try {
    const url = new URL(raw, base);
    if (url.origin !== base.origin) return null;
    if (raw.startsWith('//')) return null;
    return url.toString();
  } catch {
    return null;
  }
}

/**
 * POST /api/payments/sandbox/confirm: the sandbox's card confirmation (what Stripe.js does against
 * Stripe) for the caller's own payment; the customer's save choice kept with the attempt.
 */
export async function confirmSandboxCard(
  deps: PaymentsDeps,
  sandbox: SandboxPayments,
  user: UserRow,
  request: SandboxConfirmRequest,
) {
  let body = request;
  const { clientSecret } = body;
  const intentId = clientSecret.split('_secret_')[0] ?? '';
  const payment = await findPaymentByIntent(deps.db, 'sandbox', intentId);
  if (!payment || payment.userId !== user.id) throw notFound(CHECKOUT_MESSAGES.paymentNotFound);
  // ADR 0037: a plan's checkout always saves the card (its later visits are charged to it).
  if (payment.plan) body = { ...body, saveCard: true };
  const returnUrl = sameSiteUrl(body.returnUrl, deps.publicUrl);
  if (!returnUrl) throw unprocessable('The return address must be on this site.');
  try {
    const { intent, redirectUrl } = await sandbox.confirm(intentId, { ...body, returnUrl });
    // The customer's save choice is kept with the attempt (the modal reopens with it after 3-D Secure).
    if (body.saveCard !== undefined && body.saveCard !== payment.saveCard)
      await updatePayment(deps.db, payment.id, { saveCard: body.saveCard, updatedAt: deps.now() });
    const status = intent.status === 'requires_confirmation' ? 'requires_payment_method' : intent.status;
    return { status, error: intent.lastError, redirectUrl };
  } catch (err) {
    if (err instanceof PaymentProviderError) throw unprocessable(err.message);
    throw err;
  }
}
