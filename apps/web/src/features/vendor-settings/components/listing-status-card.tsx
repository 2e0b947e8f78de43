import { useId, useState } from 'react';
import type { ListingStatus } from '@stg/domain/constants';
import { ConfirmPasswordModal } from '../../../components/confirm-password-modal/confirm-password-modal';
import { ErrorList } from '../../../components/error-list';
import { useModal } from '../../../components/modal/modal-provider';
import { errorsOf } from '../../../lib/api-client';
import type { Vendor } from '@stg/domain/api/vendors';
import { useUpdateVendor } from '../../../lib/vendor-api';

const STATUS: Record<ListingStatus, { label: string; tone: string; text: string }> = {
  active: {
    label: 'Active',
    tone: 'green',
    text: 'Your listing is live: customers can find your business and book you.',
  },
  inactive: {
    label: 'Inactive',
    tone: 'grey',
    text: 'Your listing is deactivated and hidden from customers: it is not in the catalog and your page cannot be booked. Reactivate it to take bookings again.',
  },
  under_review: {
    label: 'Under Review',
    tone: 'blue',
    text: 'Your listing is being reviewed. We will email you once it is decided.',
  },
  awaiting_submission: {
    label: 'Awaiting Submission',
    tone: 'yellow',
    text: 'Finish the setup steps and submit your listing for review.',
  },
};

export const DEACTIVATE_MESSAGE =
  'Deactivating hides your listing from customers: it leaves the catalog and your page can no longer be booked. Orders you already have stay in Order History, and you can reactivate at any time. Enter your password to deactivate.';

/**
 * Listing Status (spec §2, §4): an active listing can be deactivated, which needs the password
 * (confirm-password modal); a deactivated one is reactivated with one click.
 */
export function ListingStatusCard({ vendor }: { vendor: Vendor }) {
  const id = useId();
  const { openModal } = useModal();
  const update = useUpdateVendor(vendor.id);
  const [done, setDone] = useState<'deactivated' | 'reactivated' | null>(null);
  const status = STATUS[vendor.listingStatus];

  const deactivate = () => {
    setDone(null);
    update.reset();
    openModal(
      <ConfirmPasswordModal
        title="Deactivate Listing"
        message={DEACTIVATE_MESSAGE}
        confirmLabel="Deactivate"
        busyLabel="Deactivating…"
        onConfirm={(password) => update.mutateAsync({ changes: { listingStatus: 'inactive' }, password })}
        onConfirmed={() => {
          // The modal's own request: its refusals were shown there.
          update.reset();
          setDone('deactivated');
        }}
      />,
    );
  };

  const reactivate = () => {
    setDone(null);
    update.mutate({ changes: { listingStatus: 'active' } }, { onSuccess: () => setDone('reactivated') });
  };

  // A refusal of Reactivate shows here (Deactivate's show in its modal).
  const errors =
    update.isError && update.variables?.changes.listingStatus === 'active' ? errorsOf(update.error) : [];

  return (
    <section className="card vendor-settings__card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Listing Status</h2>
      <p className="vendor-settings__state">
        <span className={`badge badge--${status.tone}`}>{status.label}</span>
      </p>
      <p className="vendor-settings__muted">{status.text}</p>
      <ErrorList errors={errors} />
      {vendor.listingStatus === 'active' && (
        <div className="form__actions">
          <button
            type="button"
            className="button button--secondary vendor-settings__danger"
            aria-haspopup="dialog"
            onClick={deactivate}
          >
            Deactivate
          </button>
        </div>
      )}
      {vendor.listingStatus === 'inactive' && (
        <div className="form__actions">
          <button
            type="button"
            className="button button--primary"
            onClick={reactivate}
            disabled={update.isPending}
          >
            {update.isPending ? 'Reactivating…' : 'Reactivate'}
          </button>
        </div>
      )}
      <p role="status" className="form__status">
        {done === 'deactivated' && vendor.listingStatus === 'inactive'
          ? 'Your listing is deactivated.'
          : done === 'reactivated' && vendor.listingStatus === 'active'
            ? 'Your listing is active again.'
            : ''}
      </p>
    </section>
  );
}
