import { useEffect, type ReactNode } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadStripe } from '@stripe/stripe-js';
import { paymentsApi } from '@stg/domain/api/payments.endpoints';
import type { renderApp } from '../../../test/render-app';
import { LAZY } from '../../../test/render-app';
import { callsTo, makeIntent, startCheckoutPage } from '../test-fixtures';
import { at } from '../../../test/mock-api';
import { orderConfirmations } from '../../../lib/cable';

const stripe = {
  confirmPayment: vi.fn(),
  confirmCardPayment: vi.fn(),
};
const elements = { fetchUpdates: vi.fn(async () => ({})) };

// No socket in jsdom: the live confirmation waits on nothing (a spy, restored after each test).
beforeEach(() => {
  vi.spyOn(orderConfirmations, 'subscribe').mockImplementation(() => () => undefined);
});
vi.mock('@stripe/stripe-js', () => ({ loadStripe: vi.fn(async () => stripe) }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: ReactNode }) => children,
  PaymentElement: ({ onReady }: { onReady?: () => void }) => {
    useEffect(() => onReady?.(), [onReady]);
    return <div data-testid="payment-element" />;
  },
  useStripe: () => stripe,
  useElements: () => elements,
}));

const stripeConfig = { body: { provider: 'stripe', publishableKey: 'pk_test_123' } };
const stripeIntent = makeIntent({ provider: 'stripe', publishableKey: 'pk_test_123' });

beforeEach(() => {
  stripe.confirmPayment.mockReset();
  stripe.confirmCardPayment.mockReset();
  elements.fetchUpdates.mockClear();
  vi.mocked(loadStripe).mockClear();
});

async function openStripePayment(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Checkout' }));
  const summary = screen.getByRole('region', { name: 'Summary' });
  await user.click(within(summary).getByRole('button', { name: 'Checkout' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Payment' }, LAZY));
  return dialog;
}

describe('payment-gateway modal on Stripe', () => {
  it('loads Stripe.js with the publishable key and confirms the Payment Element, returning to this page', async () => {
    stripe.confirmPayment.mockResolvedValue({ paymentIntent: { status: 'succeeded' } });
    const { user, calls } = startCheckoutPage({
      routes: {
        [at(paymentsApi.config)]: stripeConfig,
        [at(paymentsApi.createPaymentIntent)]: { body: stripeIntent },
      },
    });
    const dialog = await openStripePayment(user);
    expect(await dialog.findByTestId('payment-element', {}, LAZY)).toBeInTheDocument();
    expect(loadStripe).toHaveBeenCalledWith('pk_test_123');
    expect(dialog.queryByText('Test mode')).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Pay $117.15' }));
    await waitFor(() =>
      expect(dialog.getByRole('status', { name: 'Payment status' })).toHaveTextContent('Payment success!'),
    );
    expect(stripe.confirmPayment).toHaveBeenCalledWith({
      elements,
      confirmParams: { return_url: `${window.location.origin}/vendors/7?open_payment_gateway=true` },
      redirect: 'if_required',
    });
    expect(callsTo(calls, paymentsApi.confirm).map((c) => c.body)).toEqual([{ paymentIntentId: 'pi_test1' }]);
    expect(callsTo(calls, paymentsApi.sandboxConfirm)).toHaveLength(0);
  });

  it.each([
    [{ type: 'card_error', message: 'Your card was declined.' }, 'Your card was declined.'],
    [
      { type: 'validation_error', message: 'Your card number is incomplete.' },
      'Your card number is incomplete.',
    ],
    [{ type: 'api_error', message: 'Internal details' }, 'An unexpected error occurred'],
  ])('a refusal %o shows "%s"', async (error, shown) => {
    stripe.confirmPayment.mockResolvedValue({ error });
    const { user, calls } = startCheckoutPage({
      routes: {
        [at(paymentsApi.config)]: stripeConfig,
        [at(paymentsApi.createPaymentIntent)]: { body: stripeIntent },
      },
    });
    const dialog = await openStripePayment(user);
    await dialog.findByTestId('payment-element', {}, LAZY);
    await user.click(dialog.getByRole('button', { name: 'Pay $117.15' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(shown);
    expect(callsTo(calls, paymentsApi.confirm)).toHaveLength(0);
  });

  it('pays with a saved card through confirmCardPayment', async () => {
    stripe.confirmCardPayment.mockResolvedValue({ paymentIntent: { status: 'succeeded' } });
    const { user } = startCheckoutPage({
      routes: {
        [at(paymentsApi.config)]: stripeConfig,
        [at(paymentsApi.createPaymentIntent)]: {
          body: {
            ...stripeIntent,
            paymentMethods: [
              { id: 'pm_visa', card: { exp_month: 12, exp_year: 2030, brand: 'visa', last4: '4242' } },
            ],
          },
        },
      },
    });
    const dialog = await openStripePayment(user);
    expect(
      await dialog.findByRole('radio', { name: 'Visa ending in 4242 · expires 12/30' }, LAZY),
    ).toBeChecked();
    await user.click(dialog.getByRole('button', { name: 'Pay $117.15' }));
    await waitFor(() =>
      expect(stripe.confirmCardPayment).toHaveBeenCalledWith('pi_test1_secret_abc', {
        payment_method: 'pm_visa',
      }),
    );
    expect(stripe.confirmPayment).not.toHaveBeenCalled();
  });

  it('a changed save choice updates the intent, then the Payment Element', async () => {
    const { user, calls } = startCheckoutPage({
      routes: {
        [at(paymentsApi.config)]: stripeConfig,
        [at(paymentsApi.createPaymentIntent)]: [
          { body: stripeIntent },
          { body: { ...stripeIntent, saveCard: true } },
        ],
      },
    });
    const dialog = await openStripePayment(user);
    await dialog.findByTestId('payment-element', {}, LAZY);
    await user.click(dialog.getByRole('checkbox', { name: 'Save this card for next time' }));
    await waitFor(() => expect(elements.fetchUpdates).toHaveBeenCalled());
    expect(callsTo(calls, paymentsApi.createPaymentIntent).map((c) => c.body)).toEqual([
      { booking: { id: 55 } },
      { booking: { id: 55 }, saveCard: true },
    ]);
    expect(dialog.getByRole('checkbox', { name: 'Save this card for next time' })).toBeChecked();
  });

  it('the sandbox never loads Stripe.js', async () => {
    const { user } = startCheckoutPage();
    const dialog = await openStripePayment(user);
    expect(await dialog.findByText('Test mode')).toBeInTheDocument();
    expect(loadStripe).not.toHaveBeenCalled();
  });
});
