/**
 * The mailed pay link of a plan visit whose off-session charge failed (ADR 0037 "Charging"). The token is
 * the credential (only its hash is stored). The link pays the failed charge's own intent when there is one
 * (Stripe's off-session refusal leaves it `requires_payment_method`; it is confirmed on-session with the
 * saved card, which asks for 3-D Secure, or with another card), else a new intent made here once. A success
 * settles the visit into its order through visit-settle.ts, exactly once whoever tells first.
 */
import type {
  PlanVisitConfirmRequest,
  PlanVisitConfirmResponse,
  PlanVisitPayment,
} from '@stg/domain/api/plan-visits';
import { PLAN_VISIT_PAY_MESSAGES as M } from '@stg/domain/api/plan-visits';
import { PaymentProviderError, type ProviderIntent } from '../../adapters/payments/payment-provider';
import type { PaymentsDeps } from '../../deps';
import { notFound, unprocessable } from '../../http/errors';
import { findOrderByIntent } from '../orders/queries';
import { findVendor } from '../pricing/queries';
import {
  findPlan,
  findVisitByTokenHash,
  lockPlan,
  lockPlanVisit,
  updatePlanVisit,
  type PlanRow,
  type PlanVisitRow,
} from './repo';
import { hashPayToken } from './visit-charge';
import { payLinkOf } from './visit-mails';
import { settleVisitIntent, visitAmountCents } from './visit-settle';

const PAYABLE = ['payment_failed', 'action_required'] as const;

/** A return address on this site only (a path, or an absolute URL of PUBLIC_URL's origin): no open redirect. */
function sameSiteUrl(raw: string, publicUrl: string): string | null {
  if (raw.startsWith('//')) return null;
  try {
    const base = new URL(publicUrl);
    const url = new URL(raw, base);
    return url.origin === base.origin ? url.toString() : null;
  } catch {
    return null;
  }
}
const isPayable = (status: string) => (PAYABLE as readonly string[]).includes(status);

async function byToken(deps: PaymentsDeps, token: string) {
  if (token.length < 16 || token.length > 100) throw notFound(M.linkInvalid);
  const visit = await findVisitByTokenHash(deps.db, hashPayToken(token));
  if (!visit) throw notFound(M.linkInvalid);
  const plan = await findPlan(deps.db, visit.planId);
  if (!plan) throw notFound(M.linkInvalid);
  return { visit, plan };
}

/** The intent the link pays: the failed charge's, else one made now (once, under the visit's lock). */
async function intentOf(deps: PaymentsDeps, visit: PlanVisitRow, plan: PlanRow): Promise<ProviderIntent> {
  if (visit.paymentIntentId) return deps.payments.retrieveIntent(visit.paymentIntentId);
  if (!plan.providerCustomerId) throw unprocessable(M.notPayable);
  const intent = await deps.payments.createIntent({
    amountCents: visitAmountCents(plan),
    customerId: plan.providerCustomerId,
    description: `Plan visit ${visit.sequence}, ${visit.localDate}`,
    metadata: { planId: String(plan.id), planVisitId: String(visit.id) },
    setupFutureUsage: false,
    idempotencyKey: `plan-visit-pay:${visit.id}:${visit.attempts}`,
  });
  await deps.db.transaction(async (tx) => {
    await lockPlan(tx, plan.id);
    const locked = await lockPlanVisit(tx, visit.id);
    if (locked && locked.paymentIntentId === null)
      await updatePlanVisit(tx, visit.id, { paymentIntentId: intent.id, updatedAt: deps.now() });
  });
  return intent;
}

async function confirmationOf(deps: PaymentsDeps, intentId: string | null) {
  if (!intentId) return null;
  return (await findOrderByIntent(deps.db, intentId))?.confirmationId ?? null;
}

