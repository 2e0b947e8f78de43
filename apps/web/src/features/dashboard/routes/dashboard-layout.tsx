import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { useSession } from '../../../lib/session/use-session';
import { DashboardTabs } from '../components/dashboard-tabs';

/**
 * /dashboard/{section}: the vendor portal frame, always seen in vendor view (see useSession). A section
 * change scrolls to the top (spec §2). Access and setup redirects are applied by the route guard.
 */
export function DashboardLayout() {
  const { vendor } = useSession();
  const { section } = useParams();
  const shown = useRef(section);

  // On a section change only: the app's scroll restoration places a page on arrival, and a scroll in the
  // first commit forced a layout of the whole list in the middle of it (a long task of its own).
  useEffect(() => {
    if (shown.current === section) return;
    shown.current = section;
    window.scrollTo(0, 0);
  }, [section]);

  if (!vendor) return null;
  return (
    <div className="dashboard">
      <DashboardTabs listingStatus={vendor.listingStatus} />
      <div className="container dashboard__content">
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}
