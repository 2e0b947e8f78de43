import type { VendorOrderFilter } from '@stg/domain/api/orders';
import { FILTER_LABELS, REMOVE_FILTER } from '../order-filter';

/**
 * Spec §2 Order History filter: Active Orders and Past Orders (the one in force is pressed), and Remove
 * Filter, which shows every order again (disabled while no filter is set).
 */
export function OrderFilters({
  filter,
  onSelect,
}: {
  filter: VendorOrderFilter;
  onSelect: (filter: VendorOrderFilter) => void;
}) {
  return (
    <div className="filter-tabs vendor-orders__filters" role="group" aria-label="Filter orders">
      {(['active', 'past'] as const).map((value) => (
        <button
          key={value}
          type="button"
          className="filter-tabs__tab"
          aria-pressed={filter === value}
          onClick={() => onSelect(value)}
        >
          {FILTER_LABELS[value]}
        </button>
      ))}
      <button
        type="button"
        className="filter-tabs__tab vendor-orders__remove-filter"
        disabled={filter === 'all'}
        onClick={() => onSelect('all')}
      >
        {REMOVE_FILTER}
      </button>
    </div>
  );
}
