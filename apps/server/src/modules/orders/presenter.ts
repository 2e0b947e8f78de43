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

/** An order as its customer sees it (the shared contract): no commission or vendor payout figures. */
export function presentCustomerOrder(
  row: CustomerOrderRow,
  urlFor: (key: string) => string,
  now: Date,
): CustomerOrder {
  const o = row.order;
  const state = {
    fulfillmentStatus: o.fulfillmentStatus,
    paymentStatus: o.paymentStatus,
    appointmentAt: o.appointmentAt,
  };
  const cancelProblem = customerCancelProblem(state, row.cancelationPolicyHours, now);
  const rescheduleProblem = customerRescheduleProblem(state, row.cancelationPolicyHours, now);
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

/** An order as its vendor sees it (the shared contract), with what the vendor may do now. */
export function presentVendorOrder(row: VendorOrderRow, now: Date): VendorOrder {
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
    allowedActions: allowedVendorActions(o, now),
    workOrderUrl: workOrderUrl(o.id),
    plan: planOf(o),
  };
}
