import { queryOptions } from '@tanstack/react-query';
import { availabilityKeyOf, fetchAvailability } from '../../../lib/availability-query';

/**
 * GET /api/vendors/{id}/vendor_calendars?duration=90&booking_id=… (docs/api/scheduling.md): the allowed
 * starts for the booking's job length. The booking's duration is part of the key, so a booking priced
 * again with another duration fetches its own times.
 */
export const availabilityQueryOptions = (vendorId: number, bookingId: number, jobMinutes: number) =>
  queryOptions({
    queryKey: [...availabilityKeyOf(vendorId), { bookingId, jobMinutes }],
    queryFn: () => fetchAvailability(vendorId, { bookingId }),
    staleTime: 30_000,
  });
