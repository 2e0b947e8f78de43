/**
 * The day and start time a person picks from a vendor's availability (the booking scheduler and the
 * order's reschedule modal): a date or time no longer offered is not kept (another customer took it, or
 * the job got longer); with no day picked, the first available one is shown.
 */
import { useMemo, useState } from 'react';
import type { Availability, AvailabilityDay } from '@stg/domain/api/scheduling';
import { daysByDate, offers, startsOfDay, type Start } from '../../lib/availability';

export interface Picked {
  date: string | null;
  ms: number | null;
}

export function useSlotChoice(availability: Availability | undefined, initial: () => Picked) {
  const [picked, setPicked] = useState<Picked>(initial);
  const days = useMemo(
    () => (availability ? daysByDate(availability) : new Map<string, AvailabilityDay>()),
    [availability],
  );
  const dates = useMemo(() => [...days.keys()].sort(), [days]);
  const step = availability?.stepMinutes ?? 1;
  const date = picked.date && days.has(picked.date) ? picked.date : (dates[0] ?? null);
  const day = date ? days.get(date) : undefined;
  const starts = useMemo(() => (day ? startsOfDay(day, step) : []), [day, step]);
  const chosen: Start | null =
    picked.ms !== null && date === picked.date && offers(day, step, picked.ms)
      ? (starts.find((s) => s.ms === picked.ms) ?? null)
      : null;
  return { picked, setPicked, dates, date, starts, chosen };
}
