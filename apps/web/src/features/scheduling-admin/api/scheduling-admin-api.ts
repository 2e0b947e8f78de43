/**
 * The vendor's scheduling and calendar calls (docs/api/scheduling.md). Each answer (the calendar, or the
 * vendor as its owner sees it) goes into the session cache at once, and the session is then refetched,
 * since the vendor and its calendar live in the session. Answers are read with the shared contracts
 * (@stg/domain/api/calendars, scheduling, vendors).
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import type { OAuthCallbackRequest } from '@stg/domain/api/calendars';
import { calendarsApi, type OAuthCalendarProviderName } from '@stg/domain/api/calendars.endpoints';
import type { SchedulingPreferencesRequest } from '@stg/domain/api/scheduling';
import { schedulingApi } from '@stg/domain/api/scheduling.endpoints';
import type { Vendor, VendorCalendar, VendorPatchRequest } from '@stg/domain/api/vendors';
import { vendorsApi } from '@stg/domain/api/vendors.endpoints';
import { SESSION_QUERY_KEY, updateSession } from '../../../lib/session/session-query';

export type OAuthProvider = OAuthCalendarProviderName;

/** Puts the calendar the server answered into the session's vendor, then refetches the session. */
async function applyCalendar(queryClient: QueryClient, calendar: VendorCalendar): Promise<void> {
  updateSession(queryClient, (session) =>
    session.vendor ? { ...session, vendor: { ...session.vendor, calendar } } : session,
  );
  await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
}

/** Puts the vendor the server answered (read with the contract by call) into the session cache. */
function applyVendor(queryClient: QueryClient, vendor: Vendor): void {
  updateSession(queryClient, (session) =>
    session.vendor && session.vendor.id === vendor.id
      ? { ...session, vendor: { ...session.vendor, ...vendor } }
      : session,
  );
}

export interface SchedulingChanges {
  calendarId: number | null;
  calendar: SchedulingPreferencesRequest['vendorCalendar'];
  vendor: Omit<VendorPatchRequest['vendor'], 'id'>;
}

/**
 * Save: PATCH /api/vendor_calendars/{id} with the changed preferences, then PATCH /api/vendors/{id} with
 * the changed rate, policy and instructions; a part with no change is not sent.
 */
export function useSaveScheduling(vendorId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ calendarId, calendar, vendor }: SchedulingChanges) => {
      if (calendarId !== null && Object.keys(calendar).length > 0) {
        const body: SchedulingPreferencesRequest = { vendorCalendar: calendar };
        const answer = await call(schedulingApi.updatePreferences, { params: { id: calendarId }, body });
        updateSession(queryClient, (session) =>
          session.vendor ? { ...session, vendor: { ...session.vendor, calendar: answer } } : session,
        );
      }
      if (Object.keys(vendor).length > 0) {
        const body: VendorPatchRequest = { vendor: { id: vendorId, ...vendor } };
        applyVendor(queryClient, await call(vendorsApi.update, { params: { id: vendorId }, body }));
      }
    },
    // Also after a failure: the calendar half may have been saved before the vendor half was refused.
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
  });
}

/** GET /api/calendar_providers: which connections this server can make. */
export function useCalendarProviders() {
  return useQuery({
    queryKey: ['calendar-providers'],
    queryFn: () => call(calendarsApi.providers),
    staleTime: 5 * 60_000,
  });
}

/** Leaves the app for a provider's consent page (an object, so tests can watch it). */
export const externalNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

/** POST /api/auth/{provider}/authorize, then the browser goes to the provider's consent page. */
export function useAuthorizeCalendar() {
  return useMutation({
    mutationFn: (provider: OAuthProvider) => call(calendarsApi.authorize, { params: { provider } }),
    onSuccess: ({ url }) => externalNavigation.assign(url),
  });
}

/** POST /api/auth/{provider}/callback with the code and state the provider returned with. */
export function useOAuthCallback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ provider, ...body }: OAuthCallbackRequest & { provider: OAuthProvider }) =>
      call(calendarsApi.callback, { params: { provider }, body }),
    onSuccess: (calendar) => applyCalendar(queryClient, calendar),
  });
}

/** POST /api/vendor_calendars/{id}/ics: connects the iCal feed (fetched and read once). */
export function useConnectIcsFeed(calendarId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (icsUrl: string) => call(calendarsApi.ics, { params: { id: calendarId }, body: { icsUrl } }),
    onSuccess: (calendar) => applyCalendar(queryClient, calendar),
  });
}

/** POST /api/vendor_calendars/{id}/sync: reads the connected calendar again. */
export function useSyncCalendar(calendarId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(calendarsApi.sync, { params: { id: calendarId } }),
    onSuccess: (calendar) => applyCalendar(queryClient, calendar),
  });
}

/** DELETE /api/vendor_calendars/{id} { password }: disconnects (the preferences stay). */
export function useDisconnectCalendar(calendarId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) =>
      call(calendarsApi.disconnect, { params: { id: calendarId }, body: { password } }),
    onSuccess: (calendar) => applyCalendar(queryClient, calendar),
  });
}
