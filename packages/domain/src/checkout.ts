/**
 * Checkout (spec §4 Booking flow, §8 payment messages, §9 service charge; ARCHITECTURE §5a): how the
 * money of an order is split, the sandbox's test cards, and the texts the customer sees. Pure.
 */
import { basisPoints, type Cents } from './money';

/** How long create-payment-intent holds the chosen time for the customer, by default. */
export const DEFAULT_HOLD_MINUTES = 10;

export const CHECKOUT_MESSAGES = {
  /** Spec §8: any init error_type other than the three named ones. */
  vendorPaymentSetupIncomplete: 'Vendor Payment Setup Incomplete',
  notLoggedIn: 'Please sign in or create an account to check out.',
  bookingNotScheduled: 'Please pick an appointment time before checking out.',
  bookingNotFound: 'Booking not found',
  bookingAlreadyPaid: 'This booking has already been paid for.',
  bookingChanged: 'Your booking changed while you were checking out. Please review it and check out again.',
  noAddress: 'Please add your address in Account Settings before checking out.',
  // Spec §8 status messages.
  succeeded: 'Payment success!',
  processing: 'Your payment is processing.',
  failed: 'Your payment was not successful, please try again.',
  somethingWrong: 'Something went wrong.',
  /** Two payments for overlapping times both went through: this one lost and was refunded in full. */
  slotTakenRefunded:
    'Another customer booked this time a moment before you. Your payment has been refunded in full; please select a different time.',
  /**
   * A payment that went through after its hold ran out, while another customer held the time: the valid
   * hold wins, and this one is refunded in full.
   */
  holdLapsedRefunded:
    'Your hold on this time ran out before your payment went through, and another customer is booking it now. Your payment has been refunded in full; please select a different time.',
  /** The intent was cancelled because the hold ran out: nothing was charged. */
  holdEnded: 'Your hold on this time ran out, so this payment was not taken. Nothing was charged.',
  /** Test mode refuses any card number outside the sandbox's list. */
  testCardOnly: 'Test mode accepts only the test card numbers listed below.',
  cardNumberInvalid: 'Your card number is incomplete.',
  expiryInvalid: "Your card's expiration date is incomplete.",
  expiryPast: "Your card's expiration year is in the past.",
  cvcInvalid: "Your card's security code is incomplete.",
  paymentNotFound: 'Payment not found',
  paymentMethodNotFound: 'That saved card is no longer available. Please choose another card.',
} as const;

/** Init errors of spec §8 (create-payment-intent answers one with HTTP 4xx). */
export const PAYMENT_INIT_ERROR_TYPES = [
  'not_logged_in',
  'appointment_unavailable',
  'invalid_price',
  'vendor_payment_setup_incomplete',
  'booking_not_ready',
] as const;
export type PaymentInitErrorType = (typeof PAYMENT_INIT_ERROR_TYPES)[number];

/** The customer's message for an init error (spec §8). `serverMessage` is shown for invalid_price. */
export function paymentInitMessage(errorType: string, serverMessage: string): string {
  switch (errorType) {
    case 'appointment_unavailable':
      return 'Appointment time is no longer available. Please select a different time.';
    case 'invalid_price':
    case 'booking_not_ready':
    case 'not_logged_in':
      return serverMessage;
    default:
      return CHECKOUT_MESSAGES.vendorPaymentSetupIncomplete;
  }
}

export interface OrderAmounts {
  subtotalCents: Cents;
  serviceFeeCents: Cents;
  commissionCents: Cents;
  vendorPayoutCents: Cents;
  totalCents: Cents;
}

/**
 * Spec §3/§9: total collected = subtotal + service charge; the service fee is the service charge; the
 * commission is the vendor's rate (basis points) of the subtotal, rounded half up; the vendor's payout
 * is the rest of the subtotal. The parts always add up to the total.
 */
export function orderAmounts(
  subtotalCents: Cents,
  serviceChargeCents: Cents,
  commissionBps: number,
): OrderAmounts {
  if (!Number.isInteger(subtotalCents) || subtotalCents < 0)
    throw new RangeError('Subtotal must be whole cents');
  if (!Number.isInteger(serviceChargeCents) || serviceChargeCents < 0)
    throw new RangeError('Service charge must be whole cents');
  const commissionCents = basisPoints(subtotalCents, Math.min(10_000, Math.max(0, commissionBps)));
  return {
    subtotalCents,
    serviceFeeCents: serviceChargeCents,
    commissionCents,
    vendorPayoutCents: subtotalCents - commissionCents,
    totalCents: subtotalCents + serviceChargeCents,
  };
}

