import type { QueryClient } from '@tanstack/react-query';
import type { CustomerOrder } from '@stg/domain/api/orders';
import { availabilityKeyOf } from '../../../lib/availability-query';
import { SESSION_QUERY_KEY } from '../../../lib/session/session-query';
import { ORDERS_QUERY_KEY } from './orders-query';

/**
 * After a change: the answered order replaces its old self in the cached list at once, then the list,
 * the session (which carries the orders too) and the vendor's free times are fetched again.
 */
export function refreshAfterOrderChange(queryClient: QueryClient, order: CustomerOrder): void {
  queryClient.setQueryData<CustomerOrder[]>(ORDERS_QUERY_KEY, (orders) =>
    orders?.map((o) => (o.id === order.id ? order : o)),
  );
  void queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY });
  void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
  void queryClient.invalidateQueries({ queryKey: availabilityKeyOf(order.vendorId) });
}
