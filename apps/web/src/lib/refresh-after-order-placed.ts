import type { QueryClient } from '@tanstack/react-query';
import { availabilityKeyOf } from './availability-query';
import { ORDERS_QUERY_KEY, reviewsKeyOf } from './query-keys';
import { SESSION_QUERY_KEY } from './session/session-query';

/**
 * A payment became an order with this vendor (the confirm answer or the order confirmation socket): read
 * again what the order changed, so no page needs a reload (issue 23 #17). The session (its bookings and
 * orders), the customer's orders list, the vendor's reviews with the visitor's eligibility (an order
 * makes the customer eligible to review), and the vendor's free times (the slot is taken now).
 */
export function refreshAfterOrderPlaced(queryClient: QueryClient, vendorId: number): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: reviewsKeyOf(vendorId) }),
    queryClient.invalidateQueries({ queryKey: availabilityKeyOf(vendorId) }),
  ]);
}
