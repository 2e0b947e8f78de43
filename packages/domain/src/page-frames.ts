/**
 * A signed-in page's frame (ADR 0041): the markup of the top of the page as React's first render draws it
 * (the signed-in header, the dashboard's tabs, the page's heading and the words under it, the loader of
 * what waits for data), written by the server into `#root` so that the first paint needs no JavaScript.
 * React's first render replaces it whole (createRoot clears the container in the commit that draws the
 * page), at the same place and size, so nothing moves and no landmark or heading is there twice.
 *
 * A copy, by design, of what the components draw: `apps/web/src/app/page-frames.test.tsx` renders each
 * framed page and holds every element, attribute and word of its frame to React's own (a change to a
 * header, a tab or a title fails that test until the frame follows). Only pages whose top does not depend
 * on what the page fetches are framed; anything else (another user, a redirect, a vendor in customer
 * view) gets no frame, and the page paints when React renders, as before.
 */
import type { Session } from './api/session';
import type { Address } from './api/users';
import { CITY_LABEL, isListingInSetup } from './constants';
import { DASHBOARD_HOME, dashboardSectionOf, redirectFor } from './routing';

/** The address's query (URLSearchParams). */
export interface SearchParams {
  get(name: string): string | null;
}

/** What a frame is drawn from: the visitor's session (GET /api/session's answer) and the address. */
export type FrameSession = Pick<Session, 'user' | 'vendor' | 'addresses'>;

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

type Attrs = Record<string, string | true | undefined>;

/** One element: attributes in React's order, `true` for an empty one (`hidden=""`), text escaped by `text`. */
function el(tag: string, attrs: Attrs, ...children: string[]): string {
  const list = Object.entries(attrs)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => ` ${name}="${value === true ? '' : escapeHtml(value!)}"`)
    .join('');
  return `<${tag}${list}>${children.join('')}</${tag}>`;
}
const text = escapeHtml;

const MENU_ICON =
  '<svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false"><path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" stroke-width="2" stroke-linecap="round"></path></svg>';
const LOGO_MARK =
  '<svg class="logo__mark" viewBox="0 0 32 32" width="30" height="30" aria-hidden="true" focusable="false"><rect width="32" height="32" rx="9" class="logo__tile"></rect><path class="logo__glyph" d="M21.5 11.2c-1.1-1.6-3-2.5-5.4-2.5-3.1 0-5.3 1.6-5.3 4 0 2.3 1.8 3.3 4.8 3.9l1.3.3c1.8.4 2.5.9 2.5 1.8 0 1.1-1.2 1.8-3 1.8-1.9 0-3.3-.8-4-2.2l-2.3 1.3c1.1 2.2 3.4 3.4 6.3 3.4 3.4 0 5.8-1.7 5.8-4.4 0-2.3-1.6-3.4-4.9-4.1l-1.3-.3c-1.6-.3-2.3-.8-2.3-1.6 0-1 1-1.6 2.5-1.6 1.4 0 2.5.6 3.2 1.6z"></path></svg>';
const PIN_ICON =
  '<svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false"><path fill="currentColor" d="M12 2a7 7 0 00-7 7c0 5.3 7 13 7 13s7-7.7 7-13a7 7 0 00-7-7zm0 9.5A2.5 2.5 0 1112 6.5a2.5 2.5 0 010 5z"></path></svg>';

/** app/layouts/logo.tsx, blue (every framed page has a light header). */
const logo = (href: string) =>
  el(
    'a',
    { class: 'logo logo--blue', 'data-logo-color': 'blue', 'aria-label': 'Servo', href },
    LOGO_MARK,
    el('span', { class: 'logo__word', 'aria-hidden': 'true' }, 'servo'),
  );

const menuButton = (className: string) =>
  el(
    'button',
    {
      type: 'button',
      class: className,
      'aria-label': 'Menu',
      'aria-haspopup': 'dialog',
      'aria-expanded': 'false',
    },
    MENU_ICON,
  );

