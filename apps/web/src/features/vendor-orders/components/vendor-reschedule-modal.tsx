import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { VendorOrder } from '@stg/domain/api/orders';
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
import { vendorOrderAvailabilityQueryOptions } from '../api/vendor-availability-query';
import { useVendorReschedule } from '../api/use-vendor-reschedule';
import { customerName, MOUNTAIN_TIME_NOTE } from '../vendor-order-text';
import { ConfirmCheckbox } from './confirm-checkbox';

export const VENDOR_RESCHEDULE_TITLE = 'Reschedule Appointment';
export const VENDOR_RESCHEDULE_CONFIRM =
  'I confirm the new time. The customer is emailed an updated calendar invite.';
export const CHOOSE_TIME = 'Choose a day and a start time.';

/**
 * The vendor's reschedule-appointment modal (spec §2 Modals, §5 Vendor reschedule): the shared date and
 * time picker with only the calendar's available dates and the vendor's free starts for this order's
 * length, at 15-minute intervals (spec §9; the order's own time does not block); a different time than
 * the current one and the confirm checkbox. A time taken meanwhile shows the server's message and the
 * times are fetched again; the choice and the tick stay.
 */
export function VendorRescheduleModal({
  order,
  onDone,
}: {
  order: VendorOrder;
  onDone: (notice: string) => void;
}) {
  const queryClient = useQueryClient();
  const query = useQuery(vendorOrderAvailabilityQueryOptions(order.vendorId, order.id));
  const reschedule = useVendorReschedule(order.id);
  const { send, clearError, closeModal, pending: busy, errors } = useModalSubmit(reschedule, onDone);
  const [confirmed, setConfirmed] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const choice = useRescheduleChoice(query.data, order.appointmentAt, clearError);
  const { chosen, sameAsCurrent } = choice;
  const timeProblem = !chosen ? CHOOSE_TIME : sameAsCurrent ? ORDER_MESSAGES.sameTime : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (timeProblem || !confirmed || !chosen) return;
    const label = startLabel(chosen);
    send(
      toZonedIso(chosen.ms, TIME_ZONE),
      `Order ${order.confirmationId} is rescheduled to ${label} (Mountain Time). ${customerName(order)} is emailed an updated invite.`,
      (error) => {
        // Taken meanwhile, or no longer allowed: the message stays, and the times are read again.
        if (error instanceof ApiError && (error.status === 409 || error.status === 422))
          void queryClient.invalidateQueries({ queryKey: availabilityKeyOf(order.vendorId) });
      },
    );
  };

  const intro = (
    <div className="vendor-reschedule__intro">
      <p>
        <strong>{order.confirmationId}</strong> · {customerName(order)}
      </p>
      <p>
        Current appointment: <strong>{formatAppointment(order.appointmentAt)}</strong>. The job takes about{' '}
        {formatDurationShort(order.duration)}.
      </p>
      <p className="vendor-reschedule__zone">{MOUNTAIN_TIME_NOTE}</p>
    </div>
  );

  const showTimeProblem = submitted && timeProblem !== null;
  return (
    <Modal title={VENDOR_RESCHEDULE_TITLE} size="large">
      <div className="vendor-reschedule" aria-busy={query.isFetching || busy}>
        {intro}
        <RescheduleAvailability
          query={query}
          hasTimes={choice.dates.length > 0}
          emptyMessage={(windowDays) =>
            `Your calendar has no open times in the next ${windowDays} days for a job of this length.`
          }
        >
          <form className="vendor-reschedule__form" onSubmit={onSubmit} noValidate aria-busy={busy}>
            <ReschedulePicker choice={choice} disabled={busy} />
            <p
              className={`vendor-reschedule__chosen${showTimeProblem || sameAsCurrent ? ' is-problem' : ''}`}
              role="status"
            >
              {chosen && !sameAsCurrent
                ? `New time: ${startLabel(chosen)} (Mountain Time)`
                : showTimeProblem || sameAsCurrent
                  ? timeProblem
                  : CHOOSE_TIME}
            </p>
            <ConfirmCheckbox
              label={VENDOR_RESCHEDULE_CONFIRM}
              checked={confirmed}
              disabled={busy}
              error={submitted && !confirmed ? ORDER_MESSAGES.confirmRequired : undefined}
              onChange={(event) => {
                clearError();
                setConfirmed(event.target.checked);
              }}
            />
            <ErrorList errors={errors} />
            <div className="modal__actions reschedule-actions">
              <button type="button" className="button button--secondary" onClick={closeModal}>
                Keep Current Time
              </button>
              <button type="submit" className="button button--primary" disabled={busy}>
                {busy ? 'Rescheduling…' : 'Reschedule'}
              </button>
            </div>
          </form>
        </RescheduleAvailability>
      </div>
    </Modal>
  );
}
