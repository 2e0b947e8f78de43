import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RATE_LABEL, SCHEDULING_MESSAGES } from '@stg/domain/scheduling-preferences';
import type { Session } from '@stg/domain/api/session';
import type { VendorCalendar } from '@stg/domain/api/vendors';
import { pathOf } from '@stg/domain/api/endpoint';
import { calendarsApi } from '@stg/domain/api/calendars.endpoints';
import { schedulingApi } from '@stg/domain/api/scheduling.endpoints';
import { sessionApi } from '@stg/domain/api/session.endpoints';
import { vendorsApi } from '@stg/domain/api/vendors.endpoints';
import { vendorSession } from '../../../test/fixtures';
import { at, callsTo, mockApi, type MockResponse, type RecordedCall } from '../../../test/mock-api';
import { LAZY, locationOf, renderApp } from '../../../test/render-app';
import { externalNavigation } from '../api/scheduling-admin-api';
import { NEEDS_RECONNECT, unavailableNote } from '../components/calendar-connection';
import { ICS_LABEL } from '../components/ics-feed-form';
import { ACCESS_DENIED } from '../use-oauth-return';

const PASSWORD_INCORRECT = 'Password is incorrect.';

function makeCalendar(patch: Partial<VendorCalendar> = {}): VendorCalendar {
  return {
    id: 3,
    apiIntegrated: false,
    integratedCalendarId: null,
    integrationType: null,
    workdayStartTime: '08:00',
    workdayEndTime: '17:00',
    driveTimeBufferMins: 30,
    bookingWindowStartDays: 2,
    bookingWindowEndDays: 90,
    needsReconnect: false,
    lastSyncedAt: null,
    syncError: null,
    icsUrlHint: null,
    ...patch,
  };
}

const googleCalendar = (patch: Partial<VendorCalendar> = {}) =>
  makeCalendar({
    apiIntegrated: true,
    integrationType: 'google',
    integratedCalendarId: 'primary',
    lastSyncedAt: '2026-11-20T16:05:00.000Z',
    ...patch,
  });

type Handler = MockResponse | ((call: RecordedCall, count: number) => MockResponse);

/** The calendar the mock server holds now: GET /api/session answers it, like the real server. */
let serverCalendar: VendorCalendar | null = null;
/** A calendar answer that the server also keeps (so the refetched session shows it). */
function keep(calendar: VendorCalendar): MockResponse {
  serverCalendar = calendar;
  return { body: calendar };
}
const keeps =
  (calendar: VendorCalendar): Handler =>
  () =>
    keep(calendar);

function start({
  calendar = makeCalendar(),
  path = '/dashboard/scheduling',
  routes = {},
  providers = { google: true, jobber: false },
}: {
  calendar?: VendorCalendar | null;
  path?: string;
  routes?: Record<string, Handler | Handler[]>;
  providers?: { google: boolean; jobber: boolean };
} = {}) {
  serverCalendar = calendar;
  const session = (): Session =>
    vendorSession({
      calendar: serverCalendar,
      priceToDurationRate: 35,
      cancelationPolicyHours: 24,
      appointmentInstructions: 'Park on the street.',
    });
  const api = mockApi({
    [at(sessionApi.current)]: () => ({ body: session(), headers: { 'X-CSRF-Token': 'token-1' } }),
    [at(calendarsApi.providers)]: {
      body: {
        providers: [
          { type: 'google', configured: providers.google },
          { type: 'jobber', configured: providers.jobber },
          { type: 'ics', configured: true },
        ],
      },
    },
    ...routes,
  });
  return { ...api, ...renderApp(path) };
}

const ready = () => screen.findByRole('heading', { level: 1, name: 'Scheduling Preferences' }, LAZY);
const preferences = () => within(screen.getByRole('region', { name: 'Preferences' }));
const calendarSection = () => within(screen.getByRole('region', { name: 'Calendar' }));
const sessionFetches = (calls: RecordedCall[]) => callsTo(calls, sessionApi.current).length;
/** The calls to the calendar providers' OAuth endpoints (authorize and callback), in order. */
const oauthCalls = (calls: RecordedCall[]) =>
  calls.filter((c) =>
    [calendarsApi.authorize, calendarsApi.callback].some((e) => callsTo([c], e).length > 0),
  );

