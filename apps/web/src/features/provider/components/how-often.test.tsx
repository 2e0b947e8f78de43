import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PricingInput, Vendor } from '@stg/domain/api/vendors';
import type { Availability } from '@stg/domain/api/scheduling';
import { bookingsApi } from '@stg/domain/api/bookings.endpoints';
import { pricingApi } from '@stg/domain/api/pricing.endpoints';
import { sessionApi } from '@stg/domain/api/session.endpoints';
import { vendorsApi } from '@stg/domain/api/vendors.endpoints';
import { makeBooking, makeVendor, signedOut } from '../../../test/fixtures';
import { at, callsTo, mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

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

const planVendor = (patch: Partial<Vendor> = {}) =>
  makeVendor({
    minPrice: 35,
    priceToDurationRate: 35,
    pricingFormula: '62.5 * BEDROOMS',
    pricingInputs: [bedrooms],
    planOffers: [
      { frequency: 'every_2_weeks', discountPercent: 10 },
      { frequency: 'every_4_weeks', discountPercent: 5 },
    ],
    ...patch,
  });

const NO_TIMES: Availability = {
  timeZone: 'America/Denver',
  stepMinutes: 1,
  jobMinutes: 214,
  windowDays: 90,
  firstDate: '2025-11-03',
  lastDate: '2026-01-31',
  unavailableReason: null,
  days: [],
};

function showPricing(vendor: Vendor) {
  const api = mockApi({
    [at(sessionApi.current)]: { body: signedOut },
    [at(vendorsApi.vendor, { id: vendor.id })]: { body: vendor },
    [at(bookingsApi.create)]: { status: 201, body: { booking: makeBooking() } },
    [at(pricingApi.saveGuestInputs)]: { body: { guestInputs: {} } },
    [at(bookingsApi.availability, { id: vendor.id })]: { body: NO_TIMES },
  });
  return { ...renderApp(`/vendors/${vendor.id}`), ...api };
}

async function openPricing(user: ReturnType<typeof renderApp>['user'], action = 'Get Price') {
  await user.click(await screen.findByRole('button', { name: action }));
  const region = screen.getByRole('region', { name: 'Pricing' });
  return within(await within(region).findByRole('form', { name: 'Instant pricing' }));
}

describe('How often? on the provider page', () => {
  it('offers one time and each frequency with its price per visit at the subtotal', async () => {
    const { user } = showPricing(planVendor());
    const form = await openPricing(user);
    const group = form.getByRole('group', { name: 'How often?' });
    const names = () =>
      within(group)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent);
    // 62.5 × 2 = $125.00.
    expect(names()).toEqual([
      'One time',
      'Every 2 weeks — $112.50 a visit, save 10%',
      'Every 4 weeks — $118.75 a visit, save 5%',
    ]);
    expect(within(group).getByRole('radio', { name: 'One time' })).toBeChecked();

    // Another answer, another price per visit: $187.50 less 10 % is $168.75.
    await user.click(form.getByRole('radio', { name: 'Three' }));
    expect(names()[1]).toBe('Every 2 weeks — $168.75 a visit, save 10%');
  });

  it('keeps the choice in the booking flow and sends it with the answers', async () => {
    const { user, calls } = showPricing(planVendor());
    const form = await openPricing(user);
    const biweekly = form.getByRole('radio', { name: /^Every 2 weeks/ });
    await user.click(biweekly);
    expect(biweekly).toBeChecked();
    expect(form.getByRole('radio', { name: 'One time' })).not.toBeChecked();

    await user.click(form.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('button', { name: 'Edit Service' });
    const [create] = callsTo(calls, bookingsApi.create);
    // The server checks the frequency against the vendor's offers and prices the visit; no price is sent.
    expect(create!.body).toMatchObject({ booking: { vendorId: 7, planFrequency: 'every_2_weeks' } });
    expect(JSON.stringify(create!.body)).not.toMatch(/price|discount/i);

    // Back in Pricing, the choice is still there.
    const again = await openPricing(user, 'Edit Service');
    expect(again.getByRole('radio', { name: /^Every 2 weeks/ })).toBeChecked();
  });

  it('is not shown when the vendor offers no plans', async () => {
    const { user } = showPricing(planVendor({ planOffers: [] }));
    const form = await openPricing(user);
    expect(form.getByRole('definition', { name: 'Subtotal' })).toHaveTextContent('$125.00');
    expect(form.queryByRole('group', { name: 'How often?' })).not.toBeInTheDocument();
  });
});
