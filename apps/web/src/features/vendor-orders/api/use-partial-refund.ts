import { useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { partialRefundRequestSchema, type PartialRefundRequest } from '@stg/domain/api/orders';
import { ApiError, call } from '../../../lib/api-client';
import { ordersApi } from '@stg/domain/api/orders.endpoints';
import { refreshAfterVendorAction } from './refresh-vendor-orders';

/**
 * POST /api/orders/{id}/create-partial-refund {refundAmount (dollars), refundReason} → {order} (spec §5
 * Partial refund: more than 0, at most what is left of the payout, step 0.01, a reason).
 */
export function usePartialRefund(orderId: number) {
  const queryClient = useQueryClient();
  // One Idempotency-Key per attempt: a request that may have reached the server (no answer) is sent
  // again with the same key and refunds once; an answered refusal starts a new attempt with a new key.
  const key = useRef(newIdempotencyKey());
  return useMutation({
    mutationFn: async (refund: PartialRefundRequest) => {
      const body = partialRefundRequestSchema.parse(refund);
      const answer = await call(
        ordersApi.partialRefund,
        { params: { id: orderId }, body },
        { headers: { 'Idempotency-Key': key.current } },
      );
      return answer.order;
    },
    onSuccess: (order) => {
      key.current = newIdempotencyKey();
      return refreshAfterVendorAction(queryClient, order);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status !== 0) key.current = newIdempotencyKey();
    },
  });
}

/** A random key (crypto.getRandomValues works outside secure contexts too, unlike randomUUID). */
function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return `refund-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
