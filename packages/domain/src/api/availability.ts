/**
 * The shape of a vendor's availability as the API answers it (docs/api/scheduling.md): the customer's
 * scheduler (GET /api/vendors/{id}/vendor_calendars, ./scheduling) and the operator's review card (the first
 * week of open times, ./vendors) read the same answer. Its own file, importing nothing of the API, so both
 * contracts can use it without a cycle.
 */
import { z } from 'zod';

/** Allowed starts from start_time to end_time, both included, every `stepMinutes` (ISO 8601 with offset). */
export const availabilityRangeSchema = z.object({ start_time: z.string(), end_time: z.string() });

/** One local date (America/Denver, "2026-11-24") with at least one allowed start. */
export const availabilityDaySchema = z.object({ date: z.string(), ranges: z.array(availabilityRangeSchema) });

/** 200 of GET /api/vendors/{id}/vendor_calendars. */
export const availabilityResponseSchema = z.object({
  timeZone: z.string(),
  stepMinutes: z.number().int(),
  /** The job length the starts were computed for. */
  jobMinutes: z.number().int(),
  windowDays: z.number().int(),
  firstDate: z.string(),
  lastDate: z.string(),
  /** A message for the customer when no time can be offered (the vendor's calendar cannot be read). */
  unavailableReason: z.string().nullable(),
  days: z.array(availabilityDaySchema),
});
export type AvailabilityRange = z.output<typeof availabilityRangeSchema>;
export type AvailabilityDay = z.output<typeof availabilityDaySchema>;
export type Availability = z.output<typeof availabilityResponseSchema>;
