/**
 * The vendor's API contract (spec §3 Vendor, §7): the vendor as answered, vendor sign-up, the profile
 * changes a vendor makes, payouts onboarding and the listing review. One contract for server and web
 * (ARCHITECTURE §3). Money in dollars with two decimals.
 */
import { z } from 'zod';
import {
  CALENDAR_INTEGRATIONS,
  CATEGORIES,
  INPUT_TYPES,
  LIMITS,
  LISTING_STATUSES,
  RANGE_OPTION_TYPES,
  REVIEW_TYPES,
  STATE,
  STRIPE_INTEGRATION_STATES,
  type ListingStatus,
  type StripeIntegrationState,
} from '../constants';
import {
  categorySchema,
  zipSchema,
  type AddressInput,
  emailSchema,
  MESSAGES,
  newPasswordSchema,
  phoneSchema,
  TEXT_LIMITS,
  printableOnly,
} from '../validation';
import { tooLongMessage } from '../zod-messages';
import { availabilityResponseSchema } from './availability';
import { planOfferSchema } from './plan-offers';
import { vendorPricingPatchShape } from './pricing';
import { addressSchema, userSchema } from './users';

/** The user and the address moved to the account's contract (users.ts); still exported from here. */
export { addressSchema, userSchema };

export const VENDOR_MESSAGES = {
  logoRequired: 'Upload a logo before submitting for review.',
  bannerRequired: 'Upload a banner before submitting for review.',
  galleryRequired: `Add at least ${LIMITS.galleryMin} gallery images before submitting for review.`,
  calendarRequired: 'Connect a calendar or skip that step before submitting for review.',
  payoutsRequired: 'Connect your bank for payouts before submitting for review.',
  // What a customer needs to get an instant price and a time (issue 25, ADR 0032; listing-readiness.ts).
  descriptionRequired: 'Add a service description before submitting for review.',
  pricingQuestionRequired: 'Add at least one pricing question before submitting for review.',
  pricingFormulaInvalid: 'Fix the pricing formula so it prices your questions before submitting for review.',
  pricingFormulaUnused: 'Use your pricing questions in the pricing formula before submitting for review.',
  schedulingRequired:
    'Set your scheduling rules (workday, gap, notice, booking limit, cancellation hours) before submitting for review.',
  notAwaitingSubmission: 'This listing has already been submitted.',
  submitFailed: 'Error submitting for review',
  galleryFull: `A gallery can have at most ${LIMITS.galleryMax} images.`,
  galleryMinimum: `Your gallery needs at least ${LIMITS.galleryMin} images. Add another before deleting this one.`,
  imageNotFound: 'Image not found',
  noFiles: 'Choose an image to upload.',
  tooManyFiles: `Upload at most ${LIMITS.galleryMax} images at a time.`,
  uploadUnreadable: 'The upload could not be read. Please choose the images again.',
  passwordRequired: 'Enter your password to confirm this change.',
  passwordIncorrect: 'Password is incorrect.',
  deactivateOnlyActive: 'Only an active listing can be deactivated.',
  reactivateOnlyInactive: 'Only a deactivated listing can be reactivated.',
  listingStatusNotAllowed: 'Submit your listing for review to make it active.',
  serviceDescriptionTooLong: `Service description must be at most ${LIMITS.serviceDescriptionMax} characters.`,
  nameTooLong: 'Business name must be at most 120 characters.',
  accountSessionFailed: 'Could not start payout onboarding. Please try again.',
  payoutsUnavailable: 'Payouts cannot be set up right now. Please try again later.',
  sandboxRoutingInvalid: 'Use the test routing number 110000000.',
  sandboxAccountInvalid: 'Use a test account number such as 000123456789.',
  sandboxAccountHolderRequired: 'Account holder name is required.',
  sandboxTermsRequired: 'Accept the services agreement to continue.',
  sandboxSessionInvalid: 'This onboarding session has expired. Close it and start again.',
  rejectReasonRequired: 'Choose what the vendor should fix, or give the vendor a reason.',
  rejectFixUnknown: 'Choose what to fix from the list.',
  notUnderReview: 'This listing is not under review.',
} as const;

/**
 * What an operator can ask a vendor to fix when sending a listing back (issue 25 §1): each one is changed
 * in a Setup step while the listing is awaiting submission. In Setup's order.
 */
