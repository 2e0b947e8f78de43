import { formatAppointment } from '@stg/domain/dates';
import type { VendorOrder } from '@stg/domain/api/orders';
import { customerName } from '../vendor-order-text';

/** Which order a modal acts on: its confirmation id, the customer and the appointment (Mountain Time). */
export function OrderHeading({ order }: { order: VendorOrder }) {
  return (
    <p className="vendor-modal__order">
      <strong>{order.confirmationId}</strong> · {customerName(order)} ·{' '}
      {formatAppointment(order.appointmentAt)} (Mountain Time)
    </p>
  );
}
