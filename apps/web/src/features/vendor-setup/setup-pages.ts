import { VENDOR_MESSAGES, type SetupFacts, type Vendor } from '@stg/domain/api/vendors';
import { SETUP_PAGES } from '@stg/domain/constants';
import { isOneOf } from '@stg/domain/is-one-of';
import { listingFactsOfVendor, listingReadiness } from '@stg/domain/listing-readiness';

/**
 * The pages of /dashboard/setup?page=… in order (spec §2 Setup, and ADR 0032's Pricing and Scheduling
 * between Payouts and Next Steps).
 */
export { SETUP_PAGES };
export type SetupPageName = (typeof SETUP_PAGES)[number];

/** The steps of the status bar; Next Steps follows them. */
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
  { page: 'pricing', label: 'Pricing', title: 'Pricing' },
  { page: 'scheduling', label: 'Scheduling', title: 'Scheduling Rules' },
];

export const NEXT_STEPS_TITLE = 'Next Steps';

/**
 * The step that fixes each of the readiness rule's items (listingReadiness, ADR 0032). The service
 * description is on Next Steps itself, so it has no step.
 */
export const STEP_OF_PROBLEM: Readonly<Record<string, SetupStepName>> = {
  [VENDOR_MESSAGES.logoRequired]: 'logo',
  [VENDOR_MESSAGES.bannerRequired]: 'logo',
  [VENDOR_MESSAGES.galleryRequired]: 'images',
  [VENDOR_MESSAGES.calendarRequired]: 'calendar',
  [VENDOR_MESSAGES.payoutsRequired]: 'payouts',
  [VENDOR_MESSAGES.pricingQuestionRequired]: 'pricing',
  [VENDOR_MESSAGES.pricingFormulaInvalid]: 'pricing',
  [VENDOR_MESSAGES.pricingFormulaUnused]: 'pricing',
  [VENDOR_MESSAGES.schedulingRequired]: 'scheduling',
};

/** What the readiness rule still lists (the server's own rule, so the page and the server agree). */
export function setupProblemsOf(vendor: Vendor, facts: SetupFacts): string[] {
  return listingReadiness(listingFactsOfVendor(vendor, facts));
}

/** The rule's items that a step fixes. */
export const problemsOfStep = (problems: readonly string[], step: SetupStepName) =>
  problems.filter((problem) => STEP_OF_PROBLEM[problem] === step);

export type SetupProgress = Record<SetupStepName, boolean>;

/** A step is complete when the readiness rule has no item for it. */
export function setupProgressOf(problems: readonly string[]): SetupProgress {
  const progress = {} as SetupProgress;
  for (const step of SETUP_STEPS) progress[step.page] = problemsOfStep(problems, step.page).length === 0;
  return progress;
}

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

/** Why Continue is off while a step's form holds changes not saved yet (moving on would drop them). */
export const UNSAVED_WAITING = 'Save your changes to continue.';
