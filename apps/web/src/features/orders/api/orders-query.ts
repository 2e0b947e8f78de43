import { queryOptions } from '@tanstack/react-query';
import type { CustomerOrder } from '@stg/domain/api/orders';
import { call } from '../../../lib/api-client';
import { ordersApi } from '@stg/domain/api/orders.endpoints';
import { ORDERS_QUERY_KEY } from '../../../lib/query-keys';

export { ORDERS_QUERY_KEY };

/**
 * GET /api/orders (docs/api/checkout.md "Customer orders"): the signed-in customer's orders, newest placed
 * first as the server sorts them. The answer is read with the shared contract, so a changed shape fails
 * here rather than somewhere in the page.
 */
export async function fetchOrders(): Promise<CustomerOrder[]> {
  return (await call(ordersApi.customerOrders)).orders;
}

export const ordersQueryOptions = () =>
  queryOptions({ queryKey: ORDERS_QUERY_KEY, queryFn: fetchOrders, staleTime: 30_000 });
