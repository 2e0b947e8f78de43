import { useId, useState } from 'react';
import type { VendorOrder } from '@stg/domain/api/orders';
import { formatAppointment } from '@stg/domain/dates';
import { StatusBadge } from '../../../components/status-badge';
import { customerName, money } from '../vendor-order-text';
import { OrderActionsMenu } from './order-actions-menu';
import { OrderDetails } from './order-details';
import { PlanTag } from './plan-tag';
import type { OrderListProps } from './order-table';

function OrderCard({
  order,
  now,
  onAction,
  onNotice,
}: { order: VendorOrder; now: Date } & Pick<OrderListProps, 'onAction' | 'onNotice'>) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const detailsId = `${id}-details`;
  return (
    <li className={`card vendor-order-card${expanded ? ' is-expanded' : ''}`} data-order-id={order.id}>
      <h2 className="vendor-order-card__heading">
        <span className="vendor-order-card__label">Order</span> {order.confirmationId}
      </h2>
      {order.plan && (
        <p className="vendor-order-card__plan">
          <PlanTag plan={order.plan} />
        </p>
      )}
      <dl className="vendor-order-card__fields">
        <div>
          <dt>Name</dt>
          <dd>{customerName(order)}</dd>
        </div>
        <div>
          <dt>Appointment</dt>
          <dd>
            <time dateTime={order.appointmentAt}>{formatAppointment(order.appointmentAt)}</time>
          </dd>
        </div>
        <div>
          <dt>Fulfillment Status</dt>
          <dd>
            <StatusBadge kind="Fulfillment" status={order.fulfillmentStatus} />
          </dd>
        </div>
        <div>
          <dt>Payment Status</dt>
          <dd>
            <StatusBadge kind="Payment" status={order.paymentStatus} />
          </dd>
        </div>
        <div>
          <dt>Price</dt>
          <dd className="vendor-order-card__price">{money(order.subtotal)}</dd>
        </div>
      </dl>
      <div className="vendor-order-card__bar">
        <button
          type="button"
          className="button button--ghost button--small vendor-order-card__toggle"
          aria-expanded={expanded}
          aria-controls={detailsId}
          onClick={() => setExpanded((e) => !e)}
        >
          Details <span className="visually-hidden">for order {order.confirmationId}</span>
          <svg
            className="vendor-orders__chevron"
            viewBox="0 0 24 24"
            width="16"
            height="16"
            aria-hidden="true"
            focusable="false"
          >
            <path d="M9 6l6 6-6 6" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" />
          </svg>
        </button>
        <OrderActionsMenu order={order} now={now} onChoose={(action) => onAction(order, action)} />
      </div>
      <div id={detailsId} className="vendor-order-card__details" hidden={!expanded}>
        {/* Drawn when opened: 50 closed orders' details were most of the page's 2,600 elements. */}
        {expanded && (
          <OrderDetails order={order} idBase={id} level={3} open={expanded} now={now} onNotice={onNotice} />
        )}
      </div>
    </li>
  );
}

/** The narrow layout of Order History (phones): each order a card with the table's fields. */
export function OrderCards({ orders, now, onAction, descriptionId, onNotice }: OrderListProps) {
  return (
    <ul className="vendor-order-cards" aria-label="Orders" aria-describedby={descriptionId}>
      {orders.map((order) => (
        <OrderCard key={order.id} order={order} now={now} onAction={onAction} onNotice={onNotice} />
      ))}
    </ul>
  );
}
