/**
 * The checkout flow (spec §4 Booking flow, §6 Guest, §8 Payment init error_type), loaded when the customer
 * first presses Checkout or comes back from the provider's authentication page: it brings zod and the
 * payment modal, which the provider page's first bundle does not need.
 */
import type { ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { LazyUserSessionForm } from '../../auth/components/user-session-form-lazy';
import {
  checkoutInitFailure,
  createPaymentIntent,
  type CheckoutInitFailure,
} from '../api/create-payment-intent';
import { ensureCsrfToken } from '../../../lib/api-client';
import { paymentsConfigQueryOptions } from '../api/payments-config-query';
import { PAYMENT_STEP } from '../checkout-text';
import { PaymentGatewayModal, type PaymentGatewayModalProps } from './payment-gateway-modal';

export interface CheckoutContext {
  vendorId: number;
  /** The customer's scheduled booking with this vendor; null when none is open. */
  bookingId: number | null;
  signedIn: boolean;
  openModal: (content: ReactNode) => void;
  closeModal: () => void;
  /** Checkout could not start: the page shows why (spec §8). */
  onFailure: (failure: CheckoutInitFailure) => void;
  /** The booking was paid, refunded or changed on the server: the page reads it again. */
  onBookingChanged: () => void;
}

type ModalOptions = Pick<PaymentGatewayModalProps, 'step' | 'initialIntent' | 'returningIntentId'>;

function openPayment(ctx: CheckoutContext, options: ModalOptions) {
  ctx.openModal(
    <PaymentGatewayModal
      vendorId={ctx.vendorId}
      bookingId={ctx.bookingId}
      onInitFailure={(failure) => {
        ctx.closeModal();
        ctx.onFailure(failure);
      }}
      onBookingChanged={ctx.onBookingChanged}
      {...options}
    />,
  );
}

/**
 * Guest checkout: the user-session-form as Booking Information (Step 1 of 2); once signed up or in (the
 * server moves the guest's booking to the account), `next` opens step 2.
 */
function openBookingInformation(ctx: CheckoutContext, mode: 'sign-up' | 'sign-in', next: () => void) {
  ctx.openModal(<LazyUserSessionForm initialMode={mode} booking={{ onAuthenticated: next }} />);
}

/**
 * Ahead of Checkout (the Summary panel offers it): the payments config the modal's card form needs is
 * read now, so the form shows as soon as the payment intent is there.
 */
export function prepareCheckout(queryClient: QueryClient): void {
  ensureCsrfToken();
  void queryClient.prefetchQuery(paymentsConfigQueryOptions());
}

/** Checkout: POST create-payment-intent, then the payment modal; a guest signs up or in first. */
export async function startCheckout(ctx: CheckoutContext): Promise<void> {
  if (ctx.bookingId === null) return;
  try {
    const intent = await createPaymentIntent(ctx.bookingId);
    openPayment(ctx, { initialIntent: intent });
    // The booking is pending now (its time held): the page reads it again, and Summary reads "Continue".
    ctx.onBookingChanged();
  } catch (error) {
    const failure = checkoutInitFailure(error);
    if (failure.errorType === 'not_logged_in')
      // The same booking again once signed in: the modal asks for its intent itself.
      openBookingInformation(ctx, 'sign-up', () =>
        openPayment({ ...ctx, signedIn: true }, { step: PAYMENT_STEP }),
      );
    else ctx.onFailure(failure);
  }
}

/**
 * Back on /vendors/{id}?open_payment_gateway=true (spec §2): with the provider's payment_intent the modal
 * asks the server how the payment ended; without one it starts Checkout again. Signed out, sign in first.
 */
export function resumeCheckout(ctx: CheckoutContext, returningIntentId: string | null): void {
  const open = () => {
    if (returningIntentId) openPayment(ctx, { returningIntentId });
    else void startCheckout(ctx);
  };
  if (ctx.signedIn) open();
  else openBookingInformation(ctx, 'sign-in', open);
}
