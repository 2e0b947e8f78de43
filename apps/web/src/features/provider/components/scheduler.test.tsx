import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '@stg/domain/api/session';
import type { Vendor } from '@stg/domain/api/vendors';
import type { Booking } from '@stg/domain/api/bookings';
import type { Availability } from '@stg/domain/api/scheduling';
import { SCHEDULING_MESSAGES } from '@stg/domain/scheduling-preferences';
import { bookingsApi } from '@stg/domain/api/bookings.endpoints';
import { paymentsApi } from '@stg/domain/api/payments.endpoints';
import { pricingApi } from '@stg/domain/api/pricing.endpoints';
import { sessionApi } from '@stg/domain/api/session.endpoints';
import { vendorsApi } from '@stg/domain/api/vendors.endpoints';
import {
  customerSession,
  makeBooking as makeFixtureBooking,
  makeVendor,
  sandboxPaymentsConfig,
  signedOut,
} from '../../../test/fixtures';
import { urlOf } from '../../../lib/api-client';
import { at, callsTo, mockApi, type MockResponse, type RecordedCall } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { TIME_CLEARED } from './booking-section';
import { CHECKOUT_HOLD_NOTE } from './booking-summary';
import { TIME_ZONE_NOTE, TWO_MONTHS_QUERY, VENDOR_ARRANGES_NOTE } from './scheduler';

const UNAVAILABLE = SCHEDULING_MESSAGES.appointmentUnavailable;

const makeBooking = (patch: Partial<Booking> = {}): Booking =>
  makeFixtureBooking({
    price: 120,
    duration: 150,
    answers: { '1': '2' },
    optionsSnapshot: { Bedrooms: 'Two' },
    ...patch,
  });

/** Tue Nov 24: 8:00-8:10 and 1:30-1:32pm; Wed Nov 25: 9:00 only; Wed Dec 2: 10:00-10:05 (MST). */
function makeAvailability(patch: Partial<Availability> = {}): Availability {
  return {
    timeZone: 'America/Denver',
    stepMinutes: 1,
    jobMinutes: 150,
    windowDays: 90,
    firstDate: '2026-11-23',
    lastDate: '2027-02-20',
    unavailableReason: null,
    days: [
      {
        date: '2026-11-24',
        ranges: [
          { start_time: '2026-11-24T08:00:00-07:00', end_time: '2026-11-24T08:10:00-07:00' },
          { start_time: '2026-11-24T13:30:00-07:00', end_time: '2026-11-24T13:32:00-07:00' },
        ],
      },
      {
        date: '2026-11-25',
        ranges: [{ start_time: '2026-11-25T09:00:00-07:00', end_time: '2026-11-25T09:00:00-07:00' }],
      },
      {
        date: '2026-12-02',
        ranges: [{ start_time: '2026-12-02T10:00:00-07:00', end_time: '2026-12-02T10:05:00-07:00' }],
      },
    ],
    ...patch,
  };
}

/** A controllable window.matchMedia: `setWide` fires the change listeners. */
function mockMatchMedia(initiallyWide: boolean) {
  let wide = initiallyWide;
  const listeners = new Set<() => void>();
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      get matches() {
        return query === TWO_MONTHS_QUERY && wide;
      },
      media: query,
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    })),
  );
  return {
    setWide(next: boolean) {
      wide = next;
      act(() => listeners.forEach((listener) => listener()));
    },
  };
}

type Handler = MockResponse | ((call: RecordedCall, count: number) => MockResponse);

function start({
  session = { ...signedOut, bookings: [makeBooking()] },
  vendor = makeVendor(),
  availability = makeAvailability(),
  routes = {},
}: {
  session?: Session;
  vendor?: Vendor;
  availability?: Availability;
  routes?: Record<string, Handler | Handler[]>;
} = {}) {
  const api = mockApi({
    [at(sessionApi.current)]: { body: session },
    [at(vendorsApi.vendor, { id: vendor.id })]: { body: vendor },
    [at(bookingsApi.availability, { id: vendor.id })]: { body: availability },
    [at(bookingsApi.update, { id: 55 })]: (call) => {
      const { appointmentAt } = (call.body as { booking: { appointmentAt: string } }).booking;
      return { body: { booking: makeBooking({ status: 'scheduled', appointmentAt }) } };
    },
    // The Summary loads the card form's provider ahead of Checkout.
    [at(paymentsApi.config)]: { body: sandboxPaymentsConfig },
    ...routes,
  });
  return { ...api, ...renderApp(`/vendors/${vendor.id}`) };
}

