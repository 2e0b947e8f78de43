import { isListingInSetup, type DashboardSection, type ListingStatus } from '@stg/domain/constants';

export interface DashboardTab {
  section: DashboardSection;
  label: string;
  /** Page title of the section. */
  title: string;
}

/**
 * Secondary tabs, in order (spec §2): Setup, Orders, General, Scheduling, Pricing, and Support at the right;
 * Plans (ADR 0037: the vendor's service plans) and Earnings (issue 25 §2) beside Orders.
 */
export const DASHBOARD_TABS: readonly DashboardTab[] = [
  { section: 'setup', label: 'Setup', title: 'Account Setup' },
  { section: 'orders', label: 'Orders', title: 'Order History' },
  { section: 'plans', label: 'Plans', title: 'Service Plans' },
  { section: 'earnings', label: 'Earnings', title: 'Earnings and Payouts' },
  { section: 'general', label: 'General', title: 'General Settings' },
  { section: 'scheduling', label: 'Scheduling', title: 'Scheduling Preferences' },
  { section: 'pricing', label: 'Pricing', title: 'Pricing Preferences' },
  { section: 'support', label: 'Support', title: 'Support' },
];

/** The mobile menu order (spec §2): Scheduling, Pricing, General, Support and Orders; then Plans, Earnings. */
const MOBILE_ORDER: readonly DashboardSection[] = [
  'scheduling',
  'pricing',
  'general',
  'support',
  'orders',
  'plans',
  'earnings',
];

export function tabFor(section: DashboardSection): DashboardTab {
  return DASHBOARD_TABS.find((tab) => tab.section === section)!;
}

export function dashboardPath(section: DashboardSection): string {
  return `/dashboard/${section}`;
}

export interface TabState extends DashboardTab {
  usable: boolean;
}

/**
 * While the listing is awaiting submission or under review only Setup is usable and the other tabs are
 * shown greyed out; otherwise Setup is hidden and the others work.
 */
export function tabsFor(status: ListingStatus): TabState[] {
  const inSetup = isListingInSetup(status);
  return DASHBOARD_TABS.filter((tab) => inSetup || tab.section !== 'setup').map((tab) => ({
    ...tab,
    usable: inSetup ? tab.section === 'setup' : true,
  }));
}

/** Entries of the vendor's mobile menu: Setup only while the listing is not yet usable. */
export function mobileMenuFor(status: ListingStatus): DashboardTab[] {
  return isListingInSetup(status) ? [tabFor('setup')] : MOBILE_ORDER.map(tabFor);
}
