import {
  sandboxConfirmResponseSchema,
  type SandboxConfirmRequest,
  type SandboxConfirmResponse,
} from '@stg/domain/api/payments';
import { api } from '../../../lib/api-client';

/**
 * POST /api/payments/sandbox/confirm: what Stripe.js does against Stripe, done against the sandbox with a
 * test card or a saved card (docs/api/checkout.md "Confirming the card").
 */
export async function confirmSandboxPayment(body: SandboxConfirmRequest): Promise<SandboxConfirmResponse> {
  return sandboxConfirmResponseSchema.parse(await api.post('/api/payments/sandbox/confirm', body));
}
