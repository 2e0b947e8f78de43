import type { Vendor } from '@stg/domain/api/vendors';
import { ErrorList } from '../../../components/error-list';
import { errorsOf } from '../../../lib/api-client';
import {
  SERVICE_DESCRIPTION_MAX as MAX,
  useServiceDescription,
} from '../../../lib/vendors/use-service-description';
export const DESCRIPTION_CARD_ID = 'setup-description';

/**
 * The service description in Setup (issue 25 §1, ADR 0032): a listing is submitted only with one, and
 * while it is in setup General Settings is not usable. The same field as General Settings' (at most 500
 * characters, no password), saved with its own button, which stays focusable (aria-disabled) while there
 * is nothing to save so that focus is not lost when a save completes.
 */
export function DescriptionCard({ vendor }: { vendor: Vendor }) {
  const { text, onChange, onSubmit, changed, update, status } = useServiceDescription(vendor);

  return (
    <div className="card setup-next__card" id={DESCRIPTION_CARD_ID}>
      <h3>Your Service</h3>
      <form className="form" onSubmit={onSubmit} noValidate aria-busy={update.isPending}>
        <div className="field">
          <label className="field__label" htmlFor="setup-description-text">
            Service description
          </label>
          <textarea
            id="setup-description-text"
            className="field__control field__control--textarea"
            rows={4}
            maxLength={MAX}
            value={text}
            aria-describedby="setup-description-hint"
            onChange={(event) => onChange(event.target.value)}
          />
          <p id="setup-description-hint" className="field__hint">
            Shown on your page: what you do, where, and what makes you stand out. {text.length}/{MAX}
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
            {update.isPending ? 'Saving…' : 'Save description'}
          </button>
          <p role="status" className="form__status">
            {status}
          </p>
        </div>
      </form>
    </div>
  );
}
