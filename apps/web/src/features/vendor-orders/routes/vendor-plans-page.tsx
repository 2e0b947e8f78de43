import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { VendorPlanFilter } from '@stg/domain/api/plans';
import type { Vendor } from '@stg/domain/api/vendors';
import { ErrorList } from '../../../components/error-list';
import { LiveNotice } from '../../../components/live-notice';
import { LoadMore } from '../../../components/load-more';
import { PageLoader } from '../../../components/page-loader';
import { errorsOf } from '../../../lib/api-client';
import { KEEP_SCROLL } from '../../../lib/keep-scroll';
import { vendorPlansQueryOptions } from '../api/vendor-plans-query';
import { ListFilters } from '../components/order-filters';
import { PlanList } from '../components/plan-list';
import {
  PLAN_EMPTY_MESSAGES,
  PLAN_FILTER_LABELS,
  PLAN_FILTER_PARAM,
  PLAN_SORT_NOTE,
  planFilterOf,
} from '../plan-filter';
import { MOUNTAIN_TIME_NOTE } from '../vendor-order-text';
import '../vendor-orders.css';

const DESCRIPTION_ID = 'vendor-plans-description';

/**
 * /dashboard/plans: the vendor's service plans (ADR 0037), in the shape of Order History: the filter
 * (Active Plans, Paused Plans, Cancelled Plans, Remove Filter) kept in the URL as ?status=, the plans a
 * page at a time (GET /api/vendors/{id}/plans, "Load more"), each opening to its Service Plan section
 * (next visits, Cancel Plan); the outcome of a cancel is announced in a live region.
 */
export function VendorPlansPage({ vendor, title }: { vendor: Vendor; title: string }) {
  const [params, setParams] = useSearchParams();
  const raw = params.get(PLAN_FILTER_PARAM);
  const filter = planFilterOf(raw);
  const [notice, setNotice] = useState<string | null>(null);
  const query = useInfiniteQuery(vendorPlansQueryOptions(vendor.id, filter));
  const plans = query.data?.pages.flatMap((page) => page.plans) ?? [];
  const now = new Date();

  // ?status=all or an unknown value reads as no filter: the address then says so.
  useEffect(() => {
    if (raw !== null && raw !== filter)
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.delete(PLAN_FILTER_PARAM);
          return next;
        },
        { replace: true },
      );
  }, [raw, filter, setParams]);

  const selectFilter = (next: VendorPlanFilter) => {
    if (next === filter) return;
    setNotice(null);
    setParams(
      (previous) => {
        const updated = new URLSearchParams(previous);
        if (next === 'all') updated.delete(PLAN_FILTER_PARAM);
        else updated.set(PLAN_FILTER_PARAM, next);
        return updated;
      },
      { state: KEEP_SCROLL },
    );
  };

  let content;
  if (query.isPending) content = <PageLoader label="Loading plans…" />;
  else if (query.isError && plans.length === 0)
    content = (
      <div className="vendor-orders__error">
        <ErrorList errors={errorsOf(query.error)} />
        <button type="button" className="button button--secondary" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  else if (plans.length === 0)
    content = (
      <p className="empty-state vendor-orders__empty" role="status">
        {PLAN_EMPTY_MESSAGES[filter]}
      </p>
    );
  else
    content = (
      <>
        <PlanList plans={plans} now={now} descriptionId={DESCRIPTION_ID} onNotice={setNotice} />
        <LoadMore
          query={query}
          className="vendor-orders__more"
          statusClassName="vendor-orders__count"
          status={
            query.hasNextPage
              ? `Showing the first ${plans.length} plans.`
              : `Showing all ${plans.length} ${plans.length === 1 ? 'plan' : 'plans'}.`
          }
        />
      </>
    );

  return (
    <section
      className="dashboard-section vendor-orders vendor-plans"
      aria-labelledby="dashboard-section-title"
    >
      <h1 id="dashboard-section-title" className="dashboard-section__title">
        {title}
      </h1>
      <ListFilters label="Filter plans" labels={PLAN_FILTER_LABELS} filter={filter} onSelect={selectFilter} />
      <p id={DESCRIPTION_ID} className="vendor-orders__sort">
        {PLAN_SORT_NOTE} {MOUNTAIN_TIME_NOTE}
      </p>
      <LiveNotice notice={notice} onDismiss={() => setNotice(null)} className="vendor-orders__notice" />
      <div aria-busy={query.isFetching}>{content}</div>
    </section>
  );
}
