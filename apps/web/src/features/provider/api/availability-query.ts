import { queryOptions } from '@tanstack/react-query';
import { LIMITS } from '@stg/domain/constants';
import { api } from '../../../lib/api-client';
import type { Availability } from '../../../lib/api-types';

/**
 * GET /api/vendors/{id}/vendor_calendars?duration=90&booking_id=… (docs/api/scheduling.md): the allowed
 * starts for the booking's job length. The booking's duration is part of the key, so a booking priced
 * again with another duration fetches its own times.
 */
export const availabilityQueryOptions = (vendorId: number, bookingId: number, jobMinutes: number) =>
  queryOptions({
    queryKey: ['vendors', vendorId, 'availability', { bookingId, jobMinutes }],
    queryFn: () =>
      api.get<Availability>(
        `/api/vendors/${vendorId}/vendor_calendars?duration=${LIMITS.calendarWindowDays}&booking_id=${bookingId}`,
      ),
    staleTime: 30_000,
  });

/** Every availability answer of a vendor, for refetching after a time was refused. */
export const availabilityKeyOf = (vendorId: number) => ['vendors', vendorId, 'availability'] as const;
