import { workOrderUrl } from '@stg/domain/api/payouts.endpoints';
import type { CustomerOrder, OrderPlan, VendorOrder } from '@stg/domain/api/orders';
import { centsToDollars } from '@stg/domain/money';
import { orderBill } from '@stg/domain/order-bill';
import {
  allowedVendorActions,
  customerCancelProblem,
  customerRescheduleProblem,
} from '@stg/domain/order-actions';
import type { CustomerOrderRow, OrderRow, VendorOrderRow } from './repo';

/** ADR 0037: the plan an order is a visit of, as copied onto the order when the visit was settled. */
const planOf = (o: OrderRow): OrderPlan | null =>
  o.planId !== null && o.planFrequency !== null ? { id: o.planId, frequency: o.planFrequency } : null;

/**
 * All a customer's order answer takes from the clock (ADR 0040: a cached answer's bytes are reused while
 * this is unchanged): why it may not be cancelled or moved now, if it may not.
 */
export function customerOrderClock(row: CustomerOrderRow, now: Date) {
  const o = row.order;
  const state = {
    fulfillmentStatus: o.fulfillmentStatus,
    paymentStatus: o.paymentStatus,
    appointmentAt: o.appointmentAt,
  };
  return {
    cancelProblem: customerCancelProblem(state, row.cancelationPolicyHours, now),
    rescheduleProblem: customerRescheduleProblem(state, row.cancelationPolicyHours, now),
  };
}

/** An order as its customer sees it (the shared contract): no commission or vendor payout figures. */
export function presentCustomerOrder(
  row: CustomerOrderRow,
  urlFor: (key: string) => string,
  now: Date,
): CustomerOrder {
  return presentCustomerOrderAt(row, urlFor, customerOrderClock(row, now));
}

/** presentCustomerOrder with the clock's part already read: a function of the row and that part only. */
export function presentCustomerOrderAt(
  row: CustomerOrderRow,
  urlFor: (key: string) => string,
  clock: ReturnType<typeof customerOrderClock>,
): CustomerOrder {
  const o = row.order;
  const { cancelProblem, rescheduleProblem } = clock;
  const bill = orderBill(o);
  return {
    id: o.id,
    confirmationId: o.confirmationId,
    vendorId: o.vendorId,
    userId: o.userId,
    addressId: o.addressId,
    vendor: {
      id: row.vendor.id,
      name: row.vendor.name,
      category: row.vendor.category,
      phoneNumber: row.vendor.phoneNumber,
      email: row.vendor.email,
      logoImageUrl: row.vendorLogoKey ? urlFor(row.vendorLogoKey) : null,
      cancelationPolicyHours: row.cancelationPolicyHours,
      appointmentInstructions: row.vendor.appointmentInstructions,
    },
    address: row.address?.streetAddress ? { ...row.address } : null,
    appointmentAt: o.appointmentAt.toISOString(),
    duration: o.durationMins,
    customerNotes: o.customerNotes,
    optionsSnapshot: o.optionsSnapshot,
    fulfillmentStatus: o.fulfillmentStatus,
    paymentStatus: o.paymentStatus,
    paymentMethod: o.paymentMethodLast4
      ? { last4: o.paymentMethodLast4, bankName: o.paymentMethodBrand, brand: o.paymentMethodBrand }
      : null,
    subtotal: centsToDollars(bill.subtotalCents),
    serviceCharge: centsToDollars(bill.serviceChargeCents),
    totalCollected: centsToDollars(bill.totalCents),
    serviceFee: centsToDollars(o.serviceFeeCents),
    refundAmount: centsToDollars(o.refundAmountCents),
    refundReason: o.refundReason,
    cancelReason: o.cancelReason,
    previousAppointmentAt: o.previousAppointmentAt?.toISOString() ?? null,
    rescheduleCount: o.rescheduleCount,
    createdAt: o.createdAt.toISOString(),
    canCancel: cancelProblem === null,
    canReschedule: rescheduleProblem === null,
    changeBlockedReason: rescheduleProblem ?? cancelProblem,
    plan: planOf(o),
  };
}

/** All a vendor's order answer takes from the clock (ADR 0040): the actions allowed now. */
export const vendorOrderClock = (row: VendorOrderRow, now: Date) => allowedVendorActions(row.order, now);

/** An order as its vendor sees it (the shared contract), with what the vendor may do now. */
export function presentVendorOrder(row: VendorOrderRow, now: Date): VendorOrder {
  return presentVendorOrderAt(row, vendorOrderClock(row, now));
}

/** presentVendorOrder with the clock's part already read: a function of the row and that part only. */
export function presentVendorOrderAt(
  row: VendorOrderRow,
  allowedActions: VendorOrder['allowedActions'],
): VendorOrder {
  const o = row.order;
  const bill = orderBill(o);
  return {
    id: o.id,
    confirmationId: o.confirmationId,
    vendorId: o.vendorId,
    userId: o.userId,
    addressId: o.addressId,
    appointmentAt: o.appointmentAt.toISOString(),
    duration: o.durationMins,
    customerNotes: o.customerNotes,
    optionalNote: o.optionalNote,
    optionsSnapshot: o.optionsSnapshot,
    fulfillmentStatus: o.fulfillmentStatus,
    paymentStatus: o.paymentStatus,
    paymentMethod: o.paymentMethodLast4
      ? { last4: o.paymentMethodLast4, bankName: o.paymentMethodBrand, brand: o.paymentMethodBrand }
      : null,
    subtotal: centsToDollars(bill.subtotalCents),
    serviceCharge: centsToDollars(bill.serviceChargeCents),
    totalCollected: centsToDollars(bill.totalCents),
    commission: centsToDollars(o.commissionCents),
    serviceFee: centsToDollars(o.serviceFeeCents),
    refundAmount: centsToDollars(o.refundAmountCents),
    refundReason: o.refundReason,
    vendorPayoutAmount: centsToDollars(o.vendorPayoutCents),
    payoutDestination: o.payoutLast4 ? { last4: o.payoutLast4, bankName: o.payoutBankName } : null,
    cancelReason: o.cancelReason,
    previousAppointmentAt: o.previousAppointmentAt?.toISOString() ?? null,
    rescheduleCount: o.rescheduleCount,
    createdAt: o.createdAt.toISOString(),
    fulfilledAt: o.fulfilledAt?.toISOString() ?? null,
    payoutDueAt: o.payoutDueAt?.toISOString() ?? null,
    customer: { ...row.customer, addresses: row.address?.streetAddress ? [{ ...row.address }] : [] },
    allowedActions,
    workOrderUrl: workOrderUrl(o.id),
    plan: planOf(o),
  };
}
