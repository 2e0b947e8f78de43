/**
 * What may be done to an order, and by whom (spec §4 Allowed vendor order actions, Customer reschedule,
 * Customer cancel). The web greys out what these refuse and the server refuses it again. Pure: `now`
 * is passed in.
 */
import type { FulfillmentStatus, PaymentStatus } from './constants';
import { formatDollars } from './money';

const HOUR_MS = 3_600_000;

export interface OrderState {
  fulfillmentStatus: FulfillmentStatus | string;
  paymentStatus: PaymentStatus | string;
  /** ISO 8601 or a Date. */
  appointmentAt: string | Date;
}

const hoursText = (hours: number) => `${hours} ${hours === 1 ? 'hour' : 'hours'}`;

export const ORDER_MESSAGES = {
  cancelReasonRequired: 'Please give a reason for cancelling.',
  cancelReasonTooLong: 'The reason must be 500 characters or fewer.',
  alreadyCancelled: 'This order has already been cancelled.',
  notReschedulable: 'This order can no longer be rescheduled.',
  notCancellable: 'This order can no longer be cancelled.',
  appointmentPast: 'This appointment has already passed.',
  sameTime: 'Please choose a different time.',
  orderNotFound: 'Order not found',
  otherProvider:
    'This order was paid in another payment mode and cannot be refunded here. Please contact support.',
  confirmRequired: 'Please check the box to confirm.',
  refundReasonRequired: 'Please give a reason for the refund.',
  refundAmountInvalid: 'Enter a refund amount greater than $0.00, in dollars and cents.',
  refundAmountNotPositive: 'The refund amount must be greater than $0.00.',
  refundAmountTooManyDecimals: 'Enter the refund amount with at most two decimal places.',
  refundAmountTooHigh: (maxDollars: string) =>
    `The refund can be at most ${maxDollars}, what is left of the payout for this order.`,
  completeInFuture: 'An appointment in the future cannot be marked complete.',
  noteTooLong: 'The note must be 500 characters or fewer.',
  actionNotAllowed: 'This action is not available for this order.',
  refundReasonTooLong: 'The reason must be 500 characters or fewer.',
  idempotencyKeyReused: 'This request was already made with different details. Please reload the order.',
  refundRefused: 'The payment provider could not carry out the refund. The order was not changed.',
  cursorInvalid: 'This page of orders is no longer available. Please reload the list.',
  insideWindow: (hours: number) =>
    `Orders can be changed or cancelled online only up to ${hoursText(hours)} before the appointment. Please contact the vendor.`,
} as const;

const OPEN_FULFILLMENT = new Set<string>(['unfulfilled', 'rescheduled']);

/** The latest moment the customer may still cancel or reschedule: appointment − policy hours. */
export function customerChangeDeadline(appointmentAt: string | Date, policyHours: number): Date {
  const at = typeof appointmentAt === 'string' ? Date.parse(appointmentAt) : appointmentAt.getTime();
  return new Date(at - Math.max(0, policyHours) * HOUR_MS);
}

/**
 * Spec §4 Customer cancel: allowed only while now is at or before appointment − policy hours, and the
 * order is unfulfilled or rescheduled. Null when allowed, else the reason.
 */
export function customerCancelProblem(order: OrderState, policyHours: number, now: Date): string | null {
  if (order.fulfillmentStatus === 'cancelled') return ORDER_MESSAGES.alreadyCancelled;
  if (!OPEN_FULFILLMENT.has(order.fulfillmentStatus)) return ORDER_MESSAGES.notCancellable;
  if (order.paymentStatus !== 'collected' && order.paymentStatus !== 'partially_refunded')
    return ORDER_MESSAGES.notCancellable;
  if (now.getTime() > customerChangeDeadline(order.appointmentAt, policyHours).getTime())
    return ORDER_MESSAGES.insideWindow(policyHours);
  return null;
}

/**
 * Spec §4 Customer reschedule: disabled when the order is cancelled, when the time left is under the
 * vendor's policy hours, or when the appointment is past (and once the job is done). Null when allowed.
 */
