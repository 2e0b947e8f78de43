import type { ReviewQueueItem } from '@stg/domain/api/vendors';
import { CATEGORY_LABELS } from '@stg/domain/constants';
import { formatCalendarDate } from '@stg/domain/dates';
import { formatPhone } from '@stg/domain/phone';
import { ErrorList } from '../../../components/error-list';
import { useModal } from '../../../components/modal/modal-provider';
import { errorsOf } from '../../../lib/api-client';
import { useListingDecision } from '../api/review-queue';
import { FirstWeek } from './first-week';
import { ListingImages } from './listing-images';
import { ListingReadiness, missingListId } from './listing-readiness';
import { PricingSummary } from './pricing-summary';
import { RejectListingModal } from './reject-listing-modal';

type Vendor = ReviewQueueItem['vendor'];

const CALENDAR_NAMES = { google: 'Google Calendar', jobber: 'Jobber', ics: 'iCal feed' } as const;

function payoutsText(vendor: Vendor): string {
  if (vendor.stripeIntegrated === 'active') {
    const bank = vendor.payoutDestination;
    return bank
      ? `Connected (${[bank.bankName, `•••• ${bank.last4}`].filter(Boolean).join(' ')})`
      : 'Connected';
  }
  return vendor.stripeIntegrated === 'onboarding' ? 'Onboarding not finished' : 'Not Connected';
}

function calendarText(vendor: Vendor): string {
  const calendar = vendor.calendar;
  if (calendar?.apiIntegrated)
    return calendar.integrationType ? `Connected (${CALENDAR_NAMES[calendar.integrationType]})` : 'Connected';
  return vendor.calendarSkipped ? 'Skipped' : 'Not connected';
}

function addressText(address: Vendor['address']): string {
  if (!address) return 'No address';
  const street = [address.streetAddress, address.streetAddress2].filter(Boolean).join(', ');
  return `${street}, ${address.city}, ${address.state} ${address.zipCode}`;
}

interface ListingReviewCardProps {
  item: ReviewQueueItem;
  /** Tells the page what was decided (its status line). */
  onDecided: (message: string) => void;
}

/**
 * One listing under review with everything an operator checks before it goes live: the images, the
 * business details, the service description, the pricing, payouts and calendar, the account admin and
 * when it was submitted; then Approve, or Reject with a reason.
 */
export function ListingReviewCard({ item, onDecided }: ListingReviewCardProps) {
  const { vendor, admin, submittedAt } = item;
  const { openModal } = useModal();
  const approve = useListingDecision(vendor.id);
  const headingId = `listing-${vendor.id}`;

  return (
    <article className="card listing-review__card" aria-labelledby={headingId}>
      <header className="listing-review__header">
        <div>
          <h2 id={headingId}>{vendor.name}</h2>
          <p className="listing-review__muted">
            {CATEGORY_LABELS[vendor.category]}
            {submittedAt && (
              <>
                {' · Submitted '}
                <time dateTime={submittedAt}>{formatCalendarDate(submittedAt)}</time>
              </>
            )}
          </p>
        </div>
      </header>

      <ListingImages vendor={vendor} />

      <div className="listing-review__columns">
        <section aria-labelledby={`${headingId}-business`}>
          <h3 id={`${headingId}-business`}>Business</h3>
          <dl className="details">
            <div>
              <dt>Name</dt>
              <dd>{vendor.name}</dd>
            </div>
            <div>
              <dt>Category</dt>
              <dd>{CATEGORY_LABELS[vendor.category]}</dd>
            </div>
            <div>
              <dt>Phone</dt>
              <dd>{formatPhone(vendor.phoneNumber)}</dd>
            </div>
            <div>
              <dt>Email</dt>
              <dd>
                <a href={`mailto:${vendor.email}`}>{vendor.email}</a>
              </dd>
            </div>
            <div>
              <dt>Address</dt>
              <dd>{addressText(vendor.address)}</dd>
            </div>
            <div>
              <dt>Payouts</dt>
              <dd>{payoutsText(vendor)}</dd>
            </div>
            <div>
              <dt>Calendar</dt>
              <dd>{calendarText(vendor)}</dd>
            </div>
          </dl>
        </section>

        <section aria-labelledby={`${headingId}-admin`}>
          <h3 id={`${headingId}-admin`}>Account Admin</h3>
          <dl className="details">
            <div>
              <dt>Name</dt>
              <dd>
                {admin.firstName} {admin.lastName}
              </dd>
            </div>
            <div>
              <dt>Email</dt>
              <dd>
                <a href={`mailto:${admin.email}`}>{admin.email}</a>
              </dd>
            </div>
            <div>
              <dt>Phone</dt>
              <dd>{formatPhone(admin.phoneNumber)}</dd>
            </div>
          </dl>
        </section>
      </div>

      <section aria-labelledby={`${headingId}-description`}>
        <h3 id={`${headingId}-description`}>Service Description</h3>
        <p className="listing-review__description">
          {vendor.serviceDescription ?? <span className="listing-review__muted">No description yet.</span>}
        </p>
      </section>

      <section aria-labelledby={`${headingId}-pricing`}>
        <h3 id={`${headingId}-pricing`}>Pricing</h3>
        <PricingSummary vendor={vendor} />
      </section>

      <ListingReadiness item={item} headingId={headingId} />

      <FirstWeek item={item} headingId={headingId} />

      <ErrorList errors={approve.isError ? errorsOf(approve.error) : []} />
      <div className="listing-review__actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={approve.isPending}
          onClick={() =>
            openModal(
              <RejectListingModal
                vendorId={vendor.id}
                vendorName={vendor.name}
                missing={item.missing}
                onRejected={() => onDecided(`${vendor.name} was sent back to the vendor.`)}
              />,
            )
          }
        >
          Reject
        </button>
        <button
          type="button"
          className="button button--primary"
          // The server refuses it too (422, the same messages): the button only says so sooner.
          disabled={approve.isPending || item.missing.length > 0}
          aria-describedby={item.missing.length > 0 ? missingListId(headingId) : undefined}
          onClick={() => {
            // mutateAsync: the card leaves the list on success, before a mutate callback would run. Not
            // awaited (`void`): both outcomes are handled here.
            void approve.mutateAsync({ kind: 'approve' }).then(
              () => onDecided(`${vendor.name} is approved and now live.`),
              () => undefined, // shown in the card from the mutation's state
            );
          }}
        >
          Approve
        </button>
      </div>
    </article>
  );
}
