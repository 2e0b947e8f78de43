import { describe, expect, it } from 'vitest';
import type { ListingStatus } from './constants';
import {
  afterSignInTarget,
  dashboardSectionOf,
  defaultHomeView,
  isKnownPath,
  isOperatorPath,
  isWorkOrderPath,
  normalizePath,
  OPERATOR_CONSOLE,
  OPERATOR_LISTINGS,
  OPERATOR_PATHS,
  OPERATOR_PAYOUTS,
  redirectFor,
  requiresSignIn,
  type HomeView,
  type RoutingContext,
  type RoutingUser,
  withCalendarReturn,
  workOrderPath,
} from './routing';

const customer: RoutingUser = { userType: 'customer', vendorId: null };
const operator: RoutingUser = { userType: 'customer', vendorId: null, operator: true };
const vendorUser: RoutingUser = { userType: 'vendor', vendorId: 7 };
const vendorWith = (listingStatus: ListingStatus) => ({ listingStatus });

type Who =
  'guest' | 'customer' | 'operator' | `vendor:${ListingStatus}:${HomeView}` | 'vendor-without-vendor';

function ctx(pathname: string, who: Who): RoutingContext {
  if (who === 'guest') return { pathname, user: null, vendor: null, homeView: 'user' };
  if (who === 'customer') return { pathname, user: customer, vendor: null, homeView: 'user' };
  if (who === 'operator') return { pathname, user: operator, vendor: null, homeView: 'user' };
  if (who === 'vendor-without-vendor')
    return { pathname, user: vendorUser, vendor: null, homeView: 'vendor' };
  const [, status, view] = who.split(':') as [string, ListingStatus, HomeView];
  return { pathname, user: vendorUser, vendor: vendorWith(status), homeView: view };
}

