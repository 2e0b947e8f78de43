import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomerPlan, PlanVisit } from '@stg/domain/api/plans';
import { TIME_ZONE } from '@stg/domain/constants';
import { clockText, formatAppointment, ordinal } from '@stg/domain/dates';
import { dollarsToCents } from '@stg/domain/money';
import { ORDER_MESSAGES } from '@stg/domain/order-actions';
import { PLAN_FREQUENCY_LABELS, planPriceWords, type PlanFrequency } from '@stg/domain/plans';
import { parseLocalDate, toZonedIso, weekdayOf } from '@stg/domain/zoned-time';
import { ErrorList } from '../../../components/error-list';
import { Modal } from '../../../components/modal/modal';
import { useModalSubmit } from '../../../components/modal/use-modal-submit';
import { RescheduleAvailability } from '../../../components/scheduling/reschedule-availability';
import { ReschedulePicker } from '../../../components/scheduling/reschedule-picker';
import { useRescheduleChoice } from '../../../components/scheduling/use-reschedule-choice';
import { ApiError } from '../../../lib/api-client';
import { startLabel, type Start } from '../../../lib/availability';
import { availabilityKeyOf } from '../../../lib/availability-query';
import { planAvailabilityQueryOptions } from '../api/plan-availability-query';
import { useChangeSchedule, useRescheduleVisit } from '../api/use-plan-actions';
import { RESCHEDULE_ZONE_NOTE } from './reschedule-appointment-modal';

export const RESCHEDULE_VISIT_TITLE = 'Reschedule Visit';
export const CHANGE_SCHEDULE_TITLE = 'Change Schedule';

const WEEKDAYS = ['Sundays', 'Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays'];
const MONTH_BASED: readonly PlanFrequency[] = ['monthly', 'every_3_months', 'every_6_months'];

/**
 * "Every 2 weeks on Thursdays at 1:00pm", or for the month-based ones "Monthly on the 4th Thursday at
 * 1:00pm" (ADR 0037: the same weekday of the month; a 5th week is the last).
 */
export function scheduleWords(
  frequency: PlanFrequency,
  start: Pick<Start, 'date' | 'hour' | 'minute'>,
): string {
  const date = parseLocalDate(start.date);
  const label = PLAN_FREQUENCY_LABELS[frequency];
  if (!date) return label;
  const weekday = WEEKDAYS[weekdayOf(date)]!;
  const at = clockText(start.hour, start.minute);
  if (!MONTH_BASED.includes(frequency)) return `${label} on ${weekday} at ${at}`;
  const week = Math.ceil(date.day / 7);
  return `${label} on the ${week >= 5 ? 'last' : ordinal(week)} ${weekday.slice(0, -1)} at ${at}`;
}

/** A refused time: the server's message stays, and the vendor's times are read again. */
function refetchOnRefusal(queryClient: ReturnType<typeof useQueryClient>, vendorId: number) {
  return (error: unknown) => {
    if (error instanceof ApiError && error.status === 422)
      void queryClient.invalidateQueries({ queryKey: availabilityKeyOf(vendorId) });
  };
}

/**
 * Reschedule one visit of a plan (ADR 0037), or give a visit that needs a new time one: only the vendor's
 * free starts for the plan's visit length (its own time does not block), in the provider page's picker, as
 * the order's reschedule modal.
 */
