/**
 * The vendor's own listing: sign-up, business details, listing status (Deactivate / Reactivate) and
 * Submit for Review. Every change takes the vendor row's lock in one transaction and is logged in
 * vendor_events.
 */
import type { z } from 'zod';
import { VENDOR_PRICING_PATCH_KEYS } from '@stg/domain/api/pricing';
import type { PricingInputDraft } from '@stg/domain/pricing-inputs';
import {
  listingStatusChangeProblem,
  VENDOR_MESSAGES,
  vendorPatchNeedsPassword,
  type VendorSignUp,
  type vendorPatchRequestSchema,
} from '@stg/domain/api/vendors';
import type { ListingStatus } from '@stg/domain/constants';
import { listingReadiness } from '@stg/domain/listing-readiness';
import { defaultPricingFor } from '@stg/domain/pricing-defaults';
import { MESSAGES } from '@stg/domain/validation';
import type { Db } from '../../db/client';
import { notFound, unprocessable } from '../../http/errors';
import { hashPassword } from '../auth/password';
import type { UserRow } from '../../db/rows';
import type { AppDeps } from '../../deps';
import { rotateSession, type Rotation, type StartedSession } from '../session-rotation/rotate-session';
import {
  pricingPatchProblems,
  replacePricingInputs,
  revertFormula,
  startVendorPricing,
  updateVendorPricing,
} from '../pricing/service';
import { googlePlaceIdProblem, refreshVendorGoogleReviews, setVendorGooglePlaceId } from '../reviews/google';
import { isEmailTaken, isEmailUniqueViolation } from '../users/queries';
import { confirmPassword } from '../auth/confirm-password';
import type { SandboxPayments } from '../../adapters/payments/sandbox-provider';
import { startVendorPlanOffers } from '../plan-offers/service';
import { addVendorEvent } from './events';
import { deleteGalleryImage, uploadVendorImages, type ImageUpload } from './images';
import { listingFactsFrom } from './listing-facts';
import { applyPayoutAccount } from './payouts';
import {
  countPricingInputs,
  findVendorRow,
  insertVendorWithAdmin,
  loadVendorDetail,
  listingRowsOf,
  listVendorsInSetupWithoutPricing,
  lockVendorRow,
  updateVendorRow,
  type VendorRow,
} from './repo';

/** Reads other modules' routes use (a module's repo is its own; others call its service, ADR 0026). */
export { listListingsUnderReview, loadVendorDetail } from './repo';

/** The vendor with what its owner sees (as GET /api/vendors/{id} answers them); 404 when it is gone. */
export async function loadOwnerVendor(db: Db, vendorId: number) {
  const detail = await loadVendorDetail(db, vendorId);
  if (!detail) throw notFound(MESSAGES.vendorNotFound);
  return detail;
}

/** POST /api/vendors: the account admin (a vendor user) and the vendor, awaiting submission, in one transaction. */
export async function signUpVendor(db: Db, input: VendorSignUp, now: Date) {
  const admin = input.users_attributes;
  if (await isEmailTaken(db, admin.email)) throw unprocessable(MESSAGES.emailTaken);
  const passwordDigest = await hashPassword(admin.password);
  try {
    return await db.transaction(async (tx) => {
      const created = await insertVendorWithAdmin(tx, {
        vendor: {
          name: input.name,
          category: input.category,
          email: input.email,
          phoneNumber: input.phone_number,
        },
        businessAddress: input.address_attributes,
        admin: {
          firstName: admin.first_name,
          lastName: admin.last_name,
          email: admin.email,
          phoneNumber: admin.phone_number,
          passwordDigest,
        },
        adminAddress: admin.addresses_attributes?.[0] ?? null,
        now,
      });
      // A listing that sells from day one (issue 25): the category's questions, formula and minimum price.
      await startVendorPricing(tx, created.vendor.id, defaultPricingFor(input.category), now);
      // And its category's plan offers (ADR 0037); vendors that signed up before keep offering none.
      await startVendorPlanOffers(tx, created.vendor.id, input.category, now);
      await addVendorEvent(tx, {
        vendorId: created.vendor.id,
        actorUserId: created.user.id,
        actorRole: 'vendor',
        action: 'signed_up',
        createdAt: now,
      });
      return created;
    });
  } catch (err) {
    // Two sign-ups racing for one email: the unique index decides.
    if (isEmailUniqueViolation(err)) throw unprocessable(MESSAGES.emailTaken);
    throw err;
  }
}