describe('redirectFor', () => {
  it.each<[string, Who, string | null]>([
    // landing page
    ['/', 'guest', null],
    ['/', 'customer', '/home'],
    ['/', 'vendor:active:vendor', '/dashboard/orders'],
    ['/', 'vendor:active:user', '/home'],
    ['/', 'vendor-without-vendor', '/home'],
    // a vendor's listing in setup goes straight to setup (after vendor sign-up the user goes to /)
    ['/', 'vendor:awaiting_submission:vendor', '/dashboard/setup'],
    ['/', 'vendor:under_review:vendor', '/dashboard/setup'],
    ['/', 'vendor:inactive:vendor', '/dashboard/orders'],
    ['/', 'vendor:awaiting_submission:user', '/home'],
    ['/', 'operator', '/home'],
    // public pages stay public for everybody
    ['/about-us', 'guest', null],
    ['/privacy-policy', 'customer', null],
    ['/terms-of-service', 'vendor:active:vendor', null],
    ['/contact-us', 'guest', null],
    ['/vendor-onboarding', 'guest', null],
    ['/forgot-password', 'guest', null],
    ['/password/reset', 'guest', null],
    ['/vendors/12', 'guest', null],
    ['/vendors/12', 'vendor:active:vendor', null],
    ['/about-us/', 'guest', null],
    // signed-in-only pages
    ['/home', 'guest', '/'],
    ['/orders', 'guest', '/'],
    ['/account', 'guest', '/'],
    ['/password/reset/complete', 'guest', '/'],
    ['/password/reset/complete', 'customer', null],
    ['/home', 'customer', null],
    ['/orders', 'customer', null],
    ['/account', 'customer', null],
    // dashboard access
    ['/dashboard/orders', 'guest', '/'],
    ['/dashboard/orders', 'customer', '/home'],
    ['/dashboard/orders', 'vendor-without-vendor', '/home'],
    ['/dashboard', 'vendor:active:vendor', '/dashboard/orders'],
    ['/dashboard/nonsense', 'vendor:active:vendor', '/dashboard/orders'],
    ['/dashboard/general', 'vendor:active:vendor', null],
    ['/dashboard/scheduling', 'vendor:active:vendor', null],
    ['/dashboard/pricing', 'vendor:inactive:vendor', null],
    ['/dashboard/support', 'vendor:active:vendor', null],
    ['/dashboard/orders', 'vendor:active:user', null],
    // listing in setup is held on setup; active never sees setup
    ['/dashboard/orders', 'vendor:awaiting_submission:vendor', '/dashboard/setup'],
    ['/dashboard/general', 'vendor:under_review:vendor', '/dashboard/setup'],
    ['/dashboard/setup', 'vendor:awaiting_submission:vendor', null],
    ['/dashboard/setup', 'vendor:under_review:vendor', null],
    ['/dashboard/setup', 'vendor:active:vendor', '/dashboard/orders'],
    ['/dashboard/setup', 'vendor:inactive:vendor', '/dashboard/orders'],
    ['/dashboard/nonsense', 'vendor:under_review:vendor', '/dashboard/setup'],
    // category lists in vendor view
    ['/services', 'vendor:active:vendor', '/dashboard/orders'],
    ['/home', 'vendor:active:vendor', '/dashboard/orders'],
    ['/services', 'vendor:active:user', null],
    ['/home', 'vendor:active:user', null],
    ['/services', 'guest', null],
    ['/services', 'customer', null],
    ['/services', 'vendor:awaiting_submission:vendor', '/dashboard/setup'],
    ['/home', 'vendor:under_review:vendor', '/dashboard/setup'],
    ['/services/', 'vendor:inactive:vendor', '/dashboard/orders'],
    // the operators' listing review: signed-in operators only
    ['/operator/listings', 'operator', null],
    ['/operator/listings/', 'operator', null],
    ['/operator/listings', 'guest', '/'],
    ['/operator/listings', 'customer', '/home'],
    ['/operator/listings', 'vendor:active:vendor', '/dashboard/orders'],
    ['/operator/listings', 'vendor:awaiting_submission:vendor', '/dashboard/setup'],
    ['/operator/listings', 'vendor:active:user', '/home'],
    ['/operator/listings', 'vendor-without-vendor', '/home'],
    // the operator's console: signed-in operators only (issue 25 §3)
    ['/operator', 'operator', null],
    ['/operator/', 'operator', null],
    ['/operator', 'guest', '/'],
    ['/operator', 'customer', '/home'],
    ['/operator', 'vendor:active:vendor', '/dashboard/orders'],
    ['/operator/console', 'operator', '/'],
    ['/operator/listings/3', 'operator', '/'],
    // the operators' Paper Checks owed to vendors: signed-in operators only
    ['/operator/payouts', 'operator', null],
    ['/operator/payouts/', 'operator', null],
    ['/operator/payouts', 'guest', '/'],
    ['/operator/payouts', 'customer', '/home'],
    ['/operator/payouts', 'vendor:active:vendor', '/dashboard/orders'],
    ['/operator/payouts', 'vendor:under_review:vendor', '/dashboard/setup'],
    ['/operator/payouts', 'vendor:active:user', '/home'],
    ['/operator/payouts/17', 'operator', '/'],
    // a vendor's printable work order: signed-in vendors with a vendor in session only
    ['/work-orders/12', 'vendor:active:vendor', null],
    ['/work-orders/12/', 'vendor:active:vendor', null],
    ['/work-orders/12', 'vendor:active:user', null],
    ['/work-orders/12', 'vendor:inactive:vendor', null],
    ['/work-orders/12', 'guest', '/'],
    ['/work-orders/12', 'customer', '/home'],
    ['/work-orders/12', 'operator', '/home'],
    ['/work-orders/12', 'vendor-without-vendor', '/home'],
    ['/work-orders', 'vendor:active:vendor', '/'],
    ['/work-orders/12/print', 'vendor:active:vendor', '/'],
    // catch-all
    ['/nope', 'guest', '/'],
    ['/nope', 'customer', '/'],
    ['/vendors/1/extra', 'guest', '/'],
  ])('%s as %s → %s', (path, who, expected) => {
    expect(redirectFor(ctx(path, who))).toBe(expected);
  });
});

