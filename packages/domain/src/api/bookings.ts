/** A booking in progress as the API answers it (spec §3; docs/api/pricing-and-bookings.md). */
import { z } from 'zod';
import { BOOKING_STATUSES } from '../constants';

/** Money in dollars, duration in minutes, times ISO 8601; answers and options keyed as priced. */
export const bookingSchema = z.object({
  id: z.number().int(),
  vendorId: z.number().int(),
  userId: z.number().int().nullable(),
  addressId: z.number().int().nullable(),
  status: z.enum(BOOKING_STATUSES),
  price: z.number(),
  duration: z.number().int(),
  appointmentAt: z.string().nullable(),
  /** The answers it was priced with: pricing input id → valueString. */
  answers: z.record(z.string(), z.string()),
  /** The chosen options as labels: question name → chosen option name or range value. */
  optionsSnapshot: z.record(z.string(), z.string()),
  customerNotes: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BookingJson = z.output<typeof bookingSchema>;
