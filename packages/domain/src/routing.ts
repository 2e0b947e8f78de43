/**
 * Route access and redirect rules of spec §2 ("Route table", "Redirect rules after login and signup").
 * Pure functions: the web app asks them where a visitor belongs and navigates; no I/O, no React.
 */
import { DASHBOARD_SECTIONS, isListingInSetup, type DashboardSection, type ListingStatus } from './constants';
import { isOneOf } from './is-one-of';

/** The UI state that decides which header and pages a vendor sees (spec §3 Session, §4). */
export type HomeView = 'user' | 'vendor';
export const HOME_VIEWS = ['user', 'vendor'] as const;

export interface RoutingUser {
  userType: 'customer' | 'vendor';
  vendorId: number | null;
  /** Marketplace staff who review listings (the spec leaves out who approves; issue 11). */
  operator?: boolean;
}

export interface RoutingVendor {
  listingStatus: ListingStatus;
}

export interface RoutingContext {
  /** The location's pathname, without query string. */
  pathname: string;
  user: RoutingUser | null;
  /** The vendor held in the session, or null (none, or the vendor fetch failed). */
  vendor: RoutingVendor | null;
  homeView: HomeView;
}

export const SERVICES_PATH = '/services';
export const DASHBOARD_PATH = '/dashboard';
export const DASHBOARD_HOME = '/dashboard/orders';
export const DASHBOARD_SETUP = '/dashboard/setup';
export const CUSTOMER_HOME = '/home';
/** The operator's console: the marketplace's figures and the operators' lists (issue 25 §3). */
export const OPERATOR_CONSOLE = '/operator';
/** The operators' queue of listings under review. */
export const OPERATOR_LISTINGS = '/operator/listings';
/** The operators' list of Paper Checks owed to vendors (spec §3: payoutDestination none; ADR 0017). */
export const OPERATOR_PAYOUTS = '/operator/payouts';
/** A vendor's printable work order for one of their orders: /work-orders/{id} (issue 12). */
export const WORK_ORDERS_PATH = '/work-orders';

/** Public pages with a fixed path. */
export const PUBLIC_PATHS = [
  '/',
  '/about-us',
  '/privacy-policy',
  '/terms-of-service',
  '/contact-us',
  '/vendor-onboarding',
  '/forgot-password',
  '/password/reset',
  // A plan visit's mailed pay link (ADR 0037): the token is the credential.
  '/plan-visits/pay',
  SERVICES_PATH,
] as const;

/** Pages that need a signed-in user (besides the dashboard). */
export const SIGNED_IN_PATHS = [CUSTOMER_HOME, '/orders', '/account', '/password/reset/complete'] as const;

/** Pages only operators reach. */
export const OPERATOR_PATHS = [OPERATOR_CONSOLE, OPERATOR_LISTINGS, OPERATOR_PAYOUTS] as const;

/** Dashboard sections usable once the listing is active or inactive (Setup is hidden then). */
export const OPERATING_SECTIONS = DASHBOARD_SECTIONS.filter((s) => s !== 'setup');

/** "/about-us/" → "/about-us"; "" → "/". */
export function normalizePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

export function isDashboardPath(pathname: string): boolean {
  const p = normalizePath(pathname);
  return p === DASHBOARD_PATH || p.startsWith(`${DASHBOARD_PATH}/`);
}

/** The section segment of a dashboard path, or null when absent. */
export function dashboardSectionOf(pathname: string): string | null {
  const p = normalizePath(pathname);
  if (!isDashboardPath(p)) return null;
  return p.split('/')[2] ?? null;
}

export function isDashboardSection(value: string | null | undefined): value is DashboardSection {
  return isOneOf(DASHBOARD_SECTIONS, value);
}

const VENDOR_PAGE = /^\/vendors\/[^/]+$/;
const WORK_ORDER_PAGE = /^\/work-orders\/[^/]+$/;

/** /work-orders/{id}: the printable work order of one of the vendor's orders. */
export function isWorkOrderPath(pathname: string): boolean {
  return WORK_ORDER_PAGE.test(normalizePath(pathname));
}

/** The work order page of an order. */
export const workOrderPath = (orderId: number | string) => `${WORK_ORDERS_PATH}/${orderId}`;

/** True for every path of the route table; anything else goes to "/". */
export function isKnownPath(pathname: string): boolean {
  const p = normalizePath(pathname);
  return (
    isOneOf(PUBLIC_PATHS, p) ||
    isOneOf(SIGNED_IN_PATHS, p) ||
    isOperatorPath(p) ||
    VENDOR_PAGE.test(p) ||
    isWorkOrderPath(p) ||
    isDashboardPath(p)
  );
}

export function isOperatorPath(pathname: string): boolean {
  return isOneOf(OPERATOR_PATHS, normalizePath(pathname));
}

