import { useState, type FormEvent, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { VendorOrder } from '@stg/domain/api/orders';
import { TIME_ZONE } from '@stg/domain/constants';
import { formatDurationShort } from '@stg/domain/dates';
import { ORDER_MESSAGES } from '@stg/domain/order-actions';
import { toZonedIso } from '@stg/domain/zoned-time';
import { ErrorList } from '../../../components/error-list';
import { Modal } from '../../../components/modal/modal';
import { useModal } from '../../../components/modal/modal-provider';
import { useSingleSubmit } from '../../../components/modal/use-single-submit';
import { PageLoader } from '../../../components/page-loader';
import { MonthCalendar } from '../../../components/scheduling/month-calendar';
import { TimePicker } from '../../../components/scheduling/time-picker';
import { useSlotChoice } from '../../../components/scheduling/use-slot-choice';
import { ApiError, errorsOf } from '../../../lib/api-client';
import { localStartOf, startLabel } from '../../../lib/availability';
import { availabilityKeyOf } from '../../../lib/availability-query';
import { vendorOrderAvailabilityQueryOptions } from '../api/vendor-availability-query';
import { useVendorReschedule } from '../api/use-vendor-reschedule';
import { customerName, MOUNTAIN_TIME_NOTE, shortTimeLabel } from '../vendor-order-text';
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
  const { closeModal } = useModal();
  const queryClient = useQueryClient();
  const query = useQuery(vendorOrderAvailabilityQueryOptions(order.vendorId, order.id));
  const reschedule = useVendorReschedule(order.id);
  const [confirmed, setConfirmed] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const submit = useSingleSubmit();
  const currentMs = Date.parse(order.appointmentAt);

  // The current appointment's day first (when it is still offered); no time chosen yet.
  const { picked, setPicked, dates, date, starts, chosen } = useSlotChoice(query.data, () => ({
    date: Number.isFinite(currentMs) ? localStartOf(currentMs).date : null,
    ms: null,
  }));
  const sameAsCurrent = chosen !== null && chosen.ms === currentMs;
  const busy = reschedule.isPending;
  const timeProblem = !chosen ? CHOOSE_TIME : sameAsCurrent ? ORDER_MESSAGES.sameTime : null;

  const clearError = () => {
    if (!reschedule.isPending) reschedule.reset();
  };
  const pick = (next: { date: string | null; ms: number | null }) => {
    clearError();
    setPicked(next);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (timeProblem || !confirmed || !chosen) return;
    const label = startLabel(chosen);
    submit(
      () =>
        reschedule.mutateAsync(toZonedIso(chosen.ms, TIME_ZONE)).catch((error: unknown) => {
          // Taken meanwhile, or no longer allowed: the message stays, and the times are read again.
          if (error instanceof ApiError && (error.status === 409 || error.status === 422))
            void queryClient.invalidateQueries({ queryKey: availabilityKeyOf(order.vendorId) });
          throw error;
        }),
      () => {
        closeModal();
        onDone(
          `Order ${order.confirmationId} is rescheduled to ${label} (Mountain Time). ${customerName(order)} is emailed an updated invite.`,
        );
      },
    );
  };

  const intro = (
    <div className="vendor-reschedule__intro">
      <p>
        <strong>{order.confirmationId}</strong> · {customerName(order)}
      </p>
      <p>
        Current appointment: <strong>{shortTimeLabel(order.appointmentAt)}</strong>. The job takes about{' '}
        {formatDurationShort(order.duration)}.
      </p>
      <p className="vendor-reschedule__zone">{MOUNTAIN_TIME_NOTE}</p>
    </div>
  );

  let body: ReactNode;
  if (query.isPending) body = <PageLoader label="Loading available times…" />;
  else if (query.isError)
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
  else if (dates.length === 0)
    body = (
      <p className="empty-state" role="status">
        {query.data.unavailableReason ??
          `Your calendar has no open times in the next ${query.data.windowDays} days for a job of this length.`}
      </p>
    );
  else {
    const showTimeProblem = submitted && timeProblem !== null;
    body = (
      <form className="vendor-reschedule__form" onSubmit={onSubmit} noValidate aria-busy={busy}>
        <div className="vendor-reschedule__layout">
          <MonthCalendar
            dates={dates}
            selected={date}
            onSelect={(next) => pick({ date: next, ms: next === picked.date ? picked.ms : null })}
            monthsShown={1}
            disabled={busy}
          />
          <div className="vendor-reschedule__times">
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
        <ErrorList errors={reschedule.isError ? errorsOf(reschedule.error) : []} />
        <div className="modal__actions">
          <button type="button" className="button button--secondary" onClick={closeModal}>
            Keep Current Time
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? 'Rescheduling…' : 'Reschedule'}
          </button>
        </div>
      </form>
    );
  }

  return (
    <Modal title={VENDOR_RESCHEDULE_TITLE} size="large">
      <div className="vendor-reschedule" aria-busy={query.isFetching || busy}>
        {intro}
        {body}
      </div>
    </Modal>
  );
}