export const SEND_BACK_ITEMS = [
  'logo',
  'images',
  'calendar',
  'payouts',
  'pricing',
  'scheduling',
  'description',
  'instructions',
] as const;
export type SendBackItem = (typeof SEND_BACK_ITEMS)[number];

/** Each item as the operator picks it and the vendor reads it (the review dialog, the mail, Setup). */
export const SEND_BACK_ITEM_LABELS: Record<SendBackItem, string> = {
  logo: 'Logo and banner',
  images: 'Gallery images',
  calendar: 'Calendar',
  payouts: 'Payouts',
  pricing: 'Pricing questions and formula',
  scheduling: 'Scheduling rules',
  description: 'Service description',
  instructions: 'Appointment instructions',
};

/** The longest reason an operator may send back (the review dialog's field and the server's check). */
export const REJECT_REASON_MAX = 1000;

/** Sandbox payouts onboarding: the test bank details Stripe's test mode documents. */
export const SANDBOX_BANK = {
  routingNumber: '110000000',
  bankName: 'STRIPE TEST BANK',
  /** Test account numbers the sandbox accepts. */
  accountNumbers: ['000123456789', '000111111116', '000111111113', '000222222227'],
} as const;

// ---------------------------------------------------------------------------------------------------
// The vendor as the API answers it

export const galleryImageSchema = z.object({
  blobId: z.string(),
  url: z.string(),
  thumbnailUrl: z.string(),
});

export const pricingInputOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  value: z.union([z.number(), z.string()]),
  default: z.boolean(),
  optionType: z.enum(RANGE_OPTION_TYPES).nullable(),
});

export const pricingInputSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  alias: z.string(),
  inputType: z.enum(INPUT_TYPES),
  recurring: z.boolean(),
  pricingInputOptions: z.array(pricingInputOptionSchema),
});

export const vendorCalendarSchema = z.object({
  id: z.number().int(),
  apiIntegrated: z.boolean(),
  integrationType: z.enum(CALENDAR_INTEGRATIONS).nullable(),
  workdayStartTime: z.string(),
  workdayEndTime: z.string(),
  driveTimeBufferMins: z.number().int(),
  bookingWindowStartDays: z.number().int(),
  bookingWindowEndDays: z.number().int(),
  // The owner's view adds the integration's state.
  integratedCalendarId: z.string().nullable().optional(),
  needsReconnect: z.boolean().optional(),
  lastSyncedAt: z.string().nullable().optional(),
  syncError: z.string().nullable().optional(),
  icsUrlHint: z.string().nullable().optional(),
});

export const vendorAddressSchema = z.object({
  id: z.number().int(),
  streetAddress: z.string(),
  streetAddress2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
});

export const reviewSchema = z.object({
  id: z.number().int(),
  userId: z.number().int().nullable(),
  body: z.string().nullable(),
  score: z.number().int(),
  author: z.object({ firstName: z.string(), lastName: z.string() }),
  authorImage: z.string().nullable(),
  reviewType: z.enum(REVIEW_TYPES),
  url: z.string().nullable(),
  createdAt: z.string(),
});

export const vendorCardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.enum(CATEGORIES),
  logoImageUrl: z.string().nullable(),
  /** The banner's smaller rendition (catalog cards). */
  thumbnailImageUrl: z.string().nullable(),
  bannerImageUrl: z.string().nullable(),
  avgRating: z.number().nullable(),
  reviewCount: z.number().int(),
});

/** GET /api/vendors: the active vendors, as cards. */
export const vendorCardsResponseSchema = z.array(vendorCardSchema);

