import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Session } from '@stg/domain/api/session';
import { listingReviewApi } from '@stg/domain/api/listing-review.endpoints';
import { ordersApi } from '@stg/domain/api/orders.endpoints';
import { sessionApi } from '@stg/domain/api/session.endpoints';
import { vendorsApi } from '@stg/domain/api/vendors.endpoints';
import {
  customerSession,
  customerUser,
  makeCard,
  noVendorOrders,
  signedOut,
  vendorSession,
} from '../test/fixtures';
import { at, mockApi } from '../test/mock-api';
import { locationOf, renderApp } from '../test/render-app';

const operatorSession: Session = { ...customerSession, user: { ...customerUser, operator: true } };

function visit(path: string, session: Session, homeView?: 'user' | 'vendor') {
  if (homeView) window.sessionStorage.setItem('stg.homeView', homeView);
  mockApi({
    [at(sessionApi.current)]: { body: session, headers: { 'X-CSRF-Token': 't' } },
    [at(vendorsApi.vendors)]: { body: [makeCard()] },
    [at(listingReviewApi.queue)]: { body: { listings: [] } },
    // A vendor's way home is Order History, which reads the vendor's orders.
    [at(ordersApi.vendorOrders, { id: 7 })]: { body: noVendorOrders },
  });
  return renderApp(path);
}

describe('route guard in the app', () => {
  it.each<[string, Session, 'user' | 'vendor' | undefined, string]>([
    ['/', signedOut, undefined, '/'],
    ['/', customerSession, undefined, '/home'],
    ['/', vendorSession(), undefined, '/dashboard/orders'],
    ['/', vendorSession(), 'user', '/home'],
    ['/home', signedOut, undefined, '/'],
    ['/orders', signedOut, undefined, '/'],
    ['/account', signedOut, undefined, '/'],
    ['/password/reset/complete', signedOut, undefined, '/'],
    ['/dashboard/orders', signedOut, undefined, '/'],
    ['/dashboard/orders', customerSession, undefined, '/home'],
    [
      '/dashboard/pricing',
      vendorSession({ listingStatus: 'awaiting_submission' }),
      undefined,
      '/dashboard/setup',
    ],
    ['/dashboard/setup', vendorSession({ listingStatus: 'active' }), undefined, '/dashboard/orders'],
    ['/dashboard/whatever', vendorSession(), undefined, '/dashboard/orders'],
    ['/dashboard', vendorSession(), undefined, '/dashboard/orders'],
    ['/services?category=all', vendorSession(), 'vendor', '/dashboard/orders'],
    ['/services?category=all', vendorSession(), 'user', '/services?category=all'],
    ['/no/such/page', signedOut, undefined, '/'],
    ['/about-us', customerSession, undefined, '/about-us'],
    ['/', vendorSession({ listingStatus: 'awaiting_submission' }), undefined, '/dashboard/setup'],
    ['/operator/listings', signedOut, undefined, '/'],
    ['/operator/listings', customerSession, undefined, '/home'],
    ['/operator/listings', vendorSession(), undefined, '/dashboard/orders'],
    ['/operator/listings', operatorSession, undefined, '/operator/listings'],
  ])('%s (%#) ends on %s', async (path, session, homeView, expected) => {
    const { router } = visit(path, session, homeView);
    await waitFor(() => expect(locationOf(router)).toBe(expected));
    await screen.findByRole('main');
  });

  it('scrolls to the top when the dashboard section changes', async () => {
    const { router, user } = visit('/dashboard/orders', vendorSession());
    await screen.findByRole('heading', { name: 'Order History' });
    const scrollTo = window.scrollTo as unknown as { mock: { calls: unknown[] } };
    const before = scrollTo.mock.calls.length;
    await user.click(screen.getByRole('link', { name: 'Pricing' }));
    expect(await screen.findByRole('heading', { name: 'Pricing Preferences' })).toBeInTheDocument();
    expect(locationOf(router)).toBe('/dashboard/pricing');
    expect(scrollTo.mock.calls.length).toBeGreaterThan(before);
    expect(scrollTo.mock.calls.at(-1)).toEqual([0, 0]);
  });
});
