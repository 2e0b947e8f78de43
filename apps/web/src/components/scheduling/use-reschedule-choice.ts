import type { Availability } from '@stg/domain/api/scheduling';
import { localStartOf } from '../../lib/availability';
import { useSlotChoice, type Picked } from './use-slot-choice';

/**
 * A new time for a booked order (the customer's and the vendor's reschedule modals): the current
 * appointment's day is shown first (when it is still offered) and no time is chosen; `sameAsCurrent`
 * when the chosen start is the current one. `onPick` runs before each change (it clears a refusal).
 */
export function useRescheduleChoice(
  availability: Availability | undefined,
  appointmentAt: string,
  onPick: () => void,
) {
  const currentMs = Date.parse(appointmentAt);
  const { picked, setPicked, dates, date, starts, chosen } = useSlotChoice(availability, () => ({
    date: Number.isFinite(currentMs) ? localStartOf(currentMs).date : null,
    ms: null,
  }));
  const sameAsCurrent = chosen !== null && chosen.ms === currentMs;
  const pick = (next: Picked) => {
    onPick();
    setPicked(next);
  };
  return { picked, pick, dates, date, starts, chosen, sameAsCurrent };
}

export type RescheduleChoice = ReturnType<typeof useRescheduleChoice>;
