/**
 * What other modules read of the scheduling data (a module's repo is its own, ADR 0026): the vendor's
 * order of work the availability answer is computed from (bookings/availability.ts).
 */
export { findVendorOrder } from './repo';
