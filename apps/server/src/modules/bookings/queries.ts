/**
 * What other modules read and change of the bookings (a module's repo is its own, ADR 0026): checkout,
 * card holds and settlement find, lock and update the booking they pay for (payments); the nightly
 * maintenance drops the guest bookings of expired sessions (jobs).
 */
export {
  bookingPaidUpdate,
  bookingLockedAfter,
  bookingRowUpdate,
  deleteGuestBookingsOfExpiredSessions,
  findOwnedBooking,
  findBookingForCheckout,
  lockOwner,
  ownerLockKeys,
  updateBookingRow,
  type LockedBookingColumns,
} from './repo';
