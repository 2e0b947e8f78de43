import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import type { Order } from '../../../lib/api-types';
import { useSession } from '../../../lib/session/use-session';
import { OrderRow } from '../components/order-row';

const sortKey = (order: Order) => Date.parse(order.createdAt ?? order.appointmentAt ?? '') || order.id;

/** /orders (signed in): the customer's orders, newest first, each row expandable (spec §2). */
export function OrdersPage() {
  const { orders } = useSession();
  const sorted = [...orders].sort((a, b) => sortKey(b) - sortKey(a));
  return (
    <div className="container page page--medium">
      <PageHeader title="Orders" />
      {sorted.length === 0 ? (
        <div className="empty-state card">
          <p>No orders yet</p>
          <Link to="/services?category=all" className="button button--primary">
            Browse Services
          </Link>
        </div>
      ) : (
        <ul className="order-list" aria-label="Your orders">
          {sorted.map((order) => (
            <OrderRow key={order.id} order={order} />
          ))}
        </ul>
      )}
    </div>
  );
}
