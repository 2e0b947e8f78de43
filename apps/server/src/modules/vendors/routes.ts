import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountSessionRequestSchema,
  accountSessionResponseSchema,
  deleteImageRequestSchema,
  sandboxOnboardingRequestSchema,
  sandboxOnboardingResponseSchema,
  SANDBOX_BANK,
  vendorImagesUploadSchema,
  vendorPatchRequestSchema,
  vendorSchema,
  vendorSignUpRequestSchema,
  vendorSignUpResponseSchema,
} from '@stg/domain/api/vendors';
import { errorMessages, MESSAGES } from '@stg/domain/validation';
import { requireOwnVendor, requireUser, signedInUser } from '../../http/auth';
import { forbidden, notFound, unprocessable } from '../../http/errors';
import { parseId } from '../../http/params';
import { sendSession, sessionClient, signedInTtlDays } from '../auth/session-plugin';
import { deviceToken, trustThisDevice } from '../auth/trusted-devices';
import { presentAddress, presentUser } from '../users/presenter';
import { readImageUploads } from './images';
import { createAccountSession } from './payouts';
import { presentVendor } from './presenter';
import { publicReadCache, representation, sendRepresentation } from '../public-read-cache/cache';
import { publicVendor, publicVendorCards, serializeVendor, vendorCardsSchema } from './public-reads';
import {
  completeSandboxOnboarding,
  loadOwnerVendor,
  removeGalleryImage,
  signUpVendorAndSignIn,
  submitForReviewAndLoad,
  updateVendor,
  updateVendorImages,
} from './service';

const idParams = z.object({ id: z.string() });

/** What every group of vendor routes shares. */
interface VendorRouteContext {
  app: FastifyInstance;
  r: ReturnType<typeof typed>;
  db: FastifyInstance['deps']['db'];
  urlFor: (key: string) => string;
  publicReads: Parameters<typeof publicVendorCards>[0];
  ownerView: (vendorId: number) => Promise<ReturnType<typeof presentVendor>>;
  vendorIdOf: (raw: string) => number;
}

const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();

export async function vendorRoutes(app: FastifyInstance) {
  const r = typed(app);
  const { db } = app.deps;
  const urlFor = (key: string) => app.deps.storage.url(key);
  // The public answers, cached until a write changes them in any process (ADR 0022).
  const cache = await publicReadCache(app.deps.database);
  const publicReads = { cache, db, urlFor };

  /** The vendor as its owner sees it (as GET /api/vendors/{id} answers them). */
  async function ownerView(vendorId: number) {
    return presentVendor(await loadOwnerVendor(db, vendorId), urlFor, { owner: true });
  }
  const vendorIdOf = (raw: string) => {
    const id = parseId(raw);
    if (id === null) throw notFound(MESSAGES.vendorNotFound);
    return id;
  };

  const ctx: VendorRouteContext = { app, r, db, urlFor, publicReads, ownerView, vendorIdOf };
  registerVendorReads(ctx);
  registerVendorProfileWrites(ctx);
  registerVendorPayouts(ctx);
  registerVendorReview(ctx);
}

/** The public list of vendors and one vendor's page (owner's own view uncached). */
function registerVendorReads({ r, publicReads, ownerView, vendorIdOf }: VendorRouteContext) {
  r.get(
    '/api/vendors',
    {
      schema: {
        tags: ['vendors'],
        summary: 'Active vendors, as their cards need',
        response: { 200: vendorCardsSchema, 304: z.null().describe('Not modified (If-None-Match)') },
      },
    },
    async (req, reply) => {
      return sendRepresentation(req, reply, await publicVendorCards(publicReads), { personal: false });
    },
  );

  r.get(
    '/api/vendors/:id',
    {
      schema: {
        tags: ['vendors'],
        summary:
          'One vendor with everything the provider page needs; a listing that is not active is unknown to all but its owner',
        params: idParams,
        response: { 200: vendorSchema, 304: z.null().describe('Not modified (If-None-Match)') },
      },
    },
    async (req, reply) => {
      const id = vendorIdOf(req.params.id);
      // The owner always sees their own listing, with what only they see: never cached.
      if (req.user?.vendorId === id)
        return sendRepresentation(req, reply, representation(serializeVendor(await ownerView(id))), {
          personal: true,
        });
      // Only active listings are public; everyone else gets the same answer, cached.
      const answer = await publicVendor(publicReads, id);
      if (!answer) throw notFound(MESSAGES.vendorNotFound);
      return sendRepresentation(req, reply, answer, { personal: false });
    },
  );
}

