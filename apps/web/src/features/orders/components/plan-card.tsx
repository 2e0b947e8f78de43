import type { CustomerPlan, PlanVisit } from '@stg/domain/api/plans';
import { formatAppointment } from '@stg/domain/dates';
import { dollarsToCents, formatDollars } from '@stg/domain/money';
import { PLAN_FREQUENCY_LABELS, planPriceWords } from '@stg/domain/plans';
import { dayText } from '@stg/domain/dates';
import { addDays, formatLocalDate, parseLocalDate, weekdayOf } from '@stg/domain/zoned-time';
import { useModal } from '../../../components/modal/modal-provider';
import { localStartOf } from '../../../lib/availability';
import {
  AcceptPriceModal,
  CancelPlanModal,
  newPriceWords,
  PausePlanModal,
  SkipVisitModal,
} from './plan-modals';
import { ChangeScheduleModal, RescheduleVisitModal, scheduleWords } from './plan-schedule-modals';

/** "every 2 weeks on Wednesdays at 8:00am": the plan's usual day and time (its usual start, the next visit's day). */
function usualWords(plan: CustomerPlan, next: PlanVisit): string {
  const day = localStartOf(Date.parse(next.appointmentAt));
  const date = parseLocalDate(day.date);
  // A visit moved by itself may fall on another day: the usual weekday is the plan's.
  const iso = date ? weekdayOf(date) || 7 : plan.usualWeekday;
  const usualDate = date ? formatLocalDate(addDays(date, plan.usualWeekday - iso)) : day.date;
  const words = scheduleWords(plan.frequency, {
    date: usualDate,
    hour: Math.floor(plan.usualStartMinutes / 60),
    minute: plan.usualStartMinutes % 60,
  });
  return words.charAt(0).toLowerCase() + words.slice(1);
}

/** How a visit reads on the plan card. */
export const VISIT_STATUS_WORDS: Record<PlanVisit['status'], string> = {
  held: 'Held for you',
  charging: 'Being charged',
  ordered: 'Booked',
  skipped: 'Skipped',
  cancelled: 'Cancelled',
  payment_failed: 'Payment failed',
  action_required: 'Needs your confirmation',
  needs_time: 'Needs a new time',
};

/** "Part of your Every 2 weeks plan": an order that is a plan's visit. */
export function partOfPlanText(plan: Pick<CustomerPlan, 'frequency'>): string {
  return `Part of your ${PLAN_FREQUENCY_LABELS[plan.frequency]} plan`;
}

const SHOWN_VISITS = 4;

/**
 * One of the customer's plans (ADR 0037) above their orders: the vendor and frequency, the price per visit
 * with the service charge, the card, and the next visits with their status (held, needs a new time, …).
 */
