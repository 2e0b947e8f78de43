import { Link } from '../../../components/link';
import { LISTED_CATEGORIES } from '@stg/domain/constants';
import { PageHeader } from '../../../components/page-header';
import { useSession } from '../../../lib/session/use-session';
import { CategoryListings } from '../components/category-listings';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** /home: the customer's home, the categories with their vendors. */
export function CustomerHomePage() {
  useDocumentTitle('Book a Service');
  const { user } = useSession();
  return (
    <div className="container page">
      <PageHeader
        title="Book a Service"
        lead={`Welcome${user ? `, ${user.firstName}` : ''}. Pick a provider to get an instant quote.`}
      >
        <Link to="/services?category=all" className="button button--secondary">
          Browse All Services
        </Link>
      </PageHeader>
      <CategoryListings categories={LISTED_CATEGORIES} priorityCount={2} />
    </div>
  );
}
