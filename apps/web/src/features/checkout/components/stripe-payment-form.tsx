/**
 * The card form on Stripe (docs/api/checkout.md "Confirming the card"): the Payment Element with the
 * intent's client secret. Loaded only when the payment modal opens with the Stripe provider, so Stripe.js
 * and React Stripe stay out of the first bundle.
 */
import { useState, type FormEvent } from 'react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe, type StripeError } from '@stripe/stripe-js';
import { CHECKOUT_MESSAGES } from '@stg/domain/checkout';
import { ErrorList } from '../../../components/error-list';
import { PageLoader } from '../../../components/page-loader';
import { UNEXPECTED_ERROR } from '../../../lib/api-client';
import { NEW_CARD, dollars, returnPath } from '../checkout-text';
import type { ProviderFormProps, ProviderOutcome } from '../payment-types';
import { PayButton } from './pay-button';
import { SaveCardCheckbox } from './save-card-checkbox';

const stripes = new Map<string, Promise<Stripe | null>>();

/** One Stripe.js per publishable key, loaded on first use. */
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripes.set(publishableKey, stripe);
  }
  return stripe;
}

/** Spec §8: card and validation errors show the provider's message, anything else the generic one. */
export function stripeErrorMessage(error: Pick<StripeError, 'type' | 'message'>): string {
  if ((error.type === 'card_error' || error.type === 'validation_error') && error.message)
    return error.message;
  return UNEXPECTED_ERROR;
}

/** What an intent's status after confirmation means for the modal. */
function outcomeOf(status: string | undefined): ProviderOutcome {
  // A cancelled intent (the hold ran out): the server says what happened and the modal starts again.
  if (status === 'succeeded' || status === 'processing' || status === 'canceled') return { kind: 'confirm' };
  if (status === 'requires_payment_method') return { kind: 'refused', message: CHECKOUT_MESSAGES.failed };
  return { kind: 'refused', message: CHECKOUT_MESSAGES.somethingWrong };
}

/** Stripe's refusal; an intent no longer payable (cancelled when its hold ran out) is the server's to explain. */
function refusalOf(error: Pick<StripeError, 'type' | 'message' | 'code'>): ProviderOutcome {
  if (error.code === 'payment_intent_unexpected_state') return { kind: 'confirm' };
  return { kind: 'refused', message: stripeErrorMessage(error) };
}

export default function StripePaymentForm(props: ProviderFormProps & { publishableKey: string }) {
  const { publishableKey, intent } = props;
  return (
    <Elements
      // A new intent (another client secret) needs a new Elements group.
      key={intent.clientSecret}
      stripe={stripeFor(publishableKey)}
      options={{ clientSecret: intent.clientSecret }}
    >
      <StripeCardForm {...props} />
    </Elements>
  );
}

function StripeCardForm({
  vendorId,
  intent,
  choice,
  choices,
  saveCard,
  onSaveCardChange,
  updateSaveCard,
  working,
  formError,
  pay,
}: ProviderFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [updating, setUpdating] = useState(false);
  const newCard = choice === NEW_CARD;

  const run = async (): Promise<ProviderOutcome> => {
    if (!stripe || !elements) return { kind: 'refused', message: UNEXPECTED_ERROR };
    if (!newCard) {
      const { error, paymentIntent } = await stripe.confirmCardPayment(intent.clientSecret, {
        payment_method: choice,
      });
      if (error) return refusalOf(error);
      return outcomeOf(paymentIntent?.status);
    }
    const { error, paymentIntent } = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: new URL(returnPath(vendorId), window.location.origin).href },
      // Cards that need 3-D Secure leave for the bank's page and come back to return_url.
      redirect: 'if_required',
    });
    if (error) return refusalOf(error);
    return outcomeOf(paymentIntent?.status);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    pay(run);
  };

  // The save choice changes the intent (setup_future_usage): the server updates it, then the Element.
  const onSave = async (save: boolean) => {
    onSaveCardChange(save);
    setUpdating(true);
    try {
      await updateSaveCard(save);
      await elements?.fetchUpdates();
    } finally {
      setUpdating(false);
    }
  };

  return (
    <form className="checkout-form" aria-label="Card payment" onSubmit={onSubmit} noValidate>
      {choices}
      {newCard && (
        <div className="checkout-form__element">
          {!ready && <PageLoader label="Loading the card form…" />}
          <PaymentElement onReady={() => setReady(true)} />
          {!intent.planConsent && (
            <SaveCardCheckbox
              checked={saveCard}
              onChange={(save) => void onSave(save)}
              disabled={working || updating}
            />
          )}
        </div>
      )}
      <ErrorList errors={formError ? [formError] : []} />
      <PayButton
        amount={dollars(intent.price)}
        working={working}
        disabled={!stripe || !elements || updating || (newCard && !ready)}
        consent={intent.planConsent}
      />
    </form>
  );
}
