import { describe, expect, it } from 'vitest';
import { VENDOR_MESSAGES, type Vendor } from './api/vendors';
import { CATEGORIES, type Category } from './constants';
import {
  listingFactsOfVendor,
  listingReadiness,
  sendBackItemsOf,
  sampleQuote,
  typicalSelections,
  type ListingFacts,
} from './listing-readiness';
import { defaultPricingFor } from './pricing-defaults';
import { DEFAULT_SCHEDULING } from './scheduling-preferences';

/** A category's default pricing as stored questions (with ids). */
function storedDefaults(category: Category) {
  const d = defaultPricingFor(category);
  return {
    pricingFormula: d.pricingFormula,
    minPriceCents: Math.round(d.minPrice * 100),
    pricingInputs: d.pricingInputs.map((input, i) => ({
      ...input,
      id: i + 1,
      pricingInputOptions: input.pricingInputOptions.map((o, j) => ({ ...o, id: (i + 1) * 100 + j })),
    })),
  };
}

const complete = (category: Category = 'house_cleaning'): ListingFacts => ({
  hasLogo: true,
  hasBanner: true,
  galleryCount: 4,
  calendarIntegrated: false,
  calendarSkipped: true,
  stripeIntegrated: 'active',
  serviceDescription: 'Friendly, thorough house cleaning in St George.',
  ...storedDefaults(category),
  scheduling: { ...DEFAULT_SCHEDULING },
  priceToDurationRateCents: 3500,
  cancelationPolicyHours: 24,
});

describe('listingReadiness', () => {
  it('is empty for a complete listing of every category (the defaults can sell)', () => {
    for (const c of CATEGORIES) expect(listingReadiness(complete(c)), c).toEqual([]);
  });

  it('names each missing piece, the setup steps first', () => {
    expect(
      listingReadiness({
        ...complete(),
        hasLogo: false,
        serviceDescription: '  ',
        stripeIntegrated: 'inactive',
      }),
    ).toEqual([
      VENDOR_MESSAGES.logoRequired,
      VENDOR_MESSAGES.payoutsRequired,
      VENDOR_MESSAGES.descriptionRequired,
    ]);
    expect(listingReadiness({ ...complete(), serviceDescription: null })).toEqual([
      VENDOR_MESSAGES.descriptionRequired,
    ]);
  });

  it('needs a pricing question and a formula that prices it (never the bare x)', () => {
    expect(listingReadiness({ ...complete(), pricingInputs: [], pricingFormula: 'x' })).toEqual([
      VENDOR_MESSAGES.pricingQuestionRequired,
    ]);
    const recurringOnly = complete().pricingInputs.map((i) => ({ ...i, recurring: true }));
    expect(listingReadiness({ ...complete(), pricingInputs: recurringOnly })).toContain(
      VENDOR_MESSAGES.pricingQuestionRequired,
    );
    expect(listingReadiness({ ...complete(), pricingFormula: 'x' })).toEqual([
      VENDOR_MESSAGES.pricingFormulaInvalid,
    ]);
    expect(listingReadiness({ ...complete(), pricingFormula: '40 +' })).toEqual([
      VENDOR_MESSAGES.pricingFormulaInvalid,
    ]);
    expect(listingReadiness({ ...complete(), pricingFormula: '1 / (BEDROOMS - 1)' })).toEqual([
      VENDOR_MESSAGES.pricingFormulaInvalid,
    ]);
    // A flat price that ignores every question is not an instant price.
    expect(listingReadiness({ ...complete(), pricingFormula: '120' })).toEqual([
      VENDOR_MESSAGES.pricingFormulaUnused,
    ]);
    // Using some of the questions is enough.
    expect(listingReadiness({ ...complete(), pricingFormula: '40 + BEDROOMS * 15' })).toEqual([]);
  });

  it('needs valid scheduling rules', () => {
    const bad: Partial<ListingFacts>[] = [
      { scheduling: null },
      { scheduling: { ...DEFAULT_SCHEDULING, workdayStartMinutes: 1020, workdayEndMinutes: 480 } },
      { scheduling: { ...DEFAULT_SCHEDULING, gapMinutes: 90 } },
      { scheduling: { ...DEFAULT_SCHEDULING, bookingLimitDays: 95 } },
      { scheduling: { ...DEFAULT_SCHEDULING, minimumNoticeDays: -1 } },
      { priceToDurationRateCents: 0 },
      { cancelationPolicyHours: 48 },
    ];
    for (const over of bad)
      expect(listingReadiness({ ...complete(), ...over }), JSON.stringify(over)).toEqual([
        VENDOR_MESSAGES.schedulingRequired,
      ]);
  });
});

