import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  orderResponseSchema,
  rescheduleOrderRequestSchema,
  type RescheduleOrderRequest,
} from '@stg/domain/api/orders';
import { api } from '../../../lib/api-client';
import { refreshAfterOrderChange } from './refresh-after-order-change';

/** PATCH /api/orders/{id}/reschedule {order: {appointmentAt}} → {order} (docs/api/checkout.md). */
export function useRescheduleOrder(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (appointmentAt: string) => {
      const body: RescheduleOrderRequest = rescheduleOrderRequestSchema.parse({ order: { appointmentAt } });
      const answer = await api.patch(`/api/orders/${orderId}/reschedule`, body);
      return orderResponseSchema.parse(answer).order;
    },
    onSuccess: (order) => refreshAfterOrderChange(queryClient, order),
  });
}
