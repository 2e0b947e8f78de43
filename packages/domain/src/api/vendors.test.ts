import { describe, expect, it } from 'vitest';
import {
  galleryAddProblem,
  galleryDeleteProblem,
  listingStatusChangeProblem,
  sandboxOnboardingRequestSchema,
  setupProgress,
  submitForReviewProblems,
  VENDOR_MESSAGES,
  vendorPatchNeedsPassword,
  vendorSignUpSchema,
} from './vendors';

const complete = {
  hasLogo: true,
  hasBanner: true,
  galleryCount: 4,
  calendarIntegrated: false,
  calendarSkipped: true,
  stripeIntegrated: 'active' as const,
};

describe('submit for review', () => {
  it('needs logo, banner, 4 images, calendar integrated or skipped, and payouts active', () => {
    expect(submitForReviewProblems(complete)).toEqual([]);
    expect(
      submitForReviewProblems({ ...complete, calendarSkipped: false, calendarIntegrated: true }),
    ).toEqual([]);
    expect(submitForReviewProblems({ ...complete, galleryCount: 3 })).toEqual([
      VENDOR_MESSAGES.galleryRequired,
    ]);
    expect(submitForReviewProblems({ ...complete, calendarSkipped: false })).toEqual([
      VENDOR_MESSAGES.calendarRequired,
    ]);
    expect(submitForReviewProblems({ ...complete, stripeIntegrated: 'onboarding' })).toEqual([
      VENDOR_MESSAGES.payoutsRequired,
    ]);
    expect(setupProgress({ ...complete, hasBanner: false })).toEqual({
      logo: false,
      images: true,
      calendar: true,
      payouts: true,
    });
  });
});

describe('listing status and gallery rules', () => {
  it('a vendor may only deactivate an active listing and reactivate an inactive one', () => {
    expect(listingStatusChangeProblem('active', 'inactive')).toBeNull();
    expect(listingStatusChangeProblem('inactive', 'active')).toBeNull();
    expect(listingStatusChangeProblem('awaiting_submission', 'active')).toBe(
      VENDOR_MESSAGES.listingStatusNotAllowed,
    );
    expect(listingStatusChangeProblem('awaiting_submission', 'under_review')).toBe(
      VENDOR_MESSAGES.listingStatusNotAllowed,
    );
    expect(listingStatusChangeProblem('under_review', 'inactive')).toBe(VENDOR_MESSAGES.deactivateOnlyActive);
  });

  it('the gallery holds at most 20, and a submitted listing keeps 4', () => {
    expect(galleryAddProblem(16, 4)).toBeNull();
    expect(galleryAddProblem(17, 4)).toBe(VENDOR_MESSAGES.galleryFull);
    expect(galleryDeleteProblem('awaiting_submission', 1)).toBeNull();
    expect(galleryDeleteProblem('active', 5)).toBeNull();
    expect(galleryDeleteProblem('active', 4)).toBe(VENDOR_MESSAGES.galleryMinimum);
    expect(galleryDeleteProblem('under_review', 4)).toBe(VENDOR_MESSAGES.galleryMinimum);
  });

  it('the password is needed for a new name, phone or email, and to deactivate', () => {
    const current = { name: 'A', phoneNumber: '4355550000', email: 'a@b.co' };
    expect(vendorPatchNeedsPassword({ name: 'A', email: 'A@B.co' }, current)).toBe(false);
    expect(vendorPatchNeedsPassword({ name: 'B' }, current)).toBe(true);
    expect(vendorPatchNeedsPassword({ listingStatus: 'inactive' }, current)).toBe(true);
    expect(vendorPatchNeedsPassword({ listingStatus: 'active' }, current)).toBe(false);
  });
});

describe('vendor sign-up schema', () => {
  const address = { street_address: '1 Main St', city: 'St George', zip_code: '84790' };
  const user = {
    first_name: 'Dana',
    last_name: 'Lund',
    email: 'Dana@Example.com',
    phone_number: '4355551234',
    password: 'Sunny-Day-2026',
    password_confirmation: 'Sunny-Day-2026',
  };
  it('takes users_attributes as a list or one object, and fixes the state to UT', () => {
    for (const users_attributes of [[user], user]) {
      const parsed = vendorSignUpSchema.parse({
        name: 'Zion Windows',
        category: 'window_cleaning',
        email: 'office@zion.example',
        phone_number: '4355550000',
        address_attributes: address,
        users_attributes,
      });
      expect(parsed.users_attributes.email).toBe('dana@example.com');
      expect(parsed.address_attributes).toEqual({
        streetAddress: '1 Main St',
        streetAddress2: null,
        city: 'St George',
        state: 'UT',
        zipCode: '84790',
      });
    }
  });
});

describe('sandbox onboarding', () => {
  it("accepts only Stripe's test bank numbers and the agreement", () => {
    const ok = {
      clientSecret: 'accs_x_secret_y',
      accountHolderName: 'Dana',
      routingNumber: '110000000',
      accountNumber: '000123456789',
      tosAccepted: true,
    };
    expect(sandboxOnboardingRequestSchema.safeParse(ok).success).toBe(true);
    expect(sandboxOnboardingRequestSchema.safeParse({ ...ok, routingNumber: '021000021' }).success).toBe(
      false,
    );
    expect(sandboxOnboardingRequestSchema.safeParse({ ...ok, tosAccepted: false }).success).toBe(false);
  });
});
