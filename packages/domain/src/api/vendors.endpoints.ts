/**
 * The vendors endpoints (spec §7): the public list and page, sign-up, the owner's profile and image
 * writes, payouts onboarding, submitting the listing for review, and the pricing screen's writes that
 * answer the whole vendor. One object each (ADR 0031); their schemas are in ./vendors (and ./pricing).
 * The public reads are declared in ./vendor-reads.endpoints (the same objects), which the landing page's
 * first bundle imports on its own.
 */
import { endpoint } from './endpoint';
import { vendorReadsApi } from './vendor-reads.endpoints';

const schemas = () => import('./vendors');
const tags = ['vendors'];

export const vendorsApi = {
  ...vendorReadsApi,
  signUp: endpoint({
    method: 'POST',
    path: '/api/vendors',
    tags,
    summary:
      'Vendor sign-up (spec §7): the account admin (users_attributes) and the business (address_attributes) in one transaction, awaiting submission; signs the new vendor in',
    schemas: () =>
      schemas().then((m) => ({
        body: m.vendorSignUpRequestSchema,
        responses: { 201: m.vendorSignUpResponseSchema },
      })),
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/vendors/:id',
    tags,
    summary:
      'Update the vendor (owner only). JSON `{vendor, password}`: name, phoneNumber, email (password needed), serviceDescription (cut to 500), listingStatus inactive (Deactivate, password needed) or active (Reactivate), calendarSkipped, googlePlaceId (its Google reviews), minPrice, pricingFormula, stagedFormula, priceToDurationRate, cancelationPolicyHours, appointmentInstructions. Or multipart/form-data with vendor[logoImageUrl], vendor[thumbnailImageUrl] (the banner) or vendor[galleryImages][] files: images only, checked by content, at most 10 MB each, re-encoded; a gallery holds 4-20. A multipart request is all or nothing: a 422 names every file refused ("notes.txt is not an image (JPEG, PNG or WebP).")',
    // The JSON body; a client may send the images as FormData instead (the route reads either itself).
    schemas: () =>
      schemas().then((m) => ({ body: m.vendorPatchRequestSchema, responses: { 200: m.vendorSchema } })),
  }),
  deleteImage: endpoint({
    method: 'DELETE',
    path: '/api/vendors/:id/images',
    tags,
    summary:
      'Delete one gallery image by blob_id (owner only); a listing that has been submitted keeps at least 4',
    schemas: () =>
      schemas().then((m) => ({ body: m.deleteImageRequestSchema, responses: { 200: m.vendorSchema } })),
  }),
  createAccountSession: endpoint({
    method: 'POST',
    path: '/api/vendors/create_account_session',
    tags,
    summary:
      "Start or continue payouts onboarding (or account management once active) for the signed-in vendor: makes the vendor's connected account the first time and answers an account session's client_secret for the embedded components",
    schemas: () =>
      schemas().then((m) => ({
        body: m.accountSessionRequestSchema.optional(),
        responses: { 200: m.accountSessionResponseSchema },
      })),
  }),
  sandboxAccountOnboarding: endpoint({
    method: 'POST',
    path: '/api/payments/sandbox/account-onboarding',
    tags,
    summary:
      "The sandbox's embedded onboarding form: the account session's client secret and the currently due fields (Stripe's test routing number 110000000 and a test account number); puts the bank account on file and turns payouts on. Sandbox only",
    schemas: () =>
      schemas().then((m) => ({
        body: m.sandboxOnboardingRequestSchema,
        responses: { 200: m.sandboxOnboardingResponseSchema },
      })),
  }),
  submitForReview: endpoint({
    method: 'POST',
    path: '/api/vendors/:id/submit-for-review',
    tags,
    summary:
      'Submit the listing for review (owner only): needs a logo, a banner, at least 4 gallery images, the calendar integrated or skipped, and payouts active; answers the updated vendor',
    schemas: () => schemas().then((m) => ({ responses: { 200: m.vendorSchema } })),
  }),
  revertFormula: endpoint({
    method: 'POST',
    path: '/api/vendors/:id/revert_formula',
    tags: ['pricing'],
    summary: 'Revert to Previous Save: swap the pricing formula with the previous save; owner only',
    schemas: () => schemas().then((m) => ({ responses: { 200: m.vendorSchema } })),
  }),
  updatePricingInputOptions: endpoint({
    method: 'PATCH',
    path: '/api/vendors/:id/update_pricing_input_options',
    tags: ['pricing'],
    summary:
      "Replace the vendor's whole set of pricing questions (with id: update, without: create, missing: delete) in one transaction; owner only",
    schemas: () =>
      Promise.all([schemas(), import('./pricing')]).then(([m, pricing]) => ({
        body: pricing.updatePricingInputOptionsRequestSchema,
        responses: { 200: m.vendorSchema },
      })),
  }),
};
