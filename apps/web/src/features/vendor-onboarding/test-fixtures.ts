/** Answers of the vendor API as the shared contract has them (the web parses them strictly). */
import { vendorSchema, vendorSignUpResponseSchema, type VendorJson } from '@stg/domain/api/vendors';
import type { Session } from '@stg/domain/api/session';
import { addressSchema, userSchema, type User } from '@stg/domain/api/users';
import { makeSession } from '../../test/fixtures';

export function contractVendor(patch: Partial<VendorJson> = {}): VendorJson {
  return vendorSchema.parse({
    id: 31,
    name: 'Red Rock Windows',
    category: 'window_cleaning',
    logoImageUrl: null,
    thumbnailImageUrl: null,
    bannerImageUrl: null,
    avgRating: null,
    reviewCount: 0,
    phoneNumber: '4355550199',
    email: 'hello@redrock.example',
    serviceDescription: null,
    listingStatus: 'awaiting_submission',
    stripeIntegrated: 'inactive',
    galleryImageUrls: [],
    minPrice: 35,
    pricingFormula: 'x',
    pricingInputs: [],
    priceToDurationRate: 35,
    cancelationPolicyHours: 24,
    appointmentInstructions: null,
    calendar: null,
    address: {
      id: 90,
      streetAddress: '200 N Main St',
      streetAddress2: 'Suite 4',
      city: 'St George',
      state: 'UT',
      zipCode: '84790',
    },
    reviews: [],
    services: [{ vendorId: 31, category: 'window_cleaning' }],
    planOffers: [],
    calendarSkipped: false,
    payoutDestination: null,
    submittedAt: null,
    reviewNote: null,
    ...patch,
  });
}

export const newVendorUser: User = userSchema.parse({
  id: 41,
  firstName: 'Rita',
  lastName: 'Rock',
  email: 'rita@redrock.example',
  phoneNumber: '4355550188',
  userType: 'vendor',
  vendorId: 31,
  serviceCharge: 2.55,
  currentAddressId: 91,
  operator: false,
});

export const newVendorAddress = addressSchema.parse({
  id: 91,
  streetAddress: '200 N Main St',
  streetAddress2: 'Suite 4',
  city: 'St George',
  state: 'UT',
  zipCode: '84790',
  default: true,
  userInputs: {},
});

/** The answer of POST /api/vendors. */
export const signUpAnswer = vendorSignUpResponseSchema.parse({
  user: newVendorUser,
  vendor: contractVendor(),
  addresses: [newVendorAddress],
});

/** GET /api/session once the new vendor is signed in. */
export const newVendorSession: Session = makeSession({
  user: newVendorUser,
  vendor: contractVendor(),
  addresses: [newVendorAddress],
});
