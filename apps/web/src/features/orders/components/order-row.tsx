import type { Order } from '../../../lib/api-types';

const dateFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Denver',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

const STATUS_TONE: Record<string, string> = {
  collected: 'blue',
  unfulfilled: 'blue',
  processed: 'green',
  fulfilled: 'green',
  refunded: 'red',
  cancelled: 'red',
  partially_refunded: 'yellow',
  rescheduled: 'yellow',
};

const humanize = (status: string) => status.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase());

function StatusBadge({ status }: { status: string }) {
  return <span className={`badge badge--${STATUS_TONE[status] ?? 'grey'}`}>{humanize(status)}</span>;
}

/** One order of the customer's list (spec §3, §4 status colours). */
export function OrderRow({ order }: { order: Order }) {
  const when = order.appointmentAt ? dateFormat.format(new Date(order.appointmentAt)) : 'Not scheduled';
  return (
    <li className="card order-row">
      <div className="order-row__main">
        <p className="order-row__vendor">{order.vendor?.name ?? 'Service order'}</p>
        <p className="order-row__meta">
          <span>{when}</span>
          <span>Confirmation {order.confirmationId}</span>
        </p>
      </div>
      <div className="order-row__status">
        <StatusBadge status={order.fulfillmentStatus} />
        <StatusBadge status={order.paymentStatus} />
        {typeof order.totalCollected === 'number' && (
          <span className="order-row__total">${order.totalCollected.toFixed(2)}</span>
        )}
      </div>
    </li>
  );
}
