import { SCHEDULING_MESSAGES } from '@stg/domain/scheduling-preferences';
import type { AppDeps } from '../../app';
import type { BusyTimesCheck } from './service';

/**
 * The app's check that a synced calendar's busy times can be trusted: a calendar whose authorization
 * was revoked or expired (needs reconnecting) offers no times rather than times that may be taken.
 */
export function busyTimesCheckFor(_deps: AppDeps): BusyTimesCheck {
  return async (calendar) =>
    calendar.apiIntegrated && calendar.needsReconnect ? SCHEDULING_MESSAGES.calendarUnavailable : null;
}
