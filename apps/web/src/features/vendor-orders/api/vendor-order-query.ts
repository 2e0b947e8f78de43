import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { VendorOrder } from '@stg/domain/api/orders';
import { ORDER_MESSAGES } from '@stg/domain/order-actions';
import { ApiError } from '../../../lib/api-client';
import { cachedVendorOrder } from './refresh-vendor-orders';
import { fetchVendorOrdersPage, vendorOrdersKeyOf } from './vendor-orders-query';

/** The largest page the list endpoint gives, and how many of them a lookup reads at most (10,000 orders). */
const LOOKUP_PAGE_SIZE = 200;
const LOOKUP_MAX_PAGES = 50;

/**
 * One of the vendor's orders, for its work order (/work-orders/{id}). Opened from Order History it is
 * already in the list's cache and shows at once; opened directly (a reload, a bookmark) it is looked up
 * in the vendor's orders (GET /api/vendors/{id}/orders?filter=all, the largest pages), since the API has
 * no vendor read of a single order. Not found: "Order not found".
 */
export async function findVendorOrder(
  vendorId: number,
  orderId: number,
  signal?: AbortSignal,
): Promise<VendorOrder> {
  let cursor: string | null = null;
  for (let page = 0; page < LOOKUP_MAX_PAGES; page += 1) {
    const answer = await fetchVendorOrdersPage(vendorId, 'all', cursor, LOOKUP_PAGE_SIZE, signal);
    const found = answer.orders.find((o) => o.id === orderId);
    if (found) return found;
    if (!answer.nextCursor) break;
    cursor = answer.nextCursor;
  }
  throw new ApiError(404, [ORDER_MESSAGES.orderNotFound]);
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
