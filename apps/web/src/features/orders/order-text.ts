/**
 * How the customer's orders read (spec §2 Customer Orders, §9 formats): money, dates in Mountain Time,
 * the card, and why an order can no longer be changed.
 */
import type { CustomerOrder } from '@stg/domain/api/orders';
import { formatCalendarDate } from '@stg/domain/dates';
import { dollarsToCents, formatDollars } from '@stg/domain/money';
import { customerCancelProblem, customerRescheduleProblem, ORDER_MESSAGES } from '@stg/domain/order-actions';

export const ORDERS_NEWEST_FIRST = 'Newest first, by the date each order was placed.';
export const MOUNTAIN_TIME_NOTE = 'Appointment times are in Mountain Time (St George).';
export const NO_ORDERS = 'You have no orders yet';

/** Dollars at the API → "$1,234.50". */
export const money = (dollars: number) => formatDollars(dollarsToCents(dollars));

/** What a cancellation refunds: whatever of the total was not refunded already. */
export function refundableDollars(order: CustomerOrder): number {
  return Math.max(0, dollarsToCents(order.totalCollected) - dollarsToCents(order.refundAmount)) / 100;
}

/** "Placed Nov 1st, 2025" (the order's creation, in Mountain Time). */
export const placedLabel = (order: CustomerOrder) => `Placed ${formatCalendarDate(order.createdAt)}`;

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  american_express: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** "Visa ending in 4242"; null when the order carries no card. */
export function paymentMethodLabel(order: CustomerOrder): string | null {
  const method = order.paymentMethod;
  if (!method?.last4) return null;
  const raw = (method.brand ?? method.bankName ?? '').trim();
  const key = raw.toLowerCase().replace(/[\s-]+/g, '_');
  const brand = BRANDS[key] ?? (raw ? raw.charAt(0).toUpperCase() + raw.slice(1) : 'Card');
  return `${brand} ending in ${method.last4}`;
}

/**
 * Why the customer may not reschedule or cancel (spec §4 Customer reschedule, Customer cancel), null when
 * allowed. The server's canReschedule/canCancel decide; the reason is the domain rule's when it names one,
 * else the server's changeBlockedReason.
 */
export function blockedReasons(
  order: CustomerOrder,
  now: Date,
): { reschedule: string | null; cancel: string | null } {
  const hours = order.vendor.cancelationPolicyHours;
  return {
    reschedule: order.canReschedule
      ? null
      : (customerRescheduleProblem(order, hours, now) ??
        order.changeBlockedReason ??
        ORDER_MESSAGES.notReschedulable),
    cancel: order.canCancel
      ? null
      : (customerCancelProblem(order, hours, now) ??
        order.changeBlockedReason ??
        ORDER_MESSAGES.notCancellable),
  };
}