async function openScheduling(user: ReturnType<typeof renderApp>['user'], action = 'Schedule') {
  await user.click(await screen.findByRole('button', { name: action }));
  const region = screen.getByRole('region', { name: 'Scheduling' });
  await within(region).findByText(TIME_ZONE_NOTE);
  return within(region);
}

const availabilityCalls = (calls: RecordedCall[]) => callsTo(calls, bookingsApi.availability, { id: 7 });

describe('Scheduling panel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('fetches the 90-day window for the booking and shows only available dates, in one month under 1235 px', async () => {
    mockMatchMedia(false);
    const { user, calls } = start();
    const panel = await openScheduling(user);
    expect(availabilityCalls(calls).map((c) => c.path)).toEqual([
      urlOf(bookingsApi.availability, { params: { id: 7 }, query: { duration: '90', booking_id: '55' } }),
    ]);

    expect(panel.getAllByRole('grid')).toHaveLength(1);
    const november = panel.getByRole('grid', { name: 'November 2026' });
    const enabled = within(november)
      .getAllByRole('button')
      .filter((b) => !(b as HTMLButtonElement).disabled)
      .map((b) => b.getAttribute('aria-label'));
    expect(enabled).toEqual(['Tuesday, November 24, 2026', 'Wednesday, November 25, 2026']);
    expect(
      within(november).getByRole('button', { name: 'Monday, November 23, 2026, unavailable' }),
    ).toBeDisabled();
    expect(
      within(november).getByRole('button', { name: 'Saturday, November 28, 2026, unavailable' }),
    ).toBeDisabled();
    // The first available date is shown at once, and marked selected.
    expect(
      within(november).getByRole('button', { name: 'Tuesday, November 24, 2026' }).closest('td'),
    ).toHaveAttribute('aria-selected', 'true');

    // Previous is off in the first month with availability; Next goes to December, then stops.
    expect(panel.getByRole('button', { name: 'Previous month' })).toBeDisabled();
    await user.click(panel.getByRole('button', { name: 'Next month' }));
    const december = panel.getByRole('grid', { name: 'December 2026' });
    expect(within(december).getByRole('button', { name: 'Wednesday, December 2, 2026' })).toBeEnabled();
    expect(panel.getByRole('button', { name: 'Next month' })).toBeDisabled();
    expect(panel.getByRole('button', { name: 'Previous month' })).toBeEnabled();
  });

  it('offers only the free hours and minutes, in Mountain Time whatever the browser time zone', async () => {
    const { user } = start();
    const panel = await openScheduling(user);
    const hours = panel.getByRole('group', { name: 'Hour' });
    // 8:00 at -07:00 is 15:00 UTC (the test runs in UTC): the picker shows the vendor's 8am.
    expect(
      within(hours)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['8am', '1pm']);
    expect(within(hours).getByRole('button', { name: '8am' })).toHaveAttribute('aria-pressed', 'true');

    const minutes = () => panel.getByRole('group', { name: /^Minute/ });
    expect(
      within(minutes())
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(Array.from({ length: 11 }, (_, i) => `8:${String(i).padStart(2, '0')} am`));
    await user.click(within(hours).getByRole('button', { name: '1pm' }));
    expect(
      within(minutes())
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['1:30 pm', '1:31 pm', '1:32 pm']);

    await user.click(panel.getByRole('button', { name: 'Wednesday, November 25, 2026' }));
    expect(
      within(panel.getByRole('group', { name: 'Hour' }))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['9am']);
    expect(
      within(minutes())
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['9:00 am']);
  });

  it('shows two months side by side from 1235 px, and follows the window when it narrows', async () => {
    const media = mockMatchMedia(true);
    const { user } = start();
    const panel = await openScheduling(user);
    expect(panel.getAllByRole('grid')).toHaveLength(2);
    expect(panel.getByRole('grid', { name: 'November 2026' })).toBeInTheDocument();
    expect(panel.getByRole('grid', { name: 'December 2026' })).toBeInTheDocument();
    // Both months with availability are in view: nowhere further to go.
    expect(panel.getByRole('button', { name: 'Next month' })).toBeDisabled();

    media.setWide(false);
    expect(panel.getAllByRole('grid')).toHaveLength(1);
    expect(panel.getByRole('button', { name: 'Next month' })).toBeEnabled();

    // A day picked in the second month stays in view when the window narrows.
    media.setWide(true);
    await user.click(panel.getByRole('button', { name: 'Wednesday, December 2, 2026' }));
    media.setWide(false);
    expect(panel.getAllByRole('grid')).toHaveLength(1);
    expect(panel.getByRole('grid', { name: 'December 2026' })).toBeInTheDocument();
  });

  it('moves between available days with the arrow keys and picks with Enter', async () => {
    const { user } = start();
    const panel = await openScheduling(user);
    const first = panel.getByRole('button', { name: 'Tuesday, November 24, 2026' });
    expect(first).toHaveAttribute('tabindex', '0');
    first.focus();
    await user.keyboard('{ArrowRight}');
    const second = panel.getByRole('button', { name: 'Wednesday, November 25, 2026' });
    expect(second).toHaveFocus();
    // Down a week: the next available day on or after Dec 2 is in the next month, which comes into view.
    await user.keyboard('{ArrowDown}');
    expect(panel.getByRole('button', { name: 'Wednesday, December 2, 2026' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(panel.getByRole('button', { name: 'Wednesday, December 2, 2026' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(panel.getByRole('group', { name: 'Hour' })).getByRole('button')).toHaveTextContent('10am');
  });

  it('Continue is off until a time is chosen, names it, PUTs its ISO time and opens the Summary', async () => {
    const { user, calls } = start({ session: { ...customerSession, bookings: [makeBooking()] } });
    const panel = await openScheduling(user);
    expect(panel.getByText(VENDOR_ARRANGES_NOTE)).toBeInTheDocument();
    expect(panel.getByRole('button', { name: 'Continue' })).toBeDisabled();

    await user.click(panel.getByRole('button', { name: '8:05 am' }));
    expect(panel.getByRole('button', { name: '8:05 am' })).toHaveAttribute('aria-pressed', 'true');
    const next = panel.getByRole('button', { name: 'Continue — Nov 24th, 8:05am' });
    await user.click(next);

    await waitFor(() =>
      expect(callsTo(calls, bookingsApi.update, { id: 55 })[0]?.body).toEqual({
        booking: { appointmentAt: '2026-11-24T08:05:00-07:00' },
      }),
    );
    const summary = await screen.findByRole('region', { name: 'Summary' });
    expect(screen.queryByRole('region', { name: 'Scheduling' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Booking' })).toBeInTheDocument();
    const value = (term: string) => within(summary).getByText(term).nextElementSibling;
    expect(value('Provider')).toHaveTextContent('Sparkle Cleaning');
    expect(value('Service')).toHaveTextContent('House Cleaning');
    expect(value('Bedrooms')).toHaveTextContent('Two');
    expect(value('Appointment')).toHaveTextContent('Nov 24th, 8:05am');
    expect(value('Estimated Duration')).toHaveTextContent('2.5 hrs');
    expect(value('Subtotal')).toHaveTextContent('$120.00');
    expect(value('Service Charge')).toHaveTextContent('$2.55');
    expect(value('Total')).toHaveTextContent('$122.55');
    expect(within(summary).getByRole('note')).toHaveTextContent(CHECKOUT_HOLD_NOTE);
  });

  it("uses the signed-in user's own service charge in the Summary", async () => {
    const session: Session = {
      ...customerSession,
      user: { ...customerSession.user!, serviceCharge: 4 },
      bookings: [makeBooking({ status: 'scheduled', appointmentAt: '2026-11-25T09:00:00-07:00' })],
    };
    const { user } = start({ session });
    await user.click(await screen.findByRole('button', { name: 'Checkout' }));
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('Service Charge').nextElementSibling).toHaveTextContent('$4.00');
    expect(within(summary).getByText('Total').nextElementSibling).toHaveTextContent('$124.00');
  });

  it('a time taken meanwhile shows the message and fetches the times again', async () => {
    const { user, calls } = start({
      routes: { [at(bookingsApi.update, { id: 55 })]: { status: 422, body: { errors: [UNAVAILABLE] } } },
    });
    const panel = await openScheduling(user);
    await user.click(panel.getByRole('button', { name: '8:03 am' }));
    await user.click(panel.getByRole('button', { name: /^Continue — / }));
    expect(await panel.findByRole('alert')).toHaveTextContent(UNAVAILABLE);
    await waitFor(() => expect(availabilityCalls(calls)).toHaveLength(2));
    expect(screen.getByRole('region', { name: 'Scheduling' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Summary' })).not.toBeInTheDocument();
    // Choosing again clears the message.
    await user.click(panel.getByRole('button', { name: '8:04 am' }));
    expect(panel.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a scheduled booking reads Edit Booking and starts from its own time', async () => {
    const { user } = start({
      session: {
        ...signedOut,
        bookings: [makeBooking({ status: 'scheduled', appointmentAt: '2026-12-02T17:03:00.000Z' })],
      },
    });
    const panel = await openScheduling(user, 'Edit Booking');
    expect(panel.getByRole('grid', { name: 'December 2026' })).toBeInTheDocument();
    expect(panel.getByRole('button', { name: 'Wednesday, December 2, 2026' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(panel.getByRole('button', { name: '10:03 am' })).toHaveAttribute('aria-pressed', 'true');
    expect(panel.getByRole('button', { name: 'Continue — Dec 2nd, 10:03am' })).toBeEnabled();
  });

  it('says so when no date is free in the window, or the calendar cannot be read', async () => {
    const { user } = start({ availability: makeAvailability({ days: [] }) });
    await user.click(await screen.findByRole('button', { name: 'Schedule' }));
    const region = screen.getByRole('region', { name: 'Scheduling' });
    expect(
      await within(region).findByText(/Sparkle Cleaning has no open times in the next 90 days/),
    ).toBeInTheDocument();
    expect(within(region).queryByRole('grid')).not.toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: /Continue/ })).not.toBeInTheDocument();
  });

  it("shows the server's reason when the vendor's calendar cannot be read", async () => {
    const reason = "This vendor's calendar is being updated. Please check back soon.";
    const { user } = start({ availability: makeAvailability({ days: [], unavailableReason: reason }) });
    await user.click(await screen.findByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText(reason)).toBeInTheDocument();
  });

  it('after Edit Service makes the job too long for the chosen time, says so and reopens Scheduling', async () => {
    const scheduled = makeBooking({ status: 'scheduled', appointmentAt: '2026-11-24T08:05:00-07:00' });
    const vendor = makeVendor({ pricingInputs: [] });
    const { user, calls } = start({
      session: { ...signedOut, bookings: [scheduled] },
      vendor,
      routes: {
        [at(bookingsApi.update, { id: 55 })]: {
          body: { booking: makeBooking({ duration: 240, appointmentAt: null }) },
        },
        [at(pricingApi.saveGuestInputs)]: { body: { guestInputs: {} } },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Service' }));
    await user.click(
      within(screen.getByRole('form', { name: 'Instant pricing' })).getByRole('button', { name: 'Continue' }),
    );
    const region = await screen.findByRole('region', { name: 'Scheduling' });
    expect(region).toHaveTextContent(TIME_CLEARED);
    expect(screen.getByRole('button', { name: 'Schedule' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Checkout' })).toHaveAttribute('aria-disabled', 'true');
    await within(region).findByText(TIME_ZONE_NOTE);
    expect(within(region).getByRole('button', { name: 'Continue' })).toBeDisabled();
    expect(availabilityCalls(calls)).toHaveLength(1);
  });
});
