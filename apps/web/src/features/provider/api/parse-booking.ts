import type { Booking } from '@stg/domain/api/bookings';

/**
 * A booking answer (POST /api/bookings, PUT /api/bookings/{id}) read with the bookings contract. The
 * contract and zod load with the first answer, so they stay out of the provider page's chunk (ADR 0023).
 */
export async function parseBooking(answer: unknown): Promise<Booking> {
  // Usually loaded already: preloadBookingContract starts it when the Pricing panel opens.
  const { bookingResponseSchema } = await import('@stg/domain/api/bookings');
  return bookingResponseSchema.parse(answer).booking;
}

/**
 * Starts loading the bookings contract before the first answer needs it (the Pricing panel calls it when
 * it opens), so Continue does not wait for the chunk after the server has answered (issue 23 #18).
 */
export function preloadBookingContract(): void {
  void import('@stg/domain/api/bookings').catch(() => undefined);
}