export function RescheduleVisitModal({
  plan,
  visit,
  onDone,
}: {
  plan: CustomerPlan;
  visit: PlanVisit;
  onDone: (notice: string) => void;
}) {
  const queryClient = useQueryClient();
  const query = useQuery(planAvailabilityQueryOptions(plan, visit.id));
  const reschedule = useRescheduleVisit(plan.id);
  const { send, clearError, closeModal, pending, errors } = useModalSubmit(reschedule, onDone);
  const choice = useRescheduleChoice(query.data, visit.appointmentAt, clearError);
  const needsTime = visit.status === 'needs_time';
  const sameAsCurrent = !needsTime && choice.sameAsCurrent;
  const { chosen } = choice;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen || sameAsCurrent) return;
    send(
      { visitId: visit.id, appointmentAt: toZonedIso(chosen.ms, TIME_ZONE) },
      `Your visit with ${plan.vendorName} is now ${startLabel(chosen)} (Mountain Time).`,
      refetchOnRefusal(queryClient, plan.vendorId),
    );
  };
  const status = !chosen
    ? 'Choose a day and a start time.'
    : sameAsCurrent
      ? ORDER_MESSAGES.sameTime
      : `New time: ${startLabel(chosen)} (Mountain Time)`;

  return (
    <Modal title={RESCHEDULE_VISIT_TITLE} size="large">
      <div className="reschedule" aria-busy={query.isFetching || pending}>
        <div className="reschedule__intro">
          <p>
            <strong>{plan.vendorName}</strong> · {PLAN_FREQUENCY_LABELS[plan.frequency]} plan
          </p>
          <p>
            {needsTime ? 'This visit needs a new time: ' : 'Current time: '}
            <strong>{formatAppointment(visit.appointmentAt)}</strong>
            {needsTime ? ' was taken.' : '.'} Only this visit moves; the plan keeps its usual time.
          </p>
          <p className="reschedule__zone">{RESCHEDULE_ZONE_NOTE}</p>
        </div>
        <RescheduleAvailability
          query={query}
          hasTimes={choice.dates.length > 0}
          emptyMessage={(windowDays) =>
            `${plan.vendorName} has no open times in the next ${windowDays} days. Please contact the vendor.`
          }
        >
          <form className="reschedule__form" onSubmit={onSubmit} noValidate>
            <ReschedulePicker choice={choice} disabled={pending} />
            <p className={`reschedule__chosen${sameAsCurrent ? ' is-same' : ''}`} role="status">
              {status}
            </p>
            <ErrorList errors={errors} />
            <div className="modal__actions reschedule__actions">
              <button type="button" className="button button--secondary" onClick={closeModal}>
                {needsTime ? 'Not Now' : 'Keep Current Time'}
              </button>
              <button
                type="submit"
                className="button button--primary reschedule__confirm"
                disabled={!chosen || sameAsCurrent || pending}
              >
                {pending
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

/**
 * Change the plan's frequency (among the vendor's offers, each with its price per visit) and/or its usual
 * day and time, by choosing the first visit on the new schedule from the vendor's free starts (ADR 0037).
 */
export function ChangeScheduleModal({
  plan,
  nextVisit,
  onDone,
}: {
  plan: CustomerPlan;
  /** The next visit not yet charged (the picker opens on its day); null when there is none. */
  nextVisit: PlanVisit | null;
  onDone: (notice: string) => void;
}) {
  const queryClient = useQueryClient();
  const query = useQuery(planAvailabilityQueryOptions(plan, null));
  const change = useChangeSchedule(plan.id);
  const { send, clearError, closeModal, pending, errors } = useModalSubmit(change, onDone);
  const [frequency, setFrequency] = useState<PlanFrequency>(plan.frequency);
  const choice = useRescheduleChoice(query.data, nextVisit?.appointmentAt ?? '', clearError);
  const { chosen } = choice;
  const sameAsCurrent = frequency === plan.frequency && choice.sameAsCurrent;
  const option = plan.frequencyOptions.find((o) => o.frequency === frequency);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen || sameAsCurrent) return;
    send(
      { frequency, firstVisitAt: toZonedIso(chosen.ms, TIME_ZONE) },
      `Your plan with ${plan.vendorName} is now ${scheduleWords(frequency, chosen)}, from ${startLabel(chosen)}.`,
      refetchOnRefusal(queryClient, plan.vendorId),
    );
  };
  const status = !chosen
    ? 'Choose the day and start time of the first visit on the new schedule.'
    : sameAsCurrent
      ? ORDER_MESSAGES.sameTime
      : `New schedule: ${scheduleWords(frequency, chosen)}, first visit ${startLabel(chosen)} (Mountain Time)${
          option ? `, ${planPriceWords(dollarsToCents(option.pricePerVisit), option.discountPercent)}` : ''
        }.`;

  return (
    <Modal title={CHANGE_SCHEDULE_TITLE} size="large">
      <div className="reschedule" aria-busy={query.isFetching || pending}>
        <div className="reschedule__intro">
          <p>
            <strong>{plan.vendorName}</strong> · {PLAN_FREQUENCY_LABELS[plan.frequency]} plan
          </p>
          <p>
            Visits not yet charged are replaced by the new schedule. A later visit whose time is taken moves
            to the nearest free time that week, or waits for you to pick another.
          </p>
          <p className="reschedule__zone">{RESCHEDULE_ZONE_NOTE}</p>
        </div>
        <RescheduleAvailability
          query={query}
          hasTimes={choice.dates.length > 0}
          emptyMessage={(windowDays) =>
            `${plan.vendorName} has no open times in the next ${windowDays} days. Please contact the vendor.`
          }
        >
          <form className="reschedule__form" onSubmit={onSubmit} noValidate>
            <fieldset className="plan-frequency" disabled={pending}>
              <legend>How often?</legend>
              {plan.frequencyOptions.map((o) => (
                <label key={o.frequency} className="plan-frequency__option">
                  <input
                    type="radio"
                    name="frequency"
                    value={o.frequency}
                    checked={frequency === o.frequency}
                    onChange={() => {
                      clearError();
                      setFrequency(o.frequency);
                    }}
                  />
                  <span>
                    {PLAN_FREQUENCY_LABELS[o.frequency]} —{' '}
                    {planPriceWords(dollarsToCents(o.pricePerVisit), o.discountPercent)}
                    {o.frequency === plan.frequency ? ' (your plan)' : ''}
                  </span>
                </label>
              ))}
            </fieldset>
            <p className="plan-frequency__legend">First visit on the new schedule</p>
            <ReschedulePicker choice={choice} disabled={pending} />
            <p className={`reschedule__chosen${sameAsCurrent ? ' is-same' : ''}`} role="status">
              {status}
            </p>
            <ErrorList errors={errors} />
            <div className="modal__actions reschedule__actions">
              <button type="button" className="button button--secondary" onClick={closeModal}>
                Keep Current Schedule
              </button>
              <button
                type="submit"
                className="button button--primary reschedule__confirm"
                disabled={!chosen || sameAsCurrent || pending}
              >
                {pending ? 'Changing…' : 'Change Schedule'}
              </button>
            </div>
          </form>
        </RescheduleAvailability>
      </div>
    </Modal>
  );
}
