import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listingReviewApi } from '@stg/domain/api/listing-review.endpoints';
import { ordersApi } from '@stg/domain/api/orders.endpoints';
import { reviewsApi } from '@stg/domain/api/reviews.endpoints';
import { sessionApi } from '@stg/domain/api/session.endpoints';
import { vendorsApi } from '@stg/domain/api/vendors.endpoints';
import {
  customerSession,
  customerUser,
  googleReviewsOn,
  makeCard,
  noVendorOrders,
  sandboxAccountSession,
  signedOut,
  vendorSession,
} from '../../test/fixtures';
import { at, mockApi } from '../../test/mock-api';
import { LAZY, locationOf, renderApp } from '../../test/render-app';

const token = { 'X-CSRF-Token': 'token-1' };

function withSession(session: unknown, extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    [at(sessionApi.current)]: { body: session, headers: token },
    [at(vendorsApi.vendors)]: { body: [makeCard()] },
    // A vendor's way home is Order History, which reads the vendor's orders.
    [at(ordersApi.vendorOrders, { id: 7 })]: { body: noVendorOrders },
    ...extra,
  });
}

const header = () => screen.getByRole('banner');

describe('signed-out header', () => {
  it('shows the white logo, Create Account and Sign In on /', async () => {
    withSession(signedOut);
    renderApp('/');
    const createAccount = await screen.findByRole('button', { name: 'Create Account' });
    expect(within(header()).getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(createAccount).toBeInTheDocument();
    const logo = within(header()).getByRole('link', { name: 'Servo' });
    expect(logo).toHaveAttribute('href', '/');
    expect(logo).toHaveAttribute('data-logo-color', 'white');
    expect(screen.queryByRole('button', { name: 'List Your Service' })).not.toBeInTheDocument();
  });

  it('replaces Create Account with List Your Service on /vendor-onboarding, which opens the vendor sign-up form', async () => {
    const { calls } = withSession(signedOut);
    const { user } = renderApp('/vendor-onboarding');
    const list = await screen.findByRole('button', { name: 'List Your Service' });
    expect(within(header()).queryByRole('button', { name: 'Create Account' })).not.toBeInTheDocument();
    expect(within(header()).getByRole('link', { name: 'Servo' })).toHaveAttribute('data-logo-color', 'blue');

    await user.click(list);
    const dialog = await screen.findByRole('dialog', { name: 'List Your Service' }, LAZY);
    expect(within(dialog).getByText('Step 1 of 3')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.every((c) => c.method === 'GET')).toBe(true);
  });

  it('offers no List Your Service to a signed-in vendor on /vendor-onboarding, and Learn More in the footer', async () => {
    window.sessionStorage.setItem('stg.homeView', 'vendor');
    withSession(vendorSession());
    renderApp('/vendor-onboarding');
    expect(await screen.findByText('Hi, Sparkle Cleaning')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'List Your Service' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Get Started' })).not.toBeInTheDocument();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Learn More' })).toHaveAttribute(
      'href',
      '/vendor-onboarding',
    );
    expect(within(footer).queryByRole('link', { name: 'Sign Up' })).not.toBeInTheDocument();
  });

  it('footer offers Sign Up to businesses', async () => {
    withSession(signedOut);
    renderApp('/about-us');
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Sign Up' })).toHaveAttribute(
      'href',
      '/vendor-onboarding',
    );
    for (const name of ['About Us', 'Privacy Policy', 'Terms of Service', 'Contact Us'])
      expect(within(footer).getByRole('link', { name })).toBeInTheDocument();
  });
});

