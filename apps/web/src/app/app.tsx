import { useEffect } from 'react';
import { BrowserRouter } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { AppRoutes } from './app-routes';
import { preloadOnIntent } from './preload-on-intent';
import { Providers } from './providers';
import { preloadRoute } from './routes';

/**
 * React Router in declarative mode (BrowserRouter + useRoutes), not the data router: the app has no
 * loaders or actions, and the data router weighs about 18 kB gzipped more in the first bundle (ADR 0023).
 * BrowserRouter renders each navigation in a transition, so the current page stays while a lazy page's
 * chunk loads. main.tsx creates the query client and starts the first page's chunks.
 */
export function App({ queryClient }: { queryClient: QueryClient }) {
  useEffect(() => preloadOnIntent(preloadRoute), []);
  return (
    <Providers queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  );
}
