import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Session } from '@stg/domain/api/session';
import { ordersApi } from '@stg/domain/api/orders.endpoints';
import { sessionApi } from '@stg/domain/api/session.endpoints';
import { vendorsApi } from '@stg/domain/api/vendors.endpoints';
import { customerSession, makeCard, noVendorOrders, vendorSession } from '../../test/fixtures';
import { at, mockApi } from '../../test/mock-api';
import { locationOf, renderApp } from '../../test/render-app';

function withSession(session: Session) {
  mockApi({
    [at(sessionApi.current)]: { body: session, headers: { 'X-CSRF-Token': 'token-1' } },
    [at(vendorsApi.vendors)]: { body: [makeCard()] },
    // A vendor's way home is Order History, which reads the vendor's orders.
    [at(ordersApi.vendorOrders, { id: 7 })]: { body: noVendorOrders },
  });
}

const logo = () => within(screen.getByRole('banner')).getByRole('link', { name: 'Servo' });

describe('the logo (spec §2)', () => {
  it('takes a vendor in customer view back to vendor view at /dashboard/orders', async () => {
    window.sessionStorage.setItem('stg.homeView', 'user');
    withSession(vendorSession());
    const { user, router } = renderApp('/home');
    expect(await screen.findByText('Currently in customer view mode')).toBeInTheDocument();
    expect(logo()).toHaveAttribute('href', '/dashboard/orders');

    await user.click(logo());
    await waitFor(() => expect(locationOf(router)).toBe('/dashboard/orders'));
    expect(window.sessionStorage.getItem('stg.homeView')).toBe('vendor');
    expect(await screen.findByText('Hi, Sparkle Cleaning')).toBeInTheDocument();
    expect(screen.queryByText('Currently in customer view mode')).not.toBeInTheDocument();
  });

  it('sends a vendor whose listing is in setup on to /dashboard/setup', async () => {
    window.sessionStorage.setItem('stg.homeView', 'user');
    withSession(vendorSession({ listingStatus: 'awaiting_submission' }));
    const { user, router } = renderApp('/home');
    await screen.findByText('Currently in customer view mode');
    await user.click(logo());
    // Setup then names its first page in the address (replaced); once its code is loaded, at once.
    await waitFor(() => expect(locationOf(router)).toMatch(/^\/dashboard\/setup(\?page=logo)?$/));
    expect(window.sessionStorage.getItem('stg.homeView')).toBe('vendor');
  });

  it('takes a customer to /home', async () => {
    withSession(customerSession);
    const { user, router } = renderApp('/account');
    await screen.findByRole('button', { name: 'Menu' });
    expect(logo()).toHaveAttribute('href', '/home');
    await user.click(logo());
    await waitFor(() => expect(locationOf(router)).toBe('/home'));
    expect(window.sessionStorage.getItem('stg.homeView')).toBeNull();
  });
});
