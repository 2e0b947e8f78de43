/**
 * The charge of a held plan visit when its cancellation window closes (ADR 0037 "Charging"), run by the
 * `plan-visit-charge` job (one per visit). Three steps, each its own transaction around the one provider
 * call: (1) under the plan and visit row locks, a held visit of an active plan becomes `charging` with its
 * idempotency key `plan-visit-charge:<visit id>:<try>`, committed BEFORE the provider is asked; (2) the
 * provider charges the saved card off-session with that key; (3) the answer is written: succeeded settles
 * into an order (visit-settle.ts), a refusal makes the visit `payment_failed` / `action_required` with a
 * mailed pay link and a deadline, processing waits for the provider's event. A crash after the provider
 * answered but before (3) committed leaves `charging` with its key: the retry asks again with the same key,
 * and the provider answers the same intent, so the card is charged once.
 */
import { createHash, randomBytes } from 'node:crypto';
import { PaymentProviderError, type ProviderIntent } from '../../adapters/payments/payment-provider';
import type { Tx } from '../../db/client';
import type { PaymentsDeps } from '../../deps';
import { RetryLater } from '../jobs/worker';
import {
  addPlanEvent,
  lockPlanAndVisit,
  lockPlanOfVisitWithVendor,
  lockPlanVisit,
  startHeldVisitCharge,
  updatePlanVisit,
  type PlanVisitRow,
} from './repo';
import { enqueueVisitDeadline } from './visit-jobs';
import { sendVisitPayLinkMail } from './visit-mails';
import { settleVisitInTx, visitAmountCents, type AfterCommit, type SettleVendor } from './visit-settle';

const HOUR_MS = 3_600_000;
/** A failed charge may be paid for this long, and never later than this before the visit. */
export const PAY_WINDOW_MS = 24 * HOUR_MS;
export const PAY_CUTOFF_BEFORE_VISIT_MS = 2 * HOUR_MS;

export const hashPayToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The failed charge's deadline: 24 h after it, never later than 2 h before the visit. */
export const payDeadlineOf = (failedAt: Date, appointmentAt: Date) =>
  new Date(
    Math.min(failedAt.getTime() + PAY_WINDOW_MS, appointmentAt.getTime() - PAY_CUTOFF_BEFORE_VISIT_MS),
  );

/** Test seam: runs between the provider's answer and the transaction that writes it (a crash there). */
export const chargeHooks: { afterProviderAnswer: ((visitId: number) => void) | null } = {
  afterProviderAnswer: null,
};

type Start =
  | { go: false }
  | {
      go: true;
      visit: PlanVisitRow;
      key: string;
      repeat: boolean;
      charge: ChargeTerms;
      /** The plan's vendor as read here (the charge's description), for the order the settle writes. */
      vendor: SettleVendor | null;
    };

interface ChargeTerms {
  customerId: string;
  paymentMethodId: string;
  amountCents: number;
  description: string;
  metadata: Record<string, string>;
}

/** The charge's terms: the plan's saved card, the visit's amount, a description and the ids in metadata. */
function chargeTerms(
  plan: {
    id: number;
    providerCustomerId: string | null;
    paymentMethodId: string | null;
    subtotalCents: number;
    serviceFeeCents: number;
  },
  visit: PlanVisitRow,
  vendor: SettleVendor | null,
): ChargeTerms {
  return {
    customerId: plan.providerCustomerId ?? '',
    paymentMethodId: plan.paymentMethodId ?? '',
    amountCents: visitAmountCents(plan),
    description: `Plan visit ${visit.sequence}: ${vendor?.name ?? 'service'}, ${visit.localDate}`,
    metadata: { planId: String(plan.id), planVisitId: String(visit.id) },
  };
}

/** Step 1: a held visit of an active plan, whose window has closed, becomes `charging` with its key. */
async function startCharge(deps: PaymentsDeps, visitId: number): Promise<Start> {
  const now = deps.now();
  return deps.db.transaction(async (tx): Promise<Start> => {
    const locked = await lockPlanOfVisitWithVendor(tx, visitId);
    const plan = locked?.plan;
    // A paused plan's held visits are charged as an active plan's: pausing skipped every visit before the
    // pause's end whose window was still open (manage.ts), so a held one left is on or after the end (the
    // horizon holds them) or had its window closed before the pause. A cancelled plan charges nothing.
    if (!plan || plan.status === 'cancelled') return { go: false };
    const vendor = locked.vendor;
    // The usual case, one guarded update under the plan's lock: held and due becomes `charging` with its key.
    const started = await startHeldVisitCharge(tx, visitId, now);
    if (started) {
      const charge = chargeTerms(plan, started, vendor);
      return { go: true, visit: started, key: started.idempotencyKey!, repeat: false, charge, vendor };
    }
    const visit = await lockPlanVisit(tx, visitId);
    if (!visit) return { go: false };
    if (visit.status !== 'held' && visit.status !== 'charging') return { go: false };
    if (visit.status === 'held' && visit.chargeAt.getTime() > now.getTime())
      throw new RetryLater(visit.chargeAt.getTime() - now.getTime(), 'the visit is not due yet');
    const charge = chargeTerms(plan, visit, vendor);
    if (visit.status === 'charging' && visit.idempotencyKey)
      return { go: true, visit, key: visit.idempotencyKey, repeat: true, charge, vendor };
    const attempts = visit.attempts + 1;
    const key = `plan-visit-charge:${visit.id}:${attempts}`;
    const charging = await updatePlanVisit(tx, visit.id, {
      status: 'charging',
      attempts,
      idempotencyKey: key,
      updatedAt: now,
    });
    return { go: true, visit: charging, key, repeat: false, charge, vendor };
  });
}

