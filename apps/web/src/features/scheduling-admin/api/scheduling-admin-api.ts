/**
 * The vendor's scheduling and calendar calls (docs/api/scheduling.md). Each answer (the calendar, or the
 * vendor as its owner sees it) goes into the session cache at once, and the session is then refetched,
 * since the vendor and its calendar live in the session. Answers are read with the shared contracts
 * (@stg/domain/api/calendars, scheduling, vendors).
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import {
  authorizeResponseSchema,
  calendarProvidersResponseSchema,
  ownedCalendarResponseSchema,
  type DisconnectCalendarRequest,
  type IcsFeedRequest,
  type OAuthCallbackRequest,
} from '@stg/domain/api/calendars';
import type { SchedulingPreferencesRequest } from '@stg/domain/api/scheduling';
import { vendorSchema, type VendorCalendar, type VendorPatchRequest } from '@stg/domain/api/vendors';
import { SESSION_QUERY_KEY, updateSession } from '../../../lib/session/session-query';

export type OAuthProvider = 'google' | 'jobber';

/** Puts the calendar the server answered into the session's vendor, then refetches the session. */
async function applyCalendar(queryClient: QueryClient, calendar: VendorCalendar): Promise<void> {
  updateSession(queryClient, (session) =>
    session.vendor ? { ...session, vendor: { ...session.vendor, calendar } } : session,
  );
  await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
}

/** The calendar an answer carries, read with the contract (a mismatch throws a clear error). */
function calendarOf(answer: unknown): VendorCalendar {
  return ownedCalendarResponseSchema.parse(answer);
}

/** Reads the vendor an answer carries with the contract and puts it into the session cache. */
function applyVendor(queryClient: QueryClient, answer: unknown): void {
  const vendor = vendorSchema.parse(answer);
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
        const answer = calendarOf(await api.patch(`/api/vendor_calendars/${calendarId}`, body));
        updateSession(queryClient, (session) =>
          session.vendor ? { ...session, vendor: { ...session.vendor, calendar: answer } } : session,
        );
      }
      if (Object.keys(vendor).length > 0) {
        const body: VendorPatchRequest = { vendor: { id: vendorId, ...vendor } };
        applyVendor(queryClient, await api.patch(`/api/vendors/${vendorId}`, body));
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
    queryFn: async () => calendarProvidersResponseSchema.parse(await api.get('/api/calendar_providers')),
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
    mutationFn: async (provider: OAuthProvider) =>
      authorizeResponseSchema.parse(await api.post(`/api/auth/${provider}/authorize`)),
    onSuccess: ({ url }) => externalNavigation.assign(url),
  });
}

/** POST /api/auth/{provider}/callback with the code and state the provider returned with. */
export function useOAuthCallback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ provider, ...body }: OAuthCallbackRequest & { provider: OAuthProvider }) =>
      calendarOf(await api.post(`/api/auth/${provider}/callback`, body satisfies OAuthCallbackRequest)),
    onSuccess: (calendar) => applyCalendar(queryClient, calendar),
  });
}

/** POST /api/vendor_calendars/{id}/ics: connects the iCal feed (fetched and read once). */
export function useConnectIcsFeed(calendarId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (icsUrl: string) =>
      calendarOf(
        await api.post(`/api/vendor_calendars/${calendarId}/ics`, {
          icsUrl,
        } satisfies IcsFeedRequest),
      ),
    onSuccess: (calendar) => applyCalendar(queryClient, calendar),
  });
}

/** POST /api/vendor_calendars/{id}/sync: reads the connected calendar again. */
export function useSyncCalendar(calendarId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => calendarOf(await api.post(`/api/vendor_calendars/${calendarId}/sync`)),
    onSuccess: (calendar) => applyCalendar(queryClient, calendar),
  });
}

/** DELETE /api/vendor_calendars/{id} { password }: disconnects (the preferences stay). */
export function useDisconnectCalendar(calendarId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (password: string) =>
      calendarOf(
        await api.delete(`/api/vendor_calendars/${calendarId}`, {
          password,
        } satisfies DisconnectCalendarRequest),
      ),
    onSuccess: (calendar) => applyCalendar(queryClient, calendar),
  });
}
