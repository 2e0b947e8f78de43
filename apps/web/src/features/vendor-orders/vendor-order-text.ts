/**
 * How the vendor's orders read (spec §2 Order History, §3 Order, §4 Allowed vendor order actions, §9
 * formats): money with two decimals, times in St George (America/Denver), phone (XXX) XXX-XXXX, where the
 * payout goes, and why an action is blocked.
 */
import type { VendorOrder } from '@stg/domain/api/orders';
import { dollarsToCents, formatDollars } from '@stg/domain/money';
import { ORDER_MESSAGES, type VendorOrderAction } from '@stg/domain/order-actions';

export const MOUNTAIN_TIME_NOTE = 'Times are in Mountain Time (St George).';
export const PAPER_CHECK = 'Paper Check';
/** Spec §1, §9: payouts begin 72 hours after the job is marked fulfilled. */
export const PAYOUT_DELAY_TEXT = '72 hours';

/** Dollars at the API → "$1,234.50". */
export const money = (dollars: number) => formatDollars(dollarsToCents(dollars));

/** Spec §9: "Commission shown is commission plus serviceFee", in dollars. */
export const shownCommission = (order: VendorOrder) =>
  (dollarsToCents(order.commission) + dollarsToCents(order.serviceFee)) / 100;

/** What a cancellation refunds the customer: whatever of the total was not refunded already. */
export const fullRefundDollars = (order: VendorOrder) =>
  Math.max(0, dollarsToCents(order.totalCollected) - dollarsToCents(order.refundAmount)) / 100;

export const customerName = (order: VendorOrder) =>
  `${order.customer.firstName} ${order.customer.lastName}`.trim();

/** "Bank account ending in 6789" (with the bank's name when known), or Paper Check (spec §3). */
export function payoutDestinationLabel(order: VendorOrder): string {
  const destination = order.payoutDestination;
  if (!destination?.last4) return PAPER_CHECK;
  const bank = destination.bankName?.trim();
  return `${bank ? `${bank} ` : ''}account ending in ${destination.last4}`;
}

/** The actions menu, in the spec's order (spec §2 Order History). */
export const MENU_ACTIONS: readonly VendorOrderAction[] = [
  'reschedule',
  'partial_refund',
  'cancel',
  'complete',
];

export const ACTION_LABELS: Record<VendorOrderAction, string> = {
  reschedule: 'Reschedule',
  partial_refund: 'Partial Refund',
  cancel: 'Cancel Order',
  complete: 'Complete',
};

export const BLOCKED_REASONS = {
  cancelled: 'Not available for a cancelled order',
  refunded: 'Not available for a refunded order',
  processed: 'Not available once the payout has been sent',
  completed: 'Not available for a completed order',
  alreadyComplete: 'This order is already complete',
  disputed: 'Not available while the payment is disputed',
  pending: 'Not available while the payment is pending',
  completeInFuture: 'Complete is available once the appointment has passed',
  nothingLeft: 'Nothing is left of the payout to refund',
} as const;

/**
 * Why an action is blocked, null when the server allows it (order.allowedActions is the server's word,
 * computed by allowedVendorActions of spec §4). The reason follows the same matrix; a refusal the
 * matrix does not explain reads as "This action is not available for this order."
 */
export function blockedReason(order: VendorOrder, action: VendorOrderAction, now: Date): string | null {
  if (order.allowedActions.includes(action)) return null;
  const f = order.fulfillmentStatus;
  const p = order.paymentStatus;
  if (f === 'cancelled') return BLOCKED_REASONS.cancelled;
  if (p === 'refunded') return BLOCKED_REASONS.refunded;
  if (p === 'processed') return BLOCKED_REASONS.processed;
  if (f === 'fulfilled')
    return action === 'complete' ? BLOCKED_REASONS.alreadyComplete : BLOCKED_REASONS.completed;
  if (f === 'disputed') return BLOCKED_REASONS.disputed;
  if (p === 'pending') return BLOCKED_REASONS.pending;
  if (action === 'complete' && Date.parse(order.appointmentAt) > now.getTime())
    return BLOCKED_REASONS.completeInFuture;
  if (action === 'partial_refund' && order.vendorPayoutAmount <= 0) return BLOCKED_REASONS.nothingLeft;
  return ORDER_MESSAGES.actionNotAllowed;
}