export function customerRescheduleProblem(order: OrderState, policyHours: number, now: Date): string | null {
  if (order.fulfillmentStatus === 'cancelled') return ORDER_MESSAGES.alreadyCancelled;
  const at =
    typeof order.appointmentAt === 'string' ? Date.parse(order.appointmentAt) : order.appointmentAt.getTime();
  if (at <= now.getTime()) return ORDER_MESSAGES.appointmentPast;
  if (!OPEN_FULFILLMENT.has(order.fulfillmentStatus)) return ORDER_MESSAGES.notReschedulable;
  if (now.getTime() > customerChangeDeadline(order.appointmentAt, policyHours).getTime())
    return ORDER_MESSAGES.insideWindow(policyHours);
  return null;
}

export const VENDOR_ORDER_ACTIONS = ['complete', 'reschedule', 'partial_refund', 'cancel'] as const;
export type VendorOrderAction = (typeof VENDOR_ORDER_ACTIONS)[number];

/**
 * Spec §4 Allowed vendor order actions: collected or partially_refunded with unfulfilled or rescheduled:
 * all four; collected, partially_refunded or pending with fulfilled: partial refund; pending with
 * disputed: partial refund; anything cancelled or processed: none. Complete is removed while the
 * appointment is in the future.
 */
export function allowedVendorActions(order: OrderState, now: Date): VendorOrderAction[] {
  const { fulfillmentStatus: f, paymentStatus: p } = order;
  if (f === 'cancelled' || p === 'processed' || p === 'refunded') return [];
  let actions: VendorOrderAction[] = [];
  if ((p === 'collected' || p === 'partially_refunded') && OPEN_FULFILLMENT.has(f))
    actions = ['complete', 'reschedule', 'partial_refund', 'cancel'];
  else if ((p === 'collected' || p === 'partially_refunded' || p === 'pending') && f === 'fulfilled')
    actions = ['partial_refund'];
  else if (p === 'pending' && f === 'disputed') actions = ['partial_refund'];
  const at =
    typeof order.appointmentAt === 'string' ? Date.parse(order.appointmentAt) : order.appointmentAt.getTime();
  if (at > now.getTime()) actions = actions.filter((a) => a !== 'complete');
  return actions;
}

/**
 * The actions the vendor's order menu lists (spec §4): none at all for a cancelled or processed order (nor
 * a refunded one, which the matrix leaves with none), and never Complete while the appointment is in the
 * future. Every other action stays listed, enabled or not, so a blocked one can say why.
 */
export function listedVendorActions(order: OrderState, now: Date): VendorOrderAction[] {
  const { fulfillmentStatus: f, paymentStatus: p } = order;
  if (f === 'cancelled' || p === 'processed' || p === 'refunded') return [];
  const at =
    typeof order.appointmentAt === 'string' ? Date.parse(order.appointmentAt) : order.appointmentAt.getTime();
  return at > now.getTime()
    ? VENDOR_ORDER_ACTIONS.filter((a) => a !== 'complete')
    : [...VENDOR_ORDER_ACTIONS];
}

/** Reasons (cancel, refund) and the completion note: at most this many characters (spec §5). */
export const ORDER_TEXT_MAX = 500;

/**
 * Why the vendor may not take `action` on the order now (spec §4 Allowed vendor order actions), null
 * when allowed: Complete on an appointment still in the future says so; anything else the matrix
 * refuses is "not available".
 */
export function vendorActionProblem(order: OrderState, action: VendorOrderAction, now: Date): string | null {
  if (allowedVendorActions(order, now).includes(action)) return null;
  if (action === 'complete') {
    const past = { ...order, appointmentAt: new Date(now.getTime() - 1) };
    if (allowedVendorActions(past, now).includes('complete')) return ORDER_MESSAGES.completeInFuture;
  }
  return ORDER_MESSAGES.actionNotAllowed;
}

/** Refunds beyond this many dollars are not read as amounts (no order comes near it). */
const REFUND_DOLLARS_MAX = 1e7;

/**
 * What is wrong with a refund amount in dollars (a number, or a numeric string from a form), or its
 * whole cents: not a number at all (refundAmountInvalid), zero or less (refundAmountNotPositive), more
 * than two decimals (refundAmountTooManyDecimals; spec §5: step 0.01). Issue 23: "1.234" used to be
 * told it was not "greater than $0.00", which says nothing of what is wrong.
 */