export function requiresSignIn(pathname: string): boolean {
  const p = normalizePath(pathname);
  return isOneOf(SIGNED_IN_PATHS, p) || isOperatorPath(p) || isDashboardPath(p) || isWorkOrderPath(p);
}

/** A vendor defaults to vendor view; everybody else sees the customer view. */
export function defaultHomeView(user: RoutingUser | null): HomeView {
  return user?.vendorId != null ? 'vendor' : 'user';
}

/** The user has a vendor in session and is looking at the vendor side of the product. */
export function isInVendorView(ctx: Pick<RoutingContext, 'user' | 'vendor' | 'homeView'>): boolean {
  return ctx.user?.vendorId != null && ctx.vendor !== null && ctx.homeView === 'vendor';
}

/** Where a dashboard visit belongs, given the listing status and the requested section. */
export function dashboardTarget(status: ListingStatus, section: string | null): string {
  if (isListingInSetup(status)) return DASHBOARD_SETUP;
  return isOneOf(OPERATING_SECTIONS, section) ? `${DASHBOARD_PATH}/${section}` : DASHBOARD_HOME;
}

/**
 * Where the visitor must be sent instead of `pathname`, or null to stay.
 * Rules (spec §2): unknown paths go to /; signed-in visitors of / go to the dashboard (vendor view) or
 * /home; signed-in-only pages send signed-out visitors to /; the dashboard needs a vendor in session,
 * else /home; a listing in setup is held on /dashboard/setup, an active one never sees setup; unknown
 * sections go to orders; a category list (/home, services page) in vendor view goes to /dashboard/orders.
 * The dashboard's own rules apply at once, so a listing in setup goes straight to /dashboard/setup.
 * Operator pages (issue 11's listing review, the Paper Checks owed) are for signed-in operators only;
 * anyone else signed in goes home.
 * A work order (/work-orders/{id}, issue 12) is for a vendor with a vendor in session (in either view, as
 * the dashboard it is opened from), else /home; the server answers only the order's own vendor.
 */
export function redirectFor(ctx: RoutingContext): string | null {
  const path = normalizePath(ctx.pathname);
  const signedIn = ctx.user !== null;
  const vendorView = isInVendorView(ctx);
  // Where a signed-in visitor's home is: the dashboard in vendor view, else /home.
  const home = () =>
    vendorView && ctx.vendor ? dashboardTarget(ctx.vendor.listingStatus, null) : CUSTOMER_HOME;

  if (!isKnownPath(path)) return '/';

  if (path === '/') {
    if (!signedIn) return null;
    return home();
  }

  if (requiresSignIn(path) && !signedIn) return '/';

  if (isOperatorPath(path)) return ctx.user?.operator === true ? null : home();

  if (isWorkOrderPath(path)) return ctx.user?.vendorId == null || ctx.vendor === null ? CUSTOMER_HOME : null;

  if (isDashboardPath(path)) {
    if (ctx.user?.vendorId == null || ctx.vendor === null) return CUSTOMER_HOME;
    const target = dashboardTarget(ctx.vendor.listingStatus, dashboardSectionOf(path));
    return target === path ? null : target;
  }

  if ((path === CUSTOMER_HOME || path === SERVICES_PATH) && vendorView) return home();

  return null;
}

/**
 * Where to go after a successful sign-in or customer sign-up, or null to stay (spec §2):
 * a customer goes to /home; a vendor stays where they are, except on / which leads to the dashboard.
 */
export function afterSignInTarget(
  pathname: string,
  user: RoutingUser,
  vendor: RoutingVendor | null,
): string | null {
  const path = normalizePath(pathname);
  if (user.vendorId == null || vendor === null) return path === CUSTOMER_HOME ? null : CUSTOMER_HOME;
  if (path === '/') return dashboardTarget(vendor.listingStatus, null);
  return null;
}

/** After logout (and after vendor sign-up or a failed vendor fetch) the user goes to /. */
export const AFTER_SIGN_OUT_PATH = '/';

/**
 * Google's and Jobber's consent pages send the vendor back to /dashboard/scheduling?code=…&state=…; for a
 * listing still in setup that page is not open yet, so the return (with its parameters) goes to Setup's
 * calendar step, which finishes the connection. Any other redirect drops the query.
 */
export function withCalendarReturn(pathname: string, search: string, target: string): string {
  if (target !== DASHBOARD_SETUP || normalizePath(pathname) !== `${DASHBOARD_PATH}/scheduling`) return target;
  const pairs = search
    .replace(/^\?/, '')
    .split('&')
    .filter((pair) => pair !== '');
  const names = pairs.map((pair) => pair.split('=', 1)[0]);
  if (!names.includes('code') && !names.includes('error')) return target;
  const kept = pairs.filter((pair) => pair.split('=', 1)[0] !== 'page');
  return `${target}?${[...kept, 'page=calendar'].join('&')}`;
}