/**
 * Vendors signed up before ADR 0032 and still in setup (formula `x`, no questions) get their category's
 * default pricing, as a sign-up now does: Submit for Review needs it, and the Pricing page is not usable
 * in setup. Run at start-up after the migrations; idempotent, and safe with several instances (each
 * vendor under its row lock, decided again there). Live vendors keep what they have. Answers how many.
 */
export async function startPricingOfVendorsInSetup(db: Db, now: Date): Promise<number> {
  let started = 0;
  for (const id of await listVendorsInSetupWithoutPricing(db)) {
    await db.transaction(async (tx) => {
      const vendor = await lockVendorRow(tx, id);
      if (!vendor || vendor.pricingFormula !== 'x' || (await countPricingInputs(tx, id)) > 0) return;
      if (vendor.listingStatus !== 'awaiting_submission' && vendor.listingStatus !== 'under_review') return;
      await startVendorPricing(tx, id, defaultPricingFor(vendor.category), now);
      started += 1;
    });
  }
  return started;
}

export interface BusinessPatch {
  name?: string;
  phoneNumber?: string;
  email?: string;
  serviceDescription?: string | null;
  listingStatus?: ListingStatus;
  calendarSkipped?: boolean;
}

/**
 * PATCH /api/vendors/{id} for the General Settings and Setup fields. The business name, phone and
 * email, and deactivating, need the vendor's password (spec §6, §7 `{vendor, password}`); a wrong
 * password is throttled like a sign-in.
 */
export async function updateVendorBusiness(
  db: Db,
  opts: {
    user: UserRow;
    vendorId: number;
    patch: BusinessPatch;
    password?: string;
    ip: string;
    device?: string | undefined;
    now: Date;
  },
): Promise<void> {
  const { patch, now } = opts;
  const current = await findVendorRow(db, opts.vendorId);
  if (!current) throw notFound(MESSAGES.vendorNotFound);
  if (vendorPatchNeedsPassword(patch, current))
    await confirmPassword(db, {
      user: opts.user,
      password: opts.password,
      ip: opts.ip,
      device: opts.device,
      now,
      required: VENDOR_MESSAGES.passwordRequired,
      incorrect: VENDOR_MESSAGES.passwordIncorrect,
    });

  await db.transaction(async (tx) => {
    const vendor = await lockVendorRow(tx, opts.vendorId);
    if (!vendor) throw notFound(MESSAGES.vendorNotFound);
    const fields: Parameters<typeof updateVendorRow>[2] = {};
    const changed: string[] = [];
    const set = <K extends keyof BusinessPatch & keyof VendorRow>(key: K) => {
      const value = patch[key];
      if (value === undefined || value === vendor[key]) return;
      (fields as Record<string, unknown>)[key] = value;
      changed.push(key);
    };
    set('name');
    set('phoneNumber');
    set('email');
    set('serviceDescription');

    let statusAction: 'deactivated' | 'reactivated' | null = null;
    if (patch.listingStatus !== undefined && patch.listingStatus !== vendor.listingStatus) {
      const problem = listingStatusChangeProblem(vendor.listingStatus, patch.listingStatus);
      if (problem) throw unprocessable(problem);
      fields.listingStatus = patch.listingStatus;
      statusAction = patch.listingStatus === 'inactive' ? 'deactivated' : 'reactivated';
    }
    if (patch.calendarSkipped !== undefined && patch.calendarSkipped !== vendor.calendarSkipped)
      fields.calendarSkipped = patch.calendarSkipped;

    if (Object.keys(fields).length === 0) return;
    await updateVendorRow(tx, vendor.id, { ...fields, updatedAt: now });
    const event = {
      vendorId: vendor.id,
      actorUserId: opts.user.id,
      actorRole: 'vendor' as const,
      createdAt: now,
    };
    if (changed.length > 0)
      await addVendorEvent(tx, { ...event, action: 'profile_changed', details: { changed } });
    if (statusAction) await addVendorEvent(tx, { ...event, action: statusAction });
    if (fields.calendarSkipped !== undefined)
      await addVendorEvent(tx, {
        ...event,
        action: 'calendar_skipped',
        details: { skipped: fields.calendarSkipped },
      });
  });
}