describe('scheduling preferences form', () => {
  it('shows the saved preferences with their labels and keeps Save off until something changes', async () => {
    const { user } = start();
    await ready();
    const form = preferences();
    expect(form.getByRole('combobox', { name: 'Workday start' })).toHaveValue('08:00');
    expect(form.getByRole('combobox', { name: 'Workday end' })).toHaveValue('17:00');
    expect(form.getByRole('combobox', { name: 'Gap between appointments' })).toHaveValue('30');
    expect(form.getByRole('combobox', { name: 'Minimum notice' })).toHaveValue('2');
    const limit = form.getByRole('combobox', { name: 'Booking limit' });
    expect(limit).toHaveValue('90');
    expect(
      within(limit)
        .getAllByRole('option')
        .map((o) => (o as HTMLOptionElement).value),
    ).toEqual([
      '30',
      '40',
      '50',
      '60',
      '70',
      '80',
      '90',
      '100',
      '110',
      '120',
      '130',
      '140',
      '150',
      '160',
      '170',
      '180',
    ]);
    const rate = form.getByRole('spinbutton', { name: RATE_LABEL });
    expect(rate).toHaveValue(35);
    expect(rate).toHaveAttribute('min', '20');
    expect(rate).toHaveAttribute('max', '250');
    expect(rate).toHaveAttribute('step', '0.01');
    expect(form.getByRole('combobox', { name: 'Cancellation policy' })).toHaveValue('24');
    const instructions = form.getByRole('textbox', { name: 'Appointment instructions' });
    expect(instructions).toHaveValue('Park on the street.');
    expect(instructions).toHaveAccessibleDescription('481 of 500 characters left');
    expect(instructions).toHaveAttribute('maxLength', '500');

    const save = form.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.selectOptions(form.getByRole('combobox', { name: 'Gap between appointments' }), '45');
    expect(save).toBeEnabled();
    await user.selectOptions(form.getByRole('combobox', { name: 'Gap between appointments' }), '30');
    expect(save).toBeDisabled();
    await user.type(instructions, '!');
    expect(instructions).toHaveAccessibleDescription('480 of 500 characters left');
    expect(save).toBeEnabled();
  });

  it('says inline that the workday must start before it ends, and will not save', async () => {
    const { user, calls } = start();
    await ready();
    const form = preferences();
    await user.selectOptions(form.getByRole('combobox', { name: 'Workday start' }), '17:30');
    const end = form.getByRole('combobox', { name: 'Workday end' });
    expect(end).toHaveAccessibleDescription(SCHEDULING_MESSAGES.workdayOrder);
    expect(SCHEDULING_MESSAGES.workdayOrder).toBe('Workday start time must be before end time.');
    expect(form.getByRole('combobox', { name: 'Workday start' })).toHaveAttribute('aria-invalid', 'true');
    expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.selectOptions(end, '18:00');
    expect(end).not.toHaveAccessibleDescription();
    expect(form.getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('checks the rate with the shared rules', async () => {
    const { user } = start();
    await ready();
    const rate = preferences().getByRole('spinbutton', { name: RATE_LABEL });
    await user.clear(rate);
    await user.type(rate, '300');
    expect(rate).toHaveAccessibleDescription(expect.stringContaining(SCHEDULING_MESSAGES.rate));
    expect(preferences().getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.clear(rate);
    await user.type(rate, '40.5');
    expect(rate).not.toHaveAccessibleDescription(expect.stringContaining(SCHEDULING_MESSAGES.rate));
    expect(preferences().getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('saves only the changed fields with the two PATCHes, says Saved and refetches the session', async () => {
    const { user, calls } = start({
      routes: {
        [at(schedulingApi.updatePreferences, { id: 3 })]: (call) => ({
          body: makeCalendar((call.body as { vendorCalendar: Partial<VendorCalendar> }).vendorCalendar),
        }),
        [at(vendorsApi.update, { id: 7 })]: {
          body: { ...vendorSession().vendor, priceToDurationRate: 42.5 },
        },
      },
    });
    await ready();
    const form = preferences();
    await user.selectOptions(form.getByRole('combobox', { name: 'Workday end' }), '18:30');
    await user.selectOptions(form.getByRole('combobox', { name: 'Minimum notice' }), '0');
    const rate = form.getByRole('spinbutton', { name: RATE_LABEL });
    await user.clear(rate);
    await user.type(rate, '42.5');
    const before = sessionFetches(calls);
    await user.click(form.getByRole('button', { name: 'Save' }));

    expect(await form.findByRole('status')).toHaveTextContent('Saved');
    const patches = calls.filter((c) => c.method === 'PATCH');
    expect(patches.map((c) => [c.path, c.body])).toEqual([
      [
        pathOf(schedulingApi.updatePreferences, { id: 3 }),
        { vendorCalendar: { workdayEndTime: '18:30', bookingWindowStartDays: 0 } },
      ],
      [pathOf(vendorsApi.update, { id: 7 }), { vendor: { id: 7, priceToDurationRate: 42.5 } }],
    ]);
    expect(patches[0]!.headers['x-csrf-token']).toBe('token-1');
    await waitFor(() => expect(sessionFetches(calls)).toBeGreaterThan(before));
  });

  it('sends no vendor PATCH when only the calendar changed, and shows the server errors', async () => {
    const { user, calls } = start({
      routes: {
        [at(schedulingApi.updatePreferences, { id: 3 })]: {
          status: 422,
          body: { errors: [SCHEDULING_MESSAGES.workdayOrder] },
        },
      },
    });
    await ready();
    const form = preferences();
    await user.selectOptions(form.getByRole('combobox', { name: 'Booking limit' }), '120');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByRole('alert')).toHaveTextContent(SCHEDULING_MESSAGES.workdayOrder);
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => [c.path, c.body])).toEqual([
      [pathOf(schedulingApi.updatePreferences, { id: 3 }), { vendorCalendar: { bookingWindowEndDays: 120 } }],
    ]);
    expect(form.getByRole('status')).toHaveTextContent('');
  });
});

describe('calendar connection', () => {
  it('shows a connected Google Calendar, its last sync and a prominent reconnect warning', async () => {
    start({ calendar: googleCalendar({ needsReconnect: true, syncError: 'Token expired' }) });
    await ready();
    const section = calendarSection();
    expect(section.getByText('Connected to Google Calendar')).toBeInTheDocument();
    expect(section.getByText('Last synced').nextElementSibling).toHaveTextContent('Nov 20th, 9:05am');
    expect(section.getByRole('alert')).toHaveTextContent(NEEDS_RECONNECT);
    expect(section.getByText(/Token expired/)).toBeInTheDocument();
    expect(await section.findByRole('button', { name: 'Reconnect Google Calendar' })).toBeEnabled();
  });

  it('disables a provider that is not configured, and sends the vendor to a configured one', async () => {
    const assign = vi.spyOn(externalNavigation, 'assign').mockImplementation(() => undefined);
    const { user, calls } = start({
      routes: {
        [at(calendarsApi.authorize, { provider: 'google' })]: {
          body: { url: 'https://accounts.example/consent?x=1' },
        },
      },
    });
    await ready();
    const section = calendarSection();
    expect(section.getByText('No calendar connected')).toBeInTheDocument();
    const jobber = await section.findByRole('button', { name: 'Connect Jobber' });
    await waitFor(() => expect(jobber).toHaveAccessibleDescription(unavailableNote(['jobber'])));
    expect(jobber).toBeDisabled();
    const google = section.getByRole('button', { name: 'Connect Google Calendar' });
    expect(google).toBeEnabled();
    await user.click(google);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://accounts.example/consent?x=1'));
    expect(callsTo(calls, calendarsApi.authorize, { provider: 'google' }).length).toBeGreaterThan(0);
    expect(section.queryByRole('button', { name: 'Disconnect' })).not.toBeInTheDocument();
  });

  it('says what to do when Google and Jobber are unavailable: the iCal feed, which it points to', async () => {
    const { user } = start({ providers: { google: false, jobber: false } });
    await ready();
    const section = calendarSection();
    const google = await section.findByRole('button', { name: 'Connect Google Calendar' });
    const jobber = section.getByRole('button', { name: 'Connect Jobber' });
    const note =
      'Connecting Google Calendar or Jobber directly is not available on this marketplace yet. ' +
      'You can connect any calendar by its iCal (ICS) feed address instead: see “Use an iCal feed” below.';
    await waitFor(() => expect(google).toHaveAccessibleDescription(note));
    expect(jobber).toHaveAccessibleDescription(note);
    expect(google).toBeDisabled();
    expect(jobber).toBeDisabled();
    expect(section.getAllByText(note)).toHaveLength(1);
    expect(section.queryByText(/not configured/i)).not.toBeInTheDocument();
    await user.click(section.getByRole('button', { name: 'Go to the iCal feed' }));
    expect(section.getByRole('textbox', { name: ICS_LABEL })).toHaveFocus();
    expect(section.getByRole('button', { name: 'Use iCal Feed' })).toBeInTheDocument();
  });

  it('says the same when the server refuses a provider that has no credentials', async () => {
    const { user } = start({
      providers: { google: true, jobber: false },
      routes: {
        [at(calendarsApi.authorize, { provider: 'google' })]: {
          status: 422,
          body: { errors: ['Google Calendar is not configured on this server.'] },
        },
      },
    });
    await ready();
    const section = calendarSection();
    const google = await section.findByRole('button', { name: 'Connect Google Calendar' });
    await waitFor(() => expect(google).toBeEnabled());
    await user.click(google);
    expect(await section.findByRole('alert')).toHaveTextContent(unavailableNote(['google']));
  });

  it('connects an iCal feed, and shows why an address was refused', async () => {
    const refused = "Please enter the calendar's secret address in iCal format (https://…).";
    const { user, calls } = start({
      routes: {
        [at(calendarsApi.ics, { id: 3 })]: [
          { status: 422, body: { errors: [refused] } },
          keeps(
            makeCalendar({
              apiIntegrated: true,
              integrationType: 'ics',
              icsUrlHint: 'https://calendar.example/…/basic.ics',
              lastSyncedAt: '2026-11-20T16:05:00.000Z',
            }),
          ),
        ],
      },
    });
    await ready();
    const field = calendarSection().getByRole('textbox', { name: ICS_LABEL });
    await user.type(field, 'webcal://nope');
    await user.click(calendarSection().getByRole('button', { name: 'Use iCal Feed' }));
    expect(await calendarSection().findByRole('alert')).toHaveTextContent(refused);
    await user.clear(field);
    await user.type(field, 'https://calendar.example/private-abc/basic.ics');
    await user.click(calendarSection().getByRole('button', { name: 'Use iCal Feed' }));
    expect(await calendarSection().findByText('Connected to an iCal feed')).toBeInTheDocument();
    expect(calendarSection().getByText('https://calendar.example/…/basic.ics')).toBeInTheDocument();
    expect(callsTo(calls, calendarsApi.ics, { id: 3 }).map((c) => c.body)).toEqual([
      { icsUrl: 'webcal://nope' },
      { icsUrl: 'https://calendar.example/private-abc/basic.ics' },
    ]);
  });

  it('syncs now', async () => {
    const { user, calls } = start({
      calendar: googleCalendar(),
      routes: {
        [at(calendarsApi.sync, { id: 3 })]: keeps(
          googleCalendar({ lastSyncedAt: '2026-11-21T17:00:00.000Z' }),
        ),
      },
    });
    await ready();
    await user.click(calendarSection().getByRole('button', { name: 'Sync now' }));
    expect(await calendarSection().findByText('Your calendar is synced.')).toBeInTheDocument();
    expect(calendarSection().getByText('Last synced').nextElementSibling).toHaveTextContent(
      'Nov 21st, 10:00am',
    );
    expect(callsTo(calls, calendarsApi.sync, { id: 3 }).length).toBeGreaterThan(0);
  });

  it('disconnects through the password modal: a wrong password shows the errors there', async () => {
    const { user, calls } = start({
      calendar: googleCalendar(),
      routes: {
        [at(calendarsApi.disconnect, { id: 3 })]: (call) =>
          (call.body as { password: string }).password === 'right-password'
            ? keep(makeCalendar())
            : { status: 422, body: { errors: [PASSWORD_INCORRECT] } },
      },
    });
    await ready();
    const disconnect = calendarSection().getByRole('button', { name: 'Disconnect' });
    await user.click(disconnect);
    const dialog = within(screen.getByRole('dialog', { name: 'Disconnect Calendar' }));
    const password = dialog.getByLabelText('Password');
    expect(password).toHaveFocus();
    expect(password).toHaveAttribute('type', 'password');

    // Empty: named at once, nothing sent.
    await user.click(dialog.getByRole('button', { name: 'Disconnect' }));
    expect(password).toHaveAccessibleDescription('Password is required.');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.type(password, 'wrong');
    await user.click(dialog.getByRole('button', { name: 'Disconnect' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(PASSWORD_INCORRECT);
    expect(screen.getByRole('dialog', { name: 'Disconnect Calendar' })).toBeInTheDocument();

    await user.clear(password);
    await user.type(password, 'right-password');
    const before = sessionFetches(calls);
    await user.click(dialog.getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => [c.path, c.body])).toEqual([
      [pathOf(calendarsApi.disconnect, { id: 3 }), { password: 'wrong' }],
      [pathOf(calendarsApi.disconnect, { id: 3 }), { password: 'right-password' }],
    ]);
    expect(await calendarSection().findByText('Your calendar is disconnected.')).toBeInTheDocument();
    expect(calendarSection().getByText('No calendar connected')).toBeInTheDocument();
    await waitFor(() => expect(sessionFetches(calls)).toBeGreaterThan(before));
  });

  it('Cancel closes the disconnect modal without a call and gives focus back', async () => {
    const { user, calls } = start({ calendar: googleCalendar() });
    await ready();
    const disconnect = calendarSection().getByRole('button', { name: 'Disconnect' });
    await user.click(disconnect);
    await user.click(
      within(screen.getByRole('dialog', { name: 'Disconnect Calendar' })).getByRole('button', {
        name: 'Cancel',
      }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(disconnect).toHaveFocus();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  });
});

describe('return from the calendar provider', () => {
  it('posts the code and state to Google, shows progress and the result, and cleans the address', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { calls, fetchMock, router } = start({
      path: '/dashboard/scheduling?code=abc123&state=google%3Anonce-1',
      routes: { [at(calendarsApi.callback, { provider: 'google' })]: keeps(googleCalendar()) },
    });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) === pathOf(calendarsApi.callback, { provider: 'google' })) await gate;
      return fetchMock(input, init);
    });
    await ready();
    expect(await calendarSection().findByText('Connecting Google Calendar…')).toBeInTheDocument();
    release();
    expect(
      await calendarSection().findByText('Google Calendar is connected and your busy times are synced.'),
    ).toBeInTheDocument();
    expect(callsTo(calls, calendarsApi.callback, { provider: 'google' }).map((c) => c.body)).toEqual([
      { code: 'abc123', state: 'google:nonce-1' },
    ]);
    await waitFor(() => expect(locationOf(router)).toBe('/dashboard/scheduling'));
    expect(calendarSection().getByText('Connected to Google Calendar')).toBeInTheDocument();
  });

  it('sends a jobber: state to Jobber, and shows a refused code', async () => {
    const refused = 'The calendar connection expired. Please connect again.';
    const { calls, router } = start({
      path: '/dashboard/scheduling?code=j-1&state=jobber:n2',
      routes: {
        [at(calendarsApi.callback, { provider: 'jobber' })]: { status: 422, body: { errors: [refused] } },
      },
    });
    await ready();
    expect(await calendarSection().findByText(refused)).toBeInTheDocument();
    expect(oauthCalls(calls).map((c) => [c.path, c.body])).toEqual([
      [pathOf(calendarsApi.callback, { provider: 'jobber' }), { code: 'j-1', state: 'jobber:n2' }],
    ]);
    await waitFor(() => expect(locationOf(router)).toBe('/dashboard/scheduling'));
  });

  it('explains an access_denied return and cleans the address without a call', async () => {
    const { calls, router } = start({ path: '/dashboard/scheduling?error=access_denied&state=google:n3' });
    await ready();
    expect(calendarSection().getByRole('alert')).toHaveTextContent(ACCESS_DENIED);
    await waitFor(() => expect(locationOf(router)).toBe('/dashboard/scheduling'));
    expect(oauthCalls(calls)).toEqual([]);
  });
});
