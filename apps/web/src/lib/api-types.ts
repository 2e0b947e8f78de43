/**
 * Shapes of the JSON the server answers (camelCase, spec §3 and §7).
 * Money at the API is in dollars (numbers with two decimals).
 */
import type {
  CalendarIntegration,
  Category,
  InputType,
  ListingStatus,
  RangeOptionType,
  ReviewType,
  StripeIntegrationState,
} from '@stg/domain/constants';
import type { Answers, Booking } from '@stg/domain/api/bookings';
import type { CustomerOrder } from '@stg/domain/api/orders';
import type { AddressJson, UserJson } from '@stg/domain/api/users';

/** The user and the address as the account's contract answers them (ARCHITECTURE §3). */
export type User = UserJson;
export type Address = AddressJson;

/** A vendor as the category lists show it (GET /api/vendors). */
export interface VendorCard {
  id: number;
  name: string;
  category: Category;
  logoImageUrl: string | null;
  /** The banner's smaller rendition (about 480 px wide). */
  thumbnailImageUrl: string | null;
  /** The full-size banner (GET /api/vendors answers it too, as vendorCardSchema says). */
  bannerImageUrl?: string | null;
  avgRating: number | null;
  reviewCount: number;
}

export interface GalleryImage {
  blobId: string | number;
  url: string;
  /** A smaller rendition for grids; absent on older answers. */
  thumbnailUrl?: string;
}

export interface PricingInputOption {
  id: number;
  name: string;
  value: number | string;
  default: boolean;
  optionType?: RangeOptionType | null;
}

export interface PricingInput {
  id: number;
  name: string;
  alias: string;
  inputType: InputType;
  recurring: boolean;
  pricingInputOptions: PricingInputOption[];
}

export interface CalendarEntry {
  start_time: string;
  [key: string]: unknown;
}

export interface VendorCalendar {
  id: number;
  apiIntegrated: boolean;
  integratedCalendarId: string | null;
  integrationType: CalendarIntegration | null;
  workdayStartTime: string | null;
  workdayEndTime: string | null;
  driveTimeBufferMins: number | null;
  bookingWindowStartDays: number | null;
  bookingWindowEndDays: number | null;
  calendarData?: CalendarEntry[];
  // The owner's view adds the integration's state (docs/api/scheduling.md); absent on public answers.
  /** True when the provider refused the stored authorization: the vendor must connect again. */
  needsReconnect?: boolean;
  /** ISO 8601, or null before the first sync. */
  lastSyncedAt?: string | null;
  /** The last sync's failure, for the vendor; null when it worked. */
  syncError?: string | null;
  /** The iCal feed address with its secret part masked. */
  icsUrlHint?: string | null;
}

export interface VendorAddress {
  id?: number;
  streetAddress: string;
  streetAddress2: string | null;
  city: string;
  state: string;
  zipCode: string;
}

export interface Review {
  id: number;
  userId: number | null;
  body: string | null;
  score: number;
  author: { firstName: string; lastName: string } | null;
  authorImage: string | null;
  reviewType: ReviewType;
  url: string | null;
  createdAt: string;
}

/** One vendor in full (GET /api/vendors/{id}, and the vendor held in the session). */
export interface Vendor extends VendorCard {
  phoneNumber: string;
  email: string;
  serviceDescription: string | null;
  listingStatus: ListingStatus;
  stripeIntegrated: StripeIntegrationState;
  galleryImageUrls: GalleryImage[];
  /** Dollars. */
  minPrice: number;
  pricingFormula: string | null;
  stagedFormula?: string | null;
  pricingInputs: PricingInput[];
  priceToDurationRate: number;
  cancelationPolicyHours: number;
  appointmentInstructions: string | null;
  calendar: VendorCalendar | null;
  address: VendorAddress | null;
  reviews: Review[];
  services: { vendorId: number; category: Category }[];
  // Only the owner sees these.
  /** Setup's calendar step was skipped. */
  calendarSkipped?: boolean;
  /** The payout bank account on file; null means Paper Check. */
  payoutDestination?: { last4: string; bankName: string | null } | null;
  commissionRate?: number;
  /** When the listing was last submitted for review (ISO 8601). */
  submittedAt?: string | null;
  /** The reviewer's reason when the listing was sent back for changes. */
  reviewNote?: string | null;
  /** The business's Google place id, for its Google reviews. */
  googlePlaceId?: string | null;
}

