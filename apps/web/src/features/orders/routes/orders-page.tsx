import { useState } from 'react';
import { Link } from '../../../components/link';
import { useQuery } from '@tanstack/react-query';
import type { CustomerOrder } from '@stg/domain/api/orders';
import { ErrorList } from '../../../components/error-list';
import { LiveNotice } from '../../../components/live-notice';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { errorsOf } from '../../../lib/api-client';
import { ordersQueryOptions } from '../api/orders-query';
import { plansQueryOptions } from '../api/plans-query';
import { OrderRow } from '../components/order-row';
import { PlanCard, partOfPlanText } from '../components/plan-card';
import { MOUNTAIN_TIME_NOTE, NO_ORDERS, ORDERS_NEWEST_FIRST } from '../order-text';
import '../orders.css';
import { useDocumentTitle } from '../../../lib/use-document-title';

const placedMs = (order: CustomerOrder) => Date.parse(order.createdAt) || 0;

/**
 * /orders (signed in): the customer's orders (GET /api/orders), newest placed first, each row expandable,
 * with Reschedule and Cancel Order (spec §2 Customer Orders, §4). A change is announced in a live region.
 */
export function OrdersPage() {
  useDocumentTitle('Orders');
  const query = useQuery(ordersQueryOptions());
  // ADR 0037: the customer's plans above the orders; a plan that fails to load leaves the orders alone.
  const plans = useQuery(plansQueryOptions()).data ?? [];
  const [notice, setNotice] = useState<string | null>(null);
  // The server sorts newest placed first; a stable sort keeps its order and guarantees what the page says.
  const orders = [...(query.data ?? [])].sort((a, b) => placedMs(b) - placedMs(a));
  const now = new Date();

  let content;
  if (query.isPending) content = <PageLoader label="Loading your orders…" />;
  else if (query.isError)
    content = (
      <div className="orders__error">
        <ErrorList errors={errorsOf(query.error)} />
        <button type="button" className="button button--secondary" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  else if (orders.length === 0)
    content = (
      <div className="empty-state card orders__empty">
        <p>{NO_ORDERS}</p>
        <Link to="/services?category=all" className="button button--primary">
          Browse Services
        </Link>
      </div>
    );
  else
    content = (
      <>
        <p className="orders__sort" id="orders-sort">
          {ORDERS_NEWEST_FIRST} {MOUNTAIN_TIME_NOTE}
        </p>
        <ul className="order-list" aria-label="Your orders" aria-describedby="orders-sort">
          {orders.map((order) => (
            <OrderRow
              key={order.id}
              order={order}
              now={now}
              onNotice={setNotice}
              planNote={order.plan ? partOfPlanText(order.plan) : null}
            />
          ))}
        </ul>
      </>
    );

  return (
    <div className="container page page--medium orders">
      <PageHeader title="Orders" />
      <LiveNotice notice={notice} onDismiss={() => setNotice(null)} className="orders__notice" />
      {plans.length > 0 && (
        <section className="orders__plans" aria-labelledby="orders-plans">
          <h2 id="orders-plans">Your plans</h2>
          <ul className="plan-list">
            {plans.map((plan) => (
              <PlanCard key={plan.id} plan={plan} now={now} onNotice={setNotice} />
            ))}
          </ul>
        </section>
      )}
      {content}
    </div>
  );
}
