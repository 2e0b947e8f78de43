import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { OrderConfirmationMessage } from '@stg/domain/api/payments';
import { CHECKOUT_MESSAGES } from '@stg/domain/checkout';
import { paymentsApi } from '@stg/domain/api/payments.endpoints';
import { reviewsApi } from '@stg/domain/api/reviews.endpoints';
import { orderConfirmations, type OrderConfirmationHandlers } from '../../../lib/cable';
import { browserPage } from '../../../lib/leave-page';
import { LAZY, locationOf, type renderApp } from '../../../test/render-app';
import { callsTo, confirmAnswer, makeIntent, makeOrder, startCheckoutPage } from '../test-fixtures';
import { at } from '../../../test/mock-api';

/** The socket as the tests drive it: the last subscription's handlers and its stop function. */
let socket: {
  confirmationId: string;
  handlers: OrderConfirmationHandlers;
  stop: ReturnType<typeof vi.fn>;
} | null;

/** The live confirmation's and the page change's stand-ins (spies, restored after each test by the setup). */
let subscribe: MockInstance<typeof orderConfirmations.subscribe>;
let leavePage: MockInstance<typeof browserPage.leave>;

beforeEach(() => {
  socket = null;
  subscribe = vi.spyOn(orderConfirmations, 'subscribe').mockImplementation((confirmationId, handlers) => {
    const stop = vi.fn();
    socket = { confirmationId, handlers, stop };
    return stop;
  });
  leavePage = vi.spyOn(browserPage, 'leave').mockImplementation(() => undefined);
});

type User = ReturnType<typeof renderApp>['user'];

/** The modal's live status line (spec §8 status messages). */
async function expectStatus(dialog: ReturnType<typeof within>, text: string) {
  await waitFor(
    () => expect(dialog.getByRole('status', { name: 'Payment status' })).toHaveTextContent(text),
    LAZY,
  );
}

/** Opens the Summary panel and presses its Checkout: the payment modal. */
async function checkout(user: User) {
  await user.click(await screen.findByRole('button', { name: 'Checkout' }));
  const summary = screen.getByRole('region', { name: 'Summary' });
  await user.click(within(summary).getByRole('button', { name: 'Checkout' }));
  return within(await screen.findByRole('dialog', { name: 'Payment' }, LAZY));
}

async function typeCard(user: User, dialog: ReturnType<typeof within>, number: string, expiry = '1230') {
  await user.type(await dialog.findByLabelText('Card number', {}, { timeout: 5_000 }), number);
  await user.type(dialog.getByLabelText('Expiry (MM / YY)'), expiry);
  await user.type(dialog.getByLabelText('CVC'), '123');
}