/** use-session.ts currentAddressOf: the address the user picked, else the default one, else the first. */
function currentAddress({ user, addresses }: FrameSession): Address | null {
  return (
    addresses.find((a) => a.id === user?.currentAddressId) ??
    addresses.find((a) => a.default) ??
    addresses[0] ??
    null
  );
}

/** app/layouts/customer-header.tsx (a user without a vendor: no customer-view banner). */
function customerHeader(session: FrameSession): string {
  const address = currentAddress(session);
  const street = address ? [address.streetAddress, address.streetAddress2].filter(Boolean).join(', ') : '';
  return el(
    'header',
    { class: 'site-header site-header--customer' },
    el(
      'div',
      { class: 'container site-header__inner' },
      el('div', { class: 'site-header__start' }, menuButton('icon-button'), logo('/home')),
      el(
        'div',
        { class: 'site-header__actions' },
        el(
          'div',
          { class: 'location' },
          el(
            'button',
            {
              type: 'button',
              class: 'location__button',
              'aria-expanded': 'false',
              'aria-controls': 'location-note',
            },
            PIN_ICON,
            text(CITY_LABEL),
          ),
          el(
            'div',
            { id: 'location-note', class: 'location__note', hidden: true },
            'We currently serve St George, Utah and nearby zip codes only.',
          ),
        ),
      ),
      address
        ? el(
            'a',
            { class: 'header-address', href: '/account' },
            el('span', { class: 'header-address__line' }, text(street)),
            el(
              'span',
              { class: 'header-address__line header-address__line--muted' },
              text(`${address.city}, ${address.state} ${address.zipCode}`),
            ),
          )
        : '',
    ),
  );
}

/** app/layouts/vendor-header.tsx, in vendor view. */
function vendorHeader(vendorName: string): string {
  return el(
    'header',
    { class: 'site-header site-header--vendor' },
    el(
      'div',
      { class: 'container site-header__inner' },
      el(
        'div',
        { class: 'site-header__start' },
        menuButton('icon-button mobile-only'),
        logo(DASHBOARD_HOME),
        el('span', { class: 'vendor-portal-label mobile-only' }, 'Vendor Portal'),
      ),
      el(
        'div',
        { class: 'site-header__actions' },
        el('span', { class: 'site-header__greeting desktop-only' }, 'Hi, ', text(vendorName)),
        el(
          'span',
          { class: 'desktop-only' },
          el(
            'div',
            { class: 'view-toggle', role: 'group', 'aria-label': 'View mode' },
            el('button', { type: 'button', 'aria-pressed': 'false' }, 'Customer View'),
            el('button', { type: 'button', 'aria-pressed': 'true' }, 'Vendor View'),
          ),
        ),
        el('button', { type: 'button', class: 'button button--ghost desktop-only' }, 'Logout'),
      ),
    ),
  );
}

/** components/page-loader.tsx */
const pageLoader = (label: string) =>
  el(
    'div',
    { class: 'page-loader', role: 'status', 'aria-live': 'polite' },
    el('span', { class: 'spinner', 'aria-hidden': 'true' }),
    el('span', {}, text(label)),
  );

/** components/live-notice.tsx, empty. */
const liveNotice = (className: string) =>
  el('div', { class: `live-notice ${className}` }, el('p', { role: 'status', 'aria-live': 'polite' }));

/** features/dashboard/dashboard-sections.ts: the tabs of an operating listing (Setup hidden), in order. */
const DASHBOARD_TABS = [
  ['orders', 'Orders', 'Order History'],
  ['plans', 'Plans', 'Service Plans'],
  ['earnings', 'Earnings', 'Earnings and Payouts'],
  ['general', 'General', 'General Settings'],
  ['scheduling', 'Scheduling', 'Scheduling Preferences'],
  ['pricing', 'Pricing', 'Pricing Preferences'],
  ['support', 'Support', 'Support'],
] as const;

