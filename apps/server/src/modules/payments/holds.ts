/**
 * The end of a checkout hold (ADR 0013): the expiry job's reconciliation, and the reclaim of a lapsed hold
 * when another customer wants its time. The provider is always asked first, so a payment whose hold ran
 * out is either settled (it was paid in time to count) or cancelled at the provider (so it can no longer
 * be paid) before its time is given to anyone else.
 */
import { HttpError } from '../../http/errors';
import type { PaymentsDeps } from '../../deps';
import { RetryLater } from '../jobs/worker';
import { findOwnedBooking, updateBookingRow } from '../bookings/queries';
import {
  findOverlappingOpenPayments,
  findPayment,
  hasOtherOpenPayment,
  updatePayment,
  type PaymentRow,
} from '../payment-records/queries';
import { settleIntent } from './settle';

export const PAYMENTS_UNAVAILABLE = 'Payments are unavailable right now. Please try again in a few minutes.';

/** How long the expiry job leaves a customer in the middle of 3-D Secure (or a processing payment) alone. */
const AUTHENTICATION_GRACE_MS = 30 * 60_000;

/**
 * A hold ran out. The provider is asked first: a paid intent still becomes an order; one still being
 * authenticated or processed is looked at again shortly; anything else is cancelled at the provider
 * (so it cannot be paid late) and the time is released. A hold that was renewed is left alone.
 *
 * `reclaim`: another customer wants this time now. A customer in the middle of 3-D Secure is then not
 * waited for (their hold ran out); a payment the provider is processing cannot be cancelled, so it keeps
 * the time ('waiting') and the other customer is refused.
 */
export async function expireHold(
  deps: PaymentsDeps,
  paymentId: number,
  opts: { reclaim?: boolean } = {},
): Promise<'settled' | 'released' | 'waiting' | 'nothing'> {
  const payment = await findPayment(deps.db, paymentId);
  if (!payment || payment.status !== 'open') return 'nothing';
  const now = deps.now();
  if (payment.holdExpiresAt.getTime() > now.getTime()) return 'nothing';
  if (!payment.intentId) {
    // The provider was never reached (a crash between the hold and the intent): nothing to ask.
    await releaseHold(deps, payment.id, 'failed');
    return 'released';
  }
  let intent = await deps.payments.retrieveIntent(payment.intentId);
  if (intent.status === 'processing' && opts.reclaim) return 'waiting';
  if (!opts.reclaim && (intent.status === 'processing' || intent.status === 'requires_action')) {
    // A customer in the middle of 3-D Secure, or a payment being processed: not cancelled under them.
    const ageMs = now.getTime() - payment.holdExpiresAt.getTime();
    if (ageMs < AUTHENTICATION_GRACE_MS) throw new RetryLater(2 * 60_000, `intent ${intent.status}`);
  }
  if (intent.status !== 'succeeded')
    intent = await deps.payments.cancelIntent(intent.id, `cancel-${payment.confirmationId}-${now.getTime()}`);
  if (intent.status === 'succeeded') {
    await settleIntent(deps, intent);
    return 'settled';
  }
  if (intent.status === 'processing') return 'waiting';
  if (await releaseHold(deps, payment.id, 'canceled', true)) return 'released';
  // The provider's cancellation event may have released it first (delivered at once, in process).
  return (await findPayment(deps.db, payment.id))?.status === 'canceled' ? 'released' : 'nothing';
}

/**
 * Before a customer is given a hold on a time, every other customer's lapsed hold on that time (run out,
 * not yet released by the expiry job) is ended with the provider: paid in time → its order takes the time;
 * otherwise its intent is cancelled, so a late payment can no longer take the time from the new hold.
 * A provider that does not answer stops the checkout (the new customer could not pay either).
 */
export async function reclaimLapsedHolds(
  deps: PaymentsDeps,
  slot: { vendorId: number; start: Date; end: Date; excludeBookingId: number },
): Promise<void> {
  await endLapsedHolds(deps, await findLapsedHolds(deps, slot));
}

/** reclaimLapsedHolds' read alone: the lapsed holds on the span (for a caller that reads it beside others). */
export async function findLapsedHolds(
  deps: PaymentsDeps,
  slot: { vendorId: number; start: Date; end: Date; excludeBookingId: number },
): Promise<PaymentRow[]> {
  return findOverlappingOpenPayments(deps.db, { ...slot, now: deps.now() }, 'lapsed');
}

/** reclaimLapsedHolds' writes: each lapsed hold ended with the provider (503 when one cannot be). */
export async function endLapsedHolds(deps: PaymentsDeps, lapsed: readonly PaymentRow[]): Promise<void> {
  for (const payment of lapsed) {
    try {
      await expireHold(deps, payment.id, { reclaim: true });
    } catch (err) {
      deps.log.error({ err, paymentId: payment.id }, 'could not end a lapsed hold with the provider');
      throw new HttpError(503, [PAYMENTS_UNAVAILABLE]);
    }
  }
}

/**
 * An open payment that will not be paid: its hold ends and the booking is back to scheduled (unless a
 * newer attempt holds it). With `onlyIfExpired`, a hold renewed meanwhile is left alone.
 */
export async function releaseHold(
  deps: PaymentsDeps,
  paymentId: number,
  status: 'canceled' | 'failed',
  onlyIfExpired = false,
): Promise<boolean> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const payment = await findPayment(tx, paymentId, true);
    if (!payment || payment.status !== 'open') return false;
    if (onlyIfExpired && payment.holdExpiresAt.getTime() > now.getTime()) return false;
    await updatePayment(tx, payment.id, { status, updatedAt: now });
    if (payment.bookingId !== null) {
      const booking = await findOwnedBooking(tx, { userId: payment.userId }, payment.bookingId);
      if (booking && booking.status === 'pending' && !(await hasOtherOpenPayment(tx, booking.id, payment.id)))
        await updateBookingRow(tx, booking.id, { status: 'scheduled', holdExpiresAt: null, updatedAt: now });
    }
    return true;
  });
}
