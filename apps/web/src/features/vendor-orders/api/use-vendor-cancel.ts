import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  cancelOrderRequestSchema,
  vendorOrderResponseSchema,
  type CancelOrderRequest,
} from '@stg/domain/api/orders';
import { call } from '../../../lib/api-client';
import { ordersApi } from '@stg/domain/api/orders.endpoints';
import { refreshAfterVendorAction } from './refresh-vendor-orders';

/**
 * PATCH /api/orders/{id}/cancel-order {cancelReason, confirmed: true} → {order} (spec §5 Cancellation: a
 * reason and, for a vendor, the confirm checkbox). The customer is refunded in full.
 */
export function useVendorCancel(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (cancelReason: string) => {
      const body: CancelOrderRequest = cancelOrderRequestSchema.parse({ cancelReason, confirmed: true });
      const answer = await call(ordersApi.cancel, { params: { id: orderId }, body });
      return vendorOrderResponseSchema.parse(answer).order;
    },
    onSuccess: (order) => refreshAfterVendorAction(queryClient, order),
  });
}
