import { useQuery } from '@tanstack/react-query';
import type { TransferNeedingReview } from '@stg/domain/api/payouts';
import { ErrorList } from '../../../components/error-list';
import { errorsOf } from '../../../lib/api-client';
import { transfersToCheckQueryOptions, useRetryTransfer } from '../api/transfers-to-check';
import { EMPTY_TRANSFERS, money, TRANSFERS_NOTE, whenOf } from '../paper-check-text';
import { LoadError, VendorContact } from './paper-check-parts';

const headingId = (payout: TransferNeedingReview) => `transfer-to-check-${payout.orderId}`;

/** One transfer given up on: what to look up at the provider, the last error, and Retry Transfer. */
function TransferCard({
  payout,
  onRetried,
}: {
  payout: TransferNeedingReview;
  onRetried: (message: string) => void;
}) {
  const retry = useRetryTransfer(payout.orderId);
  const onRetry = () => {
    onRetried('');
    retry.mutate(undefined, {
      onSuccess: () =>
        onRetried(
          `The transfer to ${payout.vendor.name} for order ${payout.confirmationId} is being retried.`,
        ),
    });
  };
  return (
    <li>
      <article className="card operator-payouts__card" aria-labelledby={headingId(payout)}>
        <header className="operator-payouts__card-header">
          <h3 id={headingId(payout)}>{payout.vendor.name}</h3>
          <p className="operator-payouts__amount">{money(payout.amount)}</p>
        </header>
        <dl className="operator-payouts__fields">
          <div>
            <dt>Order</dt>
            <dd>{payout.confirmationId}</dd>
          </div>
          <div>
            <dt>Tries</dt>
            <dd>{payout.attempts}</dd>
          </div>
          <div>
            <dt>Started</dt>
            <dd>
              <time dateTime={payout.startedAt}>{whenOf(payout.startedAt)}</time>
            </dd>
          </div>
          <div>
            <dt>Gave up</dt>
            <dd>
              <time dateTime={payout.needsReviewSince}>{whenOf(payout.needsReviewSince)}</time>
            </dd>
          </div>
          <div className="operator-payouts__wide">
            <dt>Last error</dt>
            <dd className="operator-payouts__error-text">{payout.lastError ?? 'No error was recorded.'}</dd>
          </div>
          <div className="operator-payouts__wide">
            <dt>Look up at the provider</dt>
            <dd className="operator-payouts__lookup">
              <span>
                Key <code>{payout.transferKey}</code>
              </span>
              {payout.destinationAccountId && (
                <span>
                  Account <code>{payout.destinationAccountId}</code>
                </span>
              )}
            </dd>
          </div>
          <div className="operator-payouts__wide">
            <dt>Contact</dt>
            <dd>
              <VendorContact payout={payout} />
            </dd>
          </div>
        </dl>
        {retry.isError && (
          <ErrorList className="operator-payouts__card-error" errors={errorsOf(retry.error)} />
        )}
        <div className="operator-payouts__card-actions">
          <button
            type="button"
            className="button button--primary button--small"
            disabled={retry.isPending}
            onClick={onRetry}
          >
            {retry.isPending ? 'Retrying…' : 'Retry Transfer'}{' '}
            <span className="visually-hidden">for order {payout.confirmationId}</span>
          </button>
        </div>
      </article>
    </li>
  );
}

/**
 * Transfers the payout job gave up on (ADR 0017), oldest first: the order says paid but no transfer is
 * recorded. An operator checks the provider's dashboard (the key and account shown), then retries: the same
 * idempotency key is sent again, so a transfer the provider did make is found, never made twice.
 */
export function TransfersToCheck({ onRetried }: { onRetried: (message: string) => void }) {
  const query = useQuery(transfersToCheckQueryOptions());
  const data = query.data;
  let content;
  if (data === undefined)
    content = query.isError ? (
      <LoadError query={query} />
    ) : (
      <p className="operator-payouts__muted">Loading transfers…</p>
    );
  else if (data.payouts.length === 0) content = <p className="empty-state">{EMPTY_TRANSFERS}</p>;
  else
    content = (
      <>
        <p className="operator-payouts__note">{TRANSFERS_NOTE}</p>
        <ul className="operator-payouts__cards">
          {data.payouts.map((payout) => (
            <TransferCard key={payout.orderId} payout={payout} onRetried={onRetried} />
          ))}
        </ul>
      </>
    );
  return (
    <section className="operator-payouts__section" aria-labelledby="transfers-to-check">
      <h2 id="transfers-to-check">Transfers to Check</h2>
      {content}
    </section>
  );
}
