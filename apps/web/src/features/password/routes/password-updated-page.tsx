import { Link } from '../../../components/link';
import { DASHBOARD_HOME } from '@stg/domain/routing';
import { PageHeader } from '../../../components/page-header';
import { useSession } from '../../../lib/session/use-session';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** /password/reset/complete (signed in): Password Updated, with the way to the dashboard or to services. */
export function PasswordUpdatedPage() {
  useDocumentTitle('Password Updated');
  const { user, vendor } = useSession();
  const isVendor = user?.vendorId != null && vendor !== null;
  return (
    <div className="container page page--narrow">
      <PageHeader title="Password Updated" lead="Your password has been changed and you are signed in." />
      <Link to={isVendor ? DASHBOARD_HOME : '/services?category=all'} className="button button--primary">
        {isVendor ? 'Go to Dashboard' : 'Browse Services'}
      </Link>
    </div>
  );
}
