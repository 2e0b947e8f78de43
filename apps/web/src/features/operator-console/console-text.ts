/**
 * How the operator's console reads (spec §9: money with two decimals; dates in St George's time zone).
 */
import type { PeriodFigures } from '@stg/domain/api/operator';
import type { ListingStatus } from '@stg/domain/constants';
import { formatCalendarDate } from '@stg/domain/dates';
import { dollarsToCents, formatDollars, formatNumber } from '@stg/domain/money';

/** "$1,234.50" from dollars. */
export const money = (dollars: number) => formatDollars(dollarsToCents(dollars));
/** "$1,235" on a chart's axis (whole dollars). */
export const wholeMoney = (dollars: number) => `$${formatNumber(Math.round(dollars))}`;
/** "1,234" (without Intl: see formatNumber). */
export const count = (n: number) => formatNumber(n);

/** "Nov 24, 2026" in St George; a dash when unknown. */
export const dayOf = (iso: string | null) => (iso ? formatCalendarDate(iso) || '—' : '—');

export type MetricKey = keyof Omit<PeriodFigures, 'start' | 'vendorPayouts'>;

export const METRICS: readonly { key: MetricKey; label: string; money: boolean }[] = [
  { key: 'grossBookings', label: 'Gross bookings', money: true },
  { key: 'orders', label: 'Orders', money: false },
  { key: 'serviceCharges', label: 'Service charges', money: true },
  { key: 'commission', label: 'Commission', money: true },
  { key: 'refunds', label: 'Refunds', money: true },
  { key: 'cancellations', label: 'Cancellations', money: false },
  { key: 'newVendors', label: 'New vendors', money: false },
  { key: 'newCustomers', label: 'New customers', money: false },
];

export const formatMetric = (metric: { money: boolean }, value: number) =>
  metric.money ? money(value) : count(value);

export const LISTING_STATUS_LABELS: Record<ListingStatus, string> = {
  awaiting_submission: 'Awaiting submission',
  under_review: 'Under review',
  active: 'Active',
  inactive: 'Inactive',
};

export const DATES_NOTE =
  'Weeks start on Monday, in Mountain Time (St George). Each order counts in the week and month it was placed, with its money as it stands now.';