/** A customer's order as GET /api/session lists it (newest first), money in dollars: the contract's. */
export type Order = CustomerOrder;
export type OrderVendor = CustomerOrder['vendor'];
export type PaymentMethodSummary = NonNullable<CustomerOrder['paymentMethod']>;

/** GET/POST/DELETE /api/session. */
export interface Session {
  user: User | null;
  addresses: Address[];
  orders: Order[];
  vendor: Vendor | null;
  /** The caller's open bookings (priced, scheduled, pending), newest first; a guest's are the session's. */
  bookings?: Booking[];
  /** A guest's saved answers (pricing input id → valueString); `{}` when none or signed in. */
  guestInputs?: Record<string, string>;
}

/** Body of every 4xx answer. */
export interface ApiErrorBody {
  errors: string[];
}

/** POST /api/addresses/{id}/user_inputs and PUT /api/session/guest_inputs. */
export interface UserInputsRequest {
  userInputs: Answers;
}

/** POST /api/addresses/{id}/user_inputs: every saved answer of the address, merged. */
export interface UserInputsResponse {
  userInputs: Address['userInputs'];
}

/** PUT /api/session/guest_inputs: the session's guest answers, merged. */
export interface GuestInputsResponse {
  guestInputs: Answers;
}

// ---- Vendor portal: pricing preferences (issue 4, docs/api/pricing-and-bookings.md) ----

/** What only the owning vendor sees of its vendor (session vendor, answers of the vendor's own PATCHes). */
export interface VendorOwnerPricingFields {
  /** The formula editor's unsaved draft. */
  stagedFormula?: string | null;
  /** True when Revert to Previous Save has something to revert to. */
  hasPreviousFormula?: boolean;
}

export type OwnedVendor = Vendor & VendorOwnerPricingFields;

/** PATCH /api/vendors/{id}: only the changed pricing fields. Money in dollars. */
export interface VendorPricingUpdateRequest {
  vendor: { minPrice?: number; pricingFormula?: string; stagedFormula?: string | null };
}

/** One option row sent with PATCH /api/vendors/{id}/update_pricing_input_options (no id: created). */
export interface PricingInputOptionPayload {
  id?: number;
  name: string;
  value: number;
  default: boolean;
  /** null for a radio/select choice; min, max, step, default or tooltip for a range. */
  optionType: RangeOptionType | null;
}

/** One question sent with PATCH /api/vendors/{id}/update_pricing_input_options (no id: created). */
export interface PricingInputPayload {
  id?: number;
  name: string;
  alias: string;
  inputType: InputType;
  recurring: boolean;
  pricingInputOptions: PricingInputOptionPayload[];
}

/** PATCH /api/vendors/{id}/update_pricing_input_options: the WHOLE new set of questions. */
export interface UpdatePricingInputOptionsRequest {
  pricing_input_options: PricingInputPayload[];
}

// ---- Scheduling and calendars (issue 5, docs/api/scheduling.md) ----

/** PATCH /api/vendor_calendars/{id}: only the fields that change. */
export interface VendorCalendarUpdateRequest {
  vendorCalendar: {
    workdayStartTime?: string;
    workdayEndTime?: string;
    driveTimeBufferMins?: number;
    bookingWindowStartDays?: number;
    bookingWindowEndDays?: number;
  };
}

/** PATCH /api/vendors/{id}: the scheduling screen's vendor fields, only the ones that change. */
export interface VendorSchedulingUpdateRequest {
  vendor: {
    id: number;
    priceToDurationRate?: number;
    cancelationPolicyHours?: number;
    appointmentInstructions?: string | null;
  };
}