export function readRefundAmount(value: unknown): { cents: number } | { problem: string } {
  let dollars: number;
  let decimals: number;
  if (typeof value === 'number') {
    dollars = value;
    decimals = 0;
  } else if (typeof value === 'string' && /^\s*-?(\d+(\.\d*)?|\.\d+)\s*$/.test(value)) {
    dollars = Number(value);
    decimals = (value.trim().split('.')[1] ?? '').length;
  } else return { problem: ORDER_MESSAGES.refundAmountInvalid };
  if (!Number.isFinite(dollars) || dollars > REFUND_DOLLARS_MAX)
    return { problem: ORDER_MESSAGES.refundAmountInvalid };
  if (dollars <= 0) return { problem: ORDER_MESSAGES.refundAmountNotPositive };
  const cents = Math.round(dollars * 100);
  // More than two decimals (12.345, "1.230") is refused, while binary noise (0.1 + 0.2) is not.
  if (decimals > 2 || Math.abs(dollars * 100 - cents) > 1e-6)
    return { problem: ORDER_MESSAGES.refundAmountTooManyDecimals };
  return cents > 0 ? { cents } : { problem: ORDER_MESSAGES.refundAmountNotPositive };
}

/**
 * A refund amount in dollars as whole cents; null unless it is a finite amount greater than zero with at
 * most two decimals (readRefundAmount says what is wrong).
 */
export function refundAmountCents(value: unknown): number | null {
  const read = readRefundAmount(value);
  return 'cents' in read ? read.cents : null;
}

/**
 * Spec §5 Partial refund: an amount greater than 0, in cents, at most what is still refundable of the
 * vendor's payout; a reason. Every problem found, in the order the form shows its fields.
 */
export function partialRefundProblems(
  input: { refundAmount: unknown; refundReason: string | null | undefined },
  payoutLeftCents: number | null,
): string[] {
  const problems: string[] = [];
  const amount = readRefundAmount(input.refundAmount);
  if ('problem' in amount) problems.push(amount.problem);
  else if (payoutLeftCents !== null && amount.cents > payoutLeftCents)
    problems.push(ORDER_MESSAGES.refundAmountTooHigh(formatDollars(payoutLeftCents)));
  const reason = (input.refundReason ?? '').trim();
  if (!reason) problems.push(ORDER_MESSAGES.refundReasonRequired);
  else if (reason.length > ORDER_TEXT_MAX) problems.push(ORDER_MESSAGES.refundReasonTooLong);
  return problems;
}

const blank = (text: string | null | undefined) => (text ?? '').trim() === '';

/** Spec §5 Cancellation by the vendor: a reason (at most 500 characters) and the confirm checkbox. */
export function vendorCancelProblems(input: {
  cancelReason?: string | null;
  confirmed?: boolean | null;
}): string[] {
  const problems: string[] = [];
  if (blank(input.cancelReason)) problems.push(ORDER_MESSAGES.cancelReasonRequired);
  else if (input.cancelReason!.trim().length > ORDER_TEXT_MAX)
    problems.push(ORDER_MESSAGES.cancelReasonTooLong);
  if (input.confirmed !== true) problems.push(ORDER_MESSAGES.confirmRequired);
  return problems;
}

/** Spec §5 Completion: the confirm checkbox; the note is optional, at most 500 characters. */
export function completionProblems(input: {
  confirmed?: boolean | null;
  optionalNote?: string | null;
}): string[] {
  const problems: string[] = [];
  if (input.confirmed !== true) problems.push(ORDER_MESSAGES.confirmRequired);
  if ((input.optionalNote ?? '').trim().length > ORDER_TEXT_MAX) problems.push(ORDER_MESSAGES.noteTooLong);
  return problems;
}

/**
 * The payment status after a partial refund: partially_refunded, except that a payout held by a
 * dispute (pending) stays pending, so the hold and the vendor's remaining action survive.
 */
export function paymentStatusAfterPartialRefund(current: PaymentStatus): PaymentStatus {
  return current === 'pending' ? 'pending' : 'partially_refunded';
}
