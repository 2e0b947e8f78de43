/**
 * What other modules read and change of the vendors' rows (a module's repo is its own, ADR 0026): the
 * listing review reads a vendor as an admin sees it and locks and updates its row to approve or reject it
 * (listing-review/service.ts). The vendor as the session answer shows it is service.ts's loadVendorDetail.
 */
export { findVendorAdmin, listingRowsOf, lockVendorRow, updateVendorRow } from './repo';
/** The listing's facts for the readiness rule and the sample quote (ADR 0032). */
export { listingFactsFrom, listingFactsOfDetail } from './listing-facts';