describe('afterSignInTarget', () => {
  it.each<[string, RoutingUser, ListingStatus | null, string | null]>([
    ['/', customer, null, '/home'],
    ['/vendors/3', customer, null, '/home'],
    ['/about-us', customer, null, '/home'],
    ['/', vendorUser, 'active', '/dashboard/orders'],
    ['/', vendorUser, 'awaiting_submission', '/dashboard/setup'],
    ['/about-us', vendorUser, 'active', null],
    ['/vendors/3', vendorUser, 'under_review', null],
    ['/', vendorUser, null, '/home'],
  ])('on %s, %o with listing %s → %s', (path, user, status, expected) => {
    expect(afterSignInTarget(path, user, status ? vendorWith(status) : null)).toBe(expected);
  });
});

describe('helpers', () => {
  it('defaults a vendor to vendor view and others to user view', () => {
    expect(defaultHomeView(null)).toBe('user');
    expect(defaultHomeView(customer)).toBe('user');
    expect(defaultHomeView(vendorUser)).toBe('vendor');
  });

  it('normalises paths and reads dashboard sections', () => {
    expect(normalizePath('')).toBe('/');
    expect(normalizePath('/home/')).toBe('/home');
    expect(dashboardSectionOf('/dashboard/pricing')).toBe('pricing');
    expect(dashboardSectionOf('/dashboard')).toBeNull();
    expect(dashboardSectionOf('/home')).toBeNull();
  });

  it('knows every route of the table', () => {
    for (const p of [
      '/',
      '/services',
      '/vendors/1',
      '/dashboard/setup',
      '/password/reset/complete',
      '/operator/listings',
      '/operator',
      '/operator/payouts',
      '/work-orders/5',
    ])
      expect(isKnownPath(p)).toBe(true);
    expect(isKnownPath('/dashboards')).toBe(false);
    expect(isKnownPath('/operators')).toBe(false);
  });

  it('asks for a sign-in on a work order page, and names it', () => {
    expect(requiresSignIn('/work-orders/5')).toBe(true);
    expect(isWorkOrderPath('/work-orders/5/')).toBe(true);
    expect(isWorkOrderPath('/work-orders')).toBe(false);
    expect(workOrderPath(5)).toBe('/work-orders/5');
  });

  it('asks for a sign-in on the operator pages', () => {
    expect(requiresSignIn('/operator/listings')).toBe(true);
    expect(isOperatorPath('/operator/listings/')).toBe(true);
    expect(requiresSignIn('/operator/payouts')).toBe(true);
    expect(isOperatorPath('/operator/payouts/')).toBe(true);
    expect(OPERATOR_PATHS).toEqual([OPERATOR_CONSOLE, OPERATOR_LISTINGS, OPERATOR_PAYOUTS]);
    expect(isOperatorPath('/home')).toBe(false);
  });
});

describe('withCalendarReturn', () => {
  it("carries a calendar provider's return to Setup's calendar step while the listing is in setup", () => {
    expect(
      withCalendarReturn('/dashboard/scheduling', '?code=abc&state=google%3Ax', '/dashboard/setup'),
    ).toBe('/dashboard/setup?code=abc&state=google%3Ax&page=calendar');
    expect(
      withCalendarReturn(
        '/dashboard/scheduling',
        '?error=access_denied&state=jobber%3Ay',
        '/dashboard/setup',
      ),
    ).toBe('/dashboard/setup?error=access_denied&state=jobber%3Ay&page=calendar');
  });

  it('drops the query of every other redirect', () => {
    expect(withCalendarReturn('/dashboard/scheduling', '', '/dashboard/setup')).toBe('/dashboard/setup');
    expect(withCalendarReturn('/dashboard/pricing', '?code=abc', '/dashboard/setup')).toBe(
      '/dashboard/setup',
    );
    expect(withCalendarReturn('/dashboard/scheduling', '?code=abc', '/home')).toBe('/home');
  });
});
