/**
 * An availability as the API answers it (docs/api/scheduling.md): the customer's scheduler
 * (bookings/availability.ts) and the operator's review card (listing-review) present it the same way.
 */
import type { Availability } from '@stg/domain/api/availability';
import { TIME_ZONE } from '@stg/domain/constants';
import { toZonedIso } from '@stg/domain/zoned-time';
import type { AvailabilityAnswer, AvailabilityRequest } from './service';

/** The answer of GET /api/vendors/{id}/vendor_calendars for one computed availability. */
export function presentAvailability(
  req: AvailabilityRequest,
  { availability, unavailableReason }: AvailabilityAnswer,
): Availability {
  return {
    timeZone: TIME_ZONE,
    stepMinutes: req.stepMinutes,
    jobMinutes: req.durationMinutes,
    windowDays: req.windowDays,
    firstDate: availability.firstDate,
    lastDate: availability.lastDate,
    unavailableReason,
    days: availability.days.map((d) => ({
      date: d.date,
      ranges: d.ranges.map((range) => ({
        start_time: toZonedIso(range.start, TIME_ZONE),
        end_time: toZonedIso(range.end, TIME_ZONE),
      })),
    })),
  };
}
