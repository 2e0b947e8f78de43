import type { ReactNode } from 'react';
import { useLocation, useRoutes } from 'react-router';
import { RouteErrorBoundary } from './route-error-boundary';
import { routes } from './routes';

/** The error boundary around the pages, cleared by the next navigation. */
export function AppRoutesBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  return <RouteErrorBoundary location={location}>{children}</RouteErrorBoundary>;
}

/** The page of the current address, under the app's error boundary (React Router's declarative mode). */
export function AppRoutes() {
  return <AppRoutesBoundary>{useRoutes(routes)}</AppRoutesBoundary>;
}
