import { lazy } from 'react';

/**
 * The user-session-form, loaded on first use: its forms bring zod and react-hook-form, which the first
 * page of a visit does not need. Rendered inside the modal host's Suspense boundary.
 */
export const LazyUserSessionForm = lazy(() =>
  import('./user-session-form').then((module) => ({ default: module.UserSessionForm })),
);
