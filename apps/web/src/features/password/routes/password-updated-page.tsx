import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useSession } from '../../../lib/session/use-session';

/** /password/reset/complete (signed in): Password Updated, with the way back to the dashboard or services. */
export function PasswordUpdatedPage() {
  const { user } = useSession();
  const isVendor = user?.vendorId != null;
  return (
    <div className="container page page--narrow">
      <PageHeader title="Password Updated" lead="Your password has been changed. You are signed in." />
      <Link to={isVendor ? '/dashboard/orders' : '/services?category=all'} className="button button--primary">
        {isVendor ? 'Go to Dashboard' : 'Browse Services'}
      </Link>
    </div>
  );
}
