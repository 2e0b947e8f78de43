import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Session } from '@stg/domain/api/session';
import type { Address } from '@stg/domain/api/users';
import type { PricingInput, Vendor } from '@stg/domain/api/vendors';
import { paymentsApi } from '@stg/domain/api/payments.endpoints';
import { sessionApi } from '@stg/domain/api/session.endpoints';
import { usersApi } from '@stg/domain/api/users.endpoints';
import { vendorsApi } from '@stg/domain/api/vendors.endpoints';
import {
  customerAddress,
  customerSession,
  customerUser,
  makeBooking,
  makeVendor,
  sandboxPaymentsConfig,
  signedOut,
} from '../../../test/fixtures';
import { at, mockApi, type MockResponse } from '../../../test/mock-api';
import { LAZY, renderApp } from '../../../test/render-app';

const select = (id: number, name: string, alias: string, labels: string[]): PricingInput => ({
  id,
  name,
  alias,
  inputType: 'select',
  recurring: false,
  pricingInputOptions: labels.map((label, i) => ({
    id: id * 10 + i,
    name: label,
    value: i + 1,
    default: false,
    optionType: null,
  })),
});

/** Like the demo house cleaner: 5 bedrooms and 3 bathrooms price at $234.60. */
const vendor: Vendor = makeVendor({
  pricingFormula: '54.6 + BEDROOMS * 24 + BATHROOMS * 20',
  minPrice: 35,
  pricingInputs: [
    select(1, 'Bedrooms', 'BEDROOMS', ['1 bedroom', '2 bedrooms', '3 bedrooms', '4 bedrooms', '5 bedrooms']),
    select(2, 'Bathrooms', 'BATHROOMS', ['1 bathroom', '2 bathrooms', '3 bathrooms']),
  ],
});

/** The customer's own saved answer for Bedrooms (2 bedrooms) and none for Bathrooms. */
const savedAddress: Address = { ...customerAddress, userInputs: { '1': { valueString: '2' } } };
const customer: Session = { ...customerSession, addresses: [savedAddress] };

function start(routes: Record<string, MockResponse | MockResponse[]> = {}) {
  const api = mockApi({
    [at(sessionApi.current)]: { body: signedOut, headers: { 'X-CSRF-Token': 'token-1' } },
    [at(vendorsApi.vendor, { id: 7 })]: { body: vendor },
    [at(sessionApi.signIn)]: { body: customer, headers: { 'X-CSRF-Token': 'token-2' } },
    // The Summary loads the card form's provider ahead of Checkout.
    [at(paymentsApi.config)]: { body: sandboxPaymentsConfig },
    ...routes,
  });
  return { ...api, ...renderApp('/vendors/7') };
}

type User = ReturnType<typeof renderApp>['user'];

async function priceFiveAndThree(user: User) {
  await user.click(await screen.findByRole('button', { name: 'Get Price' }));
  const form = within(screen.getByRole('form', { name: 'Instant pricing' }));
  await user.selectOptions(form.getByRole('combobox', { name: 'Bedrooms' }), '5 bedrooms');
  await user.selectOptions(form.getByRole('combobox', { name: 'Bathrooms' }), '3 bathrooms');
  await user.type(form.getByRole('textbox', { name: 'Additional Instructions (Optional)' }), 'Dog in yard');
  expect(screen.getByRole('definition', { name: 'Subtotal' })).toHaveTextContent('$234.60');
}

function expectFiveAndThree() {
  const form = within(screen.getByRole('form', { name: 'Instant pricing' }));
  expect(form.getByRole('combobox', { name: 'Bedrooms' })).toHaveDisplayValue('5 bedrooms');
  expect(form.getByRole('combobox', { name: 'Bathrooms' })).toHaveDisplayValue('3 bathrooms');
  expect(form.getByRole('textbox', { name: 'Additional Instructions (Optional)' })).toHaveValue(
    'Dog in yard',
  );
  expect(screen.getByRole('definition', { name: 'Subtotal' })).toHaveTextContent('$234.60');
}

