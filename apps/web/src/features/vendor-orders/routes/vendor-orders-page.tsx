import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { VendorOrder, VendorOrderFilter } from '@stg/domain/api/orders';
import type { VendorOrderAction } from '@stg/domain/order-actions';
import { ErrorList } from '../../../components/error-list';
import { LoadMore } from '../../../components/load-more';
import { LiveNotice } from '../../../components/live-notice';
import { useModal } from '../../../components/modal/modal-provider';
import { PageLoader } from '../../../components/page-loader';
import { errorsOf } from '../../../lib/api-client';
import type { Vendor } from '@stg/domain/api/vendors';
import { KEEP_SCROLL } from '../../../lib/keep-scroll';
import { useMediaQuery } from '../../../lib/use-media-query';
import { vendorOrdersQueryOptions } from '../api/vendor-orders-query';
import { OrderCards } from '../components/order-cards';
import {
  OrderCompletionModal,
  PartialRefundModal,
  VendorCancelOrderModal,
  VendorRescheduleModal,
} from '../components/lazy-order-modals';
import { OrderFilters } from '../components/order-filters';
import { OrderTable } from '../components/order-table';
import { EMPTY_MESSAGES, FILTER_PARAM, filterOf, SORT_NOTES } from '../order-filter';
import { MOUNTAIN_TIME_NOTE } from '../vendor-order-text';
import '../vendor-orders.css';

/** Wide enough for the six columns and the actions: a table; narrower (phones, small tablets): cards. */
export const TABLE_MEDIA_QUERY = '(min-width: 960px)';
const DESCRIPTION_ID = 'vendor-orders-description';

/**
 * /dashboard/orders: the vendor's Order History (spec §2, §4 Order lists). The filter (Active Orders,
 * Past Orders, Remove Filter) is kept in the URL as ?filter=active|past; none shows every order. The
 * orders come a page at a time (GET /api/vendors/{id}/orders with nextCursor, "Load more"), so thousands
 * of orders stay fast. Each order expands to its details and has an actions menu whose modals
 * (reschedule-appointment, partial-refund, order-cancellation-confirmation, order-completion) refresh
 * the list on success; the outcome is announced in a live region.
 */
export function VendorOrdersPage({ vendor, title }: { vendor: Vendor; title: string }) {
  const [params, setParams] = useSearchParams();
  const raw = params.get(FILTER_PARAM);
  const filter = filterOf(raw);
  const wide = useMediaQuery(TABLE_MEDIA_QUERY);
  const { openModal } = useModal();
  const [notice, setNotice] = useState<string | null>(null);
  const query = useInfiniteQuery(vendorOrdersQueryOptions(vendor.id, filter));
  const orders = query.data?.pages.flatMap((page) => page.orders) ?? [];
  const now = new Date();

  // ?filter=all or an unknown value reads as no filter: the address then says so.
  useEffect(() => {
    if (raw !== null && raw !== filter)
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.delete(FILTER_PARAM);
          return next;
        },
        { replace: true },
      );
  }, [raw, filter, setParams]);

  const selectFilter = (next: VendorOrderFilter) => {
    if (next === filter) return;
    setNotice(null);
    setParams(
      (previous) => {
        const updated = new URLSearchParams(previous);
        if (next === 'all') updated.delete(FILTER_PARAM);
        else updated.set(FILTER_PARAM, next);
        return updated;
      },
      { state: KEEP_SCROLL },
    );
  };

  const onAction = (order: VendorOrder, action: VendorOrderAction) => {
    setNotice(null);
    if (action === 'reschedule') openModal(<VendorRescheduleModal order={order} onDone={setNotice} />);
    else if (action === 'partial_refund') openModal(<PartialRefundModal order={order} onDone={setNotice} />);
    else if (action === 'cancel') openModal(<VendorCancelOrderModal order={order} onDone={setNotice} />);
    else openModal(<OrderCompletionModal order={order} vendorId={vendor.id} onDone={setNotice} />);
  };

  let content;
  if (query.isPending) content = <PageLoader label="Loading orders…" />;
  else if (query.isError && orders.length === 0)
    content = (
      <div className="vendor-orders__error">
        <ErrorList errors={errorsOf(query.error)} />
        <button type="button" className="button button--secondary" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  else if (orders.length === 0)
    content = (
      <p className="empty-state vendor-orders__empty" role="status">
        {EMPTY_MESSAGES[filter]}
      </p>
    );
  else {
    const List = wide ? OrderTable : OrderCards;
    content = (
      <>
        <List
          orders={orders}
          now={now}
          onAction={onAction}
          onNotice={(message) => setNotice(message)}
          descriptionId={DESCRIPTION_ID}
        />
        <LoadMore
          query={query}
          className="vendor-orders__more"
          statusClassName="vendor-orders__count"
          status={
            query.hasNextPage
              ? `Showing the first ${orders.length} orders.`
              : `Showing all ${orders.length} ${orders.length === 1 ? 'order' : 'orders'}.`
          }
        />
      </>
    );
  }

  return (
    <section className="dashboard-section vendor-orders" aria-labelledby="dashboard-section-title">
      <h1 id="dashboard-section-title" className="dashboard-section__title">
        {title}
      </h1>
      <OrderFilters filter={filter} onSelect={selectFilter} />
      <p id={DESCRIPTION_ID} className="vendor-orders__sort">
        {SORT_NOTES[filter]} {MOUNTAIN_TIME_NOTE}
      </p>
      <LiveNotice notice={notice} onDismiss={() => setNotice(null)} className="vendor-orders__notice" />
      <div aria-busy={query.isFetching}>{content}</div>
    </section>
  );
}
