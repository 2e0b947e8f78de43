/**
 * The Plans list filter (ADR 0037), in the shape of Order History's: Active Plans, Paused Plans, Cancelled
 * Plans and Remove Filter, kept in the URL as ?status=active|paused|cancelled. None shows every plan.
 */
import type { VendorPlanFilter } from '@stg/domain/api/plans';

export const PLAN_FILTER_PARAM = 'status';

/** ?status= as the list reads it: one of the three, or all for anything else (or none). */
export function planFilterOf(raw: string | null): VendorPlanFilter {
  return raw === 'active' || raw === 'paused' || raw === 'cancelled' ? raw : 'all';
}

export const PLAN_FILTER_LABELS = {
  active: 'Active Plans',
  paused: 'Paused Plans',
  cancelled: 'Cancelled Plans',
} as const;

export const PLAN_EMPTY_MESSAGES: Record<VendorPlanFilter, string> = {
  active: 'No active plans',
  paused: 'No paused plans',
  cancelled: 'No cancelled plans',
  all: 'No plans',
};

export const PLAN_SORT_NOTE =
  "Your customers' recurring service plans, newest first. Open one to see its next visits or cancel it.";
