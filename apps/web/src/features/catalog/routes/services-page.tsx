import { useSearchParams } from 'react-router';
import {
  CATEGORY_LABELS,
  LISTED_CATEGORIES,
  SERVICE_FILTERS,
  type ServiceFilter,
} from '@stg/domain/constants';
import { isOneOf } from '@stg/domain/is-one-of';
import { PageHeader } from '../../../components/page-header';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { CategoryFilter } from '../components/category-filter';
import { CategoryListings } from '../components/category-listings';

export function parseServiceFilter(value: string | null): ServiceFilter {
  return isOneOf(SERVICE_FILTERS, value) ? value : 'all';
}

/** The services page: ?category=all|house_cleaning|…; the filter tabs update the query string. */
export function ServicesPage() {
  const [params, setParams] = useSearchParams();
  const filter = parseServiceFilter(params.get('category'));
  const categories = filter === 'all' ? LISTED_CATEGORIES : [filter];
  useDocumentTitle(filter === 'all' ? 'Services' : `${CATEGORY_LABELS[filter]} Services`);

  return (
    <div className="container page">
      <PageHeader title="Services" lead="Local providers in St George with instant online quotes." />
      <CategoryFilter
        value={filter}
        onChange={(next) =>
          setParams((current) => {
            const updated = new URLSearchParams(current);
            updated.set('category', next);
            return updated;
          })
        }
      />
      {/* The first cards are above the fold on a phone and a tablet: their covers load at once. */}
      <CategoryListings categories={categories} priorityCount={2} />
    </div>
  );
}
