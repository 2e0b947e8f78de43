import { useEffect, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '../lib/query-client';
import { preloadOnIntent } from './preload-on-intent';
import { Providers } from './providers';
import { preloadRoute, routes } from './routes';

function createRouter() {
  // A deep link's page chunk downloads alongside the session request, not after it.
  preloadRoute(window.location.pathname);
  return createBrowserRouter(routes);
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createRouter);
  useEffect(() => preloadOnIntent(preloadRoute), []);
  return (
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  );
}
