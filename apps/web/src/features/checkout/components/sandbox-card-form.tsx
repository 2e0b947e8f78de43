import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  CHECKOUT_MESSAGES,
  TEST_CARDS,
  checkTestCard,
  formatCardNumber,
  type CardFormInput,
} from '@stg/domain/checkout';
import { ErrorList } from '../../../components/error-list';
import { TextField } from '../../../components/text-field';
import { confirmSandboxPayment } from '../api/confirm-sandbox-payment';
import { NEW_CARD, TEST_MODE, TEST_MODE_NOTE, dollars, returnPath } from '../checkout-text';
import type { ProviderFormProps, ProviderOutcome } from '../payment-types';
import { PayButton } from './pay-button';
import { SaveCardCheckbox } from './save-card-checkbox';

type Field = keyof CardFormInput;

/** Which field each of checkTestCard's messages belongs to. */
const FIELD_OF: Record<string, Field> = {
  [CHECKOUT_MESSAGES.cardNumberInvalid]: 'number',
  [CHECKOUT_MESSAGES.testCardOnly]: 'number',
  [CHECKOUT_MESSAGES.expiryInvalid]: 'expiry',
  [CHECKOUT_MESSAGES.expiryPast]: 'expiry',
  [CHECKOUT_MESSAGES.cvcInvalid]: 'cvc',
};

/** "1230" → "12 / 30" as it is typed. */
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

/**
 * The sandbox's card form (ARCHITECTURE §4), clearly marked Test mode: card number, expiry and CVC checked
 * as Stripe's card field checks them, and only the listed test numbers, before anything is sent (a number
 * outside the list never leaves the browser). A saved card is confirmed by its id.
 */
export function SandboxCardForm({
  vendorId,
  intent,
  choice,
  choices,
  saveCard,
  onSaveCardChange,
  working,
  formError,
  clearFormError,
  pay,
}: ProviderFormProps) {
  const id = useId();
  const [card, setCard] = useState<CardFormInput>({ number: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const numberRef = useRef<HTMLInputElement>(null);
  const expiryRef = useRef<HTMLInputElement>(null);
  const cvcRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const newCard = choice === NEW_CARD;

  // The fields and the Pay button are off while a payment is confirmed, which drops the keyboard focus.
  // When the card is refused, focus comes back: to the card number (to try another card), or to Pay.
  const wasWorking = useRef(working);
  useEffect(() => {
    const ended = wasWorking.current && !working;
    wasWorking.current = working;
    if (!ended || !formError) return;
    const form = formRef.current;
    const active = document.activeElement;
    // Left alone when the customer has already moved elsewhere (the Close button, say).
    if (active && active !== document.body && !form?.contains(active)) return;
    if (newCard) numberRef.current?.focus();
    else form?.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus();
  }, [working, formError, newCard]);

  const change = (field: Field, value: string) => {
    setCard((current) => ({ ...current, [field]: value }));
    // A field being corrected loses its old message, and a refused card's message goes with new details.
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
    if (formError) clearFormError();
  };

  const run = async (): Promise<ProviderOutcome> => {
    const returnUrl = returnPath(vendorId);
    let answer;
    if (!newCard) {
      answer = await confirmSandboxPayment({
        clientSecret: intent.clientSecret,
        paymentMethodId: choice,
        returnUrl,
      });
    } else {
      const checked = checkTestCard(card, new Date());
      if (!checked.card) {
        const next: Partial<Record<Field, string>> = {};
        for (const message of checked.errors) {
          const field = FIELD_OF[message] ?? 'number';
          next[field] ??= message;
        }
        setErrors(next);
        // The first field with a message takes focus.
        if (next.number) numberRef.current?.focus();
        else if (next.expiry) expiryRef.current?.focus();
        else cvcRef.current?.focus();
        return { kind: 'invalid' };
      }
      setErrors({});
      const { number, expMonth, expYear, cvc } = checked.card;
      answer = await confirmSandboxPayment({
        clientSecret: intent.clientSecret,
        card: { number, expMonth, expYear, cvc },
        saveCard,
        returnUrl,
      });
    }
    switch (answer.status) {
      case 'succeeded':
      case 'processing':
      case 'canceled': // the hold ran out: the server says so, and the modal starts again
        return { kind: 'confirm' };
      case 'requires_action':
        return answer.redirectUrl
          ? { kind: 'redirect', url: answer.redirectUrl }
          : { kind: 'refused', message: CHECKOUT_MESSAGES.somethingWrong };
      case 'requires_payment_method':
        return { kind: 'refused', message: answer.error?.message ?? CHECKOUT_MESSAGES.failed };
      default:
        return { kind: 'refused', message: answer.error?.message ?? CHECKOUT_MESSAGES.somethingWrong };
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    pay(run);
  };

  const listId = `${id}-test-cards`;
  return (
    <form ref={formRef} className="checkout-form" aria-label="Card payment" onSubmit={onSubmit} noValidate>
      {choices}
      {newCard && (
        <section className="test-mode" aria-labelledby={`${id}-test-mode`}>
          <p className="test-mode__header">
            <span className="test-mode__badge" id={`${id}-test-mode`}>
              {TEST_MODE}
            </span>
            <span className="test-mode__note">{TEST_MODE_NOTE}</span>
          </p>
          <TextField
            ref={numberRef}
            label="Card number"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="4242 4242 4242 4242"
            value={card.number}
            onChange={(event) => change('number', formatCardNumber(event.target.value))}
            error={errors.number}
            disabled={working}
          />
          <div className="checkout-form__row">
            <TextField
              ref={expiryRef}
              label="Expiry (MM / YY)"
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM / YY"
              value={card.expiry}
              onChange={(event) => change('expiry', formatExpiry(event.target.value))}
              error={errors.expiry}
              disabled={working}
            />
            <TextField
              ref={cvcRef}
              label="CVC"
              inputMode="numeric"
              autoComplete="cc-csc"
              maxLength={4}
              placeholder="123"
              value={card.cvc}
              onChange={(event) => change('cvc', event.target.value.replace(/\D/g, ''))}
              error={errors.cvc}
              disabled={working}
            />
          </div>
          {/* A refused card's message sits under the card details, where focus comes back to. */}
          <ErrorList errors={formError ? [formError] : []} />
          {/* A plan's card is saved for its later visits (ADR 0037): its consent replaces the choice. */}
          {!intent.planConsent && (
            <SaveCardCheckbox checked={saveCard} onChange={onSaveCardChange} disabled={working} />
          )}
          <div className="test-cards">
            <p className="test-cards__title" id={listId}>
              Test cards (any future expiry, any 3-digit CVC)
            </p>
            <ul className="test-cards__list" aria-labelledby={listId}>
              {TEST_CARDS.map((testCard) => (
                <li key={testCard.number}>
                  <code>{formatCardNumber(testCard.number)}</code>
                  <span>{testCard.label}</span>
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}
      {!newCard && <ErrorList errors={formError ? [formError] : []} />}
      <PayButton amount={dollars(intent.price)} working={working} consent={intent.planConsent} />
    </form>
  );
}