/**
 * POST /api/vendors/{id}/submit-for-review: only with a logo, a banner, at least 4 gallery images,
 * the calendar integrated or skipped, and payouts active (spec §5), and only a listing that can sell: a
 * description, a pricing question the formula prices, scheduling rules (listingReadiness, ADR 0032);
 * checked here under the row lock.
 * Submitting again while under review changes nothing (a double click).
 */
export async function submitForReview(db: Db, opts: { vendorId: number; actorUserId: number; now: Date }) {
  await db.transaction(async (tx) => {
    const vendor = await lockVendorRow(tx, opts.vendorId);
    if (!vendor) throw notFound(MESSAGES.vendorNotFound);
    if (vendor.listingStatus === 'under_review') return;
    if (vendor.listingStatus !== 'awaiting_submission')
      throw unprocessable(VENDOR_MESSAGES.notAwaitingSubmission);
    const problems = listingReadiness(listingFactsFrom(await listingRowsOf(tx, vendor)));
    if (problems.length > 0) throw unprocessable(...problems);
    await updateVendorRow(tx, vendor.id, {
      listingStatus: 'under_review',
      submittedAt: opts.now,
      reviewNote: null,
      reviewFixes: [],
      updatedAt: opts.now,
    });
    // A listing sent back is submitted again: the log keeps what had been asked, the row forgets it.
    const sentBack = vendor.reviewNote !== null || vendor.reviewFixes.length > 0;
    await addVendorEvent(tx, {
      vendorId: vendor.id,
      actorUserId: opts.actorUserId,
      actorRole: 'vendor',
      action: 'submitted',
      ...(sentBack
        ? { details: { afterSendBack: { reason: vendor.reviewNote ?? '', fixes: vendor.reviewFixes } } }
        : {}),
      createdAt: opts.now,
    });
  });
}

/**
 * POST /api/vendors: the sign-up (signUpVendor), then the request's session rotates to the new vendor
 * user (no fixation; anything priced as a guest comes along), then the vendor as its owner sees it.
 * Two transactions, in this order, as before: the sign-up commits even if the rotation fails.
 */
export async function signUpVendorAndSignIn(
  db: Db,
  input: VendorSignUp,
  rotation: Omit<Rotation, 'user' | 'endUserSessions'>,
): Promise<
  Awaited<ReturnType<typeof signUpVendor>> & {
    started: StartedSession;
    detail: Awaited<ReturnType<typeof loadOwnerVendor>>;
  }
> {
  const created = await signUpVendor(db, input, rotation.now);
  const started = await rotateSession(db, { ...rotation, user: created.user });
  return { ...created, started, detail: await loadOwnerVendor(db, created.vendor.id) };
}

/** The fields of PATCH /api/vendors/{id}'s JSON body (the path decides the id). */
export type VendorPatch = Omit<z.output<typeof vendorPatchRequestSchema>['vendor'], 'id'>;

/**
 * PATCH /api/vendors/{id} (JSON): the business fields (updateVendorBusiness: password check, then its
 * transaction), the Google place id (its reviews refreshed in the background), then the pricing fields
 * (updateVendorPricing: its own transaction), then the vendor as its owner sees it. Not one transaction:
 * the password check must commit its throttle count whatever follows, and each part opens its own
 * transaction on the vendor row today; the order is the one the route had, so an invalid pricing field
 * still leaves the business fields saved, as before.
 */
