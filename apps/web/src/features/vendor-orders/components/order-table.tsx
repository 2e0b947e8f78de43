import { useId, useState } from 'react';
import type { VendorOrder } from '@stg/domain/api/orders';
import { formatAppointment } from '@stg/domain/dates';
import type { VendorOrderAction } from '@stg/domain/order-actions';
import { StatusBadge } from '../../../components/status-badge';
import { customerName, money } from '../vendor-order-text';
import { OrderActionsMenu } from './order-actions-menu';
import { OrderDetails } from './order-details';
import { PlanTag } from './plan-tag';

export interface OrderListProps {
  orders: readonly VendorOrder[];
  now: Date;
  onAction: (order: VendorOrder, action: VendorOrderAction) => void;
  /** Describes the list: which orders, in which order, in which time zone. */
  descriptionId: string;
  /** The page's notice after a change made in an order's details (Cancel Plan). */
  onNotice: (notice: string) => void;
}

export const COLUMNS = [
  'Order',
  'Name',
  'Appointment',
  'Fulfillment Status',
  'Payment Status',
  'Price',
] as const;

function OrderRows({
  order,
  now,
  onAction,
  onNotice,
}: { order: VendorOrder; now: Date } & Pick<OrderListProps, 'onAction' | 'onNotice'>) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const detailsId = `${id}-details`;
  return (
    <tbody className={`vendor-orders-table__order${expanded ? ' is-expanded' : ''}`} data-order-id={order.id}>
      <tr>
        <th scope="row">
          <button
            type="button"
            className="vendor-orders-table__toggle"
            aria-expanded={expanded}
            aria-controls={detailsId}
            onClick={() => setExpanded((e) => !e)}
          >
            <svg
              className="vendor-orders__chevron"
              viewBox="0 0 24 24"
              width="18"
              height="18"
              aria-hidden="true"
              focusable="false"
            >
              <path
                d="M9 6l6 6-6 6"
                stroke="currentColor"
                strokeWidth="2"
                fill="none"
                strokeLinecap="round"
              />
            </svg>
            {order.confirmationId} <span className="visually-hidden">details</span>
          </button>
          {order.plan && <PlanTag plan={order.plan} className="vendor-orders-table__plan" />}
        </th>
        <td>{customerName(order)}</td>
        <td className="vendor-orders-table__when">
          <time dateTime={order.appointmentAt}>{formatAppointment(order.appointmentAt)}</time>
        </td>
        <td className="vendor-orders-table__status">
          <StatusBadge kind="Fulfillment" status={order.fulfillmentStatus} />
        </td>
        <td className="vendor-orders-table__status">
          <StatusBadge kind="Payment" status={order.paymentStatus} />
        </td>
        <td className="vendor-orders-table__price">{money(order.subtotal)}</td>
        <td className="vendor-orders-table__actions">
          <OrderActionsMenu order={order} now={now} onChoose={(action) => onAction(order, action)} />
        </td>
      </tr>
      <tr id={detailsId} className="vendor-orders-table__details" hidden={!expanded}>
        <td colSpan={COLUMNS.length + 1}>
          {/* Drawn when opened (see order-cards.tsx). */}
          {expanded && (
            <OrderDetails order={order} idBase={id} level={2} open={expanded} now={now} onNotice={onNotice} />
          )}
        </td>
      </tr>
    </tbody>
  );
}

/**
 * The wide layout of Order History (spec §2): a table with the columns Order, Name, Appointment,
 * Fulfillment Status, Payment Status and Price, and each order's actions; the order's button expands a
 * row of details beneath it. A plan's visit reads "Plan: Every 2 weeks" under its confirmation id.
 */
export function OrderTable({ orders, now, onAction, descriptionId, onNotice }: OrderListProps) {
  return (
    <table className="vendor-orders-table" aria-describedby={descriptionId}>
      <caption className="visually-hidden">Orders</caption>
      <thead>
        <tr>
          {COLUMNS.map((column) => (
            <th
              key={column}
              scope="col"
              className={column === 'Price' ? 'vendor-orders-table__price' : undefined}
            >
              {column}
            </th>
          ))}
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      {orders.map((order) => (
        <OrderRows key={order.id} order={order} now={now} onAction={onAction} onNotice={onNotice} />
      ))}
    </table>
  );
}
