/**
 * Query keys that more than one feature reads or refreshes. A feature's own queries keep their keys in
 * the feature; these are here so another feature can refresh them without reaching into it.
 */

/** The customer's orders list (features/orders). */
export const ORDERS_QUERY_KEY = ['orders'] as const;

/** Every reviews query of one vendor, whoever asked: the reviews and the visitor's eligibility. */
export const reviewsKeyOf = (vendorId: number) => ['reviews', vendorId] as const;
