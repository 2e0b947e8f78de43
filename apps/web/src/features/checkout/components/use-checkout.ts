import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useModal } from '../../../components/modal/modal-provider';
import { UNEXPECTED_ERROR } from '../../../lib/api-client';
import { OPEN_PAYMENT_GATEWAY, RETURN_PARAMS } from '../checkout-text';
import type { CheckoutInitFailure } from '../api/create-payment-intent';
import type { CheckoutContext } from './start-checkout';

export interface UseCheckoutOptions {
  vendorId: number;
  /** The customer's scheduled booking with this vendor, if any. */
  bookingId: number | null;
  signedIn: boolean;
  /** The session is known (a return from authentication waits for it). */
  ready: boolean;
  /** Spec §8 appointment_unavailable: the page sends the customer back to Scheduling with the message. */
  onAppointmentUnavailable: (message: string) => void;
  /** invalid_price: the answers no longer price as they did; the page asks the customer to review them. */
  onPriceChanged: (message: string) => void;
  /** The booking changed on the server (paid, refunded, not ready): the page reads it again. */
  onBookingChanged: () => void;
}

/**
 * The Checkout button's behaviour (spec §4, §8) and the return from the provider's authentication page
 * (spec §2 open_payment_gateway): the flow itself loads on first use (start-checkout).
 */
export function useCheckout(options: UseCheckoutOptions) {
  const { openModal, closeModal } = useModal();
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const workingRef = useRef(false);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  const context = useCallback((): CheckoutContext => {
    const o = latest.current;
    return {
      vendorId: o.vendorId,
      bookingId: o.bookingId,
      signedIn: o.signedIn,
      openModal,
      closeModal,
      onFailure: (failure: CheckoutInitFailure) => {
        const handlers = latest.current;
        if (failure.errorType === 'appointment_unavailable')
          handlers.onAppointmentUnavailable(failure.message);
        else if (failure.errorType === 'invalid_price') handlers.onPriceChanged(failure.message);
        else {
          if (failure.errorType === 'booking_not_ready') handlers.onBookingChanged();
          setError(failure.message);
        }
      },
      onBookingChanged: () => latest.current.onBookingChanged(),
    };
  }, [openModal, closeModal]);

  // While a booking can be checked out, the flow's chunk and the payments config load ahead of the
  // press, so Checkout waits only for create-payment-intent (issue 23 #18).
  const queryClient = useQueryClient();
  const canCheckOut = options.bookingId !== null;
  useEffect(() => {
    if (!canCheckOut) return;
    import('./start-checkout').then((flow) => flow.prepareCheckout(queryClient)).catch(() => undefined);
  }, [canCheckOut, queryClient]);

  const start = async () => {
    if (workingRef.current || options.bookingId === null) return;
    workingRef.current = true;
    setWorking(true);
    setError(null);
    try {
      const flow = await import('./start-checkout');
      await flow.startCheckout(context());
    } catch (failure) {
      console.error('Checkout failed to start', failure);
      setError(UNEXPECTED_ERROR);
    } finally {
      workingRef.current = false;
      setWorking(false);
    }
  };

  // Back from 3-D Secure: first take the provider's parameters out of the address (replace, so Back does
  // not reopen it); a navigation closes any open modal, so the payment modal opens once that is done.
  const [params, setParams] = useSearchParams();
  const returning = params.get(OPEN_PAYMENT_GATEWAY) === 'true';
  const returningIntentId = params.get('payment_intent');
  const handled = useRef(false);
  const pending = useRef<{ intentId: string | null } | null>(null);
  useEffect(() => {
    if (returning) {
      if (!options.ready || handled.current) return;
      handled.current = true;
      pending.current = { intentId: returningIntentId };
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const name of RETURN_PARAMS) next.delete(name);
          return next;
        },
        { replace: true },
      );
      return;
    }
    const resume = pending.current;
    if (!resume) return;
    pending.current = null;
    import('./start-checkout')
      .then((flow) => flow.resumeCheckout(context(), resume.intentId))
      .catch((failure: unknown) => {
        console.error('Checkout failed to resume', failure);
        setError(UNEXPECTED_ERROR);
      });
  }, [returning, returningIntentId, options.ready, setParams, context]);

  return { start, working, error };
}

export type Checkout = ReturnType<typeof useCheckout>;