describe('sampleQuote', () => {
  it('prices the typical answers (defaults, else the first choice) at the vendor’s rate', () => {
    // 40 + 1 bedroom × 15 + 1 bathroom × 12 + 1800 sq ft × 0.03 × tidy 1 = $121; 121 / 35 × 60 = 207 min.
    expect(sampleQuote(complete())).toEqual({
      priceCents: 12100,
      durationMinutes: 207,
      answers: [
        { question: 'Bedrooms', answer: '1 bedroom' },
        { question: 'Bathrooms', answer: '1 bathroom' },
        { question: 'Home size (sq ft)', answer: '1800' },
        { question: 'Home condition', answer: 'Tidy - regular upkeep' },
      ],
    });
    // Car detailing's radio default is the full detail (the third choice): round(180 × 1) + 0 = $180.
    expect(sampleQuote(complete('auto_detailing'))?.priceCents).toBe(18000);
  });

  it('never goes below the minimum price, and is null when the formula gives no price', () => {
    expect(sampleQuote({ ...complete(), minPriceCents: 50000 })?.priceCents).toBe(50000);
    expect(sampleQuote({ ...complete(), pricingFormula: '40 +' })).toBeNull();
    expect(sampleQuote({ ...complete(), pricingInputs: [], pricingFormula: 'x' })).toEqual({
      priceCents: 3500,
      durationMinutes: 60,
      answers: [],
    });
  });

  it('answers every shown question', () => {
    for (const c of CATEGORIES) {
      const f = complete(c);
      expect(Object.keys(typicalSelections(f.pricingInputs))).toHaveLength(f.pricingInputs.length);
    }
  });
});

describe('listingFactsOfVendor (the web reads the vendor as answered)', () => {
  const f = complete('window_cleaning');
  // Only the fields the facts are read from; the rest of the vendor does not matter here.
  const vendor = {
    serviceDescription: f.serviceDescription,
    pricingFormula: f.pricingFormula,
    minPrice: 35,
    pricingInputs: f.pricingInputs,
    priceToDurationRate: 35,
    cancelationPolicyHours: 24,
    calendar: {
      workdayStartTime: '08:00',
      workdayEndTime: '17:00',
      driveTimeBufferMins: 30,
      bookingWindowStartDays: 2,
      bookingWindowEndDays: 90,
    },
  } as unknown as Vendor;

  it('gives the same facts as the server reads from its rows', () => {
    expect(listingFactsOfVendor(vendor, f)).toEqual(f);
    expect(listingReadiness(listingFactsOfVendor(vendor, f))).toEqual([]);
  });

  it('has no scheduling rules without a calendar (or with a time it cannot read)', () => {
    expect(listingFactsOfVendor({ ...vendor, calendar: null }, f).scheduling).toBeNull();
    const odd = { ...vendor, calendar: { ...vendor.calendar!, workdayEndTime: '17:15' } };
    expect(listingReadiness(listingFactsOfVendor(odd, f))).toEqual([VENDOR_MESSAGES.schedulingRequired]);
  });
});

describe('sendBackItemsOf (the send-back starts from what is missing)', () => {
  it("names each message's Setup item once, in Setup's order, and nothing for other messages", () => {
    expect(
      sendBackItemsOf([
        VENDOR_MESSAGES.schedulingRequired,
        VENDOR_MESSAGES.bannerRequired,
        VENDOR_MESSAGES.logoRequired,
        VENDOR_MESSAGES.pricingFormulaInvalid,
        VENDOR_MESSAGES.descriptionRequired,
        'Something else.',
      ]),
    ).toEqual(['logo', 'pricing', 'scheduling', 'description']);
    expect(sendBackItemsOf([])).toEqual([]);
  });

  it('every readiness message has an item', () => {
    const messages = [
      VENDOR_MESSAGES.logoRequired,
      VENDOR_MESSAGES.bannerRequired,
      VENDOR_MESSAGES.galleryRequired,
      VENDOR_MESSAGES.calendarRequired,
      VENDOR_MESSAGES.payoutsRequired,
      VENDOR_MESSAGES.descriptionRequired,
      VENDOR_MESSAGES.pricingQuestionRequired,
      VENDOR_MESSAGES.pricingFormulaInvalid,
      VENDOR_MESSAGES.pricingFormulaUnused,
      VENDOR_MESSAGES.schedulingRequired,
    ];
    for (const message of messages) expect(sendBackItemsOf([message]), message).toHaveLength(1);
  });
});
