import { Suspense, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { redirectFor, withCalendarReturn } from '@stg/domain/routing';
import { PageLoader } from '../components/page-loader';
import { useSession } from '../lib/session/use-session';

/**
 * Applies the access and redirect rules of spec §2 (see redirectFor in @stg/domain/routing) once the
 * session is known. Until then the page waits, so nobody sees a page they are about to leave.
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const { isPending, user, vendor, homeView } = useSession();
  const { pathname, search } = useLocation();
  if (isPending) return <PageLoader />;
  const target = redirectFor({ pathname, user, vendor, homeView });
  if (target !== null) return <Navigate to={withCalendarReturn(pathname, search, target)} replace />;
  return <Suspense fallback={<PageLoader />}>{children}</Suspense>;
}
