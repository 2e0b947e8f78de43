import { useId } from 'react';
import type { OperatorDashboard } from '@stg/domain/api/operator';
import { OPERATOR_LISTINGS, OPERATOR_PAYOUTS } from '@stg/domain/routing';
import { Link } from '../../../components/link';
import { count, LISTING_STATUS_LABELS } from '../console-text';

/** What waits for an operator, each with its count: the other operator pages and the lists below. */
export function QueueLinks({ data }: { data: OperatorDashboard }) {
  const headingId = useId();
  const c = data.counts;
  const items = [
    { to: OPERATOR_PAYOUTS, label: 'Transfers to Check', n: c.transfersToCheck },
    { to: OPERATOR_PAYOUTS, label: 'Paper Checks', n: c.paperChecks },
    { to: OPERATOR_LISTINGS, label: 'Listings under review', n: c.listingsUnderReview },
    { to: '#refunds-failed', label: 'Refunds that gave up', n: c.refundsFailed },
    { to: '#open-disputes', label: 'Open disputes', n: c.disputesOpen },
    { to: '#payouts-due', label: 'Payouts due in 7 days', n: c.payoutsDue },
  ];
  return (
    <section className="console__section" aria-labelledby={headingId}>
      <h2 id={headingId}>Needs attention</h2>
      <ul className="console__queues">
        {items.map((item) => (
          <li key={item.label}>
            {item.to.startsWith('#') ? (
              <a className="console__queue" href={item.to}>
                <span className="console__queue-count">{count(item.n)}</span> <span>{item.label}</span>
              </a>
            ) : (
              <Link className="console__queue" to={item.to}>
                <span className="console__queue-count">{count(item.n)}</span> <span>{item.label}</span>
              </Link>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** How many vendors are in each listing status. */
export function VendorsByStatus({ data }: { data: OperatorDashboard }) {
  const headingId = useId();
  return (
    <section className="console__section" aria-labelledby={headingId}>
      <h2 id={headingId}>Vendors by listing status</h2>
      <dl className="console__stats console__stats--small">
        {data.vendorsByStatus.map((s) => (
          <div key={s.status} className="console__stat">
            <dt>{LISTING_STATUS_LABELS[s.status]}</dt>
            <dd>
              <span className="console__stat-value">{count(s.count)}</span>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
