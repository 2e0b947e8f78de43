import type { Booking } from '@stg/domain/api/bookings';
import { centsToDollars } from '@stg/domain/money';
import type { BookingRow } from './repo';

/** A booking as the API shows it (money in dollars, duration in minutes). */
export function presentBooking(b: BookingRow): Booking {
  return {
    id: b.id,
    vendorId: b.vendorId,
    userId: b.userId,
    addressId: b.addressId,
    status: b.status,
    price: centsToDollars(b.priceCents),
    duration: b.durationMins,
    appointmentAt: b.appointmentAt?.toISOString() ?? null,
    answers: b.answers,
    optionsSnapshot: b.optionsSnapshot,
    customerNotes: b.customerNotes,
    plan:
      b.planFrequency !== null
        ? { frequency: b.planFrequency, discountPercent: b.planDiscountPercent ?? 0 }
        : null,
    createdAt: b.createdAt.toISOString(),
    updatedAt: b.updatedAt.toISOString(),
  };
}
export type BookingJson = Booking;
