import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Link } from '../../../components/link';
import type { VendorOrder } from '@stg/domain/api/orders';
import { formatAppointment, formatCalendarDate, formatDurationShort } from '@stg/domain/dates';
import { formatPhone } from '@stg/domain/phone';
import { workOrderPath } from '@stg/domain/routing';
import { StatusBadge } from '../../../components/status-badge';
import {
  customerName,
  money,
  PAYOUT_DELAY_TEXT,
  payoutDestinationLabel,
  shownCommission,
} from '../vendor-order-text';
import { PostalAddress } from '../../../components/postal-address';
import { PLAN_FREQUENCY_LABELS } from '@stg/domain/plans';
import { VendorPlanSection } from './vendor-plan-section';

export const VIEW_WORK_ORDER = 'View Work Order';

function Detail({ term, children, wide }: { term: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'vendor-order-details__wide' : undefined}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Section({
  id,
  title,
  level,
  children,
}: {
  id: string;
  title: string;
  level: 2 | 3;
  children: ReactNode;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className="vendor-order-details__section" aria-labelledby={id}>
      <Heading id={id} className="vendor-order-details__title">
        {title}
      </Heading>
      <dl className="details details--grid">{children}</dl>
    </section>
  );
}

/** When the payout goes, as far as the order's statuses say. */
function payoutTiming(order: VendorOrder): string | null {
  if (order.paymentStatus === 'processed') return 'Paid out';
  if (order.fulfillmentStatus === 'cancelled' || order.paymentStatus === 'refunded') return null;
  if (order.fulfillmentStatus === 'fulfilled')
    return order.payoutDueAt
      ? `Due ${formatAppointment(order.payoutDueAt)}, ${PAYOUT_DELAY_TEXT} after completion`
      : `Sent ${PAYOUT_DELAY_TEXT} after completion`;
  if (order.fulfillmentStatus === 'disputed') return 'Held while the payment is disputed';
  return `Sent ${PAYOUT_DELAY_TEXT} after you mark the order complete`;
}

/**
 * The expanded order (spec §2 Order History): Summary, Customer, Location, Service Details, Billing (the
 * total collected, the commission shown as commission + service fee per spec §9, refunds, the payout and
 * where it goes: a bank account or Paper Check), and the View Work Order link. A plan's visit (ADR 0037)
 * also says its plan in the Summary and shows the plan (its next visits, Cancel Plan) once opened.
 */
export function OrderDetails({
  order,
  idBase,
  level,
  open,
  now,
  onNotice,
}: {
  order: VendorOrder;
  idBase: string;
  level: 2 | 3;
  /** Whether the details are shown (a plan visit's plan is read then). */
  open: boolean;
  now: Date;
  /** The page's notice after a change made here (Cancel Plan). */
  onNotice: (notice: string) => void;
}) {
  const address = order.customer.addresses[0] ?? null;
  const phone = formatPhone(order.customer.phoneNumber);
  const options = Object.entries(order.optionsSnapshot);
  const timing = payoutTiming(order);
  const { pathname, search } = useLocation();

  return (
    <div className="vendor-order-details">
      <Section id={`${idBase}-summary`} title="Summary" level={level}>
        <Detail term="Confirmation">{order.confirmationId}</Detail>
        <Detail term="Placed">{formatCalendarDate(order.createdAt)}</Detail>
        {order.plan && <Detail term="Plan">{PLAN_FREQUENCY_LABELS[order.plan.frequency]}</Detail>}
        <Detail term="Appointment" wide>
          {formatAppointment(order.appointmentAt)}{' '}
          <span className="vendor-order-details__zone">(Mountain Time)</span>
        </Detail>
        {order.previousAppointmentAt && (
          <Detail term="Rescheduled from" wide>
            {formatAppointment(order.previousAppointmentAt)}
          </Detail>
        )}
        <Detail term="Fulfillment Status">
          <StatusBadge kind="Fulfillment" status={order.fulfillmentStatus} />
        </Detail>
        <Detail term="Payment Status">
          <StatusBadge kind="Payment" status={order.paymentStatus} />
        </Detail>
        {order.cancelReason && (
          <Detail term="Cancellation reason" wide>
            {order.cancelReason}
          </Detail>
        )}
      </Section>

      <Section id={`${idBase}-customer`} title="Customer" level={level}>
        <Detail term="Name">{customerName(order)}</Detail>
        <Detail term="Phone">
          {phone ? <a href={`tel:${order.customer.phoneNumber.replace(/\D/g, '')}`}>{phone}</a> : 'Not given'}
        </Detail>
        <Detail term="Email" wide>
          <a href={`mailto:${order.customer.email}`}>{order.customer.email}</a>
        </Detail>
      </Section>

      <Section id={`${idBase}-location`} title="Location" level={level}>
        <Detail term="Service address" wide>
          <PostalAddress address={address} className="vendor-order-details__address" />
        </Detail>
      </Section>

      <Section id={`${idBase}-service`} title="Service Details" level={level}>
        {options.map(([label, choice]) => (
          <Detail key={label} term={label}>
            {choice}
          </Detail>
        ))}
        <Detail term="Duration">{formatDurationShort(order.duration)}</Detail>
        <Detail term="Customer notes" wide>
          <span className="vendor-order-details__notes">{order.customerNotes?.trim() || 'None'}</span>
        </Detail>
        {order.optionalNote?.trim() && (
          <Detail term="Completion note" wide>
            <span className="vendor-order-details__notes">{order.optionalNote}</span>
          </Detail>
        )}
      </Section>

      <Section id={`${idBase}-billing`} title="Billing" level={level}>
        <Detail term="Subtotal">{money(order.subtotal)}</Detail>
        <Detail term="Service charge">{money(order.serviceCharge)}</Detail>
        <Detail term="Total collected">{money(order.totalCollected)}</Detail>
        <Detail term="Commission">
          {money(shownCommission(order))}{' '}
          <span className="vendor-order-details__hint">(commission + service fee)</span>
        </Detail>
        <Detail term="Refunds">
          {money(order.refundAmount)}
          {order.refundAmount > 0 && order.refundReason ? ` (${order.refundReason})` : ''}
        </Detail>
        <Detail term="Payout">
          {money(order.vendorPayoutAmount)}
          {timing && <span className="vendor-order-details__hint"> · {timing}</span>}
        </Detail>
        <Detail term="Payout destination" wide>
          {payoutDestinationLabel(order)}
        </Detail>
      </Section>

      {order.plan && (
        <VendorPlanSection
          vendorId={order.vendorId}
          planId={order.plan.id}
          orderId={order.id}
          idBase={idBase}
          level={level}
          open={open}
          now={now}
          onNotice={onNotice}
        />
      )}

      <p className="vendor-order-details__links">
        <Link
          to={workOrderPath(order.id)}
          state={{ ordersUrl: pathname + search }}
          className="button button--secondary button--small"
        >
          {VIEW_WORK_ORDER} <span className="visually-hidden">for order {order.confirmationId}</span>
        </Link>
      </p>
    </div>
  );
}
