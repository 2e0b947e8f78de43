import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Vendor } from '@stg/domain/api/vendors';
import { ErrorList } from '../../../components/error-list';
import { LoadMore, showingAll } from '../../../components/load-more';
import { PageLoader } from '../../../components/page-loader';
import { errorsOf } from '../../../lib/api-client';
import { useMediaQuery } from '../../../lib/use-media-query';
import { earningsPayoutsQueryOptions, earningsSummaryQueryOptions } from '../api/earnings-queries';
import { CsvExportForm } from '../components/csv-export-form';
import { EarningsChartPanel } from '../components/earnings-chart-panel';
import { EarningsPayoutsCards, EarningsPayoutsTable } from '../components/earnings-payouts-list';
import { EarningsTotals } from '../components/earnings-totals';
import { StripePayouts } from '../components/stripe-payouts';
import { EARNINGS_TEXT } from '../earnings-text';
import '../vendor-earnings.css';

/** Wide enough for the payouts table's ten columns; narrower: cards. */
export const EARNINGS_TABLE_MEDIA_QUERY = '(min-width: 1100px)';

function Retry({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="earnings-error">
      <ErrorList errors={errorsOf(error)} />
      <button type="button" className="button button--secondary" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

function PayoutsSection({ vendorId }: { vendorId: number }) {
  const wide = useMediaQuery(EARNINGS_TABLE_MEDIA_QUERY);
  const query = useInfiniteQuery(earningsPayoutsQueryOptions(vendorId));
  const payouts = query.data?.pages.flatMap((page) => page.payouts) ?? [];
  let content;
  if (query.isPending) content = <PageLoader label={EARNINGS_TEXT.loadingPayouts} />;
  else if (query.isError && payouts.length === 0)
    content = <Retry error={query.error} onRetry={() => void query.refetch()} />;
  else if (payouts.length === 0)
    content = (
      <p className="empty-state" role="status">
        {EARNINGS_TEXT.noPayouts}
      </p>
    );
  else {
    const List = wide ? EarningsPayoutsTable : EarningsPayoutsCards;
    content = (
      <>
        <List payouts={payouts} />
        <LoadMore
          query={query}
          className="earnings-payouts__more"
          status={
            query.hasNextPage
              ? `Showing the latest ${payouts.length} payouts.`
              : showingAll(payouts.length, ['payout', 'payouts'])
          }
        />
      </>
    );
  }
  return (
    <section className="earnings-payouts" aria-labelledby="earnings-payouts-title">
      <h2 id="earnings-payouts-title" className="earnings-section-title">
        Payouts
      </h2>
      <p className="earnings-card__hint">
        Every order, latest appointment first, with its refunds and commission. Times are St George time.
      </p>
      <div aria-busy={query.isFetching}>{content}</div>
    </section>
  );
}

/**
 * /dashboard/earnings (issue 25 §2): the vendor's totals for this week, month and year, a chart of
 * payouts by week and month (numbers also as a table), every payout with its status, the CSV export, and
 * in Stripe mode Stripe's own view of the bank payouts.
 */
export function EarningsPage({ vendor, title }: { vendor: Vendor; title: string }) {
  const summary = useQuery(earningsSummaryQueryOptions(vendor.id));
  // The payouts' first page (the query PayoutsSection reads): the page is shown whole once both answers
  // are in, so the payouts do not move when the totals and chart arrive above them (CLS).
  const payouts = useInfiniteQuery(earningsPayoutsQueryOptions(vendor.id));
  const settled = !summary.isPending && !payouts.isPending;
  let top;
  if (summary.isPending) top = null;
  else if (summary.isError) top = <Retry error={summary.error} onRetry={() => void summary.refetch()} />;
  else
    top = (
      <>
        <EarningsTotals summary={summary.data} />
        <EarningsChartPanel weekly={summary.data.weekly} monthly={summary.data.monthly} />
      </>
    );
  return (
    <section className="dashboard-section earnings" aria-labelledby="dashboard-section-title">
      <h1 id="dashboard-section-title" className="dashboard-section__title">
        {title}
      </h1>
      <p className="dashboard-section__summary">{EARNINGS_TEXT.summary}</p>
      {!settled && <PageLoader label={EARNINGS_TEXT.loading} />}
      <div className="earnings__body" hidden={!settled}>
        <div aria-busy={summary.isFetching}>{top}</div>
        <CsvExportForm vendorId={vendor.id} />
        {summary.data?.provider === 'stripe' && <StripePayouts vendorId={vendor.id} />}
        <PayoutsSection vendorId={vendor.id} />
      </div>
    </section>
  );
}
