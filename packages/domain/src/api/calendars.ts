/**
 * Calendar connections (docs/api/scheduling.md "Calendars"; spec §2 Calendar Sync, §7): the contract of
 * GET /api/calendar_providers, POST /api/auth/{google|jobber}/authorize and /callback,
 * POST /api/vendor_calendars/{id}/ics, POST /api/vendor_calendars/{id}/sync and
 * DELETE /api/vendor_calendars/{id}, read by the server's routes and the web app, with their messages.
 */
import { z } from 'zod';
import { CALENDAR_INTEGRATIONS } from '../constants';
import { vendorCalendarSchema } from './vendors';

export const CALENDAR_MESSAGES = {
  notConfiguredGoogle: 'Google Calendar is not configured on this server.',
  notConfiguredJobber: 'Jobber is not configured on this server.',
  passwordRequired: 'Password is required.',
  passwordIncorrect: 'Password is incorrect.',
  notConnected: 'No calendar is connected.',
  stateInvalid: 'This calendar connection request has expired or is not valid. Please try connecting again.',
  codeMissing: 'The authorization code is missing. Please try connecting again.',
  refusedGoogle: 'Google did not accept the authorization. Please try connecting again.',
  refusedJobber: 'Jobber did not accept the authorization. Please try connecting again.',
  unreachableGoogle: 'Google Calendar could not be reached. Please try again.',
  unreachableJobber: 'Jobber could not be reached. Please try again.',
  unreadable: 'This calendar connection can no longer be read. Please connect it again.',
} as const;

/** What reading an iCal feed can answer (the feed's address is checked before anything is fetched). */
export const ICS_MESSAGES = {
  badAddress: "Please enter the calendar's secret address in iCal format (https://…).",
  privateAddress: 'That calendar address points to a private network and cannot be used.',
  unreachable: 'The calendar feed could not be read. Check the address and try again.',
  notCalendar: 'That address does not answer with an iCal calendar.',
  tooLarge: 'That calendar feed is too large to read.',
} as const;

/** GET /api/calendar_providers: which connections this server offers. */
export const calendarProvidersResponseSchema = z.object({
  providers: z.array(z.object({ type: z.enum(CALENDAR_INTEGRATIONS), configured: z.boolean() })),
});
export type CalendarProvidersResponse = z.output<typeof calendarProvidersResponseSchema>;

/** POST /api/auth/{google|jobber}/authorize: the provider's consent page to send the vendor to. */
export const authorizeResponseSchema = z.object({ url: z.string() });
export type AuthorizeResponse = z.output<typeof authorizeResponseSchema>;

/** POST /api/auth/{google|jobber}/callback: the code and state the provider returned. */
export const oauthCallbackRequestSchema = z.object({
  code: z
    .string({ error: CALENDAR_MESSAGES.codeMissing })
    .min(1, { error: CALENDAR_MESSAGES.codeMissing })
    .max(4096, { error: CALENDAR_MESSAGES.codeMissing }),
  state: z
    .string({ error: CALENDAR_MESSAGES.stateInvalid })
    .min(1, { error: CALENDAR_MESSAGES.stateInvalid })
    .max(512, { error: CALENDAR_MESSAGES.stateInvalid }),
});
export type OAuthCallbackRequest = z.input<typeof oauthCallbackRequestSchema>;

/** POST /api/vendor_calendars/{id}/ics: the calendar's secret iCal address. */
export const icsFeedRequestSchema = z.object({
  icsUrl: z.string({ error: ICS_MESSAGES.badAddress }).max(2048, { error: ICS_MESSAGES.badAddress }),
});
export type IcsFeedRequest = z.input<typeof icsFeedRequestSchema>;

/** DELETE /api/vendor_calendars/{id}: the vendor's password confirms it. */
export const disconnectCalendarRequestSchema = z
  .object({ password: z.string().max(1000).optional() })
  .optional();
export type DisconnectCalendarRequest = NonNullable<z.input<typeof disconnectCalendarRequestSchema>>;

/** Every calendar answer of these routes: the calendar as its owner sees it. */
export const ownedCalendarResponseSchema = vendorCalendarSchema;
