import { useId } from 'react';
import type { SavedPaymentMethod } from '@stg/domain/api/payments';
import { NEW_CARD, USE_NEW_CARD, savedCardLabel } from '../checkout-text';
import type { CheckoutChoice } from '../payment-types';

/**
 * Checkout type (spec §4): a returning customer's saved cards, or a new card. Shown only when there are
 * saved cards; a radio group, so arrow keys move between the choices.
 */
export function CheckoutTypeChoice({
  methods,
  choice,
  onChange,
  disabled,
}: {
  methods: SavedPaymentMethod[];
  choice: CheckoutChoice;
  onChange: (choice: CheckoutChoice) => void;
  disabled: boolean;
}) {
  const name = useId();
  const options = [
    ...methods.map((m) => ({ value: m.id, label: savedCardLabel(m) })),
    { value: NEW_CARD, label: USE_NEW_CARD },
  ];
  return (
    <fieldset className="checkout-type" disabled={disabled}>
      <legend className="checkout-type__legend">Pay with</legend>
      {options.map((option) => (
        <label
          key={option.value}
          className={`checkout-type__option${choice === option.value ? ' is-chosen' : ''}`}
        >
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={choice === option.value}
            onChange={() => onChange(option.value)}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
