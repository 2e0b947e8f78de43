/**
 * Scheduling (docs/api/scheduling.md; spec §2 Scheduler, §7, §9): the contract of a vendor's availability
 * (GET /api/vendors/{id}/vendor_calendars) and of the vendor's scheduling preferences
 * (PATCH /api/vendor_calendars/{id}), read by the server's routes and parsed by the web app.
 */
import { z } from 'zod';
import { MAX_WINDOW_DAYS } from '../availability';
import { vendorCalendarSchema } from './vendors';

const optionalInt = (min: number, max: number, message: string) =>
  z
    .string()
    .regex(/^\d{1,6}$/, { error: message })
    .transform(Number)
    .pipe(z.number().int().min(min, { error: message }).max(max, { error: message }))
    .optional();

/** The query: the window in days, a job length when browsing, the caller's booking or the moved order. */
export const availabilityQuerySchema = z.object({
  duration: optionalInt(
    1,
    MAX_WINDOW_DAYS,
    `duration must be a number of days from 1 to ${MAX_WINDOW_DAYS}.`,
  ),
  minutes: optionalInt(1, 1440, 'minutes must be a job length from 1 to 1440 minutes.'),
  booking_id: z.string().max(12).optional(),
  order_id: z.string().max(12).optional(),
});

export {
  availabilityDaySchema,
  availabilityRangeSchema,
  availabilityResponseSchema,
  type Availability,
  type AvailabilityDay,
  type AvailabilityRange,
} from './availability';

/**
 * PATCH /api/vendor_calendars/{id}: the preferences as spec §7 names them, only those that change; `id` may
 * be sent and is ignored (the path decides). The values are checked by the shared rules, which word every
 * message (applySchedulingPatch in scheduling-preferences.ts).
 */
export const schedulingPreferencesRequestSchema = z.object({
  vendorCalendar: z.object({
    id: z.union([z.number(), z.string()]).optional(),
    workdayStartTime: z.unknown().optional(),
    workdayEndTime: z.unknown().optional(),
    driveTimeBufferMins: z.unknown().optional(),
    bookingWindowStartDays: z.unknown().optional(),
    bookingWindowEndDays: z.unknown().optional(),
  }),
});

export type SchedulingPreferencesRequest = z.input<typeof schedulingPreferencesRequestSchema>;

/** 200 of PATCH /api/vendor_calendars/{id}: the calendar as its owner sees it. */
export const vendorCalendarResponseSchema = vendorCalendarSchema;
export type VendorCalendarJson = z.output<typeof vendorCalendarSchema>;
