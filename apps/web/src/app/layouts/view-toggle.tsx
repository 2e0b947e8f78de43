import { useNavigate } from 'react-router';
import { CUSTOMER_HOME, DASHBOARD_HOME, type HomeView } from '@stg/domain/routing';
import { useSession } from '../../lib/session/use-session';

/**
 * Customer view / vendor view switch for a vendor who is also a customer (spec §1, §2). Switching to the
 * customer side opens /home; switching to the vendor side opens the dashboard.
 */
export function ViewToggle({ onSwitched }: { onSwitched?: () => void }) {
  const { homeView, setHomeView } = useSession();
  const navigate = useNavigate();

  const switchTo = (view: HomeView) => {
    onSwitched?.();
    setHomeView(view);
    if (view !== homeView) void navigate(view === 'vendor' ? DASHBOARD_HOME : CUSTOMER_HOME);
  };

  return (
    <div className="view-toggle" role="group" aria-label="View mode">
      <button type="button" aria-pressed={homeView === 'user'} onClick={() => switchTo('user')}>
        Customer View
      </button>
      <button type="button" aria-pressed={homeView === 'vendor'} onClick={() => switchTo('vendor')}>
        Vendor View
      </button>
    </div>
  );
}