type Answer =
  | { kind: 'succeeded'; intent: ProviderIntent }
  | { kind: 'requires_action'; intent: ProviderIntent }
  | { kind: 'processing'; intent: ProviderIntent }
  | { kind: 'declined'; intent: ProviderIntent | null; message: string };

/** Step 2: the provider, with the stored key (a repeat reads the intent's state now). */
async function askProvider(deps: PaymentsDeps, start: Extract<Start, { go: true }>): Promise<Answer> {
  let answer: Answer;
  try {
    if (!start.charge.customerId || !start.charge.paymentMethodId)
      throw new PaymentProviderError('The plan has no saved card.', 'no_saved_card', false);
    const charged = await deps.payments.chargeSavedCard({ ...start.charge, idempotencyKey: start.key });
    answer = charged.kind === 'declined' ? { ...charged } : charged;
  } catch (err) {
    // Trouble at the provider: the job tries again with the same key. A card that cannot be charged at
    // all is a decline without an intent (the pay link makes a new one).
    if (!(err instanceof PaymentProviderError) || err.retryable) throw err;
    answer = { kind: 'declined', intent: null, message: err.message };
  }
  if (start.repeat && answer.intent) {
    const now = await deps.payments.retrieveIntent(answer.intent.id);
    if (now.status === 'succeeded') return { kind: 'succeeded', intent: now };
    if (now.status === 'processing') return { kind: 'processing', intent: now };
  }
  return answer;
}

/** The visit failed to charge: its pay link (a token stored hashed), its deadline and its job, logged. */
async function recordFailure(
  tx: Tx,
  deps: PaymentsDeps,
  visit: PlanVisitRow,
  answer: Extract<Answer, { kind: 'declined' | 'requires_action' }>,
  after: AfterCommit,
) {
  const now = deps.now();
  const token = randomBytes(24).toString('base64url');
  const payDeadlineAt = payDeadlineOf(now, visit.appointmentAt);
  const status = answer.kind === 'declined' ? 'payment_failed' : 'action_required';
  const message =
    answer.kind === 'declined'
      ? answer.message
      : (answer.intent.lastError?.message ?? 'Your bank asks you to confirm this payment.');
  await updatePlanVisit(tx, visit.id, {
    status,
    paymentIntentId: answer.intent?.id ?? null,
    lastError: message,
    payDeadlineAt,
    payTokenHash: hashPayToken(token),
    updatedAt: now,
  });
  await addPlanEvent(tx, {
    planId: visit.planId,
    planVisitId: visit.id,
    actorRole: 'system',
    action: status === 'payment_failed' ? 'visit_payment_failed' : 'visit_action_required',
    details: {
      paymentIntentId: answer.intent?.id ?? null,
      message,
      payDeadlineAt: payDeadlineAt.toISOString(),
    },
  });
  await enqueueVisitDeadline(tx, { id: visit.id, payDeadlineAt }, now);
  after.push(() =>
    sendVisitPayLinkMail(deps, visit.id, token, answer.kind === 'declined' ? 'declined' : 'requires_action'),
  );
}

export type ChargeOutcome = 'skipped' | 'ordered' | 'payment_failed' | 'action_required' | 'processing';

/** The charge job's work for one visit; throws (the job retries) when the provider could not be reached. */
export async function chargeVisit(deps: PaymentsDeps, visitId: number): Promise<ChargeOutcome> {
  const start = await startCharge(deps, visitId);
  if (!start.go) return 'skipped';
  const answer = await askProvider(deps, start);
  chargeHooks.afterProviderAnswer?.(visitId);
  const after: AfterCommit = [];
  const outcome = await deps.db.transaction(async (tx): Promise<ChargeOutcome> => {
    if (answer.kind === 'succeeded') {
      const settled = await settleVisitInTx(tx, deps, visitId, answer.intent, after, {
        vendor: start.vendor ?? undefined,
      });
      return settled.kind === 'order' ? 'ordered' : 'skipped';
    }
    const visit = (await lockPlanAndVisit(tx, visitId))?.visit;
    // Told by the provider's event or the pay link meanwhile: nothing more to write.
    if (!visit || visit.status !== 'charging') return 'skipped';
    if (answer.kind === 'processing') {
      await updatePlanVisit(tx, visitId, { paymentIntentId: answer.intent.id, updatedAt: deps.now() });
      return 'processing';
    }
    await recordFailure(tx, deps, visit, answer, after);
    return answer.kind === 'declined' ? 'payment_failed' : 'action_required';
  });
  for (const task of after) deps.background.run('after plan visit charge', task);
  return outcome;
}
