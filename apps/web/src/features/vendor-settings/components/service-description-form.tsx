import { useId } from 'react';
import { ErrorList } from '../../../components/error-list';
import { errorsOf } from '../../../lib/api-client';
import type { Vendor } from '@stg/domain/api/vendors';
import {
  SERVICE_DESCRIPTION_MAX as MAX,
  useServiceDescription,
} from '../../../lib/vendors/use-service-description';

/**
 * The service description (spec §2 General Settings, §3 "max 500 chars", §5 "cut to 500"): a textarea
 * that keeps at most 500 characters, whatever is typed or pasted, with a count "N/500". Its own Save,
 * on once the text changed; no password needed.
 */
export function ServiceDescriptionForm({ vendor }: { vendor: Vendor }) {
  const id = useId();
  const { text, onChange, onSubmit, changed, update, status } = useServiceDescription(vendor);

  return (
    <section className="card vendor-settings__card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Service Description</h2>
      <form className="form" onSubmit={onSubmit} noValidate aria-busy={update.isPending}>
        <div className="field">
          <textarea
            id={`${id}-text`}
            className="field__control field__control--textarea"
            rows={6}
            maxLength={MAX}
            aria-labelledby={`${id}-title`}
            value={text}
            aria-describedby={`${id}-hint ${id}-count`}
            onChange={(event) => onChange(event.target.value)}
          />
          <div className="vendor-settings__field-foot">
            <p id={`${id}-hint`} className="field__hint">
              Shown on your page. Say what you do, where and what makes you stand out.
            </p>
            <p id={`${id}-count`} className="field__hint vendor-settings__count">
              {text.length}/{MAX}
            </p>
          </div>
        </div>
        <ErrorList errors={update.isError ? errorsOf(update.error) : []} />
        <div className="form__actions">
          <button type="submit" className="button button--primary" disabled={!changed || update.isPending}>
            {update.isPending ? 'Saving…' : 'Save'}
          </button>
          <p role="status" className="form__status">
            {status}
          </p>
        </div>
      </form>
    </section>
  );
}
