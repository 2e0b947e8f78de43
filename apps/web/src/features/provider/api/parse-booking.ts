import { bookingsApi } from '@stg/domain/api/bookings.endpoints';

/**
 * Starts loading the bookings contract (and zod) before the first booking answer needs it (the Pricing
 * panel calls it when it opens), so Continue does not wait for the chunk after the server has answered
 * (issue 23 #18). The contract stays out of the provider page's chunk (ADR 0023): `call` loads it.
 */
export function preloadBookingContract(): void {
  void bookingsApi.create.schemas().catch(() => undefined);
}
