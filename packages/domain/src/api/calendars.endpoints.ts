/**
 * The calendar connections' endpoints (spec §7; docs/api/scheduling.md): the providers this server
 * offers, connecting Google Calendar or Jobber (`:provider` is google or jobber; any other is not found),
 * an iCal feed, reading the calendar again and disconnecting it. One object each (ADR 0031); their
 * schemas are in ./calendars.
 */
import { endpoint } from './endpoint';

const schemas = () => import('./calendars');
const tags = ['calendars'];

/** The calendars that connect with OAuth, as `:provider` names them. */
export const OAUTH_CALENDAR_PROVIDERS = ['google', 'jobber'] as const;
export type OAuthCalendarProviderName = (typeof OAUTH_CALENDAR_PROVIDERS)[number];

export const calendarsApi = {
  providers: endpoint({
    method: 'GET',
    path: '/api/calendar_providers',
    tags,
    summary: 'Which calendar connections this server offers',
    schemas: () => schemas().then((m) => ({ responses: { 200: m.calendarProvidersResponseSchema } })),
  }),
  authorize: endpoint({
    method: 'POST',
    path: '/api/auth/:provider/authorize',
    tags,
    summary:
      'Start connecting Google Calendar (provider google) or Jobber (jobber): the consent page to send the vendor to (state prefixed "google:" or "jobber:"); any other provider is not found',
    schemas: () => schemas().then((m) => ({ responses: { 200: m.authorizeResponseSchema } })),
  }),
  callback: endpoint({
    method: 'POST',
    path: '/api/auth/:provider/callback',
    tags,
    summary:
      'Finish connecting Google Calendar (provider google) or Jobber (jobber) with the code and state it returned; the calendar, read once',
    schemas: () =>
      schemas().then((m) => ({
        body: m.oauthCallbackRequestSchema,
        responses: { 200: m.ownedCalendarResponseSchema },
      })),
  }),
  ics: endpoint({
    method: 'POST',
    path: '/api/vendor_calendars/:id/ics',
    tags,
    summary: "Connect an iCal feed (the calendar's secret address); read once before it is saved; owner only",
    schemas: () =>
      schemas().then((m) => ({
        body: m.icsFeedRequestSchema,
        responses: { 200: m.ownedCalendarResponseSchema },
      })),
  }),
  sync: endpoint({
    method: 'POST',
    path: '/api/vendor_calendars/:id/sync',
    tags,
    summary: 'Read the connected calendar again now; owner only',
    schemas: () => schemas().then((m) => ({ responses: { 200: m.ownedCalendarResponseSchema } })),
  }),
  disconnect: endpoint({
    method: 'DELETE',
    path: '/api/vendor_calendars/:id',
    tags,
    summary:
      'Disconnect the calendar (busy times and secrets removed, preferences kept); needs the password; owner only',
    schemas: () =>
      schemas().then((m) => ({
        body: m.disconnectCalendarRequestSchema,
        responses: { 200: m.ownedCalendarResponseSchema },
      })),
  }),
};