describe('payment-gateway modal: sandbox card', () => {
  it('shows the amount, the hold in Mountain Time and the Test mode form with the test cards', async () => {
    const { user } = startCheckoutPage();
    const dialog = await checkout(user);
    expect(await dialog.findByText('$117.15')).toBeInTheDocument();
    expect(dialog.getByText('Subtotal $114.60').parentElement).toHaveTextContent(
      'Subtotal $114.60 · Service Charge $2.55',
    );
    expect(
      dialog.getByText('We are holding this time for you until 10:42am (Mountain Time).'),
    ).toBeInTheDocument();
    // The card form follows GET /api/payments/config, which a loaded machine may answer after the amount.
    expect(await dialog.findByText('Test mode', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(dialog.getByText(/No real card is charged/)).toBeInTheDocument();
    const cards = dialog.getByRole('list', { name: /Test cards/ });
    expect(
      within(cards)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '4242 4242 4242 4242Succeeds',
      '5555 5555 5555 4444Succeeds (Mastercard)',
      '4000 0000 0000 0002Declined',
      '4000 0000 0000 9995Insufficient funds',
      '4000 0025 0000 3155Needs authentication (3-D Secure)',
      '4000 0027 6000 3184Needs authentication on every charge',
      '4000 0000 0000 0341Attaches, then every charge is declined',
    ]);
    // No saved cards: no choice to make, the new card's form and the save choice.
    expect(dialog.queryByRole('group', { name: 'Pay with' })).not.toBeInTheDocument();
    expect(dialog.getByRole('checkbox', { name: 'Save this card for next time' })).not.toBeChecked();
    expect(dialog.getByRole('button', { name: 'Pay $117.15' })).toBeEnabled();
  });

  it('pays with 4242…: confirms with the sandbox, then the server, shows "Payment success!" and the order', async () => {
    const { user, calls, queryClient } = startCheckoutPage();
    const dialog = await checkout(user);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const reviewReadsBefore = callsTo(calls, reviewsApi.vendorReviews, { id: 7 }).length;
    await typeCard(user, dialog, '4242424242424242');
    expect(dialog.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');
    expect(dialog.getByLabelText('Expiry (MM / YY)')).toHaveValue('12 / 30');
    await user.click(dialog.getByRole('checkbox', { name: 'Save this card for next time' }));
    await user.click(dialog.getByRole('button', { name: 'Pay $117.15' }));

    await expectStatus(dialog, 'Payment success!');
    expect(callsTo(calls, paymentsApi.sandboxConfirm).map((c) => c.body)).toEqual([
      {
        clientSecret: 'pi_test1_secret_abc',
        card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
        saveCard: true,
        returnUrl: '/vendors/7?open_payment_gateway=true',
      },
    ]);
    expect(callsTo(calls, paymentsApi.confirm).map((c) => c.body)).toEqual([{ paymentIntentId: 'pi_test1' }]);
    expect(callsTo(calls, paymentsApi.confirm)[0]?.headers['x-csrf-token']).toBe('token-1');

    const confirmation = dialog.getByRole('region', { name: 'Your booking is confirmed' });
    const value = (term: string) => within(confirmation).getByText(term).nextElementSibling;
    expect(value('Confirmation')).toHaveTextContent('SG-7K2P9QXA');
    expect(value('Appointment')).toHaveTextContent('Nov 24th, 8:05am (Mountain Time)');
    expect(value('Total paid')).toHaveTextContent('$117.15 · Visa ending in 4242');
    expect(dialog.getByRole('link', { name: 'View your orders' })).toHaveAttribute('href', '/orders');
    // What the order changed is read again (issue 23 #17): the session, the orders, the vendor's reviews
    // with the customer's eligibility to review, and the vendor's free times.
    const refreshed = [['session'], ['orders'], ['reviews', 7], ['vendors', 7, 'availability']];
    for (const queryKey of refreshed) expect(invalidate).toHaveBeenCalledWith({ queryKey });
    await waitFor(() =>
      expect(callsTo(calls, reviewsApi.vendorReviews, { id: 7 }).length).toBeGreaterThan(reviewReadsBefore),
    );

    // The live confirmation: subscribed with the confirmation id; its message shows and ends the wait.
    expect(socket?.confirmationId).toBe('SG-7K2P9QXA');
    const message: OrderConfirmationMessage = {
      confirmationId: 'SG-7K2P9QXA',
      status: 'confirmed',
      order: makeOrder({ confirmationId: 'SG-7K2P9QXA' }),
      message: 'Payment success!',
    };
    invalidate.mockClear();
    socket!.handlers.onMessage(message);
    await waitFor(() => expect(socket!.stop).toHaveBeenCalled());
    for (const queryKey of refreshed) expect(invalidate).toHaveBeenCalledWith({ queryKey });
    expect(dialog.getByRole('status', { name: 'Payment status' })).toHaveTextContent('Payment success!');

    // The booking is paid: the page no longer offers it.
    await user.click(dialog.getByRole('link', { name: 'View your orders' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("a declined card shows the provider's message, keeps the form as typed and does not confirm", async () => {
    const { user, calls } = startCheckoutPage({
      routes: {
        [at(paymentsApi.sandboxConfirm)]: {
          body: {
            status: 'requires_payment_method',
            error: { code: 'card_declined', message: 'Your card was declined.' },
            redirectUrl: null,
          },
        },
      },
    });
    const dialog = await checkout(user);
    await typeCard(user, dialog, '4000000000000002');
    await user.click(dialog.getByRole('button', { name: 'Pay $117.15' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(callsTo(calls, paymentsApi.confirm)).toHaveLength(0);
    expect(dialog.getByLabelText('Card number')).toHaveValue('4000 0000 0000 0002');
    expect(dialog.getByLabelText('Expiry (MM / YY)')).toHaveValue('12 / 30');
    expect(dialog.getByLabelText('CVC')).toHaveValue('123');
    expect(dialog.getByRole('button', { name: 'Pay $117.15' })).toBeEnabled();

    // Another card then goes through.
    await user.clear(dialog.getByLabelText('Card number'));
    await user.type(dialog.getByLabelText('Card number'), '4242424242424242');
    await user.click(dialog.getByRole('button', { name: 'Pay $117.15' }));
    await waitFor(() => expect(callsTo(calls, paymentsApi.sandboxConfirm)).toHaveLength(2));
  });

  it('after a refusal, focus returns to the card number and the message goes once the details change', async () => {
    const { user } = startCheckoutPage({
      routes: {
        [at(paymentsApi.sandboxConfirm)]: {
          body: {
            status: 'requires_payment_method',
            error: { code: 'card_declined', message: 'Your card was declined.' },
            redirectUrl: null,
          },
        },
      },
    });
    const dialog = await checkout(user);
    await typeCard(user, dialog, '4000000000000002');
    // Pressing Enter in the CVC field: the fields are off while the card is confirmed.
    await user.keyboard('{Enter}');
    expect(await dialog.findByRole('alert')).toHaveTextContent('Your card was declined.');
    await waitFor(() => expect(dialog.getByLabelText('Card number')).toHaveFocus());

    await user.keyboard('{Control>}a{/Control}4242424242424242');
    expect(dialog.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('never sends a number outside the test cards, and shows each message beside its field', async () => {
    const { user, calls } = startCheckoutPage();
    const dialog = await checkout(user);
    await user.click(await dialog.findByRole('button', { name: 'Pay $117.15' }));
    const number = dialog.getByLabelText('Card number');
    expect(number).toHaveAttribute('aria-invalid', 'true');
    expect(number).toHaveAccessibleDescription(CHECKOUT_MESSAGES.cardNumberInvalid);
    expect(number).toHaveFocus();
    expect(dialog.getByLabelText('Expiry (MM / YY)')).toHaveAccessibleDescription(
      CHECKOUT_MESSAGES.expiryInvalid,
    );
    expect(dialog.getByLabelText('CVC')).toHaveAccessibleDescription(CHECKOUT_MESSAGES.cvcInvalid);

    await typeCard(user, dialog, '4111111111111111', '0120');
    // Typing clears a field's old message.
    expect(dialog.getByLabelText('CVC')).not.toHaveAttribute('aria-invalid');
    await user.click(dialog.getByRole('button', { name: 'Pay $117.15' }));
    expect(dialog.getByLabelText('Card number')).toHaveAccessibleDescription(CHECKOUT_MESSAGES.testCardOnly);
    expect(dialog.getByLabelText('Expiry (MM / YY)')).toHaveAccessibleDescription(
      CHECKOUT_MESSAGES.expiryPast,
    );
    expect(callsTo(calls, paymentsApi.sandboxConfirm)).toHaveLength(0);
  });

  it('a card that needs 3-D Secure goes to the authentication page, the buttons staying off', async () => {
    const url = 'http://localhost:3000/sandbox/authenticate/pi_test1?client_secret=pi_test1_secret_abc';
    const { user, calls } = startCheckoutPage({
      routes: {
        [at(paymentsApi.sandboxConfirm)]: {
          body: { status: 'requires_action', error: null, redirectUrl: url },
        },
      },
    });
    const dialog = await checkout(user);
    await typeCard(user, dialog, '4000002500003155');
    await user.click(dialog.getByRole('button', { name: 'Pay $117.15' }));
    await waitFor(() => expect(leavePage).toHaveBeenCalledWith(url));
    expect(dialog.getByRole('button', { name: 'Processing payment…' })).toBeDisabled();
    expect(callsTo(calls, paymentsApi.confirm)).toHaveLength(0);
  });

  it('charges once on a double click', async () => {
    let release: () => void = () => undefined;
    const { user, calls } = startCheckoutPage({
      routes: {
        [at(paymentsApi.sandboxConfirm)]: () => ({
          body: { status: 'succeeded', error: null, redirectUrl: null },
        }),
      },
    });
    const dialog = await checkout(user);
    await typeCard(user, dialog, '4242424242424242');
    const pay = dialog.getByRole('button', { name: 'Pay $117.15' });
    // Hold the first confirmation until both clicks are in.
    const gate = new Promise<void>((resolve) => (release = resolve));
    const fetchMock = vi.mocked(globalThis.fetch);
    const original = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).includes('/sandbox/confirm')) await gate;
      return original(input, init);
    });
    await user.dblClick(pay);
    release();
    await expectStatus(dialog, 'Payment success!');
    expect(callsTo(calls, paymentsApi.sandboxConfirm)).toHaveLength(1);
    expect(callsTo(calls, paymentsApi.confirm)).toHaveLength(1);
  });
});

describe('payment-gateway modal: saved cards (Checkout type "return")', () => {
  const savedIntent = makeIntent({
    paymentMethods: [
      { id: 'pm_visa', card: { exp_month: 12, exp_year: 2030, brand: 'visa', last4: '4242' } },
      { id: 'pm_mc', card: { exp_month: 3, exp_year: 2031, brand: 'mastercard', last4: '4444' } },
    ],
  });

  it('offers the saved cards first and sends the chosen one by its id, with no card details', async () => {
    const { user, calls } = startCheckoutPage({
      routes: { [at(paymentsApi.createPaymentIntent)]: { body: savedIntent } },
    });
    const dialog = await checkout(user);
    const group = await dialog.findByRole('group', { name: 'Pay with' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual([
      'Visa ending in 4242 · expires 12/30',
      'Mastercard ending in 4444 · expires 03/31',
      'Use a new card',
    ]);
    expect(within(group).getByRole('radio', { name: 'Visa ending in 4242 · expires 12/30' })).toBeChecked();
    expect(dialog.queryByLabelText('Card number')).not.toBeInTheDocument();

    await user.click(within(group).getByRole('radio', { name: 'Mastercard ending in 4444 · expires 03/31' }));
    await user.click(dialog.getByRole('button', { name: 'Pay $117.15' }));
    await expectStatus(dialog, 'Payment success!');
    expect(callsTo(calls, paymentsApi.sandboxConfirm).map((c) => c.body)).toEqual([
      {
        clientSecret: 'pi_test1_secret_abc',
        paymentMethodId: 'pm_mc',
        returnUrl: '/vendors/7?open_payment_gateway=true',
      },
    ]);
  });

  it('"Use a new card" shows the card form and the save choice', async () => {
    const { user } = startCheckoutPage({
      routes: { [at(paymentsApi.createPaymentIntent)]: { body: savedIntent } },
    });
    const dialog = await checkout(user);
    await user.click(await dialog.findByRole('radio', { name: 'Use a new card' }));
    expect(dialog.getByLabelText('Card number')).toBeInTheDocument();
    expect(dialog.getByRole('checkbox', { name: 'Save this card for next time' })).toBeInTheDocument();
  });

  it("shows the server's refusal of a saved card", async () => {
    const gone = CHECKOUT_MESSAGES.paymentMethodNotFound;
    const { user } = startCheckoutPage({
      routes: {
        [at(paymentsApi.createPaymentIntent)]: { body: savedIntent },
        [at(paymentsApi.sandboxConfirm)]: { status: 422, body: { errors: [gone] } },
      },
    });
    const dialog = await checkout(user);
    await user.click(await dialog.findByRole('button', { name: 'Pay $117.15' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(gone);
  });
});

describe('payment-gateway modal: outcomes (spec §8 status messages)', () => {
  it('processing says so, then the live confirmation brings the order', async () => {
    const { user } = startCheckoutPage({
      routes: {
        [at(paymentsApi.sandboxConfirm)]: {
          body: { status: 'processing', error: null, redirectUrl: null },
        },
        [at(paymentsApi.confirm)]: {
          body: confirmAnswer({ status: 'processing', message: 'Your payment is processing.', order: null }),
        },
      },
    });
    const dialog = await checkout(user);
    await typeCard(user, dialog, '4242424242424242');
    await user.click(dialog.getByRole('button', { name: 'Pay $117.15' }));
    await expectStatus(dialog, 'Your payment is processing.');
    expect(dialog.getByText('Confirming your order…')).toBeInTheDocument();
    await waitFor(() => expect(socket?.confirmationId).toBe('SG-7K2P9QXA'));
    socket!.handlers.onMessage({
      confirmationId: 'SG-7K2P9QXA',
      status: 'confirmed',
      order: makeOrder(),
      message: 'Payment success!',
    });
    expect(await dialog.findByRole('region', { name: 'Your booking is confirmed' })).toBeInTheDocument();
    expect(dialog.getByRole('status', { name: 'Payment status' })).toHaveTextContent('Payment success!');
    expect(socket!.stop).toHaveBeenCalled();
  });

  it('a payment that lost its time to another order shows the refund notice', async () => {
    const notice = CHECKOUT_MESSAGES.slotTakenRefunded;
    const { user } = startCheckoutPage({
      routes: {
        [at(paymentsApi.confirm)]: {
          body: confirmAnswer({ status: 'refunded', message: notice, order: null }),
        },
      },
    });
    const dialog = await checkout(user);
    await typeCard(user, dialog, '4242424242424242');
    await user.click(dialog.getByRole('button', { name: 'Pay $117.15' }));
    await expectStatus(dialog, notice);
    expect(subscribe).not.toHaveBeenCalled();
  });

  it('a payment whose hold ran out (its intent cancelled for another customer) is told nothing was charged, and the time is checked again', async () => {
    const unavailable = 'Appointment time is no longer available. Please select a different time.';
    const { user, calls } = startCheckoutPage({
      routes: {
        [at(paymentsApi.createPaymentIntent)]: [
          { body: makeIntent() },
          {
            status: 409,
            body: { error_type: 'appointment_unavailable', message: unavailable, errors: [unavailable] },
          },
        ],
        [at(paymentsApi.sandboxConfirm)]: {
          body: { status: 'canceled', error: null, redirectUrl: null },
        },
        [at(paymentsApi.confirm)]: {
          body: confirmAnswer({ status: 'canceled', message: CHECKOUT_MESSAGES.holdEnded, order: null }),
        },
      },
    });
    const dialog = await checkout(user);
    await typeCard(user, dialog, '4242424242424242');
    await user.click(dialog.getByRole('button', { name: 'Pay $117.15' }));
    // The server is asked what happened (not "Something went wrong."), then a new intent: the time is gone.
    const scheduling = await screen.findByRole('region', { name: 'Scheduling' }, LAZY);
    await waitFor(() => expect(within(scheduling).getByRole('alert')).toHaveTextContent(unavailable), LAZY);
    expect(callsTo(calls, paymentsApi.confirm)).toHaveLength(1);
    expect(callsTo(calls, paymentsApi.createPaymentIntent)).toHaveLength(2);
  });

  it('a confirmation that fails says "An unexpected error occurred" and lets the customer try again', async () => {
    const { user } = startCheckoutPage({
      routes: { [at(paymentsApi.confirm)]: { status: 500, body: { errors: ['boom'] } } },
    });
    const dialog = await checkout(user);
    await typeCard(user, dialog, '4242424242424242');
    await user.click(dialog.getByRole('button', { name: 'Pay $117.15' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('An unexpected error occurred');
    expect(dialog.getByRole('button', { name: 'Pay $117.15' })).toBeEnabled();
  });
});

describe('back from 3-D Secure (open_payment_gateway=true)', () => {
  const back =
    '/vendors/7?open_payment_gateway=true&payment_intent=pi_test1&payment_intent_client_secret=pi_test1_secret_abc&redirect_status=succeeded';

  it('reopens the payment modal, confirms the intent, shows the status and takes the parameters out', async () => {
    const { calls, router } = startCheckoutPage({ path: back });
    const dialog = within(await screen.findByRole('dialog', { name: 'Payment' }, LAZY));
    await expectStatus(dialog, 'Payment success!');
    expect(callsTo(calls, paymentsApi.confirm).map((c) => c.body)).toEqual([{ paymentIntentId: 'pi_test1' }]);
    expect(dialog.getByRole('region', { name: 'Your booking is confirmed' })).toBeInTheDocument();
    expect(locationOf(router)).toBe('/vendors/7');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(callsTo(calls, paymentsApi.createPaymentIntent)).toHaveLength(0);
  });

  it('a failed authentication says so and shows the card form again', async () => {
    const { calls } = startCheckoutPage({
      path: back.replace('redirect_status=succeeded', 'redirect_status=failed'),
      routes: {
        [at(paymentsApi.confirm)]: {
          body: confirmAnswer({
            status: 'requires_payment_method',
            message: CHECKOUT_MESSAGES.failed,
            order: null,
          }),
        },
      },
    });
    const dialog = within(await screen.findByRole('dialog', { name: 'Payment' }, LAZY));
    await expectStatus(dialog, 'Your payment was not successful, please try again.');
    expect(await dialog.findByRole('button', { name: 'Pay $117.15' })).toBeEnabled();
    expect(callsTo(calls, paymentsApi.createPaymentIntent).map((c) => c.body)).toEqual([
      { booking: { id: 55 } },
    ]);
  });
});
