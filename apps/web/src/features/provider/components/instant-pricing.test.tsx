import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Session } from '@stg/domain/api/session';
import type { PricingInput, Vendor } from '@stg/domain/api/vendors';
import type { Booking } from '@stg/domain/api/bookings';
import type { Availability } from '@stg/domain/api/scheduling';
import { bookingsApi } from '@stg/domain/api/bookings.endpoints';
import { paymentsApi } from '@stg/domain/api/payments.endpoints';
import { pricingApi } from '@stg/domain/api/pricing.endpoints';
import { sessionApi } from '@stg/domain/api/session.endpoints';
import { vendorsApi } from '@stg/domain/api/vendors.endpoints';
import { pathOf } from '@stg/domain/api/endpoint';
import {
  customerAddress,
  customerSession,
  makeBooking,
  makeVendor,
  sandboxPaymentsConfig,
  signedOut,
} from '../../../test/fixtures';
import { at, callsTo, mockApi, type MockResponse, type RecordedCall } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { MUST_GET_PRICE, MUST_SCHEDULE } from './booking-section';
import { DURATION_DISCLAIMER, NOTES_LABEL, PRICE_DISCLAIMER } from './instant-pricing';

const bedrooms: PricingInput = {
  id: 1,
  name: 'Bedrooms',
  alias: 'BEDROOMS',
  inputType: 'radio',
  recurring: false,
  pricingInputOptions: [
    { id: 11, name: 'One', value: 1, default: false, optionType: null },
    { id: 12, name: 'Two', value: 2, default: true, optionType: null },
    { id: 13, name: 'Three', value: 3, default: false, optionType: null },
  ],
};
const sqft: PricingInput = {
  id: 2,
  name: 'Square feet',
  alias: 'SQFT',
  inputType: 'range',
  recurring: false,
  pricingInputOptions: [
    { id: 21, name: 'min', value: 500, default: false, optionType: 'min' },
    { id: 22, name: 'max', value: 4000, default: false, optionType: 'max' },
    { id: 23, name: 'step', value: 100, default: false, optionType: 'step' },
    { id: 24, name: 'default', value: 1000, default: false, optionType: 'default' },
    { id: 25, name: 'Heated living area only', value: 0, default: false, optionType: 'tooltip' },
  ],
};
const cleaningType: PricingInput = {
  id: 3,
  name: 'Cleaning type',
  alias: 'TYPE',
  inputType: 'select',
  recurring: false,
  pricingInputOptions: [
    { id: 31, name: 'Standard', value: 1, default: false, optionType: null },
    { id: 32, name: 'Deep', value: 1.5, default: false, optionType: null },
  ],
};
const weekly: PricingInput = {
  id: 4,
  name: 'Weekly service',
  alias: 'WEEKLY',
  inputType: 'radio',
  recurring: true,
  pricingInputOptions: [{ id: 41, name: 'Every week', value: 0.9, default: true, optionType: null }],
};

const FORMULA = '(40 + BEDROOMS * 20 + SQFT * 0.05) * TYPE';

const pricedVendor = (patch: Partial<Vendor> = {}) =>
  makeVendor({
    minPrice: 35,
    priceToDurationRate: 35,
    pricingFormula: FORMULA,
    pricingInputs: [bedrooms, sqft, cleaningType, weekly],
    ...patch,
  });

const NO_TIMES: Availability = {
  timeZone: 'America/Denver',
  stepMinutes: 1,
  jobMinutes: 342,
  windowDays: 90,
  firstDate: '2025-11-03',
  lastDate: '2026-01-31',
  unavailableReason: null,
  days: [],
};

type Routes = Record<string, MockResponse | ((call: RecordedCall, count: number) => MockResponse)>;

function showPricing(session: Session, vendor: Vendor = pricedVendor(), routes: Routes = {}) {
  const api = mockApi({
    [at(sessionApi.current)]: { body: session },
    [at(vendorsApi.vendor, { id: vendor.id })]: { body: vendor },
    [at(bookingsApi.create)]: (call) => ({
      status: 201,
      body: {
        booking: makeBooking({ customerNotes: (call.body as { booking: Booking }).booking.customerNotes }),
      },
    }),
    [at(bookingsApi.update, { id: 55 })]: { body: { booking: makeBooking() } },
    [at(pricingApi.saveGuestInputs)]: { body: { guestInputs: {} } },
    [at(pricingApi.saveUserInputs, { id: 10 })]: { body: { userInputs: {} } },
    [at(bookingsApi.availability, { id: vendor.id })]: { body: NO_TIMES },
    // The Summary loads the card form's provider ahead of Checkout.
    [at(paymentsApi.config)]: { body: sandboxPaymentsConfig },
    ...routes,
  });
  const app = renderApp(`/vendors/${vendor.id}`);
  return { ...app, ...api };
}

