import type { QueryClient } from '@tanstack/react-query';
import type { VendorOrder } from '@stg/domain/api/orders';
import { availabilityKeyOf } from '../../../lib/availability-query';
import { vendorOrdersKeyOf, type VendorOrdersData } from './vendor-orders-query';

const isPages = (data: unknown): data is VendorOrdersData =>
  typeof data === 'object' && data !== null && 'pages' in data;

/**
 * After an action: the answered order replaces its old self in every cached list page (and a cached work
 * order) at once, then every list of the vendor is fetched again (an order may have left a filter), and
 * the vendor's free times too (a reschedule or a cancel moves or frees a slot).
 */
export function refreshAfterVendorAction(queryClient: QueryClient, order: VendorOrder): void {
  queryClient.setQueriesData<VendorOrdersData | VendorOrder>(
    { queryKey: vendorOrdersKeyOf(order.vendorId) },
    (data) => {
      if (isPages(data))
        return {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            orders: page.orders.map((o) => (o.id === order.id ? order : o)),
          })),
        };
      if (data && data.id === order.id) return order;
      return data;
    },
  );
  void queryClient.invalidateQueries({ queryKey: vendorOrdersKeyOf(order.vendorId) });
  void queryClient.invalidateQueries({ queryKey: availabilityKeyOf(order.vendorId) });
}

/** An order already fetched in one of the vendor's lists, if any (the work order opens at once). */
export function cachedVendorOrder(
  queryClient: QueryClient,
  vendorId: number,
  orderId: number,
): { order: VendorOrder; updatedAt: number } | null {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: vendorOrdersKeyOf(vendorId) })) {
    const data = query.state.data;
    const found = isPages(data)
      ? data.pages.flatMap((page) => page.orders).find((o) => o.id === orderId)
      : (data as VendorOrder | undefined)?.id === orderId
        ? (data as VendorOrder)
        : undefined;
    if (found) return { order: found, updatedAt: query.state.dataUpdatedAt };
  }
  return null;
}
