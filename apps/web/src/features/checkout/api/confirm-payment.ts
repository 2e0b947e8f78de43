import type { ConfirmPaymentRequest, ConfirmPaymentResponse } from '@stg/domain/api/payments';
import { paymentsApi } from '@stg/domain/api/payments.endpoints';
import { call } from '../../../lib/api-client';

/**
 * POST /api/payments/confirm: the server asks the provider about the intent and settles it (the order, or
 * a full refund when the time was taken first). Repeating it changes nothing.
 */
export async function confirmPayment(paymentIntentId: string): Promise<ConfirmPaymentResponse> {
  const body: ConfirmPaymentRequest = { paymentIntentId };
  return call(paymentsApi.confirm, { body });
}