/** features/dashboard/components/dashboard-tabs.tsx */
const dashboardTabs = (section: string) =>
  el(
    'nav',
    { class: 'dashboard-tabs', 'aria-label': 'Vendor portal sections' },
    el(
      'div',
      { class: 'container' },
      el(
        'ul',
        { class: 'dashboard-tabs__list' },
        ...DASHBOARD_TABS.map(([tab, label]) =>
          el(
            'li',
            { class: `dashboard-tabs__item dashboard-tabs__item--${tab}` },
            el(
              'a',
              {
                class: tab === section ? 'dashboard-tabs__tab active' : 'dashboard-tabs__tab',
                'aria-current': tab === section ? 'page' : undefined,
                href: `/dashboard/${tab}`,
              },
              label,
            ),
          ),
        ),
      ),
    ),
  );

const MOUNTAIN_TIME_NOTE = 'Times are in Mountain Time (St George).';
const VENDOR_ORDER_SORT = {
  active: 'Active orders (not completed or cancelled), soonest appointment first.',
  past: 'Past orders (completed or cancelled), latest appointment first.',
  all: 'All orders, latest appointment first.',
} as const;

/** Each framed dashboard section: the section's class and what its first render draws under its title. */
const SECTIONS: Record<string, { className: string; body: (search: SearchParams) => string }> = {
  // features/vendor-orders/routes/vendor-orders-page.tsx (the list still loading).
  orders: {
    className: 'vendor-orders',
    body: (search) => {
      const raw = search.get('filter');
      const filter = raw === 'active' || raw === 'past' ? raw : 'all';
      const filterButton = (value: 'active' | 'past', label: string) =>
        el(
          'button',
          { type: 'button', class: 'filter-tabs__tab', 'aria-pressed': String(filter === value) },
          label,
        );
      return (
        el(
          'div',
          { class: 'filter-tabs vendor-orders__filters', role: 'group', 'aria-label': 'Filter orders' },
          filterButton('active', 'Active Orders'),
          filterButton('past', 'Past Orders'),
          el(
            'button',
            {
              type: 'button',
              class: 'filter-tabs__tab vendor-orders__remove-filter',
              disabled: filter === 'all' ? true : undefined,
            },
            'Remove Filter',
          ),
        ) +
        el(
          'p',
          { id: 'vendor-orders-description', class: 'vendor-orders__sort' },
          `${VENDOR_ORDER_SORT[filter]} ${MOUNTAIN_TIME_NOTE}`,
        ) +
        liveNotice('vendor-orders__notice') +
        el('div', { 'aria-busy': 'true' }, pageLoader('Loading orders…'))
      );
    },
  },
  // features/vendor-earnings (EARNINGS_TEXT): the totals and payouts still loading.
  earnings: {
    className: 'earnings',
    body: () =>
      el(
        'p',
        { class: 'dashboard-section__summary' },
        'What your orders earned and where each payout stands. Payouts begin 72 hours after a job is marked complete. Orders count in the week or month of their appointment, in St George time (weeks start on Monday).',
      ) + pageLoader('Loading earnings…'),
  },
  // features/dashboard/routes/dashboard-section-page.tsx SUMMARIES; the editors follow below.
  pricing: {
    className: 'pricing-admin',
    body: () =>
      el(
        'p',
        { class: 'dashboard-section__summary' },
        'Your pricing calculator, minimum price, pricing formula and the questions customers answer.',
      ),
  },
  scheduling: {
    className: 'scheduling-admin',
    body: () =>
      el(
        'p',
        { class: 'dashboard-section__summary' },
        'Your workday hours (Monday to Friday), the gap between appointments, how far ahead and how soon customers can book, your hourly rate, cancellation policy and appointment instructions, and your calendar connection.',
      ),
  },
};