export async function updateVendor(
  deps: Pick<AppDeps, 'db' | 'now' | 'googlePlaces' | 'background'>,
  opts: {
    user: UserRow;
    vendorId: number;
    fields: VendorPatch;
    password?: string;
    ip: string;
    device?: string | undefined;
  },
) {
  const { db } = deps;
  const { vendorId: id, fields } = opts;
  const pricing = Object.fromEntries(
    VENDOR_PRICING_PATCH_KEYS.filter((k) => fields[k] !== undefined).map((k) => [k, fields[k]]),
  );
  const { name, phoneNumber, email, serviceDescription, listingStatus, calendarSkipped, googlePlaceId } =
    fields;
  // Refused whole: the Google place and the pricing part are checked before the business part is saved.
  const placeProblem = googlePlaceId !== undefined ? googlePlaceIdProblem(googlePlaceId) : null;
  if (placeProblem) throw unprocessable(placeProblem);
  if (Object.keys(pricing).length > 0) {
    const problems = await pricingPatchProblems(db, id, pricing);
    if (problems.length > 0) throw unprocessable(...problems);
  }
  await updateVendorBusiness(db, {
    user: opts.user,
    vendorId: id,
    patch: { name, phoneNumber, email, serviceDescription, listingStatus, calendarSkipped },
    password: opts.password,
    ip: opts.ip,
    device: opts.device,
    now: deps.now(),
  });
  if (googlePlaceId !== undefined) {
    await setVendorGooglePlaceId(db, id, googlePlaceId);
    // The new place's reviews now, not at tomorrow's refresh.
    const places = deps.googlePlaces;
    if (places && googlePlaceId)
      deps.background.run('google reviews', async () => {
        await refreshVendorGoogleReviews(db, places, id, deps.now());
      });
  }
  if (Object.keys(pricing).length > 0) await updateVendorPricing(db, id, pricing, deps.now());
  return loadOwnerVendor(db, id);
}

/** POST /api/vendors/{id}/revert_formula: the pricing module's revert, then the vendor as its owner sees it. */
export async function revertVendorFormula(db: Db, vendorId: number, now: Date) {
  await revertFormula(db, vendorId, now);
  return loadOwnerVendor(db, vendorId);
}

/** PATCH /api/vendors/{id}/update_pricing_input_options: the questions replaced, then the owner's vendor. */
export async function replaceVendorPricingInputs(
  db: Db,
  vendorId: number,
  items: PricingInputDraft[],
  now: Date,
) {
  await replacePricingInputs(db, vendorId, items, now);
  return loadOwnerVendor(db, vendorId);
}

/** PATCH /api/vendors/{id} (multipart): the images stored (vendors/images.ts), then the owner's vendor. */
export async function updateVendorImages(
  deps: Pick<AppDeps, 'db' | 'storage' | 'now'>,
  opts: { vendorId: number; actorUserId: number; uploads: ImageUpload[] },
) {
  await uploadVendorImages(deps, opts);
  return loadOwnerVendor(deps.db, opts.vendorId);
}

/** DELETE /api/vendors/{id}/images: the gallery image removed, then the owner's vendor. */
export async function removeGalleryImage(
  deps: Pick<AppDeps, 'db' | 'storage' | 'now'>,
  opts: { vendorId: number; actorUserId: number; blobId: string },
) {
  await deleteGalleryImage(deps, opts);
  return loadOwnerVendor(deps.db, opts.vendorId);
}

/** POST /api/vendors/{id}/submit-for-review: submitted (submitForReview), then the owner's vendor. */
export async function submitForReviewAndLoad(
  db: Db,
  opts: { vendorId: number; actorUserId: number; now: Date },
) {
  await submitForReview(db, opts);
  return loadOwnerVendor(db, opts.vendorId);
}

/**
 * The sandbox's embedded onboarding form (POST /api/payments/sandbox/account-onboarding): the bank
 * account put on the vendor's connected account, the account applied at once (the account.updated
 * event says the same later), then the owner's vendor. An unknown or expired session: 422.
 */
export async function completeSandboxOnboarding(
  deps: Pick<AppDeps, 'db' | 'now' | 'log'> & { sandbox: SandboxPayments },
  opts: { vendorId: number; clientSecret: string; accountNumber: string; bankName: string },
) {
  const { db } = deps;
  const accountId = (await findVendorRow(db, opts.vendorId))?.paymentAccountId;
  if (!accountId) throw unprocessable(VENDOR_MESSAGES.sandboxSessionInvalid);
  let account;
  try {
    account = await deps.sandbox.submitAccountOnboarding({
      clientSecret: opts.clientSecret,
      accountId,
      bank: { last4: opts.accountNumber.slice(-4), bankName: opts.bankName },
    });
  } catch (err) {
    deps.log.warn({ err, vendorId: opts.vendorId }, 'sandbox onboarding refused');
    throw unprocessable(VENDOR_MESSAGES.sandboxSessionInvalid);
  }
  await db.transaction((tx) => applyPayoutAccount(tx, account, deps.now()));
  return loadOwnerVendor(db, opts.vendorId);
}