export const vendorSchema = vendorCardSchema.extend({
  phoneNumber: z.string(),
  email: z.string(),
  serviceDescription: z.string().nullable(),
  listingStatus: z.enum(LISTING_STATUSES),
  stripeIntegrated: z.enum(STRIPE_INTEGRATION_STATES),
  galleryImageUrls: z.array(galleryImageSchema),
  minPrice: z.number(),
  pricingFormula: z.string(),
  pricingInputs: z.array(pricingInputSchema),
  priceToDurationRate: z.number(),
  cancelationPolicyHours: z.number().int(),
  appointmentInstructions: z.string().nullable(),
  calendar: vendorCalendarSchema.nullable(),
  address: vendorAddressSchema.nullable(),
  reviews: z.array(reviewSchema),
  services: z.array(z.object({ vendorId: z.number().int(), category: z.enum(CATEGORIES) })),
  /** The plan frequencies offered and their discounts (ADR 0037), in PLAN_FREQUENCIES order; [] for none. */
  planOffers: z.array(planOfferSchema),
  // Only the owner sees these.
  stagedFormula: z.string().nullable().optional(),
  hasPreviousFormula: z.boolean().optional(),
  calendarSkipped: z.boolean().optional(),
  payoutDestination: z.object({ last4: z.string(), bankName: z.string().nullable() }).nullable().optional(),
  commissionRate: z.number().optional(),
  submittedAt: z.string().nullable().optional(),
  /** The reviewer's reason when the listing was sent back for changes. */
  reviewNote: z.string().nullable().optional(),
  /** What the reviewer asked to fix when the listing was sent back (SEND_BACK_ITEMS, in their order). */
  reviewFixes: z.array(z.enum(SEND_BACK_ITEMS)).optional(),
  /** The business's Google place id, for its Google reviews. */
  googlePlaceId: z.string().nullable().optional(),
});
export type VendorJson = z.infer<typeof vendorSchema>;

// ---------------------------------------------------------------------------------------------------
// Vendor sign-up: POST /api/vendors (spec §7: users_attributes with addresses_attributes, and
// address_attributes for the business)

/** Required text that a work order prints (issue 23 #13): printable there, or refused naming the field. */
const required = (message: string, max: number) => {
  const field = message.replace(' is required.', '');
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(max, { error: tooLongMessage(field, max) })
    .refine(...printableOnly(field));
};

/** The address as the sign-up form sends it (snake_case, spec §7); the state is always UT. */
const signUpAddressSchema = z
  .object({
    street_address: required(MESSAGES.streetRequired, TEXT_LIMITS.streetAddress),
    street_address_2: z
      .string()
      .trim()
      .max(TEXT_LIMITS.streetAddress2, {
        error: tooLongMessage('Street address 2', TEXT_LIMITS.streetAddress2),
      })
      .nullable()
      .optional()
      .refine(...printableOnly('Street address 2')),
    city: required(MESSAGES.cityRequired, TEXT_LIMITS.city),
    state: z
      .string()
      .trim()
      .optional()
      .refine((s) => s === undefined || s === '' || s.toUpperCase() === STATE, {
        error: MESSAGES.stateInvalid,
      }),
    zip_code: zipSchema,
  })
  .transform((a): AddressInput => ({
    streetAddress: a.street_address,
    streetAddress2: a.street_address_2 || null,
    city: a.city,
    state: STATE,
    zipCode: a.zip_code,
  }));

/** Step 1, the account admin: first, last, email, phone. */
export const vendorAdminSchema = z.object({
  first_name: required(MESSAGES.firstNameRequired, TEXT_LIMITS.firstName),
  last_name: required(MESSAGES.lastNameRequired, TEXT_LIMITS.lastName),
  email: emailSchema,
  phone_number: phoneSchema,
});

/** Step 2, the business: category, name, business phone and email, and the address. */
export const vendorBusinessSchema = z.object({
  category: categorySchema,
  name: required(MESSAGES.businessNameRequired, TEXT_LIMITS.businessName),
  email: emailSchema,
  phone_number: phoneSchema,
});

/** Step 3, the password, with its confirmation. */
export const vendorPasswordSchema = z
  .object({
    password: newPasswordSchema,
    password_confirmation: z.string({ error: MESSAGES.passwordConfirmationMismatch }),
  })
  .refine((p) => p.password === p.password_confirmation, {
    error: MESSAGES.passwordConfirmationMismatch,
    path: ['password_confirmation'],
  });

const vendorUserSchema = vendorAdminSchema
  .extend({
    password: newPasswordSchema,
    password_confirmation: z.string({ error: MESSAGES.passwordConfirmationMismatch }),
    user_type: z.literal('vendor').optional(),
    addresses_attributes: z.array(signUpAddressSchema).max(1).optional(),
  })
  .refine((p) => p.password === p.password_confirmation, {
    error: MESSAGES.passwordConfirmationMismatch,
    path: ['password_confirmation'],
  });

