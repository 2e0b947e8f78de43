import { matchRoutes, type RouteObject } from 'react-router';
import { CustomerHomePage } from '../features/catalog/routes/customer-home-page';
import { LandingPage } from '../features/catalog/routes/landing-page';
import { ServicesPage } from '../features/catalog/routes/services-page';
import { RootLayout } from './layouts/root-layout';
import { lazyPage, type LazyPage, type RouteHandle } from './lazy-page';

// The first bundle holds what the landing page needs (ADR 0023): the landing page itself and the two
// small browsing pages built from the same parts (/services, /home). Every other page, the provider
// page (booking, pricing formula, checkout) included, loads when first visited.
const ProviderPage = lazyPage(() => import('../features/provider/routes/provider-page'), 'ProviderPage');
const AboutUsPage = lazyPage(() => import('../features/static-pages/routes/about-us-page'), 'AboutUsPage');
const PrivacyPolicyPage = lazyPage(
  () => import('../features/static-pages/routes/privacy-policy-page'),
  'PrivacyPolicyPage',
);
const TermsOfServicePage = lazyPage(
  () => import('../features/static-pages/routes/terms-of-service-page'),
  'TermsOfServicePage',
);
const ContactUsPage = lazyPage(
  () => import('../features/static-pages/routes/contact-us-page'),
  'ContactUsPage',
);
const VendorOnboardingPage = lazyPage(
  () => import('../features/vendor-onboarding/routes/vendor-onboarding-page'),
  'VendorOnboardingPage',
);
const ForgotPasswordPage = lazyPage(
  () => import('../features/password/routes/forgot-password-page'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = lazyPage(
  () => import('../features/password/routes/reset-password-page'),
  'ResetPasswordPage',
);
const PasswordUpdatedPage = lazyPage(
  () => import('../features/password/routes/password-updated-page'),
  'PasswordUpdatedPage',
);
const PlanVisitPayPage = lazyPage(
  () => import('../features/plan-visits/routes/plan-visit-pay-page'),
  'PlanVisitPayPage',
);
const OrdersPage = lazyPage(() => import('../features/orders/routes/orders-page'), 'OrdersPage');
const AccountPage = lazyPage(() => import('../features/account/routes/account-page'), 'AccountPage');
const DashboardLayout = lazyPage(
  () => import('../features/dashboard/routes/dashboard-layout'),
  'DashboardLayout',
);
const OperatorArea = lazyPage(() => import('./operator-routes'), 'OperatorRoutes');
const WorkOrderPage = lazyPage(
  () => import('../features/vendor-orders/routes/work-order-page'),
  'WorkOrderPage',
);
const DashboardSectionPage = lazyPage(
  () => import('../features/dashboard/routes/dashboard-section-page'),
  'DashboardSectionPage',
);

/** A route's element for a lazy page, with the handle that lets the app start its download early. */
function lazyRoute(Page: LazyPage): Pick<RouteObject, 'element' | 'handle'> {
  return { element: <Page />, handle: { preload: Page.preload } satisfies RouteHandle };
}

/**
 * The route table of spec §2. Access and redirects (signed-in only, vendor only, setup, catch-all) are
 * decided in one place, <RouteGuard> in the root layout, from the pure rules of @stg/domain/routing.
 * Rendered by useRoutes (declarative mode, ADR 0023): no loaders, actions or errorElement; render errors
 * go to <RouteErrorBoundary> (app-routes.tsx).
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { index: true, element: <LandingPage /> },
      { path: 'about-us', ...lazyRoute(AboutUsPage) },
      { path: 'privacy-policy', ...lazyRoute(PrivacyPolicyPage) },
      { path: 'terms-of-service', ...lazyRoute(TermsOfServicePage) },
      { path: 'contact-us', ...lazyRoute(ContactUsPage) },
      { path: 'vendor-onboarding', ...lazyRoute(VendorOnboardingPage) },
      { path: 'forgot-password', ...lazyRoute(ForgotPasswordPage) },
      { path: 'password/reset', ...lazyRoute(ResetPasswordPage) },
      { path: 'password/reset/complete', ...lazyRoute(PasswordUpdatedPage) },
      // A plan visit's mailed pay link (ADR 0037).
      { path: 'plan-visits/pay', ...lazyRoute(PlanVisitPayPage) },
      { path: 'services', element: <ServicesPage /> },
      { path: 'vendors/:id', ...lazyRoute(ProviderPage) },
      { path: 'home', element: <CustomerHomePage /> },
      { path: 'orders', ...lazyRoute(OrdersPage) },
      { path: 'account', ...lazyRoute(AccountPage) },
      // A vendor's printable work order for one of their orders (issue 12).
      { path: 'work-orders/:id', ...lazyRoute(WorkOrderPage) },
      // Operators only: the console (issue 25 §3), listing review (issue 11) and the Paper Checks owed
      // (spec §3, ADR 0017), in one chunk's table of pages (operator-routes.tsx), so the first bundle
      // carries one lazy route for all of them.
      {
        path: 'operator/*',
        element: <OperatorArea />,
        handle: {
          preload: (pathname: string) =>
            OperatorArea.preload().then(() =>
              import('./operator-routes').then((m) => m.preloadOperatorPage(pathname)),
            ),
        } satisfies RouteHandle,
      },
      {
        path: 'dashboard',
        ...lazyRoute(DashboardLayout),
        children: [
          { index: true, element: null },
          { path: ':section', ...lazyRoute(DashboardSectionPage) },
        ],
      },
      // Unknown paths: the guard sends them to /.
      { path: '*', element: null },
    ],
  },
];

/**
 * Starts downloading the chunks of the pages `pathname` shows, without waiting for them: at start-up,
 * so a deep link's page loads while the session is fetched rather than after it, and when a visitor
 * points at a link (see preloadOnIntent). Pages already in the first bundle have nothing to load.
 */
export function preloadRoute(pathname: string): void {
  for (const match of matchRoutes(routes, pathname) ?? []) {
    void (match.route.handle as RouteHandle | undefined)?.preload?.(pathname);
  }
}
