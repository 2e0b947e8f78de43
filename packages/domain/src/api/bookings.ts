/**
 * Bookings (docs/api/pricing-and-bookings.md; spec §3 Booking, §7): the contract of POST /api/bookings,
 * PUT /api/bookings/{id} and GET /api/user/{id}/bookings, read by the server's routes and the web app. A
 * booking is priced by the server from the answers; a client's price or duration is never read.
 */
import { z } from 'zod';
import { BOOKING_STATUSES } from '../constants';
import { parseId } from '../ids';
import { isoInstantSchema } from '../instants';
import { PLAN_FREQUENCIES, PLAN_MESSAGES } from '../plans';
import { SCHEDULING_MESSAGES } from '../scheduling-preferences';
import { printableOnly } from '../validation';

/** Answers keyed by pricing input id: each a valueString (a number is taken as its text). */
export const answersSchema = z
  .record(
    z.string().max(20, { error: 'Answers must be keyed by question id.' }),
    z
      .union([z.string().max(200, { error: 'An answer must be at most 200 characters.' }), z.number()], {
        error: 'Every answer must be text or a number.',
      })
      .transform(String),
    { error: 'Answers must be an object of answers by question id.' },
  )
  .refine((a) => Object.keys(a).length <= 100, { error: 'Too many answers.' });
export type Answers = z.output<typeof answersSchema>;

/** Printed on the work order (issue 23 #13). */
const notesSchema = z
  .string({ error: 'Additional instructions must be text.' })
  .nullable()
  .optional()
  .refine(...printableOnly('Additional instructions'));

/** An ISO 8601 instant with an offset or Z, years 1900 to 2999 (read as a Date); null clears the time. */
const appointmentSchema = isoInstantSchema(SCHEDULING_MESSAGES.appointmentInvalid)
  .transform((v) => new Date(v))
  .nullable()
  .optional();

/** A vendor id as a number or its text; null when it is not one (the route answers "Vendor not found"). */
const vendorIdSchema = z
  .union([z.number().int(), z.string()], { error: 'Vendor is required.' })
  .transform((v) => parseId(String(v)));

/**
 * "How often?" (ADR 0037): a frequency the vendor offers makes the booking a plan's first visit, priced with
 * its discount; null (or left out on create) is one time. Checked against the vendor's offers by the server.
 */
const planFrequencySchema = z
  .enum(PLAN_FREQUENCIES, { error: PLAN_MESSAGES.frequency })
  .nullable()
  .optional();

/** POST /api/bookings: price the answers with the vendor (missing answers are unanswered questions). */
export const createBookingRequestSchema = z.object({
  booking: z.object({
    vendorId: vendorIdSchema,
    answers: answersSchema.optional(),
    customerNotes: notesSchema,
    planFrequency: planFrequencySchema,
  }),
});
export type BookingCreateRequest = z.input<typeof createBookingRequestSchema>;

/**
 * PUT /api/bookings/{id}: answers or notes price the booking again; appointmentAt (ISO 8601 with offset)
 * schedules it, null takes it back to priced.
 */
export const updateBookingRequestSchema = z.object({
  booking: z.object({
    answers: answersSchema.optional(),
    customerNotes: notesSchema,
    appointmentAt: appointmentSchema,
    /** Left out: the booking keeps its choice; null: one time. */
    planFrequency: planFrequencySchema,
  }),
});
export type BookingUpdateRequest = z.input<typeof updateBookingRequestSchema>;

/** A booking as the API shows it (money in dollars, duration in minutes). */
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
  optionsSnapshot: z.record(z.string(), z.string()).nullable(),
  customerNotes: z.string().nullable(),
  /**
   * A plan's first visit (ADR 0037): the frequency and its discount, already taken off `price` (the price per
   * visit); null for one time.
   */
  plan: z
    .object({ frequency: z.enum(PLAN_FREQUENCIES), discountPercent: z.number().int() })
    .nullable()
    .optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Booking = z.output<typeof bookingSchema>;

/** POST /api/bookings (201 created, 200 the one in progress updated) and PUT /api/bookings/{id}. */
export const bookingResponseSchema = z.object({ booking: bookingSchema });
export type BookingResponse = z.output<typeof bookingResponseSchema>;

/** GET /api/user/{id}/bookings, newest first. */
export const bookingsResponseSchema = z.object({ bookings: z.array(bookingSchema) });
export type BookingsResponse = z.output<typeof bookingsResponseSchema>;