export const vendorSignUpSchema = vendorBusinessSchema.extend({
  address_attributes: signUpAddressSchema,
  /** The account admin; Rails-style nested attributes, so one user in a list (an object is taken too). */
  users_attributes: z
    .preprocess(
      (v) => (Array.isArray(v) || v === undefined ? v : [v]),
      z
        .array(vendorUserSchema, { error: MESSAGES.firstNameRequired })
        .length(1, { error: MESSAGES.firstNameRequired }),
    )
    .transform((list) => list[0]!),
});
export type VendorSignUp = z.output<typeof vendorSignUpSchema>;
export type VendorSignUpInput = z.input<typeof vendorSignUpSchema>;

export const vendorSignUpRequestSchema = z.object({ vendor: vendorSignUpSchema });

export const vendorSignUpResponseSchema = z.object({
  user: userSchema,
  vendor: vendorSchema,
  addresses: z.array(addressSchema),
});

// ---------------------------------------------------------------------------------------------------
// PATCH /api/vendors/{id} (JSON). The business details need the password ({vendor, password});
// so does deactivating. The pricing and scheduling screens send their own fields.

export const vendorBusinessPatchSchema = z.object({
  name: required(MESSAGES.businessNameRequired, TEXT_LIMITS.businessName).optional(),
  phoneNumber: phoneSchema.optional(),
  email: emailSchema.optional(),
  /** Cut to 500 characters (spec §5). */
  serviceDescription: z
    .string({ error: 'Service description must be text.' })
    .nullable()
    .optional()
    .transform((d) =>
      d === undefined
        ? undefined
        : d === null || d.trim() === ''
          ? null
          : d.trim().slice(0, LIMITS.serviceDescriptionMax),
    ),
  listingStatus: z.enum(LISTING_STATUSES, { error: 'Listing status is not valid.' }).optional(),
  /** Setup's "Skip" on the calendar step. */
  calendarSkipped: z.boolean().optional(),
  /** The business's Google place (its Google reviews are shown beside the marketplace's); null clears it. */
  googlePlaceId: z
    .string()
    .trim()
    .max(255, { error: tooLongMessage('Google place id', 255) })
    .nullable()
    .optional(),
});

/**
 * PATCH /api/vendors/{id} as JSON: any of the vendor's own fields (business details, listing status,
 * calendar skipped, Google place, and the pricing and scheduling screens' fields), and the password when a
 * change needs it (vendorPatchNeedsPassword). Images go as multipart/form-data to the same path.
 */
export const vendorPatchRequestSchema = z.object({
  vendor: vendorBusinessPatchSchema.extend({
    /** The spec's payload may carry the id too; the path decides. */
    id: z.union([z.number(), z.string()]).optional(),
    ...vendorPricingPatchShape,
  }),
  password: z
    .string()
    .max(TEXT_LIMITS.password, { error: tooLongMessage('Password', TEXT_LIMITS.password) })
    .optional(),
});
export type VendorPatchRequest = z.input<typeof vendorPatchRequestSchema>;

const imageFile = (description: string) =>
  z.string().meta({ format: 'binary', description: `${description}: an image, at most 10 MB` });

/**
 * PATCH /api/vendors/{id} as multipart/form-data (spec §7): the image files, one field each (the route
 * reads the parts itself, checks each file by its content and re-encodes it). Described in the API
 * document beside the JSON body.
 */
export const vendorImagesUploadSchema = z.object({
  'vendor[logoImageUrl]': imageFile('The logo').optional(),
  'vendor[thumbnailImageUrl]': imageFile('The banner').optional(),
  'vendor[galleryImages][]': z
    .array(imageFile('A gallery image'))
    .optional()
    .describe('Gallery images (the gallery holds 4-20)'),
});

/** Which changes need the vendor's password: the business contact details and deactivating. */
export function vendorPatchNeedsPassword(
  patch: { name?: string; phoneNumber?: string; email?: string; listingStatus?: ListingStatus },
  current: { name: string; phoneNumber: string; email: string },
): boolean {
  return (
    (patch.name !== undefined && patch.name !== current.name) ||
    (patch.phoneNumber !== undefined && patch.phoneNumber !== current.phoneNumber) ||
    (patch.email !== undefined && patch.email.toLowerCase() !== current.email.toLowerCase()) ||
    patch.listingStatus === 'inactive'
  );
}