/** GET: what the link pays, and the card form's data while it can be paid. */
export async function visitPayment(deps: PaymentsDeps, token: string): Promise<PlanVisitPayment> {
  let { visit, plan } = await byToken(deps, token);
  const vendor = await findVendor(deps.db, plan.vendorId);
  let payment: PlanVisitPayment['payment'] = null;
  if (isPayable(visit.status)) {
    const intent = await intentOf(deps, visit, plan);
    if (intent.status === 'succeeded') {
      await settleVisitIntent(deps, visit.id, intent);
      ({ visit, plan } = await byToken(deps, token));
    } else {
      payment = {
        provider: deps.payments.name,
        publishableKey: deps.payments.publishableKey,
        paymentIntentId: intent.id,
        clientSecret: intent.clientSecret,
      };
    }
  }
  const state: PlanVisitPayment['state'] =
    visit.status === 'ordered'
      ? 'paid'
      : isPayable(visit.status)
        ? 'payable'
        : visit.status === 'charging' || visit.status === 'held'
          ? 'processing'
          : 'cancelled';
  return {
    state,
    reason:
      visit.status === 'payment_failed'
        ? 'declined'
        : visit.status === 'action_required'
          ? 'requires_action'
          : null,
    message:
      state === 'paid'
        ? M.paid
        : state === 'cancelled'
          ? M.cancelled
          : state === 'processing'
            ? M.processing
            : visit.status === 'action_required'
              ? M.authenticate
              : (visit.lastError ?? M.failed),
    vendorName: vendor?.name ?? '',
    subtotalCents: plan.subtotalCents,
    serviceChargeCents: plan.serviceFeeCents,
    amountCents: visitAmountCents(plan),
    appointmentAt: visit.appointmentAt.toISOString(),
    payDeadlineAt: visit.payDeadlineAt?.toISOString() ?? null,
    savedCard: plan.paymentMethodId
      ? {
          paymentMethodId: plan.paymentMethodId,
          brand: plan.paymentMethodBrand,
          last4: plan.paymentMethodLast4,
        }
      : null,
    payment: state === 'payable' ? payment : null,
    confirmationId: state === 'paid' ? await confirmationOf(deps, visit.paymentIntentId) : null,
  };
}

/** POST …/confirm: the sandbox's confirmation of the link's intent (when a card is given), then the provider's word. */
export async function confirmVisitPayment(
  deps: PaymentsDeps,
  token: string,
  body: PlanVisitConfirmRequest,
): Promise<PlanVisitConfirmResponse> {
  const { visit, plan } = await byToken(deps, token);
  if (visit.status === 'ordered')
    return {
      status: 'succeeded',
      message: M.paid,
      redirectUrl: null,
      confirmationId: await confirmationOf(deps, visit.paymentIntentId),
    };
  if (!isPayable(visit.status)) throw unprocessable(M.notPayable);
  let intent = await intentOf(deps, visit, plan);
  let redirectUrl: string | null = null;
  if (body.card || body.paymentMethodId) {
    const sandbox = deps.sandbox;
    if (!sandbox) throw unprocessable(M.failed);
    // Only the plan's own saved card, or a card typed in now.
    if (body.paymentMethodId && body.paymentMethodId !== plan.paymentMethodId) throw unprocessable(M.failed);
    const returnUrl = sameSiteUrl(body.returnUrl ?? payLinkOf(deps.publicUrl, token), deps.publicUrl);
    if (!returnUrl) throw unprocessable(M.returnUrl);
    try {
      const answer = await sandbox.confirm(intent.id, {
        clientSecret: intent.clientSecret,
        returnUrl,
        ...(body.card ? { card: body.card } : { paymentMethodId: body.paymentMethodId }),
      });
      redirectUrl = answer.redirectUrl;
    } catch (err) {
      if (err instanceof PaymentProviderError) throw unprocessable(err.message);
      throw err;
    }
  }
  intent = await deps.payments.retrieveIntent(intent.id);
  if (intent.status === 'succeeded') {
    const settled = await settleVisitIntent(deps, visit.id, intent);
    if (settled.kind === 'order')
      return {
        status: 'succeeded',
        message: M.paid,
        redirectUrl: null,
        confirmationId: await confirmationOf(deps, intent.id),
      };
    throw unprocessable(M.notPayable);
  }
  const status = intent.status === 'requires_confirmation' ? 'requires_payment_method' : intent.status;
  return {
    status,
    message:
      status === 'requires_action'
        ? M.authenticate
        : status === 'processing'
          ? M.processing
          : (intent.lastError?.message ?? M.failed),
    redirectUrl,
    confirmationId: null,
  };
}
