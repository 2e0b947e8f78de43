import { useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from '../lib/query-client';
import { AppRoutes } from './app-routes';
import { preloadOnIntent } from './preload-on-intent';
import { Providers } from './providers';
import { preloadRoute } from './routes';

/** A deep link's page chunk downloads alongside the session request, not after it. */
function preloadFirstPage() {
  preloadRoute(window.location.pathname);
  return true;
}

/**
 * React Router in declarative mode (BrowserRouter + useRoutes), not the data router: the app has no
 * loaders or actions, and the data router weighs about 18 kB gzipped more in the first bundle (ADR 0023).
 * BrowserRouter renders each navigation in a transition, so the current page stays while a lazy page's
 * chunk loads.
 */
export function App() {
  const [queryClient] = useState(createQueryClient);
  useState(preloadFirstPage);
  useEffect(() => preloadOnIntent(preloadRoute), []);
  return (
    <Providers queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  );
}
