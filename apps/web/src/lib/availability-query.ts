/**
 * GET /api/vendors/{id}/vendor_calendars (docs/api/scheduling.md): one vendor's allowed starts, read by
 * the provider page's Scheduling panel (for a booking) and the customer's reschedule-appointment modal
 * (for an order). Every answer of a vendor shares one key prefix, so a refused time refreshes them all.
 */
import { LIMITS } from '@stg/domain/constants';
import { api } from './api-client';
import type { Availability } from '@stg/domain/api/scheduling';

/** Every availability answer of a vendor, for refetching after a time was refused or taken. */
export const availabilityKeyOf = (vendorId: number) => ['vendors', vendorId, 'availability'] as const;

/** The 90-day window (spec §7 "duration=90"), for the caller's booking or order when given. */
export async function fetchAvailability(
  vendorId: number,
  scope: { bookingId: number } | { orderId: number },
): Promise<Availability> {
  const params = new URLSearchParams({ duration: String(LIMITS.calendarWindowDays) });
  if ('bookingId' in scope) params.set('booking_id', String(scope.bookingId));
  else params.set('order_id', String(scope.orderId));
  // The contract (and zod) load with the first request, not with the provider page (ADR 0023), and
  // beside the request rather than after its answer (issue 23 #18: one round trip fewer).
  const [{ availabilityResponseSchema }, answer] = await Promise.all([
    import('@stg/domain/api/scheduling'),
    api.get(`/api/vendors/${vendorId}/vendor_calendars?${params.toString()}`),
  ]);
  return availabilityResponseSchema.parse(answer);
}
