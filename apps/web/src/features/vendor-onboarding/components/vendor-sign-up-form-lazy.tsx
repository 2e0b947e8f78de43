import { lazy } from 'react';

/**
 * The vendor-sign-up-form, loaded on first use in its own chunk: its checks bring zod and the vendor
 * contract, which the pages around it do not need. Rendered inside the modal host's Suspense boundary.
 */
export const LazyVendorSignUpForm = lazy(() =>
  import('./vendor-sign-up-form').then((module) => ({ default: module.VendorSignUpForm })),
);
