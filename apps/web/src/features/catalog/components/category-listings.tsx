import { useQuery } from '@tanstack/react-query';
import type { Category } from '@stg/domain/constants';
import { ErrorList } from '../../../components/error-list';
import { PageLoader } from '../../../components/page-loader';
import { errorsOf } from '../../../lib/api-client';
import { vendorsQueryOptions } from '../api/vendors-query';
import { CategorySection } from './category-section';

/** The vendors of GET /api/vendors, one list per category, with loading and error states. */
export function CategoryListings({ categories }: { categories: readonly Category[] }) {
  const vendors = useQuery(vendorsQueryOptions());
  if (vendors.isPending) return <PageLoader label="Loading services…" />;
  if (vendors.isError) return <ErrorList errors={errorsOf(vendors.error)} />;
  return (
    <div className="category-listings">
      {categories.map((category) => (
        <CategorySection
          key={category}
          category={category}
          vendors={vendors.data.filter((vendor) => vendor.category === category)}
        />
      ))}
    </div>
  );
}
