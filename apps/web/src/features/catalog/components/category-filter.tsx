import { CATEGORY_LABELS, SERVICE_FILTERS, type ServiceFilter } from '@stg/domain/constants';

const label = (filter: ServiceFilter) => (filter === 'all' ? 'All' : CATEGORY_LABELS[filter]);

/** The services page's filter tabs; the page keeps the choice in the query string. */
export function CategoryFilter({
  value,
  onChange,
}: {
  value: ServiceFilter;
  onChange: (next: ServiceFilter) => void;
}) {
  return (
    <div className="filter-tabs" role="group" aria-label="Filter by category">
      {SERVICE_FILTERS.map((filter) => (
        <button
          key={filter}
          type="button"
          className="filter-tabs__tab"
          aria-pressed={filter === value}
          onClick={() => onChange(filter)}
        >
          {label(filter)}
        </button>
      ))}
    </div>
  );
}
