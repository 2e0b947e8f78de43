import { Link } from '../../../components/link';
import type { ListingStatus } from '@stg/domain/constants';
import { SETUP_STEPS, setupPageLink, type SetupPageName, type SetupProgress } from '../setup-pages';

const STATUS_LABELS: Record<ListingStatus, string> = {
  awaiting_submission: 'Awaiting Submission',
  under_review: 'Under Review',
  active: 'Active',
  inactive: 'Inactive',
};

/**
 * Setup's status bar (spec §2): Account Status and the steps (Logo, Images, Calendar, Payouts, and ADR
 * 0032's Pricing and Scheduling) with completion marks: a step is complete when the readiness rule lists
 * nothing it fixes. Each step links to its page unless the listing is under review.
 */
export function SetupStatusBar({
  listingStatus,
  progress,
  current,
}: {
  listingStatus: ListingStatus;
  progress: SetupProgress;
  current: SetupPageName;
}) {
  const clickable = listingStatus !== 'under_review';
  return (
    <nav className="card setup-bar" aria-label="Setup steps">
      <p className="setup-bar__status">
        Account Status: <strong>{STATUS_LABELS[listingStatus]}</strong>
      </p>
      <ol className="setup-bar__steps">
        {SETUP_STEPS.map((step, index) => {
          const done = progress[step.page];
          const here = current === step.page;
          const content = (
            <>
              <span className="setup-bar__mark" aria-hidden="true">
                {done ? '✓' : index + 1}
              </span>
              <span className="setup-bar__text">
                <span className="visually-hidden">Step {index + 1}: </span>
                <span className="setup-bar__label">{step.label}</span>
                <span className="visually-hidden">, </span>
                <span className="setup-bar__state">{done ? 'Complete' : 'Not complete'}</span>
              </span>
            </>
          );
          const className = ['setup-bar__step', done ? 'is-done' : '', here ? 'is-current' : '']
            .filter(Boolean)
            .join(' ');
          return (
            <li key={step.page} className={className}>
              {clickable ? (
                <Link
                  className="setup-bar__link"
                  to={setupPageLink(step.page)}
                  aria-current={here ? 'step' : undefined}
                >
                  {content}
                </Link>
              ) : (
                <span className="setup-bar__link" aria-current={here ? 'step' : undefined}>
                  {content}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
