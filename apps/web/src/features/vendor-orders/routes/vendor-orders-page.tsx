import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { VendorOrder } from '@stg/domain/api/orders';
import type { VendorOrderAction } from '@stg/domain/order-actions';
import { LiveNotice } from '../../../components/live-notice';
import { useModal } from '../../../components/modal/modal-provider';
import type { Vendor } from '@stg/domain/api/vendors';
import { useMediaQuery } from '../../../lib/use-media-query';
import { vendorOrdersQueryOptions } from '../api/vendor-orders-query';
import { OrderCards } from '../components/order-cards';
import {
  OrderCompletionModal,
  PartialRefundModal,
  VendorCancelOrderModal,
  VendorRescheduleModal,
} from '../components/lazy-order-modals';
import { ListFilters } from '../components/order-filters';
import { OrderTable } from '../components/order-table';
import { PagedListBody } from '../components/paged-list-body';
import { EMPTY_MESSAGES, FILTER_LABELS, FILTER_PARAM, filterOf, SORT_NOTES } from '../order-filter';
import { useUrlFilter } from '../use-url-filter';
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
  const wide = useMediaQuery(TABLE_MEDIA_QUERY);
  const { openModal } = useModal();
  const [notice, setNotice] = useState<string | null>(null);
  const [filter, selectFilter] = useUrlFilter(FILTER_PARAM, filterOf, () => setNotice(null));
  const query = useInfiniteQuery(vendorOrdersQueryOptions(vendor.id, filter));
  const orders = query.data?.pages.flatMap((page) => page.orders) ?? [];
  const now = new Date();

  const onAction = (order: VendorOrder, action: VendorOrderAction) => {
    setNotice(null);
    if (action === 'reschedule') openModal(<VendorRescheduleModal order={order} onDone={setNotice} />);
    else if (action === 'partial_refund') openModal(<PartialRefundModal order={order} onDone={setNotice} />);
    else if (action === 'cancel') openModal(<VendorCancelOrderModal order={order} onDone={setNotice} />);
    else openModal(<OrderCompletionModal order={order} vendorId={vendor.id} onDone={setNotice} />);
  };
  const List = wide ? OrderTable : OrderCards;

  return (
    <section className="dashboard-section vendor-orders" aria-labelledby="dashboard-section-title">
      <h1 id="dashboard-section-title" className="dashboard-section__title">
        {title}
      </h1>
      <ListFilters label="Filter orders" labels={FILTER_LABELS} filter={filter} onSelect={selectFilter} />
      <p id={DESCRIPTION_ID} className="vendor-orders__sort">
        {/* One text node, as the server's frame writes it (ADR 0041): three nodes measure a few pixels
            larger as the page's largest paint, which then counted again when React drew it. */}
        {`${SORT_NOTES[filter]} ${MOUNTAIN_TIME_NOTE}`}
      </p>
      <LiveNotice notice={notice} onDismiss={() => setNotice(null)} className="vendor-orders__notice" />
      <div aria-busy={query.isFetching}>
        <PagedListBody
          query={query}
          count={orders.length}
          loadingLabel="Loading orders…"
          emptyMessage={EMPTY_MESSAGES[filter]}
          noun={['order', 'orders']}
        >
          <List
            orders={orders}
            now={now}
            onAction={onAction}
            onNotice={(message) => setNotice(message)}
            descriptionId={DESCRIPTION_ID}
          />
        </PagedListBody>
      </div>
    </section>
  );
}
