/** Review queue answers as the shared contract has them (the page parses them strictly). */
import {
  reviewQueueItemSchema,
  vendorSchema,
  type ReviewQueueItem,
  type VendorJson,
} from '@stg/domain/api/vendors';
export { operatorSession } from '../../test/fixtures';

export function queueVendor(patch: Partial<VendorJson> = {}): VendorJson {
  const id = patch.id ?? 31;
  return vendorSchema.parse({
    id,
    name: 'Red Rock Windows',
    category: 'window_cleaning',
    logoImageUrl: `/uploads/${id}/logo.webp`,
    thumbnailImageUrl: `/uploads/${id}/banner-thumb.webp`,
    bannerImageUrl: `/uploads/${id}/banner.webp`,
    avgRating: null,
    reviewCount: 0,
    phoneNumber: '4355550199',
    email: 'hello@redrock.example',
    serviceDescription: 'Streak-free windows, inside and out.',
    listingStatus: 'under_review',
    stripeIntegrated: 'active',
    galleryImageUrls: [1, 2, 3, 4].map((n) => ({
      blobId: `g${id}-${n}`,
      url: `/uploads/${id}/gallery-${n}.webp`,
      thumbnailUrl: `/uploads/${id}/gallery-${n}-thumb.webp`,
    })),
    minPrice: 35,
    pricingFormula: '40 + PANES * 3',
    pricingInputs: [
      {
        id: 5,
        name: 'Window panes',
        alias: 'PANES',
        inputType: 'select',
        recurring: false,
        pricingInputOptions: [
          { id: 51, name: 'Up to 10', value: 10, default: true, optionType: null },
          { id: 52, name: 'Up to 20', value: 20, default: false, optionType: null },
        ],
      },
      {
        id: 6,
        name: 'Square feet',
        alias: 'SQFT',
        inputType: 'range',
        recurring: false,
        pricingInputOptions: [
          { id: 61, name: 'min', value: 500, default: false, optionType: 'min' },
          { id: 62, name: 'max', value: 5000, default: false, optionType: 'max' },
          { id: 63, name: 'step', value: 100, default: false, optionType: 'step' },
          { id: 64, name: 'default', value: 1000, default: false, optionType: 'default' },
        ],
      },
    ],
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
    services: [{ vendorId: id, category: patch.category ?? 'window_cleaning' }],
    planOffers: [],
    calendarSkipped: true,
    payoutDestination: { last4: '6789', bankName: 'STRIPE TEST BANK' },
    submittedAt: '2026-11-20T17:30:00.000Z',
    reviewNote: null,
    ...patch,
  });
}

export function queueItem(
  patch: Partial<VendorJson> = {},
  submittedAt = '2026-11-20T17:30:00.000Z',
): ReviewQueueItem {
  return reviewQueueItemSchema.parse({
    vendor: queueVendor({ ...patch, submittedAt }),
    admin: { firstName: 'Rita', lastName: 'Rock', email: 'rita@redrock.example', phoneNumber: '4355550188' },
    submittedAt,
  });
}
