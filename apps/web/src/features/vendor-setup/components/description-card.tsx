import { ErrorList } from '../../../components/error-list';
import { errorsOf } from '../../../lib/api-client';
import type { useVendorText } from '../../../lib/vendors/use-service-description';
export const DESCRIPTION_CARD_ID = 'setup-description';
export const INSTRUCTIONS_CARD_ID = 'setup-instructions';

/**
 * One of the vendor's texts in Setup, in its own card and form, saved with its own button, which stays
 * focusable (aria-disabled) while there is nothing to save so that focus is not lost when a save
 * completes.
 */
function VendorTextCard({
  id,
  title,
  label,
  hint,
  saveLabel,
  field,
}: {
  id: string;
  title: string;
  label: string;
  hint: string;
  saveLabel: string;
  field: VendorTextField;
}) {
  const { text, onChange, onSubmit, changed, update, status, max } = field;
  return (
    <div className="card setup-next__card" id={id}>
      <h3>{title}</h3>
      <form className="form" onSubmit={onSubmit} noValidate aria-busy={update.isPending}>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-text`}>
            {label}
          </label>
          <textarea
            id={`${id}-text`}
            className="field__control field__control--textarea"
            rows={4}
            maxLength={max}
            value={text}
            aria-describedby={`${id}-hint`}
            onChange={(event) => onChange(event.target.value)}
          />
          <p id={`${id}-hint`} className="field__hint">
            {hint} {text.length}/{max}
          </p>
        </div>
        <ErrorList errors={update.isError ? errorsOf(update.error) : []} />
        <div className="form__actions">
          {/* aria-disabled, not disabled: the button keeps focus once saved (a disabled button drops it to
              the page), and onSubmit ignores a press while there is nothing to save. */}
          <button
            type="submit"
            className="button button--secondary"
            aria-disabled={!changed || update.isPending || undefined}
          >
            {update.isPending ? 'Saving…' : saveLabel}
          </button>
          <p role="status" className="form__status">
            {status}
          </p>
        </div>
      </form>
    </div>
  );
}

type VendorTextField = ReturnType<typeof useVendorText>;

/**
 * The service description in Setup (issue 25 §1, ADR 0032): a listing is submitted only with one, and
 * while it is in setup General Settings is not usable. The same field as General Settings' (at most 500
 * characters, no password). Next Steps holds the field, so Submit for Review saves what was typed.
 */
export function DescriptionCard({ field }: { field: VendorTextField }) {
  return (
    <VendorTextCard
      id={DESCRIPTION_CARD_ID}
      title="Your Service"
      label="Service description"
      hint="Shown on your page: what you do, where, and what makes you stand out."
      saveLabel="Save description"
      field={field}
    />
  );
}

/**
 * The appointment instructions beside it (ADR 0032): optional, sent to the customer with each booking
 * and printed on the work order; the same field as Scheduling Preferences' (at most 500 characters).
 */
export function InstructionsCard({ field }: { field: VendorTextField }) {
  return (
    <VendorTextCard
      id={INSTRUCTIONS_CARD_ID}
      title="Appointment Instructions"
      label="Appointment instructions"
      hint="Optional. Sent to customers with each booking: parking, access, what to prepare."
      saveLabel="Save instructions"
      field={field}
    />
  );
}
