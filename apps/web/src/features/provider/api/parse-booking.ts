import type { Booking } from '@stg/domain/api/bookings';

/**
 * A booking answer (POST /api/bookings, PUT /api/bookings/{id}) read with the bookings contract. The
 * contract and zod load with the first answer, so they stay out of the provider page's chunk (ADR 0023).
 */
export async function parseBooking(answer: unknown): Promise<Booking> {
  const { bookingResponseSchema } = await import('@stg/domain/api/bookings');
  return bookingResponseSchema.parse(answer).booking;
}