/**
 * What the sandbox does with a test card (Stripe's documented numbers). `requires_authentication` (3155)
 * asks for 3-D Secure on-session, but once saved for off-session use its off-session charges go through;
 * `authentication_always` (3184) asks on every charge, so each off-session charge needs the customer back;
 * `declined_after_attach` (0341) can be saved (attached to a customer) but every charge of it is declined.
 */
export type TestCardBehaviour =
  | 'succeeds'
  | 'declined'
  | 'insufficient_funds'
  | 'requires_authentication'
  | 'authentication_always'
  | 'declined_after_attach';

export interface TestCard {
  number: string;
  brand: 'visa' | 'mastercard' | 'amex';
  behaviour: TestCardBehaviour;
  label: string;
}

export const TEST_CARDS: readonly TestCard[] = [
  { number: '4242424242424242', brand: 'visa', behaviour: 'succeeds', label: 'Succeeds' },
  { number: '5555555555554444', brand: 'mastercard', behaviour: 'succeeds', label: 'Succeeds (Mastercard)' },
  { number: '4000000000000002', brand: 'visa', behaviour: 'declined', label: 'Declined' },
  { number: '4000000000009995', brand: 'visa', behaviour: 'insufficient_funds', label: 'Insufficient funds' },
  {
    number: '4000002500003155',
    brand: 'visa',
    behaviour: 'requires_authentication',
    label: 'Needs authentication (3-D Secure)',
  },
  {
    number: '4000002760003184',
    brand: 'visa',
    behaviour: 'authentication_always',
    label: 'Needs authentication on every charge',
  },
  {
    number: '4000000000000341',
    brand: 'visa',
    behaviour: 'declined_after_attach',
    label: 'Attaches, then every charge is declined',
  },
];

/** The provider's own messages for a refused test card (as Stripe words them). */
export const CARD_DECLINE_MESSAGES = {
  declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  /** An off-session charge the bank wants the customer to authenticate (SCA). */
  authentication_required: 'Your card was declined. This transaction requires authentication.',
  authentication_failed:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
} as const;

/** Digits only: "4242 4242 4242 4242" → "4242424242424242". */
export const cardDigits = (value: string) => value.replace(/[\s-]/g, '');

export function findTestCard(number: string): TestCard | null {
  const digits = cardDigits(number);
  return TEST_CARDS.find((c) => c.number === digits) ?? null;
}

/** "4242 4242 4242 4242" as a customer types it. */
export function formatCardNumber(value: string): string {
  return cardDigits(value)
    .replace(/\D/g, '')
    .slice(0, 16)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

export interface CardFormInput {
  number: string;
  /** "MM / YY" or "MM/YY". */
  expiry: string;
  cvc: string;
}

export interface CheckedCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  testCard: TestCard;
}

/**
 * The sandbox's card form, checked as Stripe's card field checks it, and only the test numbers: the
 * errors in the form's order, or the card. `now` decides whether the expiry is past.
 */
export function checkTestCard(
  input: CardFormInput,
  now: Date,
): { errors: string[]; card: CheckedCard | null } {
  const errors: string[] = [];
  const digits = cardDigits(input.number);
  let testCard: TestCard | null = null;
  if (!/^\d{12,19}$/.test(digits)) errors.push(CHECKOUT_MESSAGES.cardNumberInvalid);
  else {
    testCard = findTestCard(digits);
    if (!testCard) errors.push(CHECKOUT_MESSAGES.testCardOnly);
  }
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(input.expiry);
  let expMonth = 0;
  let expYear = 0;
  if (!m || Number(m[1]) < 1 || Number(m[1]) > 12) errors.push(CHECKOUT_MESSAGES.expiryInvalid);
  else {
    expMonth = Number(m[1]);
    expYear = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
    const year = now.getUTCFullYear();
    const month = now.getUTCMonth() + 1;
    if (expYear < year || (expYear === year && expMonth < month)) errors.push(CHECKOUT_MESSAGES.expiryPast);
  }
  if (!/^\d{3,4}$/.test(input.cvc.trim())) errors.push(CHECKOUT_MESSAGES.cvcInvalid);
  if (errors.length > 0 || !testCard) return { errors, card: null };
  return { errors, card: { number: digits, expMonth, expYear, cvc: input.cvc.trim(), testCard } };
}

/** "Visa ending in 4242". */
export function cardLabel(brand: string | null | undefined, last4: string | null | undefined): string {
  const name = brand ? brand.charAt(0).toUpperCase() + brand.slice(1) : 'Card';
  return last4 ? `${name} ending in ${last4}` : name;
}
