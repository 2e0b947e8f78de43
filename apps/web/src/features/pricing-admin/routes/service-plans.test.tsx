import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Session } from '@stg/domain/api/session';
import type { Vendor } from '@stg/domain/api/vendors';
import { planOffersApi } from '@stg/domain/api/plan-offers.endpoints';
import { sessionApi } from '@stg/domain/api/session.endpoints';
import { vendorSession } from '../../../test/fixtures';
import { at, callsTo, mockApi, type MockResponse } from '../../../test/mock-api';
import { LAZY, renderApp } from '../../../test/render-app';
import { pricingVendor } from '../test-fixtures';

const OFFERS: Vendor['planOffers'] = [
  { frequency: 'every_2_weeks', discountPercent: 10 },
  { frequency: 'every_4_weeks', discountPercent: 5 },
];

function start(patch: Partial<Vendor> = {}, routes: Record<string, MockResponse | MockResponse[]> = {}) {
  const session: Session = vendorSession(pricingVendor({ planOffers: OFFERS, ...patch }));
  const api = mockApi({
    [at(sessionApi.current)]: { body: session, headers: { 'X-CSRF-Token': 'token-1' } },
    ...routes,
  });
  return { ...api, ...renderApp('/dashboard/pricing'), session };
}

const ready = () => screen.findByRole('heading', { level: 1, name: 'Pricing Preferences' }, LAZY);
const plans = () => within(screen.getByRole('region', { name: 'Service plans' }));
const offered = (name: string) => plans().getByRole('checkbox', { name });
const discount = (label: string) => plans().getByRole('spinbutton', { name: `Discount for ${label} (%)` });

describe('pricing preferences: service plans', () => {
  it('shows each frequency, the saved offers and the price per visit at the calculator price', async () => {
    start();
    await ready();
    const group = plans().getByRole('group', { name: 'Frequencies offered' });
    expect(
      within(group)
        .getAllByRole('checkbox')
        .map((c) => c.closest('label')?.textContent),
    ).toEqual(['Weekly', 'Every 2 weeks', 'Every 4 weeks', 'Monthly', 'Every 3 months', 'Every 6 months']);
    expect(offered('Every 2 weeks')).toBeChecked();
    expect(offered('Weekly')).not.toBeChecked();
    expect(discount('weekly')).toBeDisabled();
    // The calculator's price is $135.00 for the default answers.
    expect(discount('every 2 weeks')).toHaveValue(10);
    expect(discount('every 2 weeks')).toHaveAccessibleDescription('$121.50 a visit, save 10%');
    expect(discount('every 4 weeks')).toHaveAccessibleDescription('$128.25 a visit, save 5%');
    expect(plans().getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('follows the calculator: another answer, another price per visit', async () => {
    const { user } = start();
    await ready();
    const calc = within(screen.getByRole('region', { name: 'Calculator' }));
    await user.click(calc.getByRole('radio', { name: '3 bedrooms' }));
    expect(plans().getByText('$144.00 a visit, save 10%')).toBeInTheDocument(); // $160 less 10%
  });

  it('refuses a discount that is not a whole number from 0 to 50, tied to its field', async () => {
    const { user } = start();
    await ready();
    const field = discount('every 2 weeks');
    await user.clear(field);
    await user.type(field, '51');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Discount must be a whole number from 0 to 50.');
    expect(plans().getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.clear(field);
    await user.type(field, '12.5');
    expect(field).toHaveAccessibleDescription('Discount must be a whole number from 0 to 50.');
    await user.clear(field);
    await user.type(field, '15');
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(plans().getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('PUTs the whole set, says Saved and refetches the session', async () => {
    const saved = [
      { frequency: 'weekly', discountPercent: 20 },
      { frequency: 'every_4_weeks', discountPercent: 5 },
    ] as const;
    const { user, calls } = start(
      {},
      {
        [at(planOffersApi.replace, { id: 7 })]: { body: { planOffers: saved } },
        [at(sessionApi.current)]: [
          {
            body: vendorSession(pricingVendor({ planOffers: OFFERS })),
            headers: { 'X-CSRF-Token': 'token-1' },
          },
          { body: vendorSession(pricingVendor({ planOffers: [...saved] })) },
        ],
      },
    );
    await ready();
    await user.click(offered('Weekly'));
    const weekly = discount('weekly');
    await user.clear(weekly);
    await user.type(weekly, '20');
    await user.click(offered('Every 2 weeks'));
    await user.click(plans().getByRole('button', { name: 'Save' }));
    expect(await plans().findByText('Saved')).toBeInTheDocument();
    const [put] = callsTo(calls, planOffersApi.replace);
    expect(put!.body).toEqual({ planOffers: saved });
    await waitFor(() => expect(callsTo(calls, sessionApi.current)).toHaveLength(2));
    expect(offered('Weekly')).toBeChecked();
    expect(offered('Every 2 weeks')).not.toBeChecked();
    expect(plans().getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it("shows the server's errors", async () => {
    const { user } = start(
      {},
      {
        [at(planOffersApi.replace, { id: 7 })]: {
          status: 422,
          body: { errors: ['Each frequency can be offered only once.'] },
        },
      },
    );
    await ready();
    await user.click(offered('Monthly'));
    await user.click(plans().getByRole('button', { name: 'Save' }));
    expect(await plans().findByRole('alert')).toHaveTextContent('Each frequency can be offered only once.');
  });
});
