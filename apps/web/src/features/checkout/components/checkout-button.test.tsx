import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CHECKOUT_MESSAGES } from '@stg/domain/checkout';
import { bookingsApi } from '@stg/domain/api/bookings.endpoints';
import { paymentsApi } from '@stg/domain/api/payments.endpoints';
import { sessionApi } from '@stg/domain/api/session.endpoints';
import { usersApi } from '@stg/domain/api/users.endpoints';
import { customerAddress, customerSession, customerUser } from '../../../test/fixtures';
import { LAZY, type renderApp } from '../../../test/render-app';
import {
  callsTo,
  customerWithBooking,
  guestWithBooking,
  makeIntent,
  scheduledBooking,
  startCheckoutPage,
} from '../test-fixtures';
import { at } from '../../../test/mock-api';
import { orderConfirmations } from '../../../lib/cable';

// No socket in jsdom: the live confirmation waits on nothing (a spy, restored after each test).
beforeEach(() => {
  vi.spyOn(orderConfirmations, 'subscribe').mockImplementation(() => () => undefined);
});

type User = ReturnType<typeof renderApp>['user'];

const UNAVAILABLE = 'Appointment time is no longer available. Please select a different time.';

const initError = (status: number, errorType: string, message: string) => ({
  status,
  body: { error_type: errorType, message, errors: [message] },
});

async function pressCheckout(user: User) {
  await user.click(await screen.findByRole('button', { name: 'Checkout' }));
  const summary = screen.getByRole('region', { name: 'Summary' });
  await user.click(within(summary).getByRole('button', { name: 'Checkout' }));
  return summary;
}

const availabilityCalls = (calls: ReturnType<typeof startCheckoutPage>['calls']) =>
  callsTo(calls, bookingsApi.availability, { id: 7 });

