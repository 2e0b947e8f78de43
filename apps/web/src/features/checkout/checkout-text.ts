/**
 * The payment modal's words and small formats (spec §8 messages come from @stg/domain/checkout). Pure and
 * free of zod, so the provider page's first bundle may use it.
 */
import type { SavedPaymentMethod } from '@stg/domain/api/payments';
import { cardLabel } from '@stg/domain/checkout';
import { formatClock } from '@stg/domain/dates';
import { dollarsToCents, formatDollars } from '@stg/domain/money';

export const PAYMENT_TITLE = 'Payment';
export const PAYMENT_STEP = 'Step 2 of 2';
export const NEW_CARD = 'new';
export const USE_NEW_CARD = 'Use a new card';
export const SAVE_CARD = 'Save this card for next time';
export const TEST_MODE = 'Test mode';
export const TEST_MODE_NOTE = 'No real card is charged. Pay with one of the test cards listed below.';
export const VIEW_ORDERS = 'View your orders';
export const CONFIRMING_ORDER = 'Confirming your order…';
/** The query that reopens the payment modal after the provider's authentication page (spec §2). */
export const OPEN_PAYMENT_GATEWAY = 'open_payment_gateway';
/** What the provider adds to the return address. */
export const RETURN_PARAMS = [
  OPEN_PAYMENT_GATEWAY,
  'payment_intent',
  'payment_intent_client_secret',
  'redirect_status',
] as const;

/** "$117.15" from dollars. */
export const dollars = (amount: number) => formatDollars(dollarsToCents(amount));

/** "We are holding this time for you until 9:42am (Mountain Time)." (the shared clock format, spec §9) */
export const holdNotice = (holdExpiresAt: string) =>
  `We are holding this time for you until ${formatClock(holdExpiresAt)} (Mountain Time).`;

/** "Visa ending in 4242 · expires 12/30". */
export function savedCardLabel({ card }: SavedPaymentMethod): string {
  const month = String(card.exp_month).padStart(2, '0');
  const year = String(card.exp_year % 100).padStart(2, '0');
  return `${cardLabel(card.brand, card.last4)} · expires ${month}/${year}`;
}

/** Where the provider's authentication page sends the customer back: this vendor's page, reopening payment. */
export const returnPath = (vendorId: number) => `/vendors/${vendorId}?${OPEN_PAYMENT_GATEWAY}=true`;
