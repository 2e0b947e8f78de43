/**
 * What other modules read and write of the pricing data (a module's repo is its own, ADR 0026): a
 * vendor's formula row (bookings, orders, payment settlement), a vendor's questions and the answers saved
 * for a guest or an address (bookings, the session answer, users' addresses).
 */
export {
  findGuestInputs,
  findVendor,
  listAddressInputs,
  listVendorInputs,
  mergeGuestInputs,
  upsertAddressInputs,
} from './repo';