describe('Summary panel: Checkout', () => {
  it('shows exactly the spec rows and Checkout, without the old "next release" note', async () => {
    const { user } = startCheckoutPage({
      session: {
        ...customerSession,
        bookings: [scheduledBooking({ customerNotes: 'Gate code 1234' })],
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Checkout' }));
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(
      within(summary)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toEqual([
      'Provider',
      'Service',
      'Bedrooms',
      'Appointment',
      'Estimated Duration',
      'Subtotal',
      'Service Charge',
      'Total',
    ]);
    expect(summary).not.toHaveTextContent(/next release/);
    expect(within(summary).getByRole('button', { name: 'Checkout' })).toBeInTheDocument();
  });

  it('POSTs create-payment-intent with the booking and opens the payment modal; the held booking reads Continue', async () => {
    const { user, calls } = startCheckoutPage({
      routes: {
        [at(sessionApi.current)]: [
          { body: customerWithBooking(), headers: { 'X-CSRF-Token': 'token-1' } },
          { body: customerWithBooking(scheduledBooking({ status: 'pending', userId: 1 })) },
        ],
      },
    });
    await pressCheckout(user);
    expect(await screen.findByRole('dialog', { name: 'Payment' }, LAZY)).toBeInTheDocument();
    expect(callsTo(calls, paymentsApi.createPaymentIntent).map((c) => c.body)).toEqual([
      { booking: { id: 55 } },
    ]);
    // Closing gives focus back to Checkout; the booking, now pending, offers to continue.
    await user.keyboard('{Escape}');
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(within(summary).getByRole('button', { name: 'Checkout' })).toHaveFocus();
    expect(await screen.findByRole('button', { name: 'Continue', expanded: true })).toBeInTheDocument();
  });

  it('appointment_unavailable: says so in Scheduling and fetches the times again', async () => {
    const { user, calls } = startCheckoutPage({
      routes: {
        [at(paymentsApi.createPaymentIntent)]: initError(409, 'appointment_unavailable', UNAVAILABLE),
      },
    });
    await pressCheckout(user);
    const scheduling = await screen.findByRole('region', { name: 'Scheduling' });
    expect(within(scheduling).getByRole('alert')).toHaveTextContent(UNAVAILABLE);
    expect(screen.queryByRole('region', { name: 'Summary' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(availabilityCalls(calls).length).toBeGreaterThan(0));
  });

  it("invalid_price: shows the server's message in Pricing and reads the booking again", async () => {
    const message =
      'The price of this service is now $120.00 (it was $114.60). Please review your booking and check out again.';
    const { user, calls } = startCheckoutPage({
      routes: { [at(paymentsApi.createPaymentIntent)]: initError(422, 'invalid_price', message) },
    });
    await pressCheckout(user);
    const pricing = await screen.findByRole('region', { name: 'Pricing' });
    expect(await within(pricing).findByRole('alert')).toHaveTextContent(message);
    await waitFor(() => expect(callsTo(calls, sessionApi.current).length).toBeGreaterThan(1));
  });

  it.each([
    ['booking_not_ready', 422, CHECKOUT_MESSAGES.noAddress, CHECKOUT_MESSAGES.noAddress],
    [
      'vendor_payment_setup_incomplete',
      422,
      CHECKOUT_MESSAGES.vendorPaymentSetupIncomplete,
      'Vendor Payment Setup Incomplete',
    ],
    ['a_new_kind', 422, 'Something the client does not know', 'Vendor Payment Setup Incomplete'],
  ])('%s (HTTP %i, "%s") shows "%s" above Checkout', async (errorType, status, serverMessage, shown) => {
    const { user } = startCheckoutPage({
      routes: { [at(paymentsApi.createPaymentIntent)]: initError(status, errorType, serverMessage) },
    });
    const summary = await pressCheckout(user);
    expect(await within(summary).findByRole('alert')).toHaveTextContent(shown);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(summary).getByRole('button', { name: 'Checkout' })).toBeEnabled();
  });

  it('an answer without error_type shows its own message (a booking that is not yours, the provider down)', async () => {
    const { user } = startCheckoutPage({
      routes: {
        [at(paymentsApi.createPaymentIntent)]: { status: 404, body: { errors: ['Booking not found'] } },
      },
    });
    const summary = await pressCheckout(user);
    expect(await within(summary).findByRole('alert')).toHaveTextContent('Booking not found');
  });

  it('a double press starts one checkout', async () => {
    const { user, calls } = startCheckoutPage();
    await user.click(await screen.findByRole('button', { name: 'Checkout' }));
    const summary = screen.getByRole('region', { name: 'Summary' });
    await user.dblClick(within(summary).getByRole('button', { name: 'Checkout' }));
    await screen.findByRole('dialog', { name: 'Payment' }, LAZY);
    expect(callsTo(calls, paymentsApi.createPaymentIntent)).toHaveLength(1);
  });
});

describe('guest checkout: Booking Information (Step 1 of 2), then payment (Step 2 of 2)', () => {
  const notLoggedIn = initError(401, 'not_logged_in', CHECKOUT_MESSAGES.notLoggedIn);
  const signedInWithBooking = { ...customerSession, bookings: [scheduledBooking({ userId: 1 })] };

  it('signs in inside the flow, then checks out the same booking', async () => {
    const { user, calls } = startCheckoutPage({
      session: guestWithBooking(),
      routes: {
        [at(paymentsApi.createPaymentIntent)]: [notLoggedIn, { body: makeIntent() }],
        [at(sessionApi.signIn)]: { body: signedInWithBooking, headers: { 'X-CSRF-Token': 'token-2' } },
      },
    });
    await pressCheckout(user);
    const form = within(await screen.findByRole('dialog', { name: 'Booking Information' }, LAZY));
    expect(form.getByText('Step 1 of 2')).toBeInTheDocument();
    expect(form.getByRole('button', { name: 'New customer' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(form.getByRole('button', { name: 'I have an account' }));
    await user.type(form.getByLabelText('Email'), 'ann@example.com');
    await user.type(form.getByLabelText('Password'), 'Password123!');
    await user.click(form.getByRole('button', { name: 'Sign In' }));

    const payment = within(await screen.findByRole('dialog', { name: 'Payment' }, LAZY));
    expect(payment.getByText('Step 2 of 2')).toBeInTheDocument();
    expect(await payment.findByRole('button', { name: 'Pay $117.15' })).toBeInTheDocument();
    expect(callsTo(calls, paymentsApi.createPaymentIntent).map((c) => c.body)).toEqual([
      { booking: { id: 55 } },
      { booking: { id: 55 } },
    ]);
    // The customer stays on the provider page, signed in.
    expect(screen.getByRole('heading', { level: 1, name: 'Sparkle Cleaning' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Menu' })).toBeInTheDocument();
  });

  it('creates the account inside the flow; the booking and its time stay in the Summary', async () => {
    const { user, calls } = startCheckoutPage({
      session: guestWithBooking(),
      routes: {
        [at(paymentsApi.createPaymentIntent)]: [notLoggedIn, { body: makeIntent() }],
        [at(usersApi.signUp)]: {
          status: 201,
          body: { user: customerUser, addresses: [customerAddress] },
          headers: { 'X-CSRF-Token': 'token-2' },
        },
        [at(sessionApi.current)]: [
          { body: guestWithBooking(), headers: { 'X-CSRF-Token': 'token-1' } },
          { body: signedInWithBooking },
        ],
      },
    });
    await pressCheckout(user);
    const form = within(await screen.findByRole('dialog', { name: 'Booking Information' }, LAZY));
    await user.type(form.getByLabelText('First Name'), 'Ann');
    await user.type(form.getByLabelText('Last Name'), 'Lee');
    await user.type(form.getByLabelText('Email'), 'ann@example.com');
    await user.type(form.getByLabelText('Phone Number'), '4355551234');
    await user.type(form.getByLabelText('Password'), 'Password123!');
    await user.type(form.getByLabelText('Confirm Password'), 'Password123!');
    await user.type(form.getByLabelText('Street Address'), '1 Main St');
    await user.type(form.getByLabelText('City'), 'St George');
    await user.type(form.getByLabelText('Zip Code'), '84770');
    await user.click(form.getByRole('button', { name: 'Create Account' }));

    const payment = within(await screen.findByRole('dialog', { name: 'Payment' }, LAZY));
    expect(payment.getByText('Step 2 of 2')).toBeInTheDocument();
    expect(await payment.findByRole('button', { name: 'Pay $117.15' })).toBeInTheDocument();
    expect(callsTo(calls, paymentsApi.createPaymentIntent)).toHaveLength(2);
    // Behind the modal, the Summary still holds the booking and its time.
    const summary = screen.getByRole('region', { name: 'Summary', hidden: true });
    expect(within(summary).getByText('Appointment').nextElementSibling).toHaveTextContent(
      'Nov 24th, 8:05am (Mountain Time)',
    );
  });
});
