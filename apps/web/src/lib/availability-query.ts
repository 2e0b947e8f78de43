/**
 * GET /api/vendors/{id}/vendor_calendars (docs/api/scheduling.md): one vendor's allowed starts, read by
 * the provider page's Scheduling panel (for a booking) and the customer's reschedule-appointment modal
 * (for an order). Every answer of a vendor shares one key prefix, so a refused time refreshes them all.
 */
import { LIMITS } from '@stg/domain/constants';
import { call } from './api-client';
import type { Availability } from '@stg/domain/api/scheduling';
import { bookingsApi } from '@stg/domain/api/bookings.endpoints';

/** Every availability answer of a vendor, for refetching after a time was refused or taken. */
export const availabilityKeyOf = (vendorId: number) => ['vendors', vendorId, 'availability'] as const;

/** The 90-day window (spec §7 "duration=90"), for the caller's booking or order when given. */
export async function fetchAvailability(
  vendorId: number,
  scope: { bookingId: number } | { orderId: number },
): Promise<Availability> {
  // The contract (and zod) load beside the request (call), not with the provider page (ADR 0023).
  return call(bookingsApi.availability, {
    params: { id: vendorId },
    query: {
      duration: String(LIMITS.calendarWindowDays),
      ...('bookingId' in scope
        ? { booking_id: String(scope.bookingId) }
        : { order_id: String(scope.orderId) }),
    },
  });
}