describe("the guest's answers survive signing in or up in the middle of pricing (issue defect)", () => {
  it('Sign In from the header keeps the answers, the notes and the price', async () => {
    const { user } = start();
    await priceFiveAndThree(user);

    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Sign In' }, LAZY));
    await user.type(dialog.getByLabelText('Email'), 'customer@example.com');
    await user.type(dialog.getByLabelText('Password'), 'Password123!');
    await user.click(dialog.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('button', { name: 'Menu' })).toBeInTheDocument();

    // Not "Select One" and $114.60: what the guest chose, over the account's own saved answers.
    expectFiveAndThree();
  });

  it('Create Account keeps them too', async () => {
    const { user } = start({
      [at(usersApi.signUp)]: {
        status: 201,
        body: { user: customerUser, addresses: [customerAddress] },
        headers: { 'X-CSRF-Token': 'token-2' },
      },
      [at(sessionApi.current)]: [
        { body: signedOut, headers: { 'X-CSRF-Token': 'token-1' } },
        { body: { ...customerSession, addresses: [customerAddress] } },
      ],
    });
    await priceFiveAndThree(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create Account' }, LAZY));
    await user.type(dialog.getByLabelText('First Name'), 'Ann');
    await user.type(dialog.getByLabelText('Last Name'), 'Lee');
    await user.type(dialog.getByLabelText('Email'), 'ann@example.com');
    await user.type(dialog.getByLabelText('Phone Number'), '4355551234');
    await user.type(dialog.getByLabelText('Password'), 'Password123!');
    await user.type(dialog.getByLabelText('Confirm Password'), 'Password123!');
    await user.type(dialog.getByLabelText('Street Address'), '1 Main St');
    await user.type(dialog.getByLabelText('City'), 'St George');
    await user.type(dialog.getByLabelText('Zip Code'), '84770');
    await user.click(dialog.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('button', { name: 'Menu' })).toBeInTheDocument();
    expectFiveAndThree();
  });

  it("questions the guest did not answer take the account's saved answers", async () => {
    const { user } = start();
    await user.click(await screen.findByRole('button', { name: 'Get Price' }));
    const form = within(screen.getByRole('form', { name: 'Instant pricing' }));
    await user.selectOptions(form.getByRole('combobox', { name: 'Bathrooms' }), '3 bathrooms');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Sign In' }, LAZY));
    await user.type(dialog.getByLabelText('Email'), 'customer@example.com');
    await user.type(dialog.getByLabelText('Password'), 'Password123!');
    await user.click(dialog.getByRole('button', { name: 'Sign In' }));
    await screen.findByRole('button', { name: 'Menu' });
    const after = within(screen.getByRole('form', { name: 'Instant pricing' }));
    expect(after.getByRole('combobox', { name: 'Bedrooms' })).toHaveDisplayValue('2 bedrooms');
    expect(after.getByRole('combobox', { name: 'Bathrooms' })).toHaveDisplayValue('3 bathrooms');
  });

  it('a scheduled booking keeps its time after sign-in (the server moves it to the account)', async () => {
    const booking = makeBooking({
      status: 'scheduled',
      price: 234.6,
      duration: 402,
      appointmentAt: '2026-11-24T08:05:00-07:00',
      answers: { '1': '5', '2': '3' },
      optionsSnapshot: { Bedrooms: '5 bedrooms', Bathrooms: '3 bathrooms' },
    });
    const { user } = start({
      [at(sessionApi.current)]: {
        body: { ...signedOut, bookings: [booking] },
        headers: { 'X-CSRF-Token': 't' },
      },
      [at(sessionApi.signIn)]: {
        body: { ...customer, bookings: [{ ...booking, userId: 1, addressId: 10 }] },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Checkout' }));
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Sign In' }, LAZY));
    await user.type(dialog.getByLabelText('Email'), 'customer@example.com');
    await user.type(dialog.getByLabelText('Password'), 'Password123!');
    await user.click(dialog.getByRole('button', { name: 'Sign In' }));
    await screen.findByRole('button', { name: 'Menu' });
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('Appointment').nextElementSibling).toHaveTextContent(
      'Nov 24th, 8:05am (Mountain Time)',
    );
    expect(within(summary).getByText('Bedrooms').nextElementSibling).toHaveTextContent('5 bedrooms');
    // The Pricing panel holds the booking's answers, not the account's older ones.
    await user.click(screen.getByRole('button', { name: 'Edit Service' }));
    const form = within(screen.getByRole('form', { name: 'Instant pricing' }));
    expect(form.getByRole('combobox', { name: 'Bedrooms' })).toHaveDisplayValue('5 bedrooms');
  });
});
