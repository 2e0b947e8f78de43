import { useQuery } from '@tanstack/react-query';
import type { Category } from '@stg/domain/constants';
import { ErrorList } from '../../../components/error-list';
import { errorsOf } from '../../../lib/api-client';
import { vendorsQueryOptions } from '../../../lib/vendors/vendors-query';
import { CategorySection, CategorySectionSkeleton } from './category-section';

/** Card outlines per category while loading: one row on a desktop (the demo has 3 to 5 per category). */
const SKELETON_CARDS = 4;

/**
 * The vendors of GET /api/vendors, one list per category, with loading and error states. While loading,
 * each category shows its title and card outlines of the cards' size, so the page does not jump when the
 * vendors arrive. `priorityCount`: how many of the first category's cards are above the fold (their
 * covers load at once, with high priority); 0 where the lists start below the fold.
 */
export function CategoryListings({
  categories,
  priorityCount = 0,
}: {
  categories: readonly Category[];
  priorityCount?: number;
}) {
  const vendors = useQuery(vendorsQueryOptions());
  if (vendors.isError) return <ErrorList errors={errorsOf(vendors.error)} />;
  if (vendors.isPending)
    return (
      <div className="category-listings">
        <p className="visually-hidden" role="status">
          Loading services…
        </p>
        {categories.map((category) => (
          <CategorySectionSkeleton key={category} category={category} cards={SKELETON_CARDS} />
        ))}
      </div>
    );
  return (
    <div className="category-listings">
      {categories.map((category, index) => (
        <CategorySection
          key={category}
          category={category}
          vendors={vendors.data.filter((vendor) => vendor.category === category)}
          priorityCount={index === 0 ? priorityCount : 0}
        />
      ))}
    </div>
  );
}
