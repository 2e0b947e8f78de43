import { CATEGORY_LABELS, type Category } from '@stg/domain/constants';
import type { VendorCard as VendorCardData } from '../../../lib/api-types';
import { VendorCard } from './vendor-card';

/** A category list: the category title and its vendors (spec §2). */
export function CategorySection({ category, vendors }: { category: Category; vendors: VendorCardData[] }) {
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
          {vendors.map((vendor) => (
            <li key={vendor.id}>
              <VendorCard vendor={vendor} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
