import type {
  FailedRefund,
  FailedRefundsResponse,
  OpenDispute,
  OpenDisputesResponse,
  PayoutDue,
  PayoutsDueResponse,
} from '@stg/domain/api/operator';
import { PAYOUTS_DUE_DAYS } from '@stg/domain/api/operator';
import { Link } from '../../../components/link';
import { dayOf, money } from '../console-text';
import { failedRefundsQueryOptions, openDisputesQueryOptions, payoutsDueQueryOptions } from '../api/console';
import { ConsoleList } from './console-list';

function OrderVendor({
  row,
}: {
  row: { order: { confirmationId: string }; vendor: { id: number; name: string } };
}) {
  return (
    <>
      <div>
        <dt>Order</dt>
        <dd>{row.order.confirmationId}</dd>
      </div>
      <div>
        <dt>Vendor</dt>
        <dd>
          <Link to={`/vendors/${row.vendor.id}`}>{row.vendor.name}</Link>
        </dd>
      </div>
    </>
  );
}

/** Payouts due in the next 7 days (read-only: the payout job pays them when due). */
export function PayoutsDueList() {
  return (
    <ConsoleList<PayoutsDueResponse, PayoutDue>
      id="payouts-due"
      title={`Payouts due in the next ${PAYOUTS_DUE_DAYS} days`}
      lead="Paid by the payout job when due, 72 hours after each job is fulfilled. Soonest first; amounts as they stand (a partial refund may still lower them)."
      empty={`No payouts fall due in the next ${PAYOUTS_DUE_DAYS} days.`}
      options={payoutsDueQueryOptions}
      rowsOf={(a) => a.payouts}
      keyOf={(p) => p.order.id}
      summary={(a) => (
        <p className="console__total">
          Total due <strong>{money(a.totalAmount)}</strong>
        </p>
      )}
      renderRow={(p) => (
        <article className="card console__card">
          <p className="console__card-amount">{money(p.amount)}</p>
          <dl className="console__fields">
            <div>
              <dt>Due</dt>
              <dd>{dayOf(p.dueAt)}</dd>
            </div>
            <OrderVendor row={p} />
            <div>
              <dt>Paid by</dt>
              <dd>{p.method === 'transfer' ? 'Transfer' : 'Paper Check'}</dd>
            </div>
          </dl>
        </article>
      )}
    />
  );
}

const KIND_LABELS: Record<FailedRefund['kind'], string> = {
  cancel: 'Cancellation',
  partial: 'Partial refund',
  conflict: 'Time taken',
  provider: 'Provider',
};

/** Refunds that gave up: Retry (when money is owed) or Mark handled with a note. */
export function FailedRefundsList({
  onRetry,
  onHandle,
  retrying,
}: {
  onRetry: (refund: FailedRefund) => void;
  onHandle: (refund: FailedRefund) => void;
  retrying: number | null;
}) {
  return (
    <ConsoleList<FailedRefundsResponse, FailedRefund>
      id="refunds-failed"
      title="Refunds that gave up"
      lead="The payment provider refused these refunds, or could not be reached on any try. Retry sends a new refund of what is still owed; Mark handled records how it was settled outside the marketplace. Oldest first."
      empty="No refunds need attention."
      options={failedRefundsQueryOptions}
      rowsOf={(a) => a.refunds}
      keyOf={(r) => r.id}
      renderRow={(r) => {
        const headingId = `refund-${r.id}`;
        return (
          <article className="card console__card" aria-labelledby={headingId}>
            <h3 id={headingId} className="console__card-title">
              {money(r.amount)} to {r.customer.name}
            </h3>
            <dl className="console__fields">
              <OrderVendor row={r} />
              <div>
                <dt>Kind</dt>
                <dd>{KIND_LABELS[r.kind]}</dd>
              </div>
              <div>
                <dt>Failed</dt>
                <dd>{dayOf(r.failedAt)}</dd>
              </div>
              <div>
                <dt>Still owed</dt>
                <dd>{r.owed > 0 ? money(r.owed) : 'Nothing (the order got its figures back)'}</dd>
              </div>
              {r.reason && (
                <div className="console__wide">
                  <dt>Reason</dt>
                  <dd>{r.reason}</dd>
                </div>
              )}
              {r.lastError && (
                <div className="console__wide">
                  <dt>Provider said</dt>
                  <dd className="console__error-text">{r.lastError}</dd>
                </div>
              )}
            </dl>
            <div className="console__actions">
              {r.retryable && (
                <button
                  type="button"
                  className="button button--primary button--small"
                  aria-describedby={headingId}
                  disabled={retrying === r.id}
                  onClick={() => onRetry(r)}
                >
                  {retrying === r.id ? 'Retrying…' : 'Retry'}
                </button>
              )}
              <button
                type="button"
                className="button button--secondary button--small"
                aria-describedby={headingId}
                onClick={() => onHandle(r)}
              >
                Mark handled
              </button>
            </div>
          </article>
        );
      }}
    />
  );
}

/** Orders under an open dispute: their payouts are held until it closes. */
export function OpenDisputesList() {
  return (
    <ConsoleList<OpenDisputesResponse, OpenDispute>
      id="open-disputes"
      title="Open disputes"
      lead="The cardholder disputed the charge; the vendor's payout is held until the dispute closes. Answer it on the payment provider's dashboard. Oldest first."
      empty="No open disputes."
      options={openDisputesQueryOptions}
      rowsOf={(a) => a.disputes}
      keyOf={(d) => d.order.id}
      renderRow={(d) => (
        <article className="card console__card">
          <p className="console__card-amount">{d.amount === null ? '—' : money(d.amount)}</p>
          <dl className="console__fields">
            <OrderVendor row={d} />
            <div>
              <dt>Opened</dt>
              <dd>{dayOf(d.openedAt)}</dd>
            </div>
            <div>
              <dt>Reason</dt>
              <dd>{d.reason ? d.reason.replaceAll('_', ' ') : '—'}</dd>
            </div>
          </dl>
        </article>
      )}
    />
  );
}
