import type { AppDeps, BusyTimesCheck } from '../../deps';
import { busyTimesFreshUntil, ensureFreshBusyTimes } from '../calendar-sync/service';

/** The app's check that a synced calendar can be trusted (calendar sync reads the provider when stale). */
export function busyTimesCheckFor(deps: AppDeps): BusyTimesCheck {
  return Object.assign(
    (calendar: Parameters<BusyTimesCheck>[0], now: Date) => ensureFreshBusyTimes(deps, calendar, now),
    {
      freshUntil: busyTimesFreshUntil,
    },
  );
}
