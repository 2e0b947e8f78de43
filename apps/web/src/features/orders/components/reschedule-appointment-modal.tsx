import type { FormEvent, ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomerOrder } from '@stg/domain/api/orders';
import { TIME_ZONE } from '@stg/domain/constants';
import { formatDurationShort } from '@stg/domain/dates';
import { ORDER_MESSAGES } from '@stg/domain/order-actions';
import { toZonedIso } from '@stg/domain/zoned-time';
import { ErrorList } from '../../../components/error-list';
import { Modal } from '../../../components/modal/modal';
import { useModal } from '../../../components/modal/modal-provider';
import { PageLoader } from '../../../components/page-loader';
import { MonthCalendar } from '../../../components/scheduling/month-calendar';
import { TimePicker } from '../../../components/scheduling/time-picker';
import { ApiError, errorsOf } from '../../../lib/api-client';
import { localStartOf, startLabel } from '../../../lib/availability';
import { useSlotChoice } from '../../../components/scheduling/use-slot-choice';
import { availabilityKeyOf } from '../../../lib/availability-query';
import { orderAvailabilityQueryOptions } from '../api/order-availability-query';
import { useRescheduleOrder } from '../api/use-reschedule-order';
import { shortAppointmentLabel } from '../order-text';

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
  const { closeModal } = useModal();
  const queryClient = useQueryClient();
  const query = useQuery(orderAvailabilityQueryOptions(order.vendorId, order.id));
  const reschedule = useRescheduleOrder(order.id);
  const currentMs = Date.parse(order.appointmentAt);
  const currentLabel = shortAppointmentLabel(order.appointmentAt);

  // The current appointment's day is shown first (when the vendor still offers it); no time is chosen.
  const { picked, setPicked, dates, date, starts, chosen } = useSlotChoice(query.data, () => ({
    date: Number.isFinite(currentMs) ? localStartOf(currentMs).date : null,
    ms: null,
  }));
  const sameAsCurrent = chosen !== null && chosen.ms === currentMs;
  const busy = reschedule.isPending;

  const pick = (next: { date: string | null; ms: number | null }) => {
    reschedule.reset();
    setPicked(next);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen || sameAsCurrent || busy) return;
    const label = startLabel(chosen);
    reschedule.mutate(toZonedIso(chosen.ms, TIME_ZONE), {
      onSuccess: () => {
        closeModal();
        onRescheduled(`Your appointment with ${order.vendor.name} is now ${label} (Mountain Time).`);
      },
      onError: (error) => {
        // Taken meanwhile, or no longer allowed: the message stays, and the times are read again.
        if (error instanceof ApiError && error.status === 422)
          void queryClient.invalidateQueries({ queryKey: availabilityKeyOf(order.vendorId) });
      },
    });
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

  let body: ReactNode;
  if (query.isPending) {
    body = <PageLoader label="Loading available times…" />;
  } else if (query.isError) {
    body = (
      <>
        <ErrorList errors={errorsOf(query.error)} />
        <div className="modal__actions">
          <button type="button" className="button button--secondary" onClick={() => void query.refetch()}>
            Try again
          </button>
        </div>
      </>
    );
  } else if (dates.length === 0) {
    body = (
      <p className="empty-state" role="status">
        {query.data.unavailableReason ??
          `${order.vendor.name} has no open times in the next ${query.data.windowDays} days. Please contact the vendor.`}
      </p>
    );
  } else {
    const status = !chosen
      ? 'Choose a day and a start time.'
      : sameAsCurrent
        ? ORDER_MESSAGES.sameTime
        : `New time: ${startLabel(chosen)} (Mountain Time)`;
    body = (
      <form className="reschedule__form" onSubmit={onSubmit} noValidate>
        <div className="reschedule__layout">
          <MonthCalendar
            dates={dates}
            selected={date}
            onSelect={(next) => pick({ date: next, ms: next === picked.date ? picked.ms : null })}
            monthsShown={1}
            disabled={busy}
          />
          <div className="reschedule__times">
            {starts.length > 0 && (
              <TimePicker
                key={date}
                starts={starts}
                selected={chosen}
                onSelect={(start) => pick({ date: start.date, ms: start.ms })}
                disabled={busy}
              />
            )}
          </div>
        </div>
        <p className={`reschedule__chosen${sameAsCurrent ? ' is-same' : ''}`} role="status">
          {status}
        </p>
        <ErrorList errors={reschedule.isError ? errorsOf(reschedule.error) : []} />
        <div className="modal__actions reschedule__actions">
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
    );
  }

  return (
    <Modal title={RESCHEDULE_TITLE} size="large">
      <div className="reschedule" aria-busy={query.isFetching || busy}>
        {intro}
        {body}
      </div>
    </Modal>
  );
}