describe('customer header', () => {
  it('shows menu, logo to /home, the location and the address lines to /account', async () => {
    withSession(customerSession);
    renderApp('/home');
    const menu = await screen.findByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(within(header()).getByRole('link', { name: 'Servo' })).toHaveAttribute('href', '/home');
    expect(within(header()).getByRole('button', { name: /ST GEORGE, UT/ })).toBeInTheDocument();
    const address = within(header()).getByRole('link', { name: /1 Main St, Apt 2/ });
    expect(address).toHaveAttribute('href', '/account');
    expect(address).toHaveTextContent('St George, UT 84770');
    expect(screen.queryByText('Currently in customer view mode')).not.toBeInTheDocument();
  });

  it('side menu greets the user, links the pages and logs out to /', async () => {
    const { calls } = withSession(customerSession, {
      [at(sessionApi.signOut)]: { body: signedOut, headers: { 'X-CSRF-Token': 'token-2' } },
    });
    const { user, router } = renderApp('/home');
    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    expect(within(drawer).getByText('Hi, Ann')).toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/home');
    expect(within(drawer).getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/orders');
    expect(within(drawer).getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/account');
    expect(within(drawer).getByRole('link', { name: 'Help' })).toHaveAttribute('href', '/contact-us');
    expect(within(drawer).queryByRole('group', { name: 'View mode' })).not.toBeInTheDocument();

    await user.click(within(drawer).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(locationOf(router)).toBe('/'));
    expect(calls.find((c) => c.method === 'DELETE')?.headers['x-csrf-token']).toBe('token-1');
    expect(await screen.findByRole('button', { name: 'Create Account' })).toBeInTheDocument();
    expect(window.sessionStorage.getItem('stg.sessionUser')).toBeNull();
  });

  it('side menu offers Operator Console, Listing Review and Paper Checks to an operator only', async () => {
    withSession(
      { ...customerSession, user: { ...customerUser, operator: true } },
      {
        [at(listingReviewApi.queue)]: { body: { listings: [] } },
      },
    );
    const { user, router } = renderApp('/home');
    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    expect(
      within(drawer)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Home', 'Orders', 'Account', 'Help', 'Operator Console', 'Listing Review', 'Paper Checks']);
    expect(within(drawer).getByRole('link', { name: 'Operator Console' })).toHaveAttribute(
      'href',
      '/operator',
    );
    expect(within(drawer).getByRole('link', { name: 'Paper Checks' })).toHaveAttribute(
      'href',
      '/operator/payouts',
    );
    await user.click(within(drawer).getByRole('link', { name: 'Listing Review' }));
    await waitFor(() => expect(locationOf(router)).toBe('/operator/listings'));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
  });

  it('side menu has no Listing Review nor Paper Checks for a customer', async () => {
    withSession(customerSession);
    const { user } = renderApp('/home');
    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    expect(
      within(screen.getByRole('dialog', { name: 'Menu' })).queryByRole('link', { name: 'Listing Review' }),
    ).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('dialog', { name: 'Menu' })).queryByRole('link', { name: 'Paper Checks' }),
    ).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('dialog', { name: 'Menu' })).queryByRole('link', { name: 'Operator Console' }),
    ).not.toBeInTheDocument();
  });

  it('shows a failed logout in the shared error banner', async () => {
    withSession(customerSession, { [at(sessionApi.signOut)]: { status: 500, body: {} } });
    const { user, router } = renderApp('/home');
    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Menu' })).getByRole('button', { name: 'Logout' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('An unexpected error occurred');
    expect(locationOf(router)).toBe('/home');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps the session user in session storage', async () => {
    withSession(customerSession);
    renderApp('/home');
    await screen.findByRole('button', { name: 'Menu' });
    expect(JSON.parse(window.sessionStorage.getItem('stg.sessionUser')!)).toMatchObject({ firstName: 'Ann' });
  });
});

describe('vendor header', () => {
  it('greets the vendor, offers the view toggle, Logout, and Learn More in the footer', async () => {
    withSession(vendorSession());
    renderApp('/dashboard/orders');
    expect(await screen.findByText('Hi, Sparkle Cleaning')).toBeInTheDocument();
    expect(within(header()).getByText('Vendor Portal')).toBeInTheDocument();
    expect(within(header()).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    const toggle = within(header()).getByRole('group', { name: 'View mode' });
    expect(within(toggle).getByRole('button', { name: 'Vendor View' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(
      within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Learn More' }),
    ).toBeInTheDocument();
  });

  it('switches to customer view with a banner, and back with the logo', async () => {
    // General Settings reads the payouts account and whether Google reviews are fetched.
    withSession(vendorSession(), {
      [at(vendorsApi.createAccountSession)]: { body: sandboxAccountSession },
      [at(reviewsApi.googleReviews)]: { body: googleReviewsOn },
    });
    const { user, router } = renderApp('/dashboard/general');
    await user.click(await screen.findByRole('button', { name: 'Customer View' }));
    await waitFor(() => expect(locationOf(router)).toBe('/home'));
    expect(await screen.findByText('Currently in customer view mode')).toBeInTheDocument();
    expect(window.sessionStorage.getItem('stg.homeView')).toBe('user');

    // The customer header's side menu carries the toggle for a user with a vendorId.
    await user.click(within(header()).getByRole('button', { name: 'Menu' }));
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    await user.click(within(drawer).getByRole('button', { name: 'Vendor View' }));
    await waitFor(() => expect(locationOf(router)).toBe('/dashboard/orders'));
    expect(screen.queryByText('Currently in customer view mode')).not.toBeInTheDocument();
  });

  it('logo click sets vendor view and opens /dashboard/orders', async () => {
    window.sessionStorage.setItem('stg.homeView', 'vendor');
    withSession(vendorSession());
    const { user, router } = renderApp('/about-us');
    await screen.findByText('Hi, Sparkle Cleaning');
    const logo = within(header()).getByRole('link', { name: 'Servo' });
    await user.click(logo);
    await waitFor(() => expect(locationOf(router)).toBe('/dashboard/orders'));
  });

  it('mobile menu lists the sections and Sign Out', async () => {
    withSession(vendorSession());
    const { user } = renderApp('/dashboard/orders');
    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    const drawer = screen.getByRole('dialog', { name: 'Vendor menu' });
    expect(
      within(drawer)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Scheduling', 'Pricing', 'General', 'Support', 'Orders', 'Plans', 'Earnings']);
    expect(within(drawer).getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
  });

  it('mobile menu offers only Setup while the listing is in setup', async () => {
    withSession(vendorSession({ listingStatus: 'awaiting_submission' }));
    const { user } = renderApp('/dashboard/setup');
    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    const drawer = screen.getByRole('dialog', { name: 'Vendor menu' });
    expect(
      within(drawer)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Setup']);
  });
});
