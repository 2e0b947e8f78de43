import type { SetupFacts } from '@stg/domain/api/vendors';
import type { Vendor } from '@stg/domain/api/vendors';
import { isOneOf } from '@stg/domain/is-one-of';

/** The pages of /dashboard/setup?page=… in order (spec §2 Setup). */
export const SETUP_PAGES = ['logo', 'images', 'calendar', 'payouts', 'next-steps'] as const;
export type SetupPageName = (typeof SETUP_PAGES)[number];

/** The four steps of the status bar; Next Steps follows them. */
export type SetupStepName = Exclude<SetupPageName, 'next-steps'>;

export interface SetupStep {
  page: SetupStepName;
  /** The status bar's short label. */
  label: string;
  /** The step's heading. */
  title: string;
}

export const SETUP_STEPS: readonly SetupStep[] = [
  { page: 'logo', label: 'Logo', title: 'Logo and Branding' },
  { page: 'images', label: 'Images', title: 'Upload Images' },
  { page: 'calendar', label: 'Calendar', title: 'Calendar Integration (recommended)' },
  { page: 'payouts', label: 'Payouts', title: 'Payouts' },
];

export const NEXT_STEPS_TITLE = 'Next Steps';

/** The page named by the query, or null for a missing or unknown one. */
export function parseSetupPage(value: string | null): SetupPageName | null {
  return isOneOf(SETUP_PAGES, value) ? value : null;
}

/** The address of a setup page (a query on /dashboard/setup). */
export const setupPageLink = (page: SetupPageName) => `/dashboard/setup?page=${page}`;

export function nextPageOf(page: SetupPageName): SetupPageName | null {
  return SETUP_PAGES[SETUP_PAGES.indexOf(page) + 1] ?? null;
}

export function previousPageOf(page: SetupPageName): SetupPageName | null {
  return SETUP_PAGES[SETUP_PAGES.indexOf(page) - 1] ?? null;
}

/**
 * What the vendor's data says about setup; the calendar counts as skipped when the server knows it or
 * this browser tab remembers the Skip (spec §2: the skipped flag lives in session storage).
 */
export function setupFactsOf(vendor: Vendor, calendarSkippedHere: boolean): SetupFacts {
  return {
    hasLogo: Boolean(vendor.logoImageUrl),
    hasBanner: Boolean(vendor.thumbnailImageUrl ?? vendor.bannerImageUrl),
    galleryCount: vendor.galleryImageUrls.length,
    calendarIntegrated: Boolean(vendor.calendar?.apiIntegrated),
    calendarSkipped: Boolean(vendor.calendarSkipped) || calendarSkippedHere,
    stripeIntegrated: vendor.stripeIntegrated,
  };
}
