import { queryOptions } from '@tanstack/react-query';
import { customerOrdersResponseSchema, type CustomerOrder } from '@stg/domain/api/orders';
import { api } from '../../../lib/api-client';
import { ORDERS_QUERY_KEY } from '../../../lib/query-keys';

export { ORDERS_QUERY_KEY };

/**
 * GET /api/orders (docs/api/checkout.md "Customer orders"): the signed-in customer's orders, newest placed
 * first as the server sorts them. The answer is read with the shared contract, so a changed shape fails
 * here rather than somewhere in the page.
 */
export async function fetchOrders(): Promise<CustomerOrder[]> {
  const answer = await api.get('/api/orders');
  return customerOrdersResponseSchema.parse(answer).orders;
}

export const ordersQueryOptions = () =>
  queryOptions({ queryKey: ORDERS_QUERY_KEY, queryFn: fetchOrders, staleTime: 30_000 });
