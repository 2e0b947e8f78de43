import { SAVE_CARD } from '../checkout-text';

/** "Save this card for next time", for a new card. */
export function SaveCardCheckbox({
  checked,
  onChange,
  disabled,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled: boolean;
}) {
  return (
    <label className="checkout-save">
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span>{SAVE_CARD}</span>
    </label>
  );
}
