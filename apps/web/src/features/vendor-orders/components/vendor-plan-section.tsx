import { useQuery } from '@tanstack/react-query';
import { formatAppointment } from '@stg/domain/dates';
import { PLAN_FREQUENCY_LABELS } from '@stg/domain/plans';
import { ErrorList } from '../../../components/error-list';
import { useModal } from '../../../components/modal/modal-provider';
import { errorsOf } from '../../../lib/api-client';
import { vendorPlanQueryOptions } from '../api/vendor-plan-query';
import {
  planPriceText,
  planStatusText,
  upcomingVisits,
  VENDOR_VISIT_STATUS_WORDS,
} from '../vendor-plan-text';
import { VendorCancelPlanModal } from './lazy-order-modals';

/** How many of the plan's next visits the section lists. */
export const SHOWN_PLAN_VISITS = 6;

export const PLAN_SECTION_TITLE = 'Service Plan';

/**
 * A service plan as its vendor sees it (ADR 0037): the frequency, the plan's state, the price per visit,
 * its next visits with their status (held, skipped, …), and Cancel Plan. In a plan visit's order's expanded
 * details (Order History) and an opened plan of the Plans list; read (GET /api/vendors/{id}/plans/{planId})
 * only once opened.
 */
export function VendorPlanSection({
  vendorId,
  planId,
  orderId = null,
  idBase,
  level,
  open,
  now,
  onNotice,
  facts = true,
}: {
  vendorId: number;
  planId: number;
  /** The opened order when shown in its details: its visit reads "This order". */
  orderId?: number | null;
  idBase: string;
  level: 2 | 3;
  /** Whether the details are shown: the plan is read then. */
  open: boolean;
  now: Date;
  onNotice: (notice: string) => void;
  /** Whether it names the frequency, the plan's status and the price: not under a plan card that shows them. */
  facts?: boolean;
}) {
  const query = useQuery({ ...vendorPlanQueryOptions(vendorId, planId), enabled: open });
  const { openModal } = useModal();
  const Heading = level === 2 ? 'h2' : 'h3';
  const Subheading = level === 2 ? 'h3' : 'h4';
  const titleId = `${idBase}-plan`;
  const visitsId = `${idBase}-plan-visits`;

  let content;
  if (query.isPending)
    content = (
      <p className="vendor-plan__loading" role="status">
        Loading the plan…
      </p>
    );
  else if (query.isError)
    content = (
      <div className="vendor-plan__error">
        <ErrorList errors={errorsOf(query.error)} />
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => void query.refetch()}
        >
          Try again
        </button>
      </div>
    );
  else {
    const data = query.data;
    const live = data.status !== 'cancelled';
    const next = live ? upcomingVisits(data, now, SHOWN_PLAN_VISITS) : [];
    content = (
      <>
        {(facts || data.cancelReason) && (
          <dl className="details details--grid">
            {facts && (
              <>
                <div>
                  <dt>Frequency</dt>
                  <dd>{PLAN_FREQUENCY_LABELS[data.frequency]}</dd>
                </div>
                <div>
                  <dt>Plan status</dt>
                  <dd>{planStatusText(data)}</dd>
                </div>
                <div className="vendor-order-details__wide">
                  <dt>Price per visit</dt>
                  <dd>{planPriceText(data)}</dd>
                </div>
              </>
            )}
            {data.cancelReason && (
              <div className="vendor-order-details__wide">
                <dt>Plan cancellation reason</dt>
                <dd>{data.cancelReason}</dd>
              </div>
            )}
          </dl>
        )}
        <Subheading id={visitsId} className="vendor-plan__subtitle">
          Next visits
        </Subheading>
        {next.length === 0 ? (
          <p className="vendor-plan__empty">
            {live ? 'No upcoming visits.' : 'None: the plan is cancelled.'}
          </p>
        ) : (
          <ul className="vendor-plan__visits" aria-labelledby={visitsId}>
            {next.map((v) => (
              <li key={v.id} className={`vendor-plan__visit vendor-plan__visit--${v.status}`}>
                <time dateTime={v.appointmentAt}>{formatAppointment(v.appointmentAt)}</time>
                <span className="vendor-plan__visit-status">
                  {orderId !== null && v.orderId === orderId
                    ? 'This order'
                    : VENDOR_VISIT_STATUS_WORDS[v.status]}
                </span>
              </li>
            ))}
          </ul>
        )}
        {live && (
          <p className="vendor-plan__actions">
            <button
              type="button"
              className="button button--secondary button--small vendor-plan__cancel"
              onClick={() => openModal(<VendorCancelPlanModal plan={data} onDone={onNotice} />)}
            >
              Cancel Plan{' '}
              <span className="visually-hidden">
                of {data.customerName} ({PLAN_FREQUENCY_LABELS[data.frequency]})
              </span>
            </button>
          </p>
        )}
      </>
    );
  }

  return (
    <section
      className="vendor-order-details__section vendor-order-details__wide vendor-plan"
      aria-labelledby={titleId}
      aria-busy={query.isFetching}
    >
      <Heading id={titleId} className="vendor-order-details__title">
        {PLAN_SECTION_TITLE}
      </Heading>
      {content}
    </section>
  );
}