async function openPricing(user: ReturnType<typeof renderApp>['user'], action = 'Get Price') {
  await user.click(await screen.findByRole('button', { name: action }));
  const region = screen.getByRole('region', { name: 'Pricing' });
  return within(await within(region).findByRole('form', { name: 'Instant pricing' }));
}

const subtotal = () => screen.getByRole('definition', { name: 'Subtotal' });
const duration = () => screen.getByRole('definition', { name: 'Duration' });

describe('Instant Pricing panel', () => {
  it('shows radio, select and range questions (not the recurring one), notes and the disclaimers', async () => {
    const { user } = showPricing(signedOut);
    const form = await openPricing(user);

    const rooms = form.getByRole('radiogroup', { name: 'Bedrooms' });
    expect(within(rooms).getByRole('radio', { name: 'Two' })).toBeChecked();
    expect(within(rooms).getByRole('radio', { name: 'One' })).not.toBeChecked();

    const type = form.getByRole('combobox', { name: 'Cleaning type' });
    expect(type).toHaveValue('');
    const placeholder = within(type).getByRole('option', { name: 'Select One' });
    expect(placeholder).toBeDisabled();
    expect(
      within(type)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select One', 'Standard', 'Deep']);

    const slider = form.getByRole('slider', { name: 'Square feet' });
    expect(slider).toHaveAttribute('min', '500');
    expect(slider).toHaveAttribute('max', '4000');
    expect(slider).toHaveAttribute('step', '100');
    expect(slider).toHaveValue('1000');
    expect(slider).toHaveAccessibleDescription('Heated living area only');
    expect(form.getByRole('button', { name: 'About Square feet' })).toHaveAccessibleDescription(
      'Heated living area only',
    );

    expect(form.queryByText('Weekly service')).not.toBeInTheDocument();
    expect(form.queryByRole('radio', { name: 'Every week' })).not.toBeInTheDocument();

    expect(form.getByRole('textbox', { name: NOTES_LABEL })).toHaveValue('');
    expect(NOTES_LABEL).toBe('Additional Instructions (Optional)');
    expect(form.getByText(PRICE_DISCLAIMER)).toBeInTheDocument();
    expect(form.getByText(DURATION_DISCLAIMER)).toBeInTheDocument();
    expect(PRICE_DISCLAIMER).toBe(
      'In cases where an adjustment is necessary, it will be confirmed with you prior to your service.',
    );
    expect(DURATION_DISCLAIMER).toBe(
      'The provided time is an estimate, additional technicians may decrease time significantly.',
    );
    expect(subtotal().closest('[aria-live]')).toHaveAttribute('aria-live', 'polite');
  });

  it('updates the subtotal and duration live as answers change, and enables Continue once all are answered', async () => {
    const { user } = showPricing(signedOut);
    const form = await openPricing(user);
    const proceed = form.getByRole('button', { name: 'Continue' });

    // TYPE unanswered counts as 1: 40 + 2*20 + 1000*0.05 = 130; 130 / 35 * 60 = 222.9 minutes.
    expect(subtotal()).toHaveTextContent('$130.00');
    expect(duration()).toHaveTextContent('3.7 hrs');
    expect(proceed).toBeDisabled();
    expect(proceed).toHaveAccessibleDescription('Answer every question to continue.');

    await user.selectOptions(form.getByRole('combobox', { name: 'Cleaning type' }), 'Deep');
    expect(subtotal()).toHaveTextContent('$195.00');
    expect(duration()).toHaveTextContent('5.6 hrs');
    expect(proceed).toBeEnabled();

    await user.click(form.getByRole('radio', { name: 'Three' }));
    expect(subtotal()).toHaveTextContent('$225.00');
    expect(duration()).toHaveTextContent('6.4 hrs');

    fireEvent.change(form.getByRole('slider', { name: 'Square feet' }), { target: { value: '2000' } });
    expect(form.getByRole('slider', { name: 'Square feet' })).toHaveValue('2000');
    // (40 + 60 + 100) * 1.5 = 300; 300 / 35 * 60 = 514.3 minutes.
    expect(subtotal()).toHaveTextContent('$300.00');
    expect(duration()).toHaveTextContent('8.6 hrs');
  });

  it('never goes below the minimum price', async () => {
    const { user } = showPricing(signedOut, pricedVendor({ minPrice: 150 }));
    const form = await openPricing(user);
    await user.click(form.getByRole('radio', { name: 'One' }));
    await user.selectOptions(form.getByRole('combobox', { name: 'Cleaning type' }), 'Standard');
    fireEvent.change(form.getByRole('slider', { name: 'Square feet' }), { target: { value: '500' } });
    // 40 + 20 + 25 = 85 dollars, below the 150 minimum; 150 / 35 * 60 = 257 minutes.
    expect(subtotal()).toHaveTextContent('$150.00');
    expect(duration()).toHaveTextContent('4.3 hrs');
  });

  it('keeps the price unchanged, and logs, when the formula fails to evaluate', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user } = showPricing(
      signedOut,
      pricedVendor({ minPrice: 10, pricingFormula: '100 / (BEDROOMS - 1)', pricingInputs: [bedrooms] }),
    );
    const form = await openPricing(user);
    expect(subtotal()).toHaveTextContent('$100.00');
    await user.click(form.getByRole('radio', { name: 'One' }));
    expect(subtotal()).toHaveTextContent('$100.00');
    expect(warn).toHaveBeenCalled();
    await user.click(form.getByRole('radio', { name: 'Three' }));
    expect(subtotal()).toHaveTextContent('$50.00');
  });

  it("a guest's Continue POSTs the booking without a price, saves the answers to the session and opens Scheduling", async () => {
    const { user, calls } = showPricing(signedOut);
    const form = await openPricing(user);
    await user.selectOptions(form.getByRole('combobox', { name: 'Cleaning type' }), 'Deep');
    await user.type(form.getByRole('textbox', { name: NOTES_LABEL }), '  Gate code 1234 ');
    await user.click(form.getByRole('button', { name: 'Continue' }));

    const scheduling = await screen.findByRole('region', { name: 'Scheduling' });
    const post = callsTo(calls, bookingsApi.create)[0];
    expect(post?.body).toEqual({
      booking: {
        vendorId: 7,
        answers: { '1': '2', '2': '1000', '3': '1.5' },
        customerNotes: 'Gate code 1234',
        planFrequency: null,
      },
    });
    expect(JSON.stringify(post?.body)).not.toMatch(/price|duration/i);
    const saved = callsTo(calls, pricingApi.saveGuestInputs)[0];
    expect(saved?.body).toEqual({ userInputs: { '1': '2', '2': '1000', '3': '1.5' } });
    expect(calls.some((c) => c.path.includes('/user_inputs'))).toBe(false);

    // The server's duration (342 minutes), not the client's.
    expect(await within(scheduling).findByText(/no open times/)).toBeInTheDocument();
    expect(scheduling).toHaveTextContent('Your service takes about 5.7 hrs.');
    expect(scheduling.firstElementChild).toHaveFocus();
    expect(screen.queryByRole('region', { name: 'Pricing' })).not.toBeInTheDocument();

    const editService = screen.getByRole('button', { name: 'Edit Service' });
    expect(screen.queryByRole('button', { name: 'Get Price' })).not.toBeInTheDocument();
    const schedule = screen.getByRole('button', { name: 'Schedule' });
    expect(schedule).toHaveAttribute('aria-expanded', 'true');
    expect(schedule).not.toHaveAttribute('aria-disabled');
    expect(schedule).not.toHaveAccessibleDescription(MUST_GET_PRICE);
    const checkout = screen.getByRole('button', { name: 'Checkout' });
    expect(checkout).toHaveAttribute('aria-disabled', 'true');
    expect(checkout).toHaveAccessibleDescription(MUST_SCHEDULE);
    // The session is fetched again.
    await waitFor(() => expect(callsTo(calls, sessionApi.current).length).toBeGreaterThan(1));

    // Editing again updates the same booking.
    await user.click(editService);
    const again = within(screen.getByRole('form', { name: 'Instant pricing' }));
    await user.click(again.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('region', { name: 'Scheduling' });
    expect(callsTo(calls, bookingsApi.update, { id: 55 })).toHaveLength(1);
  });

  it("a customer's answers prefill from the current address and are saved to it", async () => {
    const session: Session = {
      ...customerSession,
      addresses: [
        { ...customerAddress, userInputs: { '1': { valueString: '3' }, '3': { valueString: '1' } } },
      ],
    };
    const { user, calls } = showPricing(session);
    const form = await openPricing(user);
    expect(form.getByRole('radio', { name: 'Three' })).toBeChecked();
    expect(form.getByRole('combobox', { name: 'Cleaning type' })).toHaveValue('31');
    expect(form.getByRole('option', { name: 'Standard' })).toHaveProperty('selected', true);
    // 40 + 60 + 50 = 150.
    expect(subtotal()).toHaveTextContent('$150.00');

    await user.click(form.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('region', { name: 'Scheduling' });
    const saved = callsTo(calls, pricingApi.saveUserInputs, { id: 10 })[0];
    expect(saved?.body).toEqual({ userInputs: { '1': '3', '2': '1000', '3': '1' } });
    expect(calls.some((c) => c.path === pathOf(pricingApi.saveGuestInputs))).toBe(false);
    expect(callsTo(calls, bookingsApi.create)[0]?.body).toEqual({
      booking: {
        vendorId: 7,
        answers: { '1': '3', '2': '1000', '3': '1' },
        customerNotes: null,
        planFrequency: null,
      },
    });
  });

  it("a guest's answers prefill from the session's guest inputs", async () => {
    const { user } = showPricing({ ...signedOut, guestInputs: { '1': '1', '2': '3000', '3': '1.5' } });
    const form = await openPricing(user);
    expect(form.getByRole('radio', { name: 'One' })).toBeChecked();
    expect(form.getByRole('slider', { name: 'Square feet' })).toHaveValue('3000');
    expect(form.getByRole('option', { name: 'Deep' })).toHaveProperty('selected', true);
    // (40 + 20 + 150) * 1.5 = 315.
    expect(subtotal()).toHaveTextContent('$315.00');
    expect(form.getByRole('button', { name: 'Continue' })).toBeEnabled();
  });

  it('an open booking with this vendor prefills answers and notes, unlocks Scheduling, and Continue PUTs it', async () => {
    const booking = makeBooking({
      answers: { '1': '1', '2': '2500', '3': '1.5' },
      customerNotes: 'Dog in the yard',
    });
    const { user, calls } = showPricing({ ...signedOut, bookings: [booking], guestInputs: { '1': '3' } });
    expect(await screen.findByRole('button', { name: 'Schedule' })).not.toHaveAttribute('aria-disabled');
    const form = await openPricing(user, 'Edit Service');
    expect(form.getByRole('radio', { name: 'One' })).toBeChecked();
    expect(form.getByRole('slider', { name: 'Square feet' })).toHaveValue('2500');
    expect(form.getByRole('textbox', { name: NOTES_LABEL })).toHaveValue('Dog in the yard');

    await user.click(form.getByRole('radio', { name: 'Two' }));
    await user.click(form.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('region', { name: 'Scheduling' });
    expect(callsTo(calls, bookingsApi.create)).toHaveLength(0);
    expect(callsTo(calls, bookingsApi.update, { id: 55 })[0]?.body).toEqual({
      booking: {
        answers: { '1': '2', '2': '2500', '3': '1.5' },
        customerNotes: 'Dog in the yard',
        planFrequency: null,
      },
    });
  });

  it('shows "Saving…" while saving, then the server\'s errors in an alert', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { user, fetchMock } = showPricing(signedOut, pricedVendor(), {
      [at(bookingsApi.create)]: { status: 422, body: { errors: ['That answer is not one of the choices.'] } },
    });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST' && String(input) === pathOf(bookingsApi.create)) await gate;
      return fetchMock(input, init);
    });
    const form = await openPricing(user);
    await user.selectOptions(form.getByRole('combobox', { name: 'Cleaning type' }), 'Deep');
    await user.click(form.getByRole('button', { name: 'Continue' }));
    expect(await form.findByRole('button', { name: 'Saving…' })).toBeDisabled();
    release();
    expect(await form.findByRole('alert')).toHaveTextContent('That answer is not one of the choices.');
    expect(form.getByRole('button', { name: 'Continue' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Get Price' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Schedule' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('only logs a failure to save the answers, and carries on', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = showPricing(signedOut, pricedVendor(), {
      [at(pricingApi.saveGuestInputs)]: { status: 500, body: {} },
    });
    const form = await openPricing(user);
    await user.selectOptions(form.getByRole('combobox', { name: 'Cleaning type' }), 'Standard');
    await user.click(form.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('region', { name: 'Scheduling' })).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith('Saving pricing answers failed', expect.anything());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
