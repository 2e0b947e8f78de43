import { LIMITS } from '@stg/domain/constants';
import type { Vendor } from '../../../lib/api-types';

interface Step {
  label: string;
  title: string;
  done: boolean;
}

/** The four setup steps of spec §2 and whether the vendor's data already completes each. */
export function setupStepsOf(vendor: Vendor): Step[] {
  return [
    {
      label: 'Logo',
      title: 'Logo and Branding',
      done: Boolean(vendor.logoImageUrl && vendor.thumbnailImageUrl),
    },
    {
      label: 'Images',
      title: 'Upload Images',
      done: (vendor.galleryImageUrls ?? []).length >= LIMITS.galleryMin,
    },
    {
      label: 'Calendar',
      title: 'Calendar Integration (recommended)',
      done: Boolean(vendor.calendar?.apiIntegrated),
    },
    { label: 'Payouts', title: 'Payouts', done: vendor.stripeIntegrated === 'active' },
  ];
}

const STATUS_LABELS: Record<Vendor['listingStatus'], string> = {
  awaiting_submission: 'Awaiting Submission',
  under_review: 'Under Review',
  active: 'Active',
  inactive: 'Inactive',
};

/** The status bar of the Setup section: Account Status and the four steps with completion marks. */
export function SetupSteps({ vendor }: { vendor: Vendor }) {
  const steps = setupStepsOf(vendor);
  return (
    <div className="card setup-status">
      <p className="setup-status__account">
        Account Status: <strong>{STATUS_LABELS[vendor.listingStatus]}</strong>
      </p>
      <ol className="setup-steps">
        {steps.map((step, index) => (
          <li key={step.label} className={step.done ? 'setup-steps__step is-done' : 'setup-steps__step'}>
            <span className="setup-steps__mark" aria-hidden="true">
              {step.done ? '✓' : index + 1}
            </span>
            <span className="setup-steps__text">
              <span className="setup-steps__label">{step.title}</span>
              <span className="setup-steps__state">{step.done ? 'Complete' : 'Not complete'}</span>
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
