import type { VendorJson } from '@stg/domain/api/vendors';
import { centsToDollars } from '@stg/domain/money';
import { presentPricingInput } from '../pricing/presenter';
import type { VendorCardRow, VendorDetail } from './repo';
import { presentCalendar } from '../vendor-calendars/presenter';

export type UrlFor = (key: string) => string;

export function presentVendorCard(row: VendorCardRow, urlFor: UrlFor) {
  const v = row.vendor;
  return {
    id: v.id,
    name: v.name,
    category: v.category,
    logoImageUrl: row.logoKey ? urlFor(row.logoKey) : null,
    thumbnailImageUrl: row.bannerKey ? urlFor(row.bannerThumbKey ?? row.bannerKey) : null,
    bannerImageUrl: row.bannerKey ? urlFor(row.bannerKey) : null,
    avgRating: row.reviewCount > 0 ? row.avgRating : null,
    reviewCount: row.reviewCount,
  };
}

/**
 * The full vendor. `owner` adds what only the vendor sees: the staged formula, the previous save,
 * commission and the calendar integration's state.
 */
export function presentVendor(d: VendorDetail, urlFor: UrlFor, opts: { owner: boolean }): VendorJson {
  const v = d.card.vendor;
  const cal = d.calendar;
  return {
    ...presentVendorCard(d.card, urlFor),
    phoneNumber: v.phoneNumber,
    email: v.email,
    serviceDescription: v.serviceDescription,
    listingStatus: v.listingStatus,
    stripeIntegrated: v.stripeIntegrated,
    galleryImageUrls: d.gallery.map((g) => ({
      blobId: g.blobId,
      url: urlFor(g.storageKey),
      thumbnailUrl: g.thumbnailKey ? urlFor(g.thumbnailKey) : urlFor(g.storageKey),
    })),
    minPrice: centsToDollars(v.minPriceCents),
    pricingFormula: v.pricingFormula,
    pricingInputs: d.inputs.map(presentPricingInput),
    priceToDurationRate: centsToDollars(v.priceToDurationRateCents),
    cancelationPolicyHours: v.cancelationPolicyHours,
    appointmentInstructions: v.appointmentInstructions,
    calendar: cal ? presentCalendar(cal, opts) : null,
    address: d.address
      ? {
          id: d.address.id,
          streetAddress: d.address.streetAddress,
          streetAddress2: d.address.streetAddress2,
          city: d.address.city,
          state: d.address.state,
          zipCode: d.address.zipCode,
        }
      : null,
    reviews: d.reviews.map((r) => ({
      id: r.id,
      userId: r.userId,
      body: r.body,
      score: r.score,
      author: { firstName: r.authorFirstName, lastName: r.authorLastName },
      authorImage: r.authorImageUrl,
      reviewType: r.reviewType,
      url: r.url,
      createdAt: r.createdAt.toISOString(),
    })),
    services: [{ vendorId: v.id, category: v.category }],
    planOffers: d.planOffers,
    ...(opts.owner
      ? {
          stagedFormula: v.stagedFormula,
          hasPreviousFormula: v.previousFormula !== null,
          calendarSkipped: v.calendarSkipped,
          payoutDestination: v.payoutLast4 ? { last4: v.payoutLast4, bankName: v.payoutBankName } : null,
          commissionRate: v.commissionBps / 10_000,
          submittedAt: v.submittedAt?.toISOString() ?? null,
          reviewNote: v.reviewNote,
          reviewFixes: v.reviewFixes,
          googlePlaceId: v.googlePlaceId,
        }
      : {}),
  };
}
