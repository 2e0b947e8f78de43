import { useNavigate } from 'react-router';
import { DASHBOARD_HOME } from '@stg/domain/routing';
import { useSession } from '../../lib/session/use-session';

/** Shown to a vendor browsing in customer view (spec §2). */
export function CustomerViewBanner() {
  const { setHomeView } = useSession();
  const navigate = useNavigate();
  return (
    <div className="view-banner" role="status">
      <div className="container view-banner__inner">
        <span>Currently in customer view mode</span>
        <button
          type="button"
          className="button button--small button--light"
          onClick={() => {
            setHomeView('vendor');
            void navigate(DASHBOARD_HOME);
          }}
        >
          Back to Vendor Portal
        </button>
      </div>
    </div>
  );
}
