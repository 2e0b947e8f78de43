/**
 * Shapes of the JSON the server answers (camelCase, spec §3 and §7).
 * Money at the API is in dollars (numbers with two decimals).
 */
import type {
  BookingStatus,
  CalendarIntegration,
  Category,
  FulfillmentStatus,
  InputType,
  ListingStatus,
  PaymentStatus,
  RangeOptionType,
  ReviewType,
  StripeIntegrationState,
  UserType,
} from '@stg/domain/constants';

export interface User {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  userType: UserType;
  vendorId: number | null;
  /** Dollars added to the customer's bill. */
  serviceCharge: number;
  currentAddressId: number | null;
}

export interface UserInput {
  valueString: string;
}

export interface Address {
  id: number;
  streetAddress: string;
  streetAddress2: string | null;
  city: string;
  state: string;
  zipCode: string;
  default: boolean;
  /** Saved answers, keyed by pricing input id. */
  userInputs: Record<string, UserInput>;
}

/** A vendor as the category lists show it (GET /api/vendors). */
export interface VendorCard {
  id: number;
  name: string;
  category: Category;
  logoImageUrl: string | null;
  thumbnailImageUrl: string | null;
  avgRating: number | null;
  reviewCount: number;
}

export interface GalleryImage {
  blobId: string | number;
  url: string;
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
}

export interface PaymentMethodSummary {
  last4: string | null;
  bankName?: string | null;
  brand?: string | null;
}

/** An order as the session lists it. Only the fields the web reads are typed strictly. */
export interface Order {
  id: number;
  confirmationId: string;
  vendorId: number;
  userId: number;
  addressId: number | null;
  appointmentAt: string | null;
  /** Minutes. */
  duration: number | null;
  customerNotes?: string | null;
  optionsSnapshot?: unknown;
  fulfillmentStatus: FulfillmentStatus;
  paymentStatus: PaymentStatus;
  /** Dollars. */
  totalCollected: number | null;
  paymentMethod?: PaymentMethodSummary | null;
  vendor?: Pick<VendorCard, 'id' | 'name' | 'logoImageUrl'> | null;
  createdAt?: string;
}

export interface Booking {
  id: number;
  userId: number | null;
  addressId: number | null;
  vendorId: number;
  status: BookingStatus;
  price: number;
  duration: number;
  appointmentAt: string | null;
}

/** GET/POST/DELETE /api/session. */
export interface Session {
  user: User | null;
  addresses: Address[];
  orders: Order[];
  vendor: Vendor | null;
}

/** POST /api/users. */
export interface SignUpResponse {
  user: User;
  addresses: Address[];
}

/** Body of every 4xx answer. */
export interface ApiErrorBody {
  errors: string[];
}

export interface SignInRequest {
  user: { email: string; password: string };
}

export interface CustomerSignUpRequest {
  user: {
    firstName: string;
    lastName: string;
    email: string;
    phoneNumber: string;
    password: string;
    passwordConfirmation: string;
    address: {
      streetAddress: string;
      street_address_2: string;
      city: string;
      state: string;
      zipCode: string;
    };
  };
}
