import type { FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomerOrder } from '@stg/domain/api/orders';
import { TIME_ZONE } from '@stg/domain/constants';
import { formatAppointment, formatDurationShort } from '@stg/domain/dates';
import { toZonedIso } from '@stg/domain/zoned-time';
import { useModalSubmit } from '../../../components/modal/use-modal-submit';
import { useRescheduleChoice } from '../../../components/scheduling/use-reschedule-choice';
import { startLabel } from '../../../lib/availability';
import { orderAvailabilityQueryOptions } from '../api/order-availability-query';
import { useRescheduleOrder } from '../api/use-reschedule-order';
import { refetchOnRefusal, RescheduleFrame, rescheduleConfirm, rescheduleStatus } from './reschedule-frame';

export { RESCHEDULE_ZONE_NOTE } from './reschedule-frame';

export const RESCHEDULE_TITLE = 'Reschedule Appointment';

/**
 * The reschedule-appointment modal (spec §2 Modals, §4 Customer reschedule): only the vendor's free
 * starts for this order's length (its own time does not block), in the provider page's date and time
 * picker. The confirm button names the new time, which must differ from the current one. A time refused
 * meanwhile (422) shows the server's message and the times are fetched again.
 */
export function RescheduleAppointmentModal({
  order,
  onRescheduled,
}: {
  order: CustomerOrder;
  /** Called with the success notice after the modal closed. */
  onRescheduled: (notice: string) => void;
}) {
  const queryClient = useQueryClient();
  const query = useQuery(orderAvailabilityQueryOptions(order.vendorId, order.id));
  const reschedule = useRescheduleOrder(order.id);
  const { send, clearError, closeModal, pending: busy, errors } = useModalSubmit(reschedule, onRescheduled);
  const currentLabel = formatAppointment(order.appointmentAt);
  const choice = useRescheduleChoice(query.data, order.appointmentAt, clearError);
  const { chosen, sameAsCurrent } = choice;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen || sameAsCurrent) return;
    send(
      toZonedIso(chosen.ms, TIME_ZONE),
      `Your appointment with ${order.vendor.name} is now ${startLabel(chosen)} (Mountain Time).`,
      refetchOnRefusal(queryClient, order.vendorId),
    );
  };

  return (
    <RescheduleFrame
      title={RESCHEDULE_TITLE}
      intro={
        <>
          <p>
            <strong>{order.vendor.name}</strong> · {order.confirmationId}
          </p>
          <p>
            Current appointment: <strong>{currentLabel}</strong>. The service takes about{' '}
            {formatDurationShort(order.duration)}.
          </p>
        </>
      }
      vendorName={order.vendor.name}
      state={{ query, choice, sameAsCurrent, pending: busy, errors }}
      status={rescheduleStatus(choice, sameAsCurrent)}
      keep="Keep Current Time"
      confirm={rescheduleConfirm(choice, sameAsCurrent, busy)}
      onKeep={closeModal}
      onSubmit={onSubmit}
      actionsClassName="reschedule-actions"
    />
  );
}
