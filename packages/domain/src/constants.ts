/** Business constants of spec §1, §4 and §9. Pure data: no I/O. */

export const CATEGORIES = [
  'house_cleaning',
  'pest_control',
  'window_cleaning',
  'garbage_can_cleaning',
  'carpet_cleaning',
  'auto_detailing',
] as const;
export type Category = (typeof CATEGORIES)[number];

export const CATEGORY_LABELS: Record<Category, string> = {
  house_cleaning: 'House Cleaning',
  pest_control: 'Pest Control',
  window_cleaning: 'Window Cleaning',
  garbage_can_cleaning: 'Garbage Can Cleaning',
  carpet_cleaning: 'Carpet Cleaning',
  auto_detailing: 'Car Detailing',
};

/** The landing and services pages list these four (spec §1). */
export const LISTED_CATEGORIES = [
  'house_cleaning',
  'pest_control',
  'window_cleaning',
  'garbage_can_cleaning',
] as const satisfies readonly Category[];

export const SERVICE_FILTERS = ['all', ...LISTED_CATEGORIES] as const;
export type ServiceFilter = (typeof SERVICE_FILTERS)[number];

export const ZIP_CODES = ['84765', '84770', '84780', '84790'] as const;
export const STATE = 'UT';
export const CITY_LABEL = 'ST GEORGE, UT';
export const DEFAULT_CITY = 'St George';

export const USER_TYPES = ['customer', 'vendor'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const LISTING_STATUSES = ['awaiting_submission', 'under_review', 'active', 'inactive'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

/** The listing is not yet usable: only the Setup tab works. */
export function isListingInSetup(status: ListingStatus): boolean {
  return status === 'awaiting_submission' || status === 'under_review';
}

export const STRIPE_INTEGRATION_STATES = ['active', 'inactive', 'onboarding'] as const;
export type StripeIntegrationState = (typeof STRIPE_INTEGRATION_STATES)[number];

export const FULFILLMENT_STATUSES = [
  'unfulfilled',
  'rescheduled',
  'fulfilled',
  'cancelled',
  'disputed',
] as const;
export type FulfillmentStatus = (typeof FULFILLMENT_STATUSES)[number];

export const PAYMENT_STATUSES = [
  'collected',
  'processed',
  'refunded',
  'partially_refunded',
  'pending',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const BOOKING_STATUSES = ['priced', 'scheduled', 'pending', 'paid', 'completed'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const INPUT_TYPES = ['radio', 'select', 'range'] as const;
export type InputType = (typeof INPUT_TYPES)[number];

export const RANGE_OPTION_TYPES = ['max', 'min', 'step', 'tooltip', 'default'] as const;
export type RangeOptionType = (typeof RANGE_OPTION_TYPES)[number];

export const REVIEW_TYPES = ['product', 'google'] as const;
export type ReviewType = (typeof REVIEW_TYPES)[number];

export const CALENDAR_INTEGRATIONS = ['google', 'jobber', 'ics'] as const;
export type CalendarIntegration = (typeof CALENDAR_INTEGRATIONS)[number];

/** The calendars connected through OAuth (an ICS feed needs none). */
export const OAUTH_CALENDAR_INTEGRATIONS = [
  'google',
  'jobber',
] as const satisfies readonly CalendarIntegration[];
export type OAuthCalendarIntegration = (typeof OAUTH_CALENDAR_INTEGRATIONS)[number];

export const DASHBOARD_SECTIONS = [
  'setup',
  'orders',
  'plans',
  'earnings',
  'general',
  'scheduling',
  'pricing',
  'support',
] as const;
export type DashboardSection = (typeof DASHBOARD_SECTIONS)[number];

/** Setup's pages in order: spec §2's four steps, then pricing and scheduling (ADR 0032), then Next Steps. */
export const SETUP_PAGES = [
  'logo',
  'images',
  'calendar',
  'payouts',
  'pricing',
  'scheduling',
  'next-steps',
] as const;
export type SetupPage = (typeof SETUP_PAGES)[number];

/** Money defaults, in integer cents. */
export const DEFAULT_MIN_PRICE_CENTS = 3500;
export const DEFAULT_PRICE_TO_DURATION_RATE_CENTS = 3500;
export const DEFAULT_SERVICE_CHARGE_CENTS = 255;
export const DEFAULT_COMMISSION_BPS = 1000;
/** A new vendor's cancellation policy, in hours before the appointment. */
export const DEFAULT_CANCELATION_POLICY_HOURS = 24;
export const PAYOUT_DELAY_HOURS = 72;

/** Limits of spec §9. */
export const LIMITS = {
  serviceDescriptionMax: 500,
  appointmentInstructionsMax: 500,
  galleryMin: 4,
  galleryMax: 20,
  reviewBodyMin: 10,
  scoreMin: 1,
  scoreMax: 5,
  gapMinutes: { min: 0, max: 60 },
  bookingLimitDays: { min: 30, max: 180, step: 10 },
  minimumNoticeDays: { min: 0, max: 21 },
  ratePerHourDollars: { min: 20, max: 250 },
  /** The rate's label says "max 1000" (spec §9); the database accepts rates up to it. */
  ratePerHourLabelMaxDollars: 1000,
  cancellationPolicyHours: { min: 0, max: 24 },
  workdayStepMinutes: 30,
  calendarWindowDays: 90,
  passwordMinLength: 10,
  /**
   * A booking's Additional Instructions, trimmed. The spec sets no limit: this is what the form and the
   * API have allowed from the start, and the database's check uses it too (migration 0014).
   */
  customerNotesMax: 1000,
} as const;

export const TIME_ZONE = 'America/Denver';
