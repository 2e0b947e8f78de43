/**
 * The Order History filter (spec §2: Active Orders, Past Orders, Remove Filter; §4 Order lists), kept in
 * the URL as ?filter=active|past. No filter (Remove Filter) shows every order.
 */
import type { VendorOrderFilter } from '@stg/domain/api/orders';

export const FILTER_PARAM = 'filter';

/** ?filter= as the list reads it: active, past, or all for anything else (or none). */
export function filterOf(raw: string | null): VendorOrderFilter {
  return raw === 'active' || raw === 'past' ? raw : 'all';
}

export const FILTER_LABELS = { active: 'Active Orders', past: 'Past Orders' } as const;
export const REMOVE_FILTER = 'Remove Filter';

/** Spec §2 empty messages. */
export const EMPTY_MESSAGES: Record<VendorOrderFilter, string> = {
  active: 'No active orders',
  past: 'No past orders',
  all: 'No orders',
};

/** How each list is sorted (spec §4 Order lists; every order: latest appointment first). */
export const SORT_NOTES: Record<VendorOrderFilter, string> = {
  active: 'Active orders (not completed or cancelled), soonest appointment first.',
  past: 'Past orders (completed or cancelled), latest appointment first.',
  all: 'All orders, latest appointment first.',
};