/** The listing status changes a vendor may make (spec §4): Deactivate and Reactivate; nothing else. */
export function listingStatusChangeProblem(from: ListingStatus, to: ListingStatus): string | null {
  if (from === to) return null;
  if (to === 'inactive') return from === 'active' ? null : VENDOR_MESSAGES.deactivateOnlyActive;
  if (to === 'active') return from === 'inactive' ? null : VENDOR_MESSAGES.listingStatusNotAllowed;
  return VENDOR_MESSAGES.listingStatusNotAllowed;
}

/** DELETE /api/vendors/{id}/images */
export const deleteImageRequestSchema = z.object({
  blob_id: z
    .string({ error: VENDOR_MESSAGES.imageNotFound })
    .min(1, { error: VENDOR_MESSAGES.imageNotFound })
    .max(100, { error: VENDOR_MESSAGES.imageNotFound }),
});

/** The gallery rule after a delete: while the listing is live (submitted, active or inactive) it keeps 4. */
export function galleryDeleteProblem(status: ListingStatus, countBefore: number): string | null {
  if (status !== 'awaiting_submission' && countBefore - 1 < LIMITS.galleryMin)
    return VENDOR_MESSAGES.galleryMinimum;
  return null;
}

export function galleryAddProblem(countBefore: number, adding: number): string | null {
  return countBefore + adding > LIMITS.galleryMax ? VENDOR_MESSAGES.galleryFull : null;
}

// ---------------------------------------------------------------------------------------------------
// Setup and Submit for Review (spec §2 Setup, §5 Submit for review)

export interface SetupFacts {
  hasLogo: boolean;
  hasBanner: boolean;
  galleryCount: number;
  calendarIntegrated: boolean;
  calendarSkipped: boolean;
  stripeIntegrated: StripeIntegrationState;
}

export interface SetupProgress {
  logo: boolean;
  images: boolean;
  calendar: boolean;
  payouts: boolean;
}

export function setupProgress(f: SetupFacts): SetupProgress {
  return {
    logo: f.hasLogo && f.hasBanner,
    images: f.galleryCount >= LIMITS.galleryMin,
    calendar: f.calendarIntegrated || f.calendarSkipped,
    payouts: f.stripeIntegrated === 'active',
  };
}

/** What still stops Submit for Review; empty when the listing can be submitted. */
export function submitForReviewProblems(f: SetupFacts): string[] {
  const problems: string[] = [];
  if (!f.hasLogo) problems.push(VENDOR_MESSAGES.logoRequired);
  if (!f.hasBanner) problems.push(VENDOR_MESSAGES.bannerRequired);
  if (f.galleryCount < LIMITS.galleryMin) problems.push(VENDOR_MESSAGES.galleryRequired);
  if (!f.calendarIntegrated && !f.calendarSkipped) problems.push(VENDOR_MESSAGES.calendarRequired);
  if (f.stripeIntegrated !== 'active') problems.push(VENDOR_MESSAGES.payoutsRequired);
  return problems;
}

export const vendorResponseSchema = vendorSchema;

// ---------------------------------------------------------------------------------------------------
// Payouts onboarding: POST /api/vendors/create_account_session (spec §7: id → client_secret)

export const accountSessionRequestSchema = z.object({
  id: z.union([z.number().int(), z.string().regex(/^\d+$/)]).optional(),
});

export const accountSessionResponseSchema = z.object({
  client_secret: z.string(),
  /** stripe: load Stripe's embedded components; sandbox: show the sandbox onboarding form. */
  provider: z.enum(['stripe', 'sandbox']),
  /** Stripe's publishable key, for @stripe/connect-js; null in the sandbox. */
  publishableKey: z.string().nullable(),
  /** The fields the payment provider still needs (Stripe's requirements.currently_due). */
  currentlyDue: z.array(z.string()),
});
export type AccountSessionResponse = z.infer<typeof accountSessionResponseSchema>;

/** The sandbox onboarding form (POST /api/payments/sandbox/account-onboarding). */
export const sandboxOnboardingRequestSchema = z.object({
  clientSecret: z.string().min(1, { error: VENDOR_MESSAGES.sandboxSessionInvalid }).max(200),
  accountHolderName: z
    .string({ error: VENDOR_MESSAGES.sandboxAccountHolderRequired })
    .trim()
    .min(1, { error: VENDOR_MESSAGES.sandboxAccountHolderRequired })
    .max(100, { error: tooLongMessage('Account holder name', 100) }),
  routingNumber: z
    .string({ error: VENDOR_MESSAGES.sandboxRoutingInvalid })
    .trim()
    .refine((r) => r === SANDBOX_BANK.routingNumber, { error: VENDOR_MESSAGES.sandboxRoutingInvalid }),
  accountNumber: z
    .string({ error: VENDOR_MESSAGES.sandboxAccountInvalid })
    .trim()
    .refine((a) => (SANDBOX_BANK.accountNumbers as readonly string[]).includes(a), {
      error: VENDOR_MESSAGES.sandboxAccountInvalid,
    }),
  tosAccepted: z.literal(true, { error: VENDOR_MESSAGES.sandboxTermsRequired }),
});
export type SandboxOnboardingRequest = z.input<typeof sandboxOnboardingRequestSchema>;

