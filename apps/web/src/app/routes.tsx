import { lazy, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { CustomerHomePage } from '../features/catalog/routes/customer-home-page';
import { LandingPage } from '../features/catalog/routes/landing-page';
import { ServicesPage } from '../features/catalog/routes/services-page';
import { ProviderPage } from '../features/provider/routes/provider-page';
import { RootLayout } from './layouts/root-layout';
import { RouteErrorPage } from './route-error-page';

/** A page loaded on first visit, in its own chunk. */
function lazyPage<K extends string, M extends Record<K, ComponentType>>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}

// The browsing pages ship in the first bundle; the rest load when first visited.
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
const OrdersPage = lazyPage(() => import('../features/orders/routes/orders-page'), 'OrdersPage');
const AccountPage = lazyPage(() => import('../features/account/routes/account-page'), 'AccountPage');
const DashboardLayout = lazyPage(
  () => import('../features/dashboard/routes/dashboard-layout'),
  'DashboardLayout',
);
const ListingReviewPage = lazyPage(
  () => import('../features/listing-review/routes/listing-review-page'),
  'ListingReviewPage',
);
const OperatorPayoutsPage = lazyPage(
  () => import('../features/operator-payouts/routes/operator-payouts-page'),
  'OperatorPayoutsPage',
);
const WorkOrderPage = lazyPage(
  () => import('../features/vendor-orders/routes/work-order-page'),
  'WorkOrderPage',
);
const DashboardSectionPage = lazyPage(
  () => import('../features/dashboard/routes/dashboard-section-page'),
  'DashboardSectionPage',
);

/**
 * The route table of spec §2. Access and redirects (signed-in only, vendor only, setup, catch-all) are
 * decided in one place, <RouteGuard> in the root layout, from the pure rules of @stg/domain/routing.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <LandingPage /> },
      { path: 'about-us', element: <AboutUsPage /> },
      { path: 'privacy-policy', element: <PrivacyPolicyPage /> },
      { path: 'terms-of-service', element: <TermsOfServicePage /> },
      { path: 'contact-us', element: <ContactUsPage /> },
      { path: 'vendor-onboarding', element: <VendorOnboardingPage /> },
      { path: 'forgot-password', element: <ForgotPasswordPage /> },
      { path: 'password/reset', element: <ResetPasswordPage /> },
      { path: 'password/reset/complete', element: <PasswordUpdatedPage /> },
      { path: 'services', element: <ServicesPage /> },
      { path: 'vendors/:id', element: <ProviderPage /> },
      { path: 'home', element: <CustomerHomePage /> },
      { path: 'orders', element: <OrdersPage /> },
      { path: 'account', element: <AccountPage /> },
      // A vendor's printable work order for one of their orders (issue 12).
      { path: 'work-orders/:id', element: <WorkOrderPage /> },
      // Operators only (issue 11: listing review).
      { path: 'operator/listings', element: <ListingReviewPage /> },
      // Operators only: the Paper Checks owed to vendors (spec §3, ADR 0017).
      { path: 'operator/payouts', element: <OperatorPayoutsPage /> },
      {
        path: 'dashboard',
        element: <DashboardLayout />,
        children: [
          { index: true, element: null },
          { path: ':section', element: <DashboardSectionPage /> },
        ],
      },
      // Unknown paths: the guard sends them to /.
      { path: '*', element: null },
    ],
  },
];
