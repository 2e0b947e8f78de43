import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { VendorOrder } from '@stg/domain/api/orders';
import { call } from '../../../lib/api-client';
import { ordersApi } from '@stg/domain/api/orders.endpoints';
import { cachedVendorOrder } from './refresh-vendor-orders';
import { vendorOrdersKeyOf } from './vendor-orders-query';

/**
 * One of the vendor's orders, for its work order (/work-orders/{id}). Opened from Order History it is
 * already in the list's cache and shows at once; opened directly (a reload, a bookmark) it is read with
 * GET /api/vendors/{id}/orders/{orderId} (404 "Order not found" when it is not this vendor's).
 */
export async function findVendorOrder(
  vendorId: number,
  orderId: number,
  signal?: AbortSignal,
): Promise<VendorOrder> {
  return (await call(ordersApi.vendorOrder, { params: { id: vendorId, orderId } }, { signal })).order;
}

export const vendorOrderQueryOptions = (queryClient: QueryClient, vendorId: number, orderId: number) => {
  const cached = () => cachedVendorOrder(queryClient, vendorId, orderId);
  return queryOptions({
    queryKey: [...vendorOrdersKeyOf(vendorId), 'order', orderId],
    queryFn: ({ signal }) => findVendorOrder(vendorId, orderId, signal),
    initialData: () => cached()?.order,
    initialDataUpdatedAt: () => cached()?.updatedAt,
    staleTime: 30_000,
    retry: false,
  });
};
