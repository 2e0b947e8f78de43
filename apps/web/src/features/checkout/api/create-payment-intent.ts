import {
  paymentInitErrorSchema,
  type CreatePaymentIntentRequest,
  type CreatePaymentIntentResponse,
} from '@stg/domain/api/payments';
import { paymentsApi } from '@stg/domain/api/payments.endpoints';
import { CHECKOUT_MESSAGES, paymentInitMessage, type PaymentInitErrorType } from '@stg/domain/checkout';
import { ApiError, call, errorsOf } from '../../../lib/api-client';

/**
 * POST /api/payments/create-payment-intent (spec §7; docs/api/checkout.md): holds the booking's time and
 * opens the payment. Idempotent while nothing changed; `saveCard` may be sent again to change the choice.
 */
export async function createPaymentIntent(
  bookingId: number,
  saveCard?: boolean,
): Promise<CreatePaymentIntentResponse> {
  const body: CreatePaymentIntentRequest = {
    booking: { id: bookingId },
    ...(saveCard === undefined ? {} : { saveCard }),
  };
  return call(paymentsApi.createPaymentIntent, { body });
}

/** Why Checkout could not start, and what the customer is told (spec §8 Payment init error_type). */
export interface CheckoutInitFailure {
  /** The server's error_type; 'other' for a type this client does not know, null without one. */
  errorType: PaymentInitErrorType | 'other' | null;
  message: string;
}

export function checkoutInitFailure(error: unknown): CheckoutInitFailure {
  if (error instanceof ApiError) {
    const parsed = paymentInitErrorSchema.safeParse(error.body);
    if (parsed.success) {
      const { error_type: errorType, message } = parsed.data;
      return { errorType, message: paymentInitMessage(errorType, message) };
    }
    const type = (error.body as { error_type?: unknown } | null | undefined)?.error_type;
    // Spec §8: any other type shows "Vendor Payment Setup Incomplete".
    if (typeof type === 'string')
      return { errorType: 'other', message: CHECKOUT_MESSAGES.vendorPaymentSetupIncomplete };
  }
  // No error_type at all (a booking that is not the caller's, the provider down, the network): its message.
  return { errorType: null, message: errorsOf(error).join(' ') };
}
