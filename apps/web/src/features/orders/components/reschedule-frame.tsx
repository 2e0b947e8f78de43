import type { FormEvent, ReactNode } from 'react';
import type { UseQueryResult, useQueryClient } from '@tanstack/react-query';
import type { Availability } from '@stg/domain/api/scheduling';
import { ORDER_MESSAGES } from '@stg/domain/order-actions';
import { ErrorList } from '../../../components/error-list';
import { Modal } from '../../../components/modal/modal';
import { RescheduleAvailability } from '../../../components/scheduling/reschedule-availability';
import { ReschedulePicker } from '../../../components/scheduling/reschedule-picker';
import type { RescheduleChoice } from '../../../components/scheduling/use-reschedule-choice';
import { ApiError } from '../../../lib/api-client';
import { startLabel } from '../../../lib/availability';
import { availabilityKeyOf } from '../../../lib/availability-query';

export const RESCHEDULE_ZONE_NOTE = 'Times are in Mountain Time (St George).';

/** A refused time (taken meanwhile, or no longer allowed): the server's message stays, and the vendor's times are read again. */
export function refetchOnRefusal(queryClient: ReturnType<typeof useQueryClient>, vendorId: number) {
  return (error: unknown) => {
    if (error instanceof ApiError && error.status === 422)
      void queryClient.invalidateQueries({ queryKey: availabilityKeyOf(vendorId) });
  };
}

/** The chosen time's line of a one-time move (an order, a plan's visit). */
export function rescheduleStatus(choice: Pick<RescheduleChoice, 'chosen'>, sameAsCurrent: boolean): string {
  if (!choice.chosen) return 'Choose a day and a start time.';
  return sameAsCurrent ? ORDER_MESSAGES.sameTime : `New time: ${startLabel(choice.chosen)} (Mountain Time)`;
}

/** The confirm button of a one-time move: it names the new time. */
export function rescheduleConfirm(
  choice: Pick<RescheduleChoice, 'chosen'>,
  sameAsCurrent: boolean,
  pending: boolean,
): string {
  if (pending) return 'Rescheduling…';
  return choice.chosen && !sameAsCurrent ? `Reschedule to ${startLabel(choice.chosen)}` : 'Reschedule';
}

/**
 * The customer's time-picking modals (spec §2 reschedule-appointment, and a plan's Reschedule Visit and
 * Change Schedule, ADR 0037): the intro with the time zone, the vendor's free times (or why there are none),
 * the provider page's picker with `children` before it, the chosen time's status, the server's refusal,
 * and Keep / the confirm button (disabled until a different time is chosen).
 */
export function RescheduleFrame({
  title,
  intro,
  vendorName,
  state,
  status,
  keep,
  confirm,
  onKeep,
  onSubmit,
  actionsClassName = '',
  children,
}: {
  title: string;
  intro: ReactNode;
  vendorName: string;
  /** The vendor's times, the choice among them, and the request's state. */
  state: {
    query: UseQueryResult<Availability>;
    choice: RescheduleChoice;
    sameAsCurrent: boolean;
    pending: boolean;
    errors: string[];
  };
  status: string;
  keep: string;
  confirm: string;
  onKeep: () => void;
  onSubmit: (event: FormEvent) => void;
  actionsClassName?: string;
  children?: ReactNode;
}) {
  const { query, choice, sameAsCurrent, pending, errors } = state;
  return (
    <Modal title={title} size="large">
      <div className="reschedule" aria-busy={query.isFetching || pending}>
        <div className="reschedule__intro">
          {intro}
          <p className="reschedule__zone">{RESCHEDULE_ZONE_NOTE}</p>
        </div>
        <RescheduleAvailability
          query={query}
          hasTimes={choice.dates.length > 0}
          emptyMessage={(windowDays) =>
            `${vendorName} has no open times in the next ${windowDays} days. Please contact the vendor.`
          }
        >
          <form className="reschedule__form" onSubmit={onSubmit} noValidate>
            {children}
            <ReschedulePicker choice={choice} disabled={pending} />
            <p className={`reschedule__chosen${sameAsCurrent ? ' is-same' : ''}`} role="status">
              {status}
            </p>
            <ErrorList errors={errors} />
            <div className={`modal__actions reschedule__actions ${actionsClassName}`.trim()}>
              <button type="button" className="button button--secondary" onClick={onKeep}>
                {keep}
              </button>
              <button
                type="submit"
                className="button button--primary reschedule__confirm"
                disabled={!choice.chosen || sameAsCurrent || pending}
              >
                {confirm}
              </button>
            </div>
          </form>
        </RescheduleAvailability>
      </div>
    </Modal>
  );
}
