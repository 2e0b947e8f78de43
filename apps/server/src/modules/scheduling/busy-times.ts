import type { AppDeps } from '../../app';
import { busyTimesFreshUntil, ensureFreshBusyTimes } from '../calendar-sync/service';
import type { BusyTimesCheck } from './service';

/** The app's check that a synced calendar can be trusted (calendar sync reads the provider when stale). */
export function busyTimesCheckFor(deps: AppDeps): BusyTimesCheck {
  return Object.assign(
    (calendar: Parameters<BusyTimesCheck>[0], now: Date) => ensureFreshBusyTimes(deps, calendar, now),
    {
      freshUntil: busyTimesFreshUntil,
    },
  );
}
