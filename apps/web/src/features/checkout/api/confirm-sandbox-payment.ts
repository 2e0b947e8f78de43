import type { SandboxConfirmRequest, SandboxConfirmResponse } from '@stg/domain/api/payments';
import { paymentsApi } from '@stg/domain/api/payments.endpoints';
import { call } from '../../../lib/api-client';

/**
 * POST /api/payments/sandbox/confirm: what Stripe.js does against Stripe, done against the sandbox with a
 * test card or a saved card (docs/api/checkout.md "Confirming the card").
 */
export async function confirmSandboxPayment(body: SandboxConfirmRequest): Promise<SandboxConfirmResponse> {
  return call(paymentsApi.sandboxConfirm, { body });
}
