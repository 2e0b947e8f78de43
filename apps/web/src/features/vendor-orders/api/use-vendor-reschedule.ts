import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  rescheduleOrderRequestSchema,
  vendorOrderResponseSchema,
  type RescheduleOrderRequest,
} from '@stg/domain/api/orders';
import { call } from '../../../lib/api-client';
import { ordersApi } from '@stg/domain/api/orders.endpoints';
import { refreshAfterVendorAction } from './refresh-vendor-orders';

/**
 * PATCH /api/orders/{id}/reschedule {order: {appointmentAt, confirmed: true}} → {order} (spec §5 Vendor
 * reschedule: the confirm checkbox and a different, free time).
 */
export function useVendorReschedule(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (appointmentAt: string) => {
      const body: RescheduleOrderRequest = rescheduleOrderRequestSchema.parse({
        order: { appointmentAt, confirmed: true },
      });
      const answer = await call(ordersApi.reschedule, { params: { id: orderId }, body });
      return vendorOrderResponseSchema.parse(answer).order;
    },
    onSuccess: (order) => refreshAfterVendorAction(queryClient, order),
  });
}
