import type { QueryClient } from '@tanstack/react-query';
import type { CustomerOrder } from '@stg/domain/api/orders';
import { availabilityKeyOf } from '../../../lib/availability-query';
import { reviewsKeyOf } from '../../../lib/query-keys';
import { SESSION_QUERY_KEY } from '../../../lib/session/session-query';
import { ORDERS_QUERY_KEY } from './orders-query';

/**
 * After a change: the answered order replaces its old self in the cached list at once, then the list,
 * the session (which carries the orders too), the vendor's free times and the vendor's reviews (with the
 * customer's eligibility to review, which a cancelled order can change) are fetched again.
 */
export function refreshAfterOrderChange(queryClient: QueryClient, order: CustomerOrder): void {
  queryClient.setQueryData<CustomerOrder[]>(ORDERS_QUERY_KEY, (orders) =>
    orders?.map((o) => (o.id === order.id ? order : o)),
  );
  void queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY });
  void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
  void queryClient.invalidateQueries({ queryKey: availabilityKeyOf(order.vendorId) });
  void queryClient.invalidateQueries({ queryKey: reviewsKeyOf(order.vendorId) });
}
