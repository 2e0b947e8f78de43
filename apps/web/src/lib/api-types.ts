/**
 * Shapes of the JSON the server answers (camelCase, spec §3 and §7).
 * Money at the API is in dollars (numbers with two decimals).
 */
import type { InputType, RangeOptionType } from '@stg/domain/constants';
import type { Answers } from '@stg/domain/api/bookings';
import type { CustomerOrder } from '@stg/domain/api/orders';
import type { SessionResponse } from '@stg/domain/api/session';
import type { AddressJson, UserJson } from '@stg/domain/api/users';
import type { vendorCardSchema, vendorSchema } from '@stg/domain/api/vendors';
import type { z } from 'zod';

/** The user and the address as the account's contract answers them (ARCHITECTURE §3). */
export type User = UserJson;
export type Address = AddressJson;

/** The vendor and its parts as the vendors contract answers them (@stg/domain/api/vendors). */
export type VendorCard = z.output<typeof vendorCardSchema>;
export type Vendor = z.output<typeof vendorSchema>;
export type GalleryImage = Vendor['galleryImageUrls'][number];
export type PricingInput = Vendor['pricingInputs'][number];
export type PricingInputOption = PricingInput['pricingInputOptions'][number];
export type VendorCalendar = NonNullable<Vendor['calendar']>;
export type VendorAddress = NonNullable<Vendor['address']>;
export type Review = Vendor['reviews'][number];

/** A customer's order as GET /api/session lists it (newest first), money in dollars: the contract's. */
export type Order = CustomerOrder;
export type OrderVendor = CustomerOrder['vendor'];
export type PaymentMethodSummary = NonNullable<CustomerOrder['paymentMethod']>;

/** GET/POST/DELETE /api/session: the session's contract. */
export type Session = SessionResponse;

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
