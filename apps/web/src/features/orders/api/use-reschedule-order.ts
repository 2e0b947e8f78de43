import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  orderResponseSchema,
  rescheduleOrderRequestSchema,
  type RescheduleOrderRequest,
} from '@stg/domain/api/orders';
import { call } from '../../../lib/api-client';
import { ordersApi } from '@stg/domain/api/orders.endpoints';
import { refreshAfterOrderChange } from './refresh-after-order-change';

/** PATCH /api/orders/{id}/reschedule {order: {appointmentAt}} → {order} (docs/api/checkout.md). */
export function useRescheduleOrder(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (appointmentAt: string) => {
      const body: RescheduleOrderRequest = rescheduleOrderRequestSchema.parse({ order: { appointmentAt } });
      const answer = await call(ordersApi.reschedule, { params: { id: orderId }, body });
      return orderResponseSchema.parse(answer).order;
    },
    onSuccess: (order) => refreshAfterOrderChange(queryClient, order),
  });
}
