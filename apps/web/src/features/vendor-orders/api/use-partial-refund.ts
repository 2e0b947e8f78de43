import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  partialRefundRequestSchema,
  vendorOrderResponseSchema,
  type PartialRefundRequest,
} from '@stg/domain/api/orders';
import { api } from '../../../lib/api-client';
import { refreshAfterVendorAction } from './refresh-vendor-orders';

/**
 * POST /api/orders/{id}/create-partial-refund {refundAmount (dollars), refundReason} → {order} (spec §5
 * Partial refund: more than 0, at most what is left of the payout, step 0.01, a reason).
 */
export function usePartialRefund(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (refund: PartialRefundRequest) => {
      const body = partialRefundRequestSchema.parse(refund);
      const answer = await api.post<unknown>(`/api/orders/${orderId}/create-partial-refund`, body);
      return vendorOrderResponseSchema.parse(answer).order;
    },
    onSuccess: (order) => refreshAfterVendorAction(queryClient, order),
  });
}
