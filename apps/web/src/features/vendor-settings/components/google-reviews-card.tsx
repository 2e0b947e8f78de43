import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { reviewsApi } from '@stg/domain/api/reviews.endpoints';
import { ErrorList } from '../../../components/error-list';
import { call, errorsOf } from '../../../lib/api-client';
import type { Vendor } from '@stg/domain/api/vendors';
import { useUpdateVendor } from '../../../lib/vendor-api';

/** GET /api/google-reviews: whether this server fetches Google reviews, and why not. */
export const googleReviewsStatusQueryOptions = () => ({
  queryKey: ['google-reviews-status'] as const,
  queryFn: () => call(reviewsApi.googleReviews),
});

/**
 * Google Reviews: the business's Google place id, whose Google reviews are shown on its page beside
 * the marketplace's own. Its own Save, on once the id changed; no password. An empty field clears it.
 * When the server does not fetch Google reviews, its message shows as a note (the id still saves).
 */
export function GoogleReviewsCard({ vendor }: { vendor: Vendor }) {
  const id = useId();
  const update = useUpdateVendor(vendor.id);
  const status = useQuery(googleReviewsStatusQueryOptions());
  const current = vendor.googlePlaceId ?? '';
  const [text, setText] = useState(current);
  const [saved, setSaved] = useState(false);
  const changed = text.trim() !== current;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!changed || update.isPending) return;
    const value = text.trim();
    update.mutate(
      { changes: { googlePlaceId: value === '' ? null : value } },
      {
        onSuccess: (vendorSaved) => {
          setText(vendorSaved.googlePlaceId ?? '');
          setSaved(true);
        },
      },
    );
  };

  const note = status.data && !status.data.enabled ? status.data.message : null;

  return (
    <section className="card vendor-settings__card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Google Reviews</h2>
      <p className="vendor-settings__muted">
        Your Google reviews are shown on your page beside the reviews customers leave here. They do not count
        towards your rating.
      </p>
      {note && (
        <p className="note" role="note">
          {note}
        </p>
      )}
      <form className="form" onSubmit={onSubmit} noValidate aria-busy={update.isPending}>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-place`}>
            Google place ID
          </label>
          <input
            id={`${id}-place`}
            className="field__control"
            type="text"
            autoComplete="off"
            spellCheck={false}
            value={text}
            aria-describedby={`${id}-hint`}
            onChange={(event) => {
              setText(event.target.value);
              setSaved(false);
              if (update.isError) update.reset();
            }}
          />
          <p id={`${id}-hint`} className="field__hint">
            Find it with Google&apos;s Place ID Finder; it starts with ChIJ…
          </p>
        </div>
        <ErrorList errors={update.isError ? errorsOf(update.error) : []} />
        <div className="form__actions">
          <button type="submit" className="button button--primary" disabled={!changed || update.isPending}>
            {update.isPending ? 'Saving…' : 'Save'}
          </button>
          <p role="status" className="form__status">
            {saved && !changed ? 'Saved.' : ''}
          </p>
        </div>
      </form>
    </section>
  );
}
