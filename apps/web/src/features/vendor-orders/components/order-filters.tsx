import { REMOVE_FILTER } from '../order-filter';

/**
 * Spec §2 Order History filter, also the Plans list's: one button per filter (Active Orders and Past
 * Orders; Active Plans, Paused Plans and Cancelled Plans), the one in force pressed, and Remove Filter,
 * which shows everything again (disabled while no filter is set).
 */
export function ListFilters<T extends string>({
  filter,
  labels,
  label,
  onSelect,
}: {
  filter: T | 'all';
  /** Each filter's button label, in order. */
  labels: Record<T, string>;
  /** The group's accessible name: "Filter orders". */
  label: string;
  onSelect: (filter: T | 'all') => void;
}) {
  return (
    <div className="filter-tabs vendor-orders__filters" role="group" aria-label={label}>
      {(Object.keys(labels) as T[]).map((value) => (
        <button
          key={value}
          type="button"
          className="filter-tabs__tab"
          aria-pressed={filter === value}
          onClick={() => onSelect(value)}
        >
          {labels[value]}
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
