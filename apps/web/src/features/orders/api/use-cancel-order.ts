import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  cancelOrderRequestSchema,
  orderResponseSchema,
  type CancelOrderRequest,
} from '@stg/domain/api/orders';
import { call } from '../../../lib/api-client';
import { ordersApi } from '@stg/domain/api/orders.endpoints';
import { refreshAfterOrderChange } from './refresh-after-order-change';

/**
 * PATCH /api/orders/{id}/cancel-order {cancelReason} → {order} (docs/api/checkout.md): the whole amount is
 * refunded to the card. Refused (422) inside the vendor's policy window with a message naming the hours.
 */
export function useCancelOrder(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (cancelReason: string) => {
      const body: CancelOrderRequest = cancelOrderRequestSchema.parse({ cancelReason });
      const answer = await call(ordersApi.cancel, { params: { id: orderId }, body });
      return orderResponseSchema.parse(answer).order;
    },
    onSuccess: (order) => refreshAfterOrderChange(queryClient, order),
  });
}
