import { CATEGORY_LABELS, type Category } from '@stg/domain/constants';
import type { VendorCard as VendorCardData } from '@stg/domain/api/vendors';
import { VendorCard, VendorCardSkeleton } from './vendor-card';

/**
 * A category list: the category title and its vendors (spec §2). `priorityCount`: how many of the first
 * cards are above the fold, so their covers load at once.
 */
export function CategorySection({
  category,
  vendors,
  priorityCount = 0,
}: {
  category: Category;
  vendors: VendorCardData[];
  priorityCount?: number;
}) {
  const headingId = `category-${category}`;
  return (
    <section className="category-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="category-section__title">
        {CATEGORY_LABELS[category]}
      </h2>
      {vendors.length === 0 ? (
        <p className="empty-state">
          No {CATEGORY_LABELS[category].toLowerCase()} providers are listed yet. Check back soon.
        </p>
      ) : (
        <ul className="card-grid">
          {vendors.map((vendor, index) => (
            <li key={vendor.id}>
              <VendorCard vendor={vendor} priority={index < priorityCount} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A category list while the vendors load: its real title and a row of card outlines. */
export function CategorySectionSkeleton({ category, cards }: { category: Category; cards: number }) {
  return (
    <section className="category-section" aria-hidden="true">
      <h2 className="category-section__title">{CATEGORY_LABELS[category]}</h2>
      <ul className="card-grid">
        {Array.from({ length: cards }, (_, index) => (
          <li key={index}>
            <VendorCardSkeleton />
          </li>
        ))}
      </ul>
    </section>
  );
}
