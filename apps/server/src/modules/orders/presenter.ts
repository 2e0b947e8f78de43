import { centsToDollars } from '@stg/domain/money';
import type { CustomerOrderRow } from './repo';

/** An order as its customer sees it: no commission or vendor payout figures. */
export function presentCustomerOrder(row: CustomerOrderRow, urlFor: (key: string) => string) {
  const o = row.order;
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
      logoImageUrl: row.vendorLogoKey ? urlFor(row.vendorLogoKey) : null,
      cancelationPolicyHours: row.cancelationPolicyHours,
    },
    appointmentAt: o.appointmentAt.toISOString(),
    duration: o.durationMins,
    customerNotes: o.customerNotes,
    optionsSnapshot: o.optionsSnapshot,
    fulfillmentStatus: o.fulfillmentStatus,
    paymentStatus: o.paymentStatus,
    paymentMethod: o.paymentMethodLast4
      ? { last4: o.paymentMethodLast4, bankName: o.paymentMethodBrand }
      : null,
    totalCollected: centsToDollars(o.totalCollectedCents),
    serviceFee: centsToDollars(o.serviceFeeCents),
    refundAmount: centsToDollars(o.refundAmountCents),
    refundReason: o.refundReason,
    cancelReason: o.cancelReason,
    previousAppointmentAt: o.previousAppointmentAt?.toISOString() ?? null,
    rescheduleCount: o.rescheduleCount,
    createdAt: o.createdAt.toISOString(),
  };
}
