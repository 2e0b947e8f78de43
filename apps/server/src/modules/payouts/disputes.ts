/**
 * A dispute holds the order's payout (settle.ts: charge.dispute.created → fulfillment disputed, payment
 * pending; the payout job pays nothing while it lasts). When the dispute closes in the merchant's favour
 * (won, or an inquiry closed without a dispute), the order goes back to where it was and a payout that
 * had not been sent is due again; a lost dispute leaves the order disputed (the money went back to the
 * cardholder) and logs it.
 */
import type { Tx } from '../../db/client';
import { addOrderEvent, findOrderByIntent, updateOrder } from '../orders/queries';
import { findPayoutOfOrder } from './repo';
import { payoutDueAt, reschedulePayout } from '../orders/payout-schedule';
import { unpaidPaymentStatus } from './service';

/** Stripe's final dispute statuses that leave the money with the merchant. */
const KEPT = new Set(['won', 'warning_closed']);

export async function closeDisputeInTx(
  tx: Tx,
  event: { paymentIntentId: string; status: string; amountCents: number },
  now: Date,
): Promise<void> {
  const order = await findOrderByIntent(tx, event.paymentIntentId, true);
  if (!order || order.fulfillmentStatus !== 'disputed') return;
  if (!KEPT.has(event.status)) {
    await addOrderEvent(tx, {
      orderId: order.id,
      actorRole: 'system',
      action: 'disputed',
      amountCents: event.amountCents,
      details: { closed: true, status: event.status },
      createdAt: now,
    });
    return;
  }
  const payout = await findPayoutOfOrder(tx, order.id);
  // A payout under way or made (a transfer, nothing owed, a check sent) keeps the order processed;
  // otherwise its payment is as it was before the dispute.
  const paid = payout !== null && (payout.method !== 'paper_check' || payout.status === 'sent');
  const fulfillmentStatus = order.fulfilledAt
    ? 'fulfilled'
    : order.rescheduleCount > 0
      ? 'rescheduled'
      : 'unfulfilled';
  await updateOrder(tx, order.id, {
    fulfillmentStatus,
    paymentStatus: paid ? 'processed' : unpaidPaymentStatus(order),
    updatedAt: now,
  });
  await addOrderEvent(tx, {
    orderId: order.id,
    actorRole: 'system',
    action: 'disputed',
    amountCents: event.amountCents,
    details: { closed: true, status: event.status },
    createdAt: now,
  });
  // The payout job skipped the order while it was disputed: it runs again when due (or at once if it was).
  const waiting = !payout || payout.status === 'sending';
  if (order.fulfilledAt && waiting) {
    const due = payoutDueAt(order.fulfilledAt);
    await reschedulePayout(tx, {
      orderId: order.id,
      runAt: due.getTime() > now.getTime() ? due : now,
      now,
    });
    await addOrderEvent(tx, {
      orderId: order.id,
      actorRole: 'system',
      action: 'payout_scheduled',
      amountCents: order.vendorPayoutCents,
      details: { payoutDueAt: due.toISOString(), afterDispute: event.status },
      createdAt: now,
    });
  }
}
