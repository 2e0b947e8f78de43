import { centsToDollars } from '@stg/domain/money';
import type { BookingRow } from './repo';

/** A booking as the API shows it (money in dollars, duration in minutes). */
export function presentBooking(b: BookingRow) {
  return {
    id: b.id,
    vendorId: b.vendorId,
    userId: b.userId,
    addressId: b.addressId,
    status: b.status as 'priced' | 'scheduled' | 'pending' | 'paid' | 'completed',
    price: centsToDollars(b.priceCents),
    duration: b.durationMins,
    appointmentAt: b.appointmentAt?.toISOString() ?? null,
    answers: b.answers,
    optionsSnapshot: b.optionsSnapshot,
    customerNotes: b.customerNotes,
    createdAt: b.createdAt.toISOString(),
    updatedAt: b.updatedAt.toISOString(),
  };
}
export type BookingJson = ReturnType<typeof presentBooking>;
