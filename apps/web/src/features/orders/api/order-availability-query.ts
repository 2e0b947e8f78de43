import { queryOptions } from '@tanstack/react-query';
import { availabilityKeyOf, fetchAvailability } from '../../../lib/availability-query';

/**
 * GET /api/vendors/{vendorId}/vendor_calendars?duration=90&order_id={orderId} (docs/api/checkout.md
 * "Customer orders"): the vendor's free starts for this order's length, in one-minute steps; the order's
 * own time does not block. Always fetched fresh when the reschedule modal opens.
 */
export const orderAvailabilityQueryOptions = (vendorId: number, orderId: number) =>
  queryOptions({
    queryKey: [...availabilityKeyOf(vendorId), { orderId }],
    queryFn: () => fetchAvailability(vendorId, { orderId }),
    staleTime: 0,
  });
