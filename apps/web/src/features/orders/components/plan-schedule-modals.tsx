import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomerPlan, PlanVisit } from '@stg/domain/api/plans';
import { TIME_ZONE } from '@stg/domain/constants';
import { clockText, formatAppointment, ordinal } from '@stg/domain/dates';
import { dollarsToCents } from '@stg/domain/money';
import { ORDER_MESSAGES } from '@stg/domain/order-actions';
import { PLAN_FREQUENCY_LABELS, planPriceWords, type PlanFrequency } from '@stg/domain/plans';
import { parseLocalDate, toZonedIso, weekdayOf } from '@stg/domain/zoned-time';
import { useModalSubmit } from '../../../components/modal/use-modal-submit';
import { useRescheduleChoice } from '../../../components/scheduling/use-reschedule-choice';
import { startLabel, type Start } from '../../../lib/availability';
import { planAvailabilityQueryOptions } from '../api/plan-availability-query';
import { useChangeSchedule, useRescheduleVisit } from '../api/use-plan-actions';
import type { PlanVisitModalProps } from './plan-modals';
import { refetchOnRefusal, RescheduleFrame, rescheduleConfirm, rescheduleStatus } from './reschedule-frame';

/** "Sparkle Cleaning · Every 2 weeks plan": the plan a schedule modal is about. */
function PlanLine({ plan }: { plan: CustomerPlan }) {
  return (
    <p>
      <strong>{plan.vendorName}</strong> · {PLAN_FREQUENCY_LABELS[plan.frequency]} plan
    </p>
  );
}

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

/**
 * Reschedule one visit of a plan (ADR 0037), or give a visit that needs a new time one: only the vendor's
 * free starts for the plan's visit length (its own time does not block), in the provider page's picker, as
 * the order's reschedule modal.
 */
export function RescheduleVisitModal({ plan, visit, onDone }: PlanVisitModalProps) {
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
  return (
    <RescheduleFrame
      title={RESCHEDULE_VISIT_TITLE}
      intro={
        <>
          <PlanLine plan={plan} />
          <p>
            {needsTime ? 'This visit needs a new time: ' : 'Current time: '}
            <strong>{formatAppointment(visit.appointmentAt)}</strong>
            {needsTime ? ' was taken.' : '.'} Only this visit moves; the plan keeps its usual time.
          </p>
        </>
      }
      vendorName={plan.vendorName}
      state={{ query, choice, sameAsCurrent, pending, errors }}
      status={rescheduleStatus(choice, sameAsCurrent)}
      keep={needsTime ? 'Not Now' : 'Keep Current Time'}
      confirm={rescheduleConfirm(choice, sameAsCurrent, pending)}
      onKeep={closeModal}
      onSubmit={onSubmit}
    />
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
    <RescheduleFrame
      title={CHANGE_SCHEDULE_TITLE}
      intro={
        <>
          <PlanLine plan={plan} />
          <p>
            Visits not yet charged are replaced by the new schedule. A later visit whose time is taken moves
            to the nearest free time that week, or waits for you to pick another.
          </p>
        </>
      }
      vendorName={plan.vendorName}
      state={{ query, choice, sameAsCurrent, pending, errors }}
      status={status}
      keep="Keep Current Schedule"
      confirm={pending ? 'Changing…' : 'Change Schedule'}
      onKeep={closeModal}
      onSubmit={onSubmit}
    >
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
    </RescheduleFrame>
  );
}
