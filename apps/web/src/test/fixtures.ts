/**
 * The web's shared test fixtures, built through the API contract (@stg/domain/api): each is parsed with
 * the schema of the answer it stands for, so a fixture the server could not send fails where it is made,
 * and a change of an answer's shape on the server fails the web tests too (issue 16).
 */
import { bookingSchema, type Booking } from '@stg/domain/api/bookings';
import { availabilityResponseSchema, type Availability } from '@stg/domain/api/scheduling';
import {
  customerOrderSchema,
  vendorOrdersPageSchema,
  type CustomerOrder,
  type VendorOrdersPage,
} from '@stg/domain/api/orders';
import { paymentsConfigResponseSchema, type PaymentsConfigResponse } from '@stg/domain/api/payments';
import { customerPlansResponseSchema, type CustomerPlansResponse } from '@stg/domain/api/plans';
import { googleReviewsStatusSchema, type GoogleReviewsStatus } from '@stg/domain/api/reviews';
import { sessionResponseSchema, type Session } from '@stg/domain/api/session';
import { addressSchema, userSchema, type Address, type User } from '@stg/domain/api/users';
import {
  accountSessionResponseSchema,
  reviewSchema,
  vendorCardSchema,
  vendorSchema,
  type AccountSessionResponse,
  type Review,
  type Vendor,
  type VendorCard,
} from '@stg/domain/api/vendors';

export const customerUser: User = userSchema.parse({
  id: 1,
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  phoneNumber: '4355551234',
  userType: 'customer',
  vendorId: null,
  serviceCharge: 2.55,
  currentAddressId: 10,
  operator: false,
});

export const customerAddress: Address = addressSchema.parse({
  id: 10,
  streetAddress: '1 Main St',
  streetAddress2: 'Apt 2',
  city: 'St George',
  state: 'UT',
  zipCode: '84770',
  default: true,
  userInputs: {},
});

export const vendorUser: User = userSchema.parse({
  ...customerUser,
  id: 2,
  firstName: 'Vic',
  lastName: 'Vendor',
  email: 'vic@example.com',
  userType: 'vendor',
  vendorId: 7,
  currentAddressId: null,
});

export function makeVendor(patch: Partial<Vendor> = {}): Vendor {
  return vendorSchema.parse({
    id: 7,
    name: 'Sparkle Cleaning',
    category: 'house_cleaning',
    logoImageUrl: '/uploads/logo.png',
    bannerImageUrl: null,
    thumbnailImageUrl: '/uploads/banner.png',
    avgRating: 4.8,
    reviewCount: 12,
    phoneNumber: '4355550000',
    email: 'hello@sparkle.example',
    serviceDescription: 'We clean homes.',
    listingStatus: 'active',
    stripeIntegrated: 'active',
    galleryImageUrls: [],
    minPrice: 35,
    pricingFormula: 'x',
    pricingInputs: [],
    priceToDurationRate: 35,
    cancelationPolicyHours: 24,
    appointmentInstructions: null,
    calendar: null,
    address: null,
    reviews: [],
    services: [{ vendorId: 7, category: 'house_cleaning' }],
    planOffers: [],
    ...patch,
  });
}

export function makeCard(patch: Partial<VendorCard> = {}): VendorCard {
  return vendorCardSchema.parse({
    id: 1,
    name: 'Card Vendor',
    category: 'house_cleaning',
    logoImageUrl: null,
    bannerImageUrl: null,
    thumbnailImageUrl: null,
    avgRating: null,
    reviewCount: 0,
    ...patch,
  });
}

/** A session answer: signed out, nothing booked, unless `patch` says otherwise. */
export const makeSession = (patch: Partial<Session> = {}): Session =>
  sessionResponseSchema.parse({
    user: null,
    addresses: [],
    orders: [],
    vendor: null,
    bookings: [],
    guestInputs: {},
    ...patch,
  });

export const signedOut: Session = makeSession();
export const customerSession: Session = makeSession({ user: customerUser, addresses: [customerAddress] });
export const vendorSession = (patch: Partial<Vendor> = {}): Session =>
  makeSession({ user: vendorUser, vendor: makeVendor(patch) });
/** Olive, an operator (the listing review and the Paper Check pages). */
export const operatorSession: Session = makeSession({
  user: { ...customerUser, id: 3, firstName: 'Olive', email: 'operator@example.com', operator: true },
  addresses: [customerAddress],
});

