/**
 * A vendor's calendar row as the API shows it: used by vendors (the vendor's answer), scheduling (the
 * preferences' answer) and calendar-sync (a connection's answer), so it lives below all three (ADR 0026).
 */
import type { VendorJson } from '@stg/domain/api/vendors';
import type { vendorCalendars } from '../../db/schema';

type VendorCalendarRow = typeof vendorCalendars.$inferSelect;

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** A vendor's calendar and scheduling preferences; `owner` adds the integration's state. */
export function presentCalendar(
  cal: VendorCalendarRow,
  opts: { owner: boolean },
): NonNullable<VendorJson['calendar']> {
  return {
    id: cal.id,
    apiIntegrated: cal.apiIntegrated,
    integrationType: cal.integrationType,
    workdayStartTime: hhmm(cal.workdayStartMinutes),
    workdayEndTime: hhmm(cal.workdayEndMinutes),
    driveTimeBufferMins: cal.driveTimeBufferMins,
    bookingWindowStartDays: cal.bookingWindowStartDays,
    bookingWindowEndDays: cal.bookingWindowEndDays,
    ...(opts.owner
      ? {
          integratedCalendarId: cal.integratedCalendarId,
          needsReconnect: cal.needsReconnect,
          lastSyncedAt: cal.lastSyncedAt?.toISOString() ?? null,
          syncError: cal.syncError,
          // The connected feed's address with its secret part masked.
          icsUrlHint: cal.integrationType === 'ics' ? cal.icsUrlHint : null,
        }
      : {}),
  };
}