export const sandboxOnboardingResponseSchema = z.object({
  stripeIntegrated: z.enum(STRIPE_INTEGRATION_STATES),
  payoutDestination: z.object({ last4: z.string(), bankName: z.string().nullable() }).nullable(),
});

// ---------------------------------------------------------------------------------------------------
// Listing review by operators

export const reviewQueueItemSchema = z.object({
  vendor: vendorSchema,
  admin: z.object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phoneNumber: z.string(),
  }),
  submittedAt: z.string().nullable(),
  /**
   * What a typical customer would pay and how long the job would take (issue 25): each question's default
   * answer, else its first choice, priced through the vendor's formula; null when the formula gives no price.
   */
  sampleQuote: z
    .object({
      /** Dollars, never below the minimum price. */
      price: z.number(),
      durationMinutes: z.number().int(),
      /** The answers priced, in the questions' order. */
      answers: z.array(z.object({ question: z.string(), answer: z.string() })),
    })
    .nullable()
    // The server always sends both; an answer without them (a server older than the page, mid-deploy)
    // still parses: no sample, nothing listed as missing (Approve is checked by the server anyway).
    .default(null),
  /** What still stops this listing from being approved (listingReadiness); empty when it can sell. */
  missing: z.array(z.string()).default([]),
  /**
   * The first week of open times as a customer would see them (issue 25): every start a customer could book
   * for the sample quote's job (else the minimum price's) in the 7 days from the first day they could book,
   * computed as the provider page's scheduler computes them. Null from a server older than the page.
   */
  firstWeek: availabilityResponseSchema.nullable().default(null),
});
export const reviewQueueResponseSchema = z.object({ listings: z.array(reviewQueueItemSchema) });
export type ReviewQueueItem = z.infer<typeof reviewQueueItemSchema>;

/**
 * POST /api/operator/listings/{id}/reject: what the vendor should fix (SEND_BACK_ITEMS, each at most once,
 * kept in Setup's order) and a reason in words; at least one of the two.
 */
export const rejectListingRequestSchema = z
  .object({
    reason: z
      .string({ error: VENDOR_MESSAGES.rejectReasonRequired })
      .trim()
      .max(REJECT_REASON_MAX, { error: tooLongMessage('Reason', REJECT_REASON_MAX) })
      .refine(...printableOnly('Reason'))
      .default(''),
    fixes: z
      .array(z.enum(SEND_BACK_ITEMS, { error: VENDOR_MESSAGES.rejectFixUnknown }), {
        error: VENDOR_MESSAGES.rejectFixUnknown,
      })
      .max(SEND_BACK_ITEMS.length, { error: VENDOR_MESSAGES.rejectFixUnknown })
      .default([])
      .transform((fixes) => SEND_BACK_ITEMS.filter((item) => fixes.includes(item))),
  })
  .refine((r) => r.reason.length > 0 || r.fixes.length > 0, {
    error: VENDOR_MESSAGES.rejectReasonRequired,
    path: ['reason'],
  });
export type RejectListingRequest = z.input<typeof rejectListingRequestSchema>;

export const listingDecisionResponseSchema = z.object({
  id: z.number().int(),
  listingStatus: z.enum(LISTING_STATUSES),
});

/** The vendor and its parts as answered (the web's names for them). */
export type Vendor = z.output<typeof vendorSchema>;
export type VendorCard = z.output<typeof vendorCardSchema>;
export type GalleryImage = Vendor['galleryImageUrls'][number];
export type PricingInput = Vendor['pricingInputs'][number];
export type PricingInputOption = PricingInput['pricingInputOptions'][number];
export type VendorCalendar = NonNullable<Vendor['calendar']>;
export type Review = Vendor['reviews'][number];
