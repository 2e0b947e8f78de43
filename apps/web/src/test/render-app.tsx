import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { AppRoutes } from '../app/app-routes';
import { Providers } from '../app/providers';
import { preloadRoute } from '../app/routes';
import { createTestRouter, type TestRouter } from './test-router';

/** Renders the whole app at `path` with a fresh cache. Mock fetch (mockApi) first. */
export function renderApp(path = '/') {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  // As the app does at start-up: a lazy page's chunk loads alongside the session request.
  preloadRoute(path);
  const { router, Router } = createTestRouter([path]);
  const user = userEvent.setup();
  const utils = render(
    <Providers queryClient={queryClient}>
      <Router>
        <AppRoutes />
      </Router>
    </Providers>,
  );
  return { ...utils, router, queryClient, user };
}

/** The current location of a rendered app, path and query. */
export const locationOf = (router: TestRouter) =>
  router.state.location.pathname + router.state.location.search;

/** For the first query of a lazily loaded page: its chunk (zod, forms) may take a while to load in a busy run. */
export const LAZY = { timeout: 5000 } as const;
