import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { planVisitsApi } from '@stg/domain/api/plan-visits.endpoints';
import type { PlanVisitPayment } from '@stg/domain/api/plan-visits';
import { sessionApi } from '@stg/domain/api/session.endpoints';
import { signedOut } from '../../../test/fixtures';
import { at, callsTo, mockApi } from '../../../test/mock-api';
import { LAZY, renderApp } from '../../../test/render-app';

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz';

const payable: PlanVisitPayment = {
  state: 'payable',
  reason: 'declined',
  message: 'Your card was declined.',
  vendorName: 'Red Rock Cleaning',
  subtotalCents: 18000,
  serviceChargeCents: 255,
  amountCents: 18255,
  appointmentAt: '2026-11-27T16:00:00.000Z',
  payDeadlineAt: '2026-11-27T14:00:00.000Z',
  savedCard: { paymentMethodId: 'pm_sbx_1', brand: 'visa', last4: '0341' },
  payment: {
    provider: 'sandbox',
    publishableKey: null,
    paymentIntentId: 'pi_sbx_1',
    clientSecret: 'pi_sbx_1_secret_x',
  },
  confirmationId: null,
};
const paid: PlanVisitPayment = {
  ...payable,
  state: 'paid',
  reason: null,
  message: 'Paid. Your visit is confirmed.',
  payment: null,
  confirmationId: 'SG-ABCDEFGHJK',
};

describe('the plan visit pay page', () => {
  it('shows what is owed and pays with a test card; then the visit is confirmed', async () => {
    const { calls } = mockApi({
      [at(sessionApi.current)]: { body: signedOut, headers: { 'X-CSRF-Token': 'token-1' } },
      [at(planVisitsApi.payment, { token: TOKEN })]: [{ body: payable }, { body: paid }],
      [at(planVisitsApi.confirm, { token: TOKEN })]: {
        body: {
          status: 'succeeded',
          message: 'Paid. Your visit is confirmed.',
          redirectUrl: null,
          confirmationId: 'SG-ABCDEFGHJK',
        },
      },
    });
    const { user } = renderApp(`/plan-visits/pay?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Pay for your visit' }, LAZY)).toBeInTheDocument();
    expect(await screen.findByText('Red Rock Cleaning')).toBeInTheDocument();
    expect(screen.getByText('$182.55')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Your card was declined.');
    await user.type(screen.getByLabelText('Card number'), '4242424242424242');
    await user.type(screen.getByLabelText('Expiry (MM / YY)'), '1230');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(screen.getByRole('button', { name: 'Pay $182.55' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Paid. Your visit is confirmed.'),
    );
    expect(screen.getByText(/SG-ABCDEFGHJK/)).toBeInTheDocument();
    expect(callsTo(calls, planVisitsApi.confirm)[0]?.body).toMatchObject({
      card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
    });
  });

  it('a bad link says so', async () => {
    mockApi({
      [at(sessionApi.current)]: { body: signedOut, headers: { 'X-CSRF-Token': 'token-1' } },
      [at(planVisitsApi.payment, { token: TOKEN })]: {
        status: 404,
        body: { errors: ['This payment link is not valid.'] },
      },
    });
    renderApp(`/plan-visits/pay?token=${TOKEN}`);
    expect(await screen.findByText('This payment link is not valid.', {}, LAZY)).toBeInTheDocument();
  });
});
