/**
 * What other modules read and change of the vendors' rows (a module's repo is its own, ADR 0026): the
 * listing review's approve and reject (listing-review), the vendor in the session answer and after a
 * password reset (session, password).
 */
export { findVendorAdmin, loadVendorDetail, lockVendorRow, updateVendorRow } from './repo';