/** Sign-up, profile and image updates, and removing a gallery image. */
function registerVendorProfileWrites({ app, r, db, urlFor, vendorIdOf }: VendorRouteContext) {
  r.post(
    '/api/vendors',
    {
      schema: {
        tags: ['vendors'],
        summary:
          'Vendor sign-up (spec §7): the account admin (users_attributes) and the business (address_attributes) in one transaction, awaiting submission; signs the new vendor in',
        body: vendorSignUpRequestSchema,
        response: { 201: vendorSignUpResponseSchema },
      },
    },
    async (req, reply) => {
      // A new session (no fixation); anything priced as a guest comes along to the account.
      const created = await signUpVendorAndSignIn(db, req.body.vendor, {
        previous: req.session,
        client: sessionClient(req),
        ttlDays: signedInTtlDays(app),
        now: app.deps.now(),
      });
      sendSession(app, req, reply, created.started);
      await trustThisDevice(app, req, reply, created.user.id);
      reply.status(201);
      return {
        user: presentUser(created.user),
        vendor: presentVendor(created.detail, urlFor, { owner: true }),
        addresses: created.addresses.map((a) => presentAddress(a)),
      };
    },
  );

  r.patch(
    '/api/vendors/:id',
    {
      preValidation: [requireUser, requireOwnVendor('id')],
      schema: {
        tags: ['vendors'],
        summary:
          'Update the vendor (owner only). JSON `{vendor, password}`: name, phoneNumber, email (password needed), serviceDescription (cut to 500), listingStatus inactive (Deactivate, password needed) or active (Reactivate), calendarSkipped, googlePlaceId (its Google reviews), minPrice, pricingFormula, stagedFormula, priceToDurationRate, cancelationPolicyHours, appointmentInstructions. Or multipart/form-data with vendor[logoImageUrl], vendor[thumbnailImageUrl] (the banner) or vendor[galleryImages][] files: images only, checked by content, at most 10 MB each, re-encoded; a gallery holds 4-20. A multipart request is all or nothing: a 422 names every file refused ("notes.txt is not an image (JPEG, PNG or WebP).")',
        params: idParams,
        // The route reads either body itself (JSON with the contract's schema, files part by part).
        documentedBody: {
          'application/json': vendorPatchRequestSchema,
          'multipart/form-data': vendorImagesUploadSchema,
        },
        response: { 200: vendorSchema },
      },
    },
    async (req) => {
      const id = vendorIdOf(req.params.id);
      const user = signedInUser(req);
      if (req.isMultipart()) {
        const uploads = await readImageUploads(req);
        const detail = await updateVendorImages(app.deps, { vendorId: id, actorUserId: user.id, uploads });
        return presentVendor(detail, urlFor, { owner: true });
      }
      const parsed = vendorPatchRequestSchema.safeParse(req.body);
      if (!parsed.success) throw unprocessable(...errorMessages(parsed.error));
      const { id: _ignored, ...fields } = parsed.data.vendor;
      const detail = await updateVendor(app.deps, {
        user,
        vendorId: id,
        fields,
        password: parsed.data.password,
        ip: req.ip,
        device: deviceToken(req),
      });
      return presentVendor(detail, urlFor, { owner: true });
    },
  );

  r.delete(
    '/api/vendors/:id/images',
    {
      preValidation: [requireUser, requireOwnVendor('id')],
      schema: {
        tags: ['vendors'],
        summary:
          'Delete one gallery image by blob_id (owner only); a listing that has been submitted keeps at least 4',
        params: idParams,
        body: deleteImageRequestSchema,
        response: { 200: vendorSchema },
      },
    },
    async (req) => {
      const id = vendorIdOf(req.params.id);
      const detail = await removeGalleryImage(app.deps, {
        vendorId: id,
        actorUserId: signedInUser(req).id,
        blobId: req.body.blob_id,
      });
      return presentVendor(detail, urlFor, { owner: true });
    },
  );
}

/** Payouts onboarding: the account session, and the sandbox's embedded onboarding form. */
function registerVendorPayouts({ app, r, db, urlFor }: VendorRouteContext) {
  r.post(
    '/api/vendors/create_account_session',
    {
      preValidation: [requireUser],
      schema: {
        tags: ['vendors'],
        summary:
          "Start or continue payouts onboarding (or account management once active) for the signed-in vendor: makes the vendor's connected account the first time and answers an account session's client_secret for the embedded components",
        body: accountSessionRequestSchema.optional(),
        response: { 200: accountSessionResponseSchema },
      },
    },
    async (req) => {
      const user = signedInUser(req);
      if (!user.vendorId) throw forbidden();
      const asked = req.body?.id;
      if (asked !== undefined && Number(asked) !== user.vendorId) throw forbidden();
      return createAccountSession(
        { db, payments: app.deps.payments, now: app.deps.now, log: req.log },
        { vendorId: user.vendorId, actorUserId: user.id },
      );
    },
  );

  r.post(
    '/api/payments/sandbox/account-onboarding',
    {
      preValidation: [requireUser],
      schema: {
        tags: ['vendors'],
        summary:
          "The sandbox's embedded onboarding form: the account session's client secret and the currently due fields (Stripe's test routing number 110000000 and a test account number); puts the bank account on file and turns payouts on. Sandbox only",
        body: sandboxOnboardingRequestSchema,
        response: { 200: sandboxOnboardingResponseSchema },
      },
    },
    async (req) => {
      const sandbox = app.deps.sandbox;
      if (!sandbox) throw notFound();
      const user = signedInUser(req);
      if (!user.vendorId) throw forbidden();
      const detail = await completeSandboxOnboarding(
        { db, now: app.deps.now, log: req.log, sandbox },
        {
          vendorId: user.vendorId,
          clientSecret: req.body.clientSecret,
          accountNumber: req.body.accountNumber,
          bankName: SANDBOX_BANK.bankName,
        },
      );
      const fresh = presentVendor(detail, urlFor, { owner: true });
      return { stripeIntegrated: fresh.stripeIntegrated, payoutDestination: fresh.payoutDestination ?? null };
    },
  );
}

/** Submitting the listing for review. */
function registerVendorReview({ app, r, db, urlFor, vendorIdOf }: VendorRouteContext) {
  r.post(
    '/api/vendors/:id/submit-for-review',
    {
      preValidation: [requireUser, requireOwnVendor('id')],
      schema: {
        tags: ['vendors'],
        summary:
          'Submit the listing for review (owner only): needs a logo, a banner, at least 4 gallery images, the calendar integrated or skipped, and payouts active; answers the updated vendor',
        params: idParams,
        response: { 200: vendorSchema },
      },
    },
    async (req) => {
      const id = vendorIdOf(req.params.id);
      const detail = await submitForReviewAndLoad(db, {
        vendorId: id,
        actorUserId: signedInUser(req).id,
        now: app.deps.now(),
      });
      return presentVendor(detail, urlFor, { owner: true });
    },
  );
}
