import { useQuery, useQueryClient } from '@tanstack/react-query';
import { TIME_ZONE } from '@stg/domain/constants';
import { formatAppointment } from '@stg/domain/dates';
import { formatDurationHours } from '@stg/domain/pricing';
import { toZonedIso } from '@stg/domain/zoned-time';
import { ErrorList } from '../../../components/error-list';
import { PageLoader } from '../../../components/page-loader';
import { MonthCalendar } from '../../../components/scheduling/month-calendar';
import { TimePicker } from '../../../components/scheduling/time-picker';
import { ApiError, errorsOf } from '../../../lib/api-client';
import type { Vendor } from '@stg/domain/api/vendors';
import type { Booking } from '@stg/domain/api/bookings';
import { localStartOf, startLabel } from '../../../lib/availability';
import { useSlotChoice } from '../../../components/scheduling/use-slot-choice';
import { availabilityKeyOf } from '../../../lib/availability-query';
import { useMediaQuery } from '../../../lib/use-media-query';
import { availabilityQueryOptions } from '../api/availability-query';
import { useScheduleBooking } from '../api/use-schedule-booking';
import './scheduler.css';

export const TIME_ZONE_NOTE = 'Times are in Mountain Time (St George)';
export const VENDOR_ARRANGES_NOTE =
  'Changes will be arranged by the vendor, and your booking will be refunded if no suitable time is found.';
/** Spec §9: one month under 1235 px, else two. */
export const TWO_MONTHS_QUERY = '(min-width: 1235px)';

/**
 * The Scheduling panel (spec §2 Scheduler): the vendor's available dates and times for this booking's
 * length, in America/Denver time, and Continue, which schedules the booking (PUT /api/bookings/{id}).
 */
export function Scheduler({
  vendor,
  booking,
  onScheduled,
}: {
  vendor: Vendor;
  booking: Booking;
  onScheduled: (booking: Booking) => void;
}) {
  const queryClient = useQueryClient();
  const twoMonths = useMediaQuery(TWO_MONTHS_QUERY);
  const query = useQuery(availabilityQueryOptions(vendor.id, booking.id, booking.duration));
  const schedule = useScheduleBooking();

  // What the customer picked; a scheduled booking starts from its own time.
  const { picked, setPicked, dates, date, starts, chosen } = useSlotChoice(query.data, () => {
    const ms = booking.appointmentAt ? Date.parse(booking.appointmentAt) : NaN;
    return Number.isFinite(ms) ? { date: localStartOf(ms).date, ms } : { date: null, ms: null };
  });
  const availability = query.data;
  const ownTimeGone =
    availability !== undefined &&
    booking.appointmentAt !== null &&
    picked.ms === Date.parse(booking.appointmentAt) &&
    chosen === null;

  const pick = (next: { date: string | null; ms: number | null }) => {
    schedule.reset();
    setPicked(next);
  };

  const onContinue = () => {
    if (!chosen || schedule.isPending) return;
    schedule.mutate(
      { bookingId: booking.id, appointmentAt: toZonedIso(chosen.ms, TIME_ZONE) },
      {
        onSuccess: onScheduled,
        onError: (error) => {
          // The time was taken meanwhile (or no longer fits): show the message and fetch fresh times.
          if (error instanceof ApiError && error.status === 422)
            void queryClient.invalidateQueries({ queryKey: availabilityKeyOf(vendor.id) });
        },
      },
    );
  };

  const intro = (
    <p className="scheduler__intro">Your service takes about {formatDurationHours(booking.duration)}.</p>
  );

  if (query.isPending) {
    return (
      <div className="scheduler">
        {intro}
        <PageLoader label="Loading available times…" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="scheduler">
        {intro}
        <ErrorList errors={errorsOf(query.error)} />
        <button type="button" className="button button--secondary" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  }

  const data = query.data;
  if (dates.length === 0) {
    return (
      <div className="scheduler">
        {intro}
        <p className="empty-state scheduler__empty" role="status">
          {data.unavailableReason ??
            `${vendor.name} has no open times in the next ${data.windowDays} days. Please check back soon.`}
        </p>
        <p className="scheduler__note">{VENDOR_ARRANGES_NOTE}</p>
      </div>
    );
  }

  const busy = schedule.isPending;
  return (
    <div className="scheduler" aria-busy={query.isFetching || busy}>
      <p className="scheduler__intro">
        Your service takes about {formatDurationHours(booking.duration)}. Pick a day, then a start time.
      </p>
      <p className="scheduler__zone">{TIME_ZONE_NOTE}</p>
      {ownTimeGone && booking.appointmentAt && (
        <p className="alert alert--warning" role="status">
          Your earlier time, {formatAppointment(booking.appointmentAt)}, is no longer available. Please pick
          another.
        </p>
      )}
      <div className="scheduler__layout">
        <MonthCalendar
          dates={dates}
          selected={date}
          onSelect={(next) => pick({ date: next, ms: next === picked.date ? picked.ms : null })}
          monthsShown={twoMonths ? 2 : 1}
          disabled={busy}
        />
        <div className="scheduler__times">
          {starts.length > 0 && (
            <TimePicker
              // A new date starts its own hour and minute choice.
              key={date}
              starts={starts}
              selected={chosen}
              onSelect={(start) => pick({ date: start.date, ms: start.ms })}
              disabled={busy}
            />
          )}
        </div>
      </div>
      <p className="scheduler__chosen" role="status">
        {chosen ? `Chosen time: ${startLabel(chosen)} (Mountain Time)` : 'Choose a day and a start time.'}
      </p>
      <ErrorList errors={schedule.isError ? errorsOf(schedule.error) : []} />
      <button
        type="button"
        className="button button--primary scheduler__continue"
        disabled={!chosen || busy}
        onClick={onContinue}
      >
        {busy ? 'Saving…' : chosen ? `Continue — ${startLabel(chosen)}` : 'Continue'}
      </button>
      <p className="scheduler__note">{VENDOR_ARRANGES_NOTE}</p>
    </div>
  );
}
