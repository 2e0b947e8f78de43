import { queryOptions } from '@tanstack/react-query';
import { TIME_ZONE } from '@stg/domain/constants';
import { toZonedIso } from '@stg/domain/zoned-time';
import type { Availability } from '@stg/domain/api/scheduling';
import { availabilityKeyOf, fetchAvailability } from '../../../lib/availability-query';

/** Spec §9: the vendor picks times at 15-minute intervals. */
export const VENDOR_STEP_MINUTES = 15;
const STEP_MS = VENDOR_STEP_MINUTES * 60_000;

/**
 * The availability answer on quarter hours: each range's first start rounded up and last start rounded
 * down to a quarter hour, in 15-minute steps. The server already answers the order's vendor so; this
 * keeps the picker to quarter hours whatever it is given (America/Denver's offsets are whole hours).
 */
export function onQuarterHours(availability: Availability): Availability {
  if (availability.stepMinutes === VENDOR_STEP_MINUTES) return availability;
  const days = availability.days.map((day) => ({
    ...day,
    ranges: day.ranges.flatMap((range) => {
      const from = Math.ceil(Date.parse(range.start_time) / STEP_MS) * STEP_MS;
      const to = Math.floor(Date.parse(range.end_time) / STEP_MS) * STEP_MS;
      if (!Number.isFinite(from) || !Number.isFinite(to) || from > to) return [];
      return [{ start_time: toZonedIso(from, TIME_ZONE), end_time: toZonedIso(to, TIME_ZONE) }];
    }),
  }));
  return { ...availability, stepMinutes: VENDOR_STEP_MINUTES, days };
}

/**
 * GET /api/vendors/{vendorId}/vendor_calendars?duration=90&order_id={orderId}: the vendor's free starts
 * for this order's length (the order's own time does not block), fetched fresh each time the modal opens.
 */
export const vendorOrderAvailabilityQueryOptions = (vendorId: number, orderId: number) =>
  queryOptions({
    queryKey: [...availabilityKeyOf(vendorId), { orderId }],
    queryFn: () => fetchAvailability(vendorId, { orderId }),
    select: onQuarterHours,
    staleTime: 0,
  });