function dashboardFrame(section: string, search: SearchParams): string | null {
  const page = SECTIONS[section];
  const tab = DASHBOARD_TABS.find(([name]) => name === section);
  if (!page || !tab) return null;
  return el(
    'div',
    { class: 'dashboard' },
    dashboardTabs(section),
    el(
      'div',
      { class: 'container dashboard__content' },
      el(
        'section',
        { class: `dashboard-section ${page.className}`, 'aria-labelledby': 'dashboard-section-title' },
        el('h1', { id: 'dashboard-section-title', class: 'dashboard-section__title' }, tab[2]),
        page.body(search),
      ),
    ),
  );
}

/** features/orders/routes/orders-page.tsx, the orders still loading. */
const customerOrdersFrame = () =>
  el(
    'div',
    { class: 'container page page--medium orders' },
    el('div', { class: 'page-header' }, el('h1', {}, 'Orders')),
    liveNotice('orders__notice'),
    pageLoader('Loading your orders…'),
  );

/** features/operator-console/routes/operator-console-page.tsx, the figures still loading. */
const operatorConsoleFrame = () =>
  el(
    'div',
    { class: 'container page console' },
    el(
      'div',
      { class: 'page-header' },
      el('h1', {}, 'Operator Console'),
      el(
        'p',
        { class: 'page-header__lead' },
        'How the marketplace is doing, and what needs an operator today.',
      ),
    ),
    el('p', { class: 'console__status', role: 'status' }),
    pageLoader('Loading the figures…'),
  );

/** features/provider/routes/provider-page.tsx while the vendor loads (its skeleton). */
const providerSkeleton = () =>
  el(
    'div',
    { class: 'provider provider--loading' },
    el(
      'div',
      { class: 'provider__banner' },
      el('span', { class: 'vendor-cover provider__cover skeleton', 'aria-hidden': 'true' }),
    ),
    el(
      'div',
      { class: 'container provider__layout' },
      el(
        'div',
        { class: 'provider__header', 'aria-hidden': 'true' },
        el('span', { class: 'vendor-logo vendor-logo--large skeleton' }),
        el(
          'div',
          { class: 'provider__heading provider__heading--skeleton' },
          el('span', { class: 'skeleton skeleton--line skeleton--short' }),
          el('span', { class: 'skeleton skeleton--title' }),
          el('span', { class: 'skeleton skeleton--line skeleton--short' }),
        ),
      ),
      pageLoader('Loading provider…'),
    ),
  );

/** app/layouts/root-layout.tsx around a header and a page (the footer stays below the fold: none). */
const shell = (header: string, page: string) =>
  el('a', { class: 'skip-link', href: '#main' }, 'Skip to content') +
  el(
    'div',
    // data-frame: the app's start-up knows the frame is on screen (framed-page-ready.ts); React's
    // own app-shell has no such mark.
    { class: 'app-shell', 'data-frame': true },
    header,
    el('main', { id: 'main', class: 'app-main', tabindex: '-1' }, page),
  );

/**
 * The frame of `pathname` for this session, or null when the page gets none: a guest, a page that sends
 * this visitor elsewhere, a vendor outside the dashboard (their view is chosen in the browser), a page
 * without a frame.
 */
export function pageFrame(pathname: string, search: SearchParams, session: FrameSession): string | null {
  const { user, vendor } = session;
  if (!user) return null;
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  const homeView = user.vendorId != null ? 'vendor' : 'user';
  if (redirectFor({ pathname: path, user, vendor, homeView }) !== null) return null;

  const section = dashboardSectionOf(path);
  if (section !== null) {
    if (!vendor || isListingInSetup(vendor.listingStatus)) return null;
    const page = dashboardFrame(section, search);
    return page && shell(vendorHeader(vendor.name), page);
  }
  // A vendor's other pages are drawn in the view they last chose (kept in the browser): no frame.
  if (user.vendorId != null) return null;
  if (path === '/orders') return shell(customerHeader(session), customerOrdersFrame());
  if (path === '/operator') return shell(customerHeader(session), operatorConsoleFrame());
  if (/^\/vendors\/\d+$/.test(path)) return shell(customerHeader(session), providerSkeleton());
  return null;
}
