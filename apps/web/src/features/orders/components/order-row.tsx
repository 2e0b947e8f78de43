import { useId, useState } from 'react';
import { formatAppointment, formatDurationShort } from '@stg/domain/dates';
import { statusLabel, statusTone } from '@stg/domain/order-status';
import { formatPhone } from '@stg/domain/phone';
import type { Order } from '../../../lib/api-types';

const dollars = (amount: number | null | undefined) => `$${(amount ?? 0).toFixed(2)}`;

function StatusBadge({ kind, status }: { kind: 'Fulfillment' | 'Payment'; status: string }) {
  return (
    <span className={`badge badge--${statusTone(status)}`} data-status={status}>
      <span className="visually-hidden">{kind}: </span>
      {statusLabel(status)}
    </span>
  );
}

function paymentMethodText(order: Order): string | null {
  const method = order.paymentMethod;
  if (!method?.last4) return null;
  const brand = method.bankName?.trim() || method.brand?.trim() || 'Card';
  return `${brand.charAt(0).toUpperCase()}${brand.slice(1)} •••• ${method.last4}`;
}

function optionEntries(order: Order): [string, string][] {
  const snapshot = order.optionsSnapshot;
  if (!snapshot || typeof snapshot !== 'object') return [];
  return Object.entries(snapshot).map(([label, choice]) => [label, String(choice)]);
}

/**
 * One order of the customer's list (spec §2 Customer Orders, §4 status colours): the collapsed row shows
 * vendor, appointment (Denver time), statuses and total; the expanded row the order's details.
 */
export function OrderRow({ order }: { order: Order }) {
  const [expanded, setExpanded] = useState(false);
  const detailsId = useId();
  const when = order.appointmentAt ? formatAppointment(order.appointmentAt) : 'Not scheduled';
  const options = optionEntries(order);
  const payment = paymentMethodText(order);
  const vendorName = order.vendor?.name ?? 'Service order';
  const phone = formatPhone(order.vendor?.phoneNumber);

  return (
    <li className={`card order-row${expanded ? ' is-expanded' : ''}`}>
      <h2 className="order-row__heading">
        <button
          type="button"
          className="order-row__toggle"
          aria-expanded={expanded}
          aria-controls={detailsId}
          onClick={() => setExpanded((e) => !e)}
        >
          <span className="order-row__main">
            <span className="order-row__vendor">{vendorName}</span>
            <span className="order-row__when">{when}</span>
          </span>
          <span className="order-row__status">
            <StatusBadge kind="Fulfillment" status={order.fulfillmentStatus} />
            <StatusBadge kind="Payment" status={order.paymentStatus} />
            <span className="order-row__total">{dollars(order.totalCollected)}</span>
          </span>
          <svg
            className="order-row__chevron"
            viewBox="0 0 24 24"
            width="20"
            height="20"
            aria-hidden="true"
            focusable="false"
          >
            <path d="M6 9l6 6 6-6" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" />
          </svg>
        </button>
      </h2>
      <div id={detailsId} className="order-row__details" hidden={!expanded}>
        <dl className="details details--grid">
          <div>
            <dt>Confirmation</dt>
            <dd>{order.confirmationId}</dd>
          </div>
          {order.previousAppointmentAt && (
            <div>
              <dt>Rescheduled from</dt>
              <dd>{formatAppointment(order.previousAppointmentAt)}</dd>
            </div>
          )}
          {typeof order.duration === 'number' && order.duration > 0 && (
            <div>
              <dt>Estimated duration</dt>
              <dd>{formatDurationShort(order.duration)}</dd>
            </div>
          )}
          {options.map(([label, choice]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{choice}</dd>
            </div>
          ))}
          <div>
            <dt>Notes</dt>
            <dd>{order.customerNotes?.trim() || 'None'}</dd>
          </div>
          <div>
            <dt>Payment method</dt>
            <dd>{payment ?? 'Not recorded'}</dd>
          </div>
          <div>
            <dt>Service fee</dt>
            <dd>{dollars(order.serviceFee)}</dd>
          </div>
          <div>
            <dt>Total</dt>
            <dd>{dollars(order.totalCollected)}</dd>
          </div>
          {order.refundAmount > 0 && (
            <div>
              <dt>Refunded</dt>
              <dd>
                {dollars(order.refundAmount)}
                {order.refundReason ? ` (${order.refundReason})` : ''}
              </dd>
            </div>
          )}
          {order.cancelReason && (
            <div>
              <dt>Cancellation reason</dt>
              <dd>{order.cancelReason}</dd>
            </div>
          )}
          {phone && (
            <div>
              <dt>Provider phone</dt>
              <dd>
                <a href={`tel:${(order.vendor?.phoneNumber ?? '').replace(/\D/g, '')}`}>{phone}</a>
              </dd>
            </div>
          )}
        </dl>
      </div>
    </li>
  );
}
