/**
 * A partial refund the provider refused (or that failed at the bank) gives the order its figures back
 * (ADR 0016): the vendor's payout grows again by the amount, the refunded total shrinks, and a payment
 * left with no refund is `collected` again. Only a refund whose own event moved the figures is undone,
 * and never on an order already paid out or cancelled since (those are logged for a person instead).
 */
import type { Tx } from '../../db/client';
import type { RefundRow } from '../payment-records/queries';
import { findRefundEvent, listRefundsOfOrder, lockOrder, updateOrder } from './repo';

export type RollbackOutcome = 'reverted' | 'not_applied' | 'kept';

export async function revertPartialRefundInTx(
  tx: Tx,
  refund: RefundRow,
  now: Date,
): Promise<RollbackOutcome> {
  if (refund.kind !== 'partial' || refund.orderId === null) return 'not_applied';
  const order = await lockOrder(tx, refund.orderId);
  if (!order) return 'not_applied';
  if (!(await findRefundEvent(tx, order.id, refund.id, 'partially_refunded'))) return 'not_applied';
  if (
    order.paymentStatus === 'processed' ||
    order.fulfillmentStatus === 'cancelled' ||
    order.refundAmountCents < refund.amountCents
  )
    return 'kept';
  const refundAmountCents = order.refundAmountCents - refund.amountCents;
  const others = (await listRefundsOfOrder(tx, order.id)).filter(
    (r) => r.id !== refund.id && r.status !== 'failed',
  );
  await updateOrder(tx, order.id, {
    refundAmountCents,
    vendorPayoutCents: order.vendorPayoutCents + refund.amountCents,
    paymentStatus:
      order.paymentStatus === 'partially_refunded' && refundAmountCents === 0
        ? 'collected'
        : order.paymentStatus,
    refundReason: others.length > 0 ? (others[others.length - 1]!.reason ?? null) : null,
    updatedAt: now,
  });
  return 'reverted';
}
