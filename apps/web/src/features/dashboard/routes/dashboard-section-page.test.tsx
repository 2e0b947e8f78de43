import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calendarsApi } from '@stg/domain/api/calendars.endpoints';
import { ordersApi } from '@stg/domain/api/orders.endpoints';
import { reviewsApi } from '@stg/domain/api/reviews.endpoints';
import { sessionApi } from '@stg/domain/api/session.endpoints';
import { vendorsApi } from '@stg/domain/api/vendors.endpoints';
import {
  googleReviewsOn,
  noVendorOrders,
  sandboxAccountSession,
  vendorSession,
} from '../../../test/fixtures';
import { at, mockApi } from '../../../test/mock-api';
import { LAZY, locationOf, renderApp } from '../../../test/render-app';

describe('dashboard sections', () => {
  it('/dashboard/orders is the working Order History, not a later-release frame', async () => {
    mockApi({
      [at(sessionApi.current)]: { body: vendorSession() },
      [at(ordersApi.vendorOrders, { id: 7 })]: { body: noVendorOrders },
    });
    renderApp('/dashboard/orders');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Order History' }, LAZY);
    const frame = heading.closest('section')!;
    expect(frame).not.toHaveTextContent('This section arrives in a later release.');
    expect(await within(frame).findByText('No orders')).toBeInTheDocument();
    expect(within(frame).getByRole('button', { name: 'Active Orders' })).toBeInTheDocument();
  });

  it.each([
    ['general', 'General Settings'],
    ['support', 'Support'],
  ])('/dashboard/%s is the working "%s" screen, not a later-release frame', async (section, title) => {
    mockApi({
      [at(sessionApi.current)]: { body: vendorSession() },
      [at(vendorsApi.createAccountSession)]: { body: sandboxAccountSession },
      [at(reviewsApi.googleReviews)]: { body: googleReviewsOn },
    });
    renderApp(`/dashboard/${section}`);
    const heading = await screen.findByRole('heading', { level: 1, name: title }, LAZY);
    expect(heading.closest('section')!).not.toHaveTextContent('This section arrives in a later release.');
  });

  it('/dashboard/setup is the Account Setup wizard: account status, the six steps, then Logo and Branding', async () => {
    mockApi({
      [at(sessionApi.current)]: {
        body: vendorSession({
          listingStatus: 'awaiting_submission',
          stripeIntegrated: 'inactive',
          calendar: null,
        }),
      },
    });
    const { router } = renderApp('/dashboard/setup');
    expect(await screen.findByRole('heading', { level: 1, name: 'Account Setup' }, LAZY)).toBeInTheDocument();
    expect(screen.getByText(/Account Status/)).toHaveTextContent('Account Status: Awaiting Submission');
    const steps = within(screen.getByRole('navigation', { name: 'Setup steps' })).getAllByRole('link');
    expect(steps.map((s) => s.textContent)).toEqual([
      '✓Step 1: Logo, Complete',
      '2Step 2: Images, Not complete',
      '3Step 3: Calendar, Not complete',
      '4Step 4: Payouts, Not complete',
      // The formula x and no questions, and no calendar row: the readiness rule lists both (ADR 0032).
      '5Step 5: Pricing, Not complete',
      '6Step 6: Scheduling, Not complete',
    ]);
    expect(screen.getByRole('heading', { level: 2, name: 'Logo and Branding' })).toBeInTheDocument();
    await waitFor(() => expect(locationOf(router)).toBe('/dashboard/setup?page=logo'));
  });
});

describe('dashboard pricing section', () => {
  it('/dashboard/pricing is the working Pricing Preferences screen, not a later-release frame', async () => {
    mockApi({ [at(sessionApi.current)]: { body: vendorSession() } });
    renderApp('/dashboard/pricing');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Pricing Preferences' }, LAZY);
    const frame = heading.closest('section')!;
    expect(frame).not.toHaveTextContent('This section arrives in a later release.');
    expect(screen.getByRole('button', { name: 'Edit Formula' })).toBeInTheDocument();
  });
});

describe('dashboard scheduling section', () => {
  it('/dashboard/scheduling is the working Scheduling Preferences screen, not a later-release frame', async () => {
    mockApi({
      [at(sessionApi.current)]: { body: vendorSession() },
      [at(calendarsApi.providers)]: { body: { providers: [] } },
    });
    renderApp('/dashboard/scheduling');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Scheduling Preferences' }, LAZY);
    const frame = heading.closest('section')!;
    expect(frame).not.toHaveTextContent('This section arrives in a later release.');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });
});