export function makeOrder(patch: Partial<CustomerOrder> = {}): CustomerOrder {
  return customerOrderSchema.parse({
    id: 100,
    confirmationId: 'SRV-1001',
    vendorId: 7,
    userId: 1,
    addressId: 10,
    vendor: {
      id: 7,
      name: 'Sparkle Cleaning',
      category: 'house_cleaning',
      phoneNumber: '4355550000',
      email: 'hello@sparkle.example',
      logoImageUrl: null,
      cancelationPolicyHours: 24,
      appointmentInstructions: null,
    },
    address: {
      streetAddress: '123 Main St',
      streetAddress2: null,
      city: 'St George',
      state: 'UT',
      zipCode: '84770',
    },
    appointmentAt: '2025-11-24T16:00:00.000Z',
    duration: 150,
    customerNotes: 'Gate code 1234',
    optionsSnapshot: { Bedrooms: '3', Bathrooms: '2' },
    fulfillmentStatus: 'unfulfilled',
    paymentStatus: 'collected',
    paymentMethod: { last4: '4242', bankName: 'visa', brand: 'visa' },
    subtotal: 120,
    serviceCharge: 2.55,
    totalCollected: 122.55,
    serviceFee: 2.55,
    refundAmount: 0,
    refundReason: null,
    cancelReason: null,
    previousAppointmentAt: null,
    rescheduleCount: 0,
    createdAt: '2025-11-01T12:00:00.000Z',
    canCancel: true,
    canReschedule: true,
    changeBlockedReason: null,
    plan: null,
    ...patch,
  });
}

export function makeReview(patch: Partial<Review> = {}): Review {
  return reviewSchema.parse({
    id: 1,
    userId: 1,
    body: 'Great work, very thorough.',
    score: 5,
    author: { firstName: 'Ann', lastName: 'Lee' },
    authorImage: null,
    reviewType: 'product',
    url: null,
    createdAt: '2025-10-01T12:00:00.000Z',
    ...patch,
  });
}

/** A guest's priced booking with vendor 7 (the pricing and scheduling panels' tests). */
export function makeBooking(patch: Partial<Booking> = {}): Booking {
  return bookingSchema.parse({
    id: 55,
    vendorId: 7,
    userId: null,
    addressId: null,
    status: 'priced',
    price: 199.99,
    duration: 342,
    appointmentAt: null,
    answers: { '1': '2', '2': '1000', '3': '1.5' },
    optionsSnapshot: { Bedrooms: 'Two', 'Square feet': '1000', 'Cleaning type': 'Deep' },
    customerNotes: null,
    createdAt: '2025-11-01T12:00:00.000Z',
    updatedAt: '2025-11-01T12:00:00.000Z',
    ...patch,
  });
}

/** Vendor 7's free starts for a 150-minute job, 90 days from Wed Nov 25 2026 (MST); tests give the days. */
export function makeAvailability(patch: Partial<Availability> = {}): Availability {
  return availabilityResponseSchema.parse({
    timeZone: 'America/Denver',
    stepMinutes: 15,
    jobMinutes: 150,
    windowDays: 90,
    firstDate: '2026-11-25',
    lastDate: '2027-02-22',
    unavailableReason: null,
    days: [],
    ...patch,
  });
}

/*
 * The answers of the side requests that whole pages make, for tests about something else on them. An
 * unmocked call fails the test that made it (mock-api.ts), so a fixture that renders such a page mocks them.
 */

/** GET /api/vendors/7/orders: a vendor with no orders yet (Order History, the vendor's landing page). */
export const noVendorOrders: VendorOrdersPage = vendorOrdersPageSchema.parse({
  orders: [],
  nextCursor: null,
});

/** GET /api/plans: a customer without service plans (the Orders page lists plans above the orders). */
export const noPlans: CustomerPlansResponse = customerPlansResponseSchema.parse({ plans: [] });

/** GET /api/payments/config as the sandbox answers it (the Summary loads it ahead of Checkout). */
export const sandboxPaymentsConfig: PaymentsConfigResponse = paymentsConfigResponseSchema.parse({
  provider: 'sandbox',
  publishableKey: null,
});

/** GET /api/google-reviews on a server that fetches them (General Settings' Google Reviews card). */
export const googleReviewsOn: GoogleReviewsStatus = googleReviewsStatusSchema.parse({
  enabled: true,
  message: null,
});

/** POST /api/vendors/create_account_session in the sandbox, payouts set up (General Settings' Payouts). */
export const sandboxAccountSession: AccountSessionResponse = accountSessionResponseSchema.parse({
  client_secret: 'acctsess_7_secret_sandbox',
  provider: 'sandbox',
  publishableKey: null,
  currentlyDue: [],
});
