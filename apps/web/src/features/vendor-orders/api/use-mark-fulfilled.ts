import { useMutation, useQueryClient } from '@tanstack/react-query';
import { markFulfilledRequestSchema, type MarkFulfilledRequest } from '@stg/domain/api/orders';
import { call } from '../../../lib/api-client';
import { ordersApi } from '@stg/domain/api/orders.endpoints';
import { refreshAfterVendorAction } from './refresh-vendor-orders';

/**
 * PATCH /api/orders/{id}/mark-as-fulfilled {order: {confirmed: true, optionalNote}, vendorId} → {order}
 * (spec §7; §5 Completion: the confirm checkbox, an optional note). The payout follows 72 hours later.
 */
export function useMarkFulfilled(orderId: number, vendorId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (optionalNote: string | null) => {
      const body: MarkFulfilledRequest = markFulfilledRequestSchema.parse({
        order: { confirmed: true, optionalNote },
        vendorId,
      });
      return (await call(ordersApi.markFulfilled, { params: { id: orderId }, body })).order;
    },
    onSuccess: (order) => refreshAfterVendorAction(queryClient, order),
  });
}