export function PlanCard({
  plan,
  now,
  onNotice,
}: {
  plan: CustomerPlan;
  now: Date;
  /** The page's notice after a change (the modal has closed). */
  onNotice: (notice: string) => void;
}) {
  const { openModal } = useModal();
  const live = plan.status !== 'cancelled';
  const pausedUntil = plan.status === 'paused' && plan.pausedUntil ? parseLocalDate(plan.pausedUntil) : null;
  const headingId = `plan-${plan.id}`;
  const next = plan.visits
    .filter(
      (v) =>
        Date.parse(v.appointmentAt) >= now.getTime() && v.status !== 'cancelled' && v.status !== 'skipped',
    )
    .slice(0, SHOWN_VISITS);
  const nextHeld = plan.visits.find((v) => v.status === 'held' && Date.parse(v.chargeAt) > now.getTime());
  const usual = nextHeld ? `Usually ${usualWords(plan, nextHeld)}` : null;
  const card =
    plan.paymentMethodLast4 !== null
      ? `${plan.paymentMethodBrand ? plan.paymentMethodBrand[0]!.toUpperCase() + plan.paymentMethodBrand.slice(1) : 'Card'} ending in ${plan.paymentMethodLast4}`
      : null;
  return (
    <li className="card plan-card" aria-labelledby={headingId} data-plan-id={plan.id}>
      <h3 id={headingId} className="plan-card__title">
        {plan.vendorName} · {PLAN_FREQUENCY_LABELS[plan.frequency]}
        {plan.status === 'cancelled' && <span className="plan-card__status"> (cancelled)</span>}
      </h3>
      {pausedUntil && <p className="plan-card__paused">Paused until {dayText(pausedUntil)}</p>}
      {live && usual && <p className="plan-card__usual">{usual}</p>}
      <p className="plan-card__price">
        {planPriceWords(dollarsToCents(plan.pricePerVisit), plan.discountPercent)} +{' '}
        {formatDollars(dollarsToCents(plan.serviceCharge))} service charge
        {card ? `, charged to your ${card}` : ''}
      </p>
      {live && plan.priceProposal && (
        <p className="plan-card__proposal">
          {newPriceWords(plan.priceProposal)} —{' '}
          <button
            type="button"
            className="button button--primary button--small plan-card__accept"
            onClick={() =>
              openModal(<AcceptPriceModal plan={plan} proposal={plan.priceProposal!} onDone={onNotice} />)
            }
          >
            Accept <span className="visually-hidden">the new price for {plan.vendorName}</span>
          </button>
        </p>
      )}
      {next.length === 0 ? (
        <p className="plan-card__empty">No upcoming visits.</p>
      ) : (
        <>
          <h4 className="plan-card__subtitle">Next visits</h4>
          <ul className="plan-card__visits">
            {next.map((v) => (
              <li key={v.id} className={`plan-card__visit plan-card__visit--${v.status}`}>
                <time dateTime={v.appointmentAt}>{formatAppointment(v.appointmentAt)}</time>
                <span className="plan-card__visit-status">{VISIT_STATUS_WORDS[v.status]}</span>
                {live && v.status === 'held' && Date.parse(v.chargeAt) > now.getTime() && (
                  <span className="plan-card__visit-actions">
                    <button
                      type="button"
                      className="button button--ghost button--small plan-card__reschedule"
                      onClick={() =>
                        openModal(<RescheduleVisitModal plan={plan} visit={v} onDone={onNotice} />)
                      }
                    >
                      Reschedule{' '}
                      <span className="visually-hidden">
                        the visit on {formatAppointment(v.appointmentAt)}
                      </span>
                    </button>
                    <button
                      type="button"
                      className="button button--ghost button--small plan-card__skip"
                      onClick={() => openModal(<SkipVisitModal plan={plan} visit={v} onDone={onNotice} />)}
                    >
                      Skip{' '}
                      <span className="visually-hidden">
                        the visit on {formatAppointment(v.appointmentAt)}
                      </span>
                    </button>
                  </span>
                )}
                {live && v.status === 'needs_time' && (
                  <span className="plan-card__visit-actions">
                    <button
                      type="button"
                      className="button button--primary button--small plan-card__pick"
                      onClick={() =>
                        openModal(<RescheduleVisitModal plan={plan} visit={v} onDone={onNotice} />)
                      }
                    >
                      Pick a new time{' '}
                      <span className="visually-hidden">
                        for the visit on {formatAppointment(v.appointmentAt)}
                      </span>
                    </button>
                  </span>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      {live && (
        <div className="plan-card__actions">
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() =>
              openModal(<ChangeScheduleModal plan={plan} nextVisit={nextHeld ?? null} onDone={onNotice} />)
            }
          >
            Change schedule<span className="visually-hidden"> with {plan.vendorName}</span>
          </button>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => openModal(<PausePlanModal plan={plan} onDone={onNotice} />)}
          >
            {plan.status === 'paused' ? 'Change pause' : 'Pause plan'}
            <span className="visually-hidden"> with {plan.vendorName}</span>
          </button>
          <button
            type="button"
            className="button button--ghost button--small plan-card__cancel"
            onClick={() => openModal(<CancelPlanModal plan={plan} onDone={onNotice} />)}
          >
            Cancel plan<span className="visually-hidden"> with {plan.vendorName}</span>
          </button>
        </div>
      )}
    </li>
  );
}
