import { useId, useState, type ReactNode } from 'react';
import type { CustomerOrder } from '@stg/domain/api/orders';
import { CATEGORY_LABELS } from '@stg/domain/constants';
import { formatAppointment, formatDurationShort } from '@stg/domain/dates';
import { formatPhone } from '@stg/domain/phone';
import { PLAN_FREQUENCY_LABELS } from '@stg/domain/plans';
import { useModal } from '../../../components/modal/modal-provider';
import { StatusBadge } from '../../../components/status-badge';
import { blockedReasons, money, paymentMethodLabel, placedLabel } from '../order-text';
import {
  CustomerOrderCancellationModal,
  preloadOrderModals,
  RescheduleAppointmentModal,
} from './lazy-order-modals';
import { PostalAddress } from '../../../components/postal-address';

interface OrderRowProps {
  order: CustomerOrder;
  /** The moment the actions are judged at (spec §4 Customer reschedule, Customer cancel). */
  now: Date;
  /** A change went through: the page announces it. */
  onNotice: (message: string) => void;
  /** ADR 0037: "Part of your Every 2 weeks plan" when the order is a plan's visit. */
  planNote?: string | null;
}

function Detail({ term, children, wide }: { term: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'order-row__wide' : undefined}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * One order of the customer's list (spec §2 Customer Orders, §4): the collapsed row shows the vendor, when
 * it was placed, the appointment, both statuses and the total; the expanded row the whole order. Below,
 * Reschedule and Cancel Order, each blocked with its reason when the order can no longer be changed.
 */
export function OrderRow({ order, now, onNotice, planNote = null }: OrderRowProps) {
  const [expanded, setExpanded] = useState(false);
  const { openModal } = useModal();
  const id = useId();
  const detailsId = `${id}-details`;
  const reasonId = `${id}-reason`;

  const service = CATEGORY_LABELS[order.vendor.category] ?? order.vendor.category;
  const options = Object.entries(order.optionsSnapshot);
  const card = paymentMethodLabel(order);
  const phone = formatPhone(order.vendor.phoneNumber);
  const address = order.address;
  const instructions = order.vendor.appointmentInstructions?.trim();
  const reasons = blockedReasons(order, now);
  const shownReasons = [...new Set([reasons.reschedule, reasons.cancel].filter((r): r is string => !!r))];
  const context = `${order.vendor.name} order ${order.confirmationId}`;

  return (
    <li className={`card order-row${expanded ? ' is-expanded' : ''}`} data-order-id={order.id}>
      <h2 className="order-row__heading">
        <button
          type="button"
          className="order-row__toggle"
          aria-expanded={expanded}
          aria-controls={detailsId}
          onClick={() => setExpanded((e) => !e)}
        >
          <span className="order-row__main">
            <span className="order-row__vendor">{order.vendor.name}</span>
            <span className="order-row__service">{service}</span>
            {planNote && <span className="order-row__plan">{planNote}</span>}
            <span className="order-row__dates">
              <span className="order-row__placed">{placedLabel(order)}</span>
              <span className="order-row__when">
                Appointment{' '}
                <time dateTime={order.appointmentAt}>{formatAppointment(order.appointmentAt)}</time>
              </span>
            </span>
          </span>
          <span className="order-row__status">
            <StatusBadge kind="Fulfillment" status={order.fulfillmentStatus} />
            <StatusBadge kind="Payment" status={order.paymentStatus} />
            <span className="order-row__total">{money(order.totalCollected)}</span>
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
        <section className="order-row__section" aria-labelledby={`${id}-summary`}>
          <h3 id={`${id}-summary`}>Summary</h3>
          <dl className="details details--grid">
            <Detail term="Provider">{order.vendor.name}</Detail>
            <Detail term="Service">{service}</Detail>
            <Detail term="Confirmation">{order.confirmationId}</Detail>
            <Detail term="Placed">{placedLabel(order).replace(/^Placed /, '')}</Detail>
            {order.plan && <Detail term="Plan">{PLAN_FREQUENCY_LABELS[order.plan.frequency]}</Detail>}
            {options.map(([label, choice]) => (
              <Detail key={label} term={label}>
                {choice}
              </Detail>
            ))}
            {order.customerNotes?.trim() && <Detail term="Your notes">{order.customerNotes}</Detail>}
          </dl>
        </section>

        <section className="order-row__section" aria-labelledby={`${id}-appointment`}>
          <h3 id={`${id}-appointment`}>Appointment details</h3>
          <dl className="details details--grid">
            <Detail term="Appointment">
              {formatAppointment(order.appointmentAt)}{' '}
              <span className="order-row__zone">(Mountain Time)</span>
            </Detail>
            {order.previousAppointmentAt && (
              <Detail term="Rescheduled from">{formatAppointment(order.previousAppointmentAt)}</Detail>
            )}
            <Detail term="Estimated duration">{formatDurationShort(order.duration)}</Detail>
            <Detail term="Address">
              <PostalAddress address={address} className="order-row__address" />
            </Detail>
            {instructions && (
              <Detail term={`Instructions from ${order.vendor.name}`} wide>
                <span className="order-row__instructions">{instructions}</span>
              </Detail>
            )}
            {phone && (
              <Detail term="Provider phone">
                <a href={`tel:${(order.vendor.phoneNumber ?? '').replace(/\D/g, '')}`}>{phone}</a>
              </Detail>
            )}
            {order.vendor.email && (
              <Detail term="Provider email">
                <a href={`mailto:${order.vendor.email}`}>{order.vendor.email}</a>
              </Detail>
            )}
          </dl>
        </section>

        <section className="order-row__section" aria-labelledby={`${id}-billing`}>
          <h3 id={`${id}-billing`}>Billing</h3>
          <dl className="details details--grid">
            <Detail term="Subtotal">{money(order.subtotal)}</Detail>
            <Detail term="Service charge">{money(order.serviceCharge)}</Detail>
            <Detail term="Total">{money(order.totalCollected)}</Detail>
            {order.refundAmount > 0 && (
              <Detail term="Refunded">
                {money(order.refundAmount)}
                {order.refundReason ? ` (${order.refundReason})` : ''}
              </Detail>
            )}
            <Detail term="Payment method">{card ?? 'Not recorded'}</Detail>
            <Detail term="Fulfillment status">
              <StatusBadge kind="Fulfillment" status={order.fulfillmentStatus} />
            </Detail>
            <Detail term="Payment status">
              <StatusBadge kind="Payment" status={order.paymentStatus} />
            </Detail>
            {order.cancelReason && <Detail term="Cancellation reason">{order.cancelReason}</Detail>}
          </dl>
        </section>
      </div>

      <div className="order-row__actions">
        <div className="order-row__buttons" onPointerOver={preloadOrderModals} onFocus={preloadOrderModals}>
          <button
            type="button"
            className="button button--secondary button--small"
            aria-disabled={reasons.reschedule ? true : undefined}
            aria-describedby={reasons.reschedule ? reasonId : undefined}
            onClick={() => {
              if (reasons.reschedule) return;
              openModal(<RescheduleAppointmentModal order={order} onRescheduled={onNotice} />);
            }}
          >
            Reschedule <span className="visually-hidden">{context}</span>
          </button>
          <button
            type="button"
            className="button button--ghost button--small order-row__cancel"
            aria-disabled={reasons.cancel ? true : undefined}
            aria-describedby={reasons.cancel ? reasonId : undefined}
            onClick={() => {
              if (reasons.cancel) return;
              openModal(<CustomerOrderCancellationModal order={order} onCancelled={onNotice} />);
            }}
          >
            Cancel Order <span className="visually-hidden">{context}</span>
          </button>
        </div>
        {shownReasons.length > 0 && (
          <p id={reasonId} className="order-row__blocked">
            {shownReasons.join(' ')}
          </p>
        )}
      </div>
    </li>
  );
}
