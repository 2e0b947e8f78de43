import type { ReactNode } from 'react';
import type { CreatePaymentIntentResponse } from '@stg/domain/api/payments';

/** What the card form's confirmation with the provider came to. */
export type ProviderOutcome =
  /** The provider accepted the card (succeeded or processing): ask the server to settle it. */
  | { kind: 'confirm' }
  /** The card or its details were refused: the provider's message, the form stays as typed. */
  | { kind: 'refused'; message: string }
  /** 3-D Secure: the browser goes to the provider's authentication page. */
  | { kind: 'redirect'; url: string }
  /** The form's own checks stopped it (messages beside the fields); nothing was sent. */
  | { kind: 'invalid' };

/** Saved card id, or NEW_CARD. */
export type CheckoutChoice = string;

/** What every provider's card form gets from the payment modal. */
export interface ProviderFormProps {
  vendorId: number;
  intent: CreatePaymentIntentResponse;
  choice: CheckoutChoice;
  /** The saved-card radio list (Checkout type), shown at the top of the form; null without saved cards. */
  choices: ReactNode;
  saveCard: boolean;
  onSaveCardChange: (save: boolean) => void;
  /** Asks the server for the intent again with the save choice (Stripe's setup_future_usage). */
  updateSaveCard: (save: boolean) => Promise<void>;
  working: boolean;
  /** The provider's refusal or a failure, shown above the Pay button. */
  formError: string | null;
  /** The customer is changing the card details: the old refusal no longer applies. */
  clearFormError: () => void;
  /** Runs one confirmation; the modal keeps the buttons disabled meanwhile and settles the outcome. */
  pay: (run: () => Promise<ProviderOutcome>) => void;
}
