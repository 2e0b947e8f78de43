import { infiniteQueryOptions, type InfiniteData } from '@tanstack/react-query';
import type { VendorOrderFilter, VendorOrdersPage } from '@stg/domain/api/orders';
import { call } from '../../../lib/api-client';
import { ordersApi } from '@stg/domain/api/orders.endpoints';

/** Orders per page: enough to fill a screen or two, small enough that thousands of orders stay fast. */
export const VENDOR_ORDERS_PAGE_SIZE = 50;

/** Every cached answer about a vendor's orders (each filter's pages, a single work order), for refreshing. */
export const vendorOrdersKeyOf = (vendorId: number) => ['vendors', vendorId, 'orders'] as const;

export type VendorOrdersData = InfiniteData<VendorOrdersPage, string | null>;

/**
 * GET /api/vendors/{id}/orders?filter=&limit=&cursor= (spec §4 Order lists): one page of the vendor's
 * orders, read with the shared contract.
 */
export async function fetchVendorOrdersPage(
  vendorId: number,
  filter: VendorOrderFilter,
  cursor: string | null,
  limit = VENDOR_ORDERS_PAGE_SIZE,
  signal?: AbortSignal,
): Promise<VendorOrdersPage> {
  return call(
    ordersApi.vendorOrders,
    { params: { id: vendorId }, query: { filter, limit, cursor: cursor ?? undefined } },
    { signal },
  );
}

/** The vendor's orders under one filter, a page at a time ("Load more" follows nextCursor). */
export const vendorOrdersQueryOptions = (vendorId: number, filter: VendorOrderFilter) =>
  infiniteQueryOptions({
    queryKey: [...vendorOrdersKeyOf(vendorId), filter],
    queryFn: ({ pageParam, signal }) =>
      fetchVendorOrdersPage(vendorId, filter, pageParam, VENDOR_ORDERS_PAGE_SIZE, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: VendorOrdersPage) => last.nextCursor ?? undefined,
    staleTime: 30_000,
  });
