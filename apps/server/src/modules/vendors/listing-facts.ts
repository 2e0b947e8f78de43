/**
 * A listing's rows as the domain's ListingFacts (issue 25, ADR 0032): what Submit for Review, the
 * operator's Approve and the review queue decide on with `listingReadiness`, and price with `sampleQuote`.
 */
import type { ListingFacts } from '@stg/domain/listing-readiness';
import type { vendorCalendars } from '../../db/schema';
import { presentPricingInput } from '../pricing/presenter';
import type { listingRowsOf, VendorDetail } from './repo';

type ListingRows = Awaited<ReturnType<typeof listingRowsOf>>;

export function listingFactsFrom(rows: ListingRows): ListingFacts {
  const { vendor: v, calendar } = rows;
  return {
    hasLogo: v.logoImageId !== null,
    hasBanner: v.bannerImageId !== null,
    galleryCount: rows.galleryCount,
    calendarIntegrated: calendar?.apiIntegrated ?? false,
    calendarSkipped: v.calendarSkipped,
    stripeIntegrated: v.stripeIntegrated,
    serviceDescription: v.serviceDescription,
    pricingFormula: v.pricingFormula,
    minPriceCents: v.minPriceCents,
    pricingInputs: rows.inputs.map(presentPricingInput),
    scheduling: calendar ? schedulingOf(calendar) : null,
    priceToDurationRateCents: v.priceToDurationRateCents,
    cancelationPolicyHours: v.cancelationPolicyHours,
  };
}

const schedulingOf = (c: typeof vendorCalendars.$inferSelect) => ({
  workdayStartMinutes: c.workdayStartMinutes,
  workdayEndMinutes: c.workdayEndMinutes,
  gapMinutes: c.driveTimeBufferMins,
  minimumNoticeDays: c.bookingWindowStartDays,
  bookingLimitDays: c.bookingWindowEndDays,
});

/** The same facts from the vendor as loadVendorDetail reads it (the review queue). */
export function listingFactsOfDetail(d: VendorDetail): ListingFacts {
  return listingFactsFrom({
    vendor: d.card.vendor,
    galleryCount: d.gallery.length,
    calendar: d.calendar,
    inputs: d.inputs,
  });
}
