import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { Vendor } from '@stg/domain/api/vendors';
import { LiveNotice } from '../../../components/live-notice';
import { vendorPlansQueryOptions } from '../api/vendor-plans-query';
import { ListFilters } from '../components/order-filters';
import { PagedListBody } from '../components/paged-list-body';
import { PlanList } from '../components/plan-list';
import {
  PLAN_EMPTY_MESSAGES,
  PLAN_FILTER_LABELS,
  PLAN_FILTER_PARAM,
  PLAN_SORT_NOTE,
  planFilterOf,
} from '../plan-filter';
import { useUrlFilter } from '../use-url-filter';
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
  const [notice, setNotice] = useState<string | null>(null);
  const [filter, selectFilter] = useUrlFilter(PLAN_FILTER_PARAM, planFilterOf, () => setNotice(null));
  const query = useInfiniteQuery(vendorPlansQueryOptions(vendor.id, filter));
  const plans = query.data?.pages.flatMap((page) => page.plans) ?? [];

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
      <div aria-busy={query.isFetching}>
        <PagedListBody
          query={query}
          count={plans.length}
          loadingLabel="Loading plans…"
          emptyMessage={PLAN_EMPTY_MESSAGES[filter]}
          noun={['plan', 'plans']}
        >
          <PlanList plans={plans} now={new Date()} descriptionId={DESCRIPTION_ID} onNotice={setNotice} />
        </PagedListBody>
      </div>
    </section>
  );
}
