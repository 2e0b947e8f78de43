/**
 * The operators' pages (/operator, /operator/listings, /operator/payouts), each its own chunk, in a table
 * of their own that is itself loaded with the first of them: the app's route table (and so the landing
 * page's first bundle) holds one lazy route for all of them (issue 25 §3; ADR 0023). Who may see them is
 * decided by the route guard, as for every page.
 */
import { matchRoutes, useRoutes, type RouteObject } from 'react-router';
import { OPERATOR_CONSOLE } from '@stg/domain/routing';
import { lazyPage, type LazyPage } from './lazy-page';

const OperatorConsolePage = lazyPage(
  () => import('../features/operator-console/routes/operator-console-page'),
  'OperatorConsolePage',
);
const ListingReviewPage = lazyPage(
  () => import('../features/listing-review/routes/listing-review-page'),
  'ListingReviewPage',
);
const OperatorPayoutsPage = lazyPage(
  () => import('../features/operator-payouts/routes/operator-payouts-page'),
  'OperatorPayoutsPage',
);

const page = (path: string | undefined, Page: LazyPage): RouteObject => ({
  ...(path === undefined ? { index: true } : { path }),
  element: <Page />,
  handle: { preload: Page.preload },
});

/** Under /operator (the app's route is `operator/*`). */
const operatorRoutes: RouteObject[] = [
  // The operator's console (issue 25 §3).
  page(undefined, OperatorConsolePage),
  // The queue of listings under review (issue 11).
  page('listings', ListingReviewPage),
  // The Paper Checks owed to vendors and the transfers to check (spec §3, ADR 0017).
  page('payouts', OperatorPayoutsPage),
  // Unknown paths: the guard sends them to /.
  { path: '*', element: null },
];

/** Starts downloading the page of an operator's address. */
export function preloadOperatorPage(pathname: string): Promise<unknown> {
  return Promise.all(
    (matchRoutes(operatorRoutes, pathname, OPERATOR_CONSOLE) ?? []).map(
      (match) =>
        (match.route.handle as { preload?: () => Promise<void> } | undefined)?.preload?.() ??
        Promise.resolve(),
    ),
  );
}

/** The operator page of the current address. */
export function OperatorRoutes() {
  return useRoutes(operatorRoutes);
}
