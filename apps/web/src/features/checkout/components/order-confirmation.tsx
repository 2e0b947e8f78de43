import { Link } from '../../../components/link';
import type { CustomerOrder } from '@stg/domain/api/orders';
import { cardLabel } from '@stg/domain/checkout';
import { formatAppointment } from '@stg/domain/dates';
import { VIEW_ORDERS, dollars } from '../checkout-text';

/**
 * The live confirmation (spec §4 "Order confirmation"): the order as the server created it — confirmation
 * id, appointment in Mountain Time, what was paid — and the way to the customer's orders.
 */
export function OrderConfirmation({
  order,
  onViewOrders,
}: {
  order: CustomerOrder;
  onViewOrders: () => void;
}) {
  const card = order.paymentMethod
    ? cardLabel(order.paymentMethod.brand ?? order.paymentMethod.bankName, order.paymentMethod.last4)
    : null;
  return (
    <section className="order-confirmation" aria-labelledby="order-confirmation-title">
      <h3 id="order-confirmation-title" className="order-confirmation__title">
        Your booking is confirmed
      </h3>
      <dl className="details order-confirmation__details">
        <div>
          <dt>Confirmation</dt>
          <dd className="order-confirmation__id">{order.confirmationId}</dd>
        </div>
        <div>
          <dt>Provider</dt>
          <dd>{order.vendor.name}</dd>
        </div>
        <div>
          <dt>Appointment</dt>
          <dd>{formatAppointment(order.appointmentAt)} (Mountain Time)</dd>
        </div>
        <div>
          <dt>Total paid</dt>
          <dd>
            {dollars(order.totalCollected)}
            {card ? ` · ${card}` : ''}
          </dd>
        </div>
      </dl>
      <p className="order-confirmation__mail">We have emailed you the details and a calendar invite.</p>
      <Link to="/orders" className="button button--primary button--block" onClick={onViewOrders}>
        {VIEW_ORDERS}
      </Link>
    </section>
  );
}
