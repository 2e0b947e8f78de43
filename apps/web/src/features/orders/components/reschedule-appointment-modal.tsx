import type { FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomerOrder } from '@stg/domain/api/orders';
import { TIME_ZONE } from '@stg/domain/constants';
import { formatAppointment, formatDurationShort } from '@stg/domain/dates';
import { ORDER_MESSAGES } from '@stg/domain/order-actions';
import { toZonedIso } from '@stg/domain/zoned-time';
import { ErrorList } from '../../../components/error-list';
import { Modal } from '../../../components/modal/modal';
import { useModalSubmit } from '../../../components/modal/use-modal-submit';
import { RescheduleAvailability } from '../../../components/scheduling/reschedule-availability';
import { ReschedulePicker } from '../../../components/scheduling/reschedule-picker';
import { useRescheduleChoice } from '../../../components/scheduling/use-reschedule-choice';
import { ApiError } from '../../../lib/api-client';
import { startLabel } from '../../../lib/availability';
import { availabilityKeyOf } from '../../../lib/availability-query';
import { orderAvailabilityQueryOptions } from '../api/order-availability-query';
import { useRescheduleOrder } from '../api/use-reschedule-order';

export const RESCHEDULE_TITLE = 'Reschedule Appointment';
export const RESCHEDULE_ZONE_NOTE = 'Times are in Mountain Time (St George).';

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
    const label = startLabel(chosen);
    send(
      toZonedIso(chosen.ms, TIME_ZONE),
      `Your appointment with ${order.vendor.name} is now ${label} (Mountain Time).`,
      (error) => {
        // Taken meanwhile, or no longer allowed: the message stays, and the times are read again.
        if (error instanceof ApiError && error.status === 422)
          void queryClient.invalidateQueries({ queryKey: availabilityKeyOf(order.vendorId) });
      },
    );
  };

  const intro = (
    <div className="reschedule__intro">
      <p>
        <strong>{order.vendor.name}</strong> · {order.confirmationId}
      </p>
      <p>
        Current appointment: <strong>{currentLabel}</strong>. The service takes about{' '}
        {formatDurationShort(order.duration)}.
      </p>
      <p className="reschedule__zone">{RESCHEDULE_ZONE_NOTE}</p>
    </div>
  );

  const status = !chosen
    ? 'Choose a day and a start time.'
    : sameAsCurrent
      ? ORDER_MESSAGES.sameTime
      : `New time: ${startLabel(chosen)} (Mountain Time)`;

  return (
    <Modal title={RESCHEDULE_TITLE} size="large">
      <div className="reschedule" aria-busy={query.isFetching || busy}>
        {intro}
        <RescheduleAvailability
          query={query}
          hasTimes={choice.dates.length > 0}
          emptyMessage={(windowDays) =>
            `${order.vendor.name} has no open times in the next ${windowDays} days. Please contact the vendor.`
          }
        >
          <form className="reschedule__form" onSubmit={onSubmit} noValidate>
            <ReschedulePicker choice={choice} disabled={busy} />
            <p className={`reschedule__chosen${sameAsCurrent ? ' is-same' : ''}`} role="status">
              {status}
            </p>
            <ErrorList errors={errors} />
            <div className="modal__actions reschedule__actions reschedule-actions">
              <button type="button" className="button button--secondary" onClick={closeModal}>
                Keep Current Time
              </button>
              <button
                type="submit"
                className="button button--primary reschedule__confirm"
                disabled={!chosen || sameAsCurrent || busy}
              >
                {busy
                  ? 'Rescheduling…'
                  : chosen && !sameAsCurrent
                    ? `Reschedule to ${startLabel(chosen)}`
                    : 'Reschedule'}
              </button>
            </div>
          </form>
        </RescheduleAvailability>
      </div>
    </Modal>
  );
}
