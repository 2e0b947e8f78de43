import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SANDBOX_BANK, vendorImagesUploadSchema, vendorPatchRequestSchema } from '@stg/domain/api/vendors';
import { vendorsApi } from '@stg/domain/api/vendors.endpoints';
import { errorMessages, MESSAGES } from '@stg/domain/validation';
import { requireOwnVendor, requireUser, signedInUser } from '../../http/auth';
import { forbidden, notFound, unprocessable } from '../../http/errors';
import { routeFrom } from '../../http/endpoint-route';
import { parseId } from '../../http/params';
import { signedInSessionOptions } from '../auth/session-plugin';
import { deviceToken, sendSignedInSession } from '../auth/trusted-devices';
import { presentAddress, presentUser } from '../users/presenter';
import { readImageUploads } from './images';
import { createAccountSession } from './payouts';
import { presentVendor } from './presenter';
import { publicReadCache, representation, sendRepresentation } from '../public-read-cache/cache';
import { publicVendor, publicVendorCards, serializeVendor } from './public-reads';
import {
  completeSandboxOnboarding,
  loadOwnerVendor,
  removeGalleryImage,
  signUpVendorAndSignIn,
  submitForReviewAndLoad,
  updateVendor,
  updateVendorImages,
} from './service';

/** A cached public read's 304 (If-None-Match), for the document. */
const notModified = { response: { 304: z.null().describe('Not modified (If-None-Match)') } };

/** What every group of vendor routes shares. */
interface VendorRouteContext {
  app: FastifyInstance;
  db: FastifyInstance['deps']['db'];
  urlFor: (key: string) => string;
  publicReads: Parameters<typeof publicVendorCards>[0];
  ownerView: (vendorId: number) => Promise<ReturnType<typeof presentVendor>>;
  vendorIdOf: (raw: string) => number;
}

export async function vendorRoutes(app: FastifyInstance) {
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

  const ctx: VendorRouteContext = { app, db, urlFor, publicReads, ownerView, vendorIdOf };
  await registerVendorReads(ctx);
  await registerVendorProfileWrites(ctx);
  await registerVendorPayouts(ctx);
  await registerVendorReview(ctx);
}

/** The public list of vendors and one vendor's page (owner's own view uncached). */
async function registerVendorReads({ app, publicReads, ownerView, vendorIdOf }: VendorRouteContext) {
  await routeFrom(app, vendorsApi.vendors, { schema: notModified }, async (req, reply) => {
    return sendRepresentation(req, reply, await publicVendorCards(publicReads, req.publicReadVersion), {
      personal: false,
    });
  });

  await routeFrom(app, vendorsApi.vendor, { schema: notModified }, async (req, reply) => {
    const id = vendorIdOf(req.params.id);
    // The owner always sees their own listing, with what only they see: never cached.
    if (req.user?.vendorId === id)
      return sendRepresentation(req, reply, representation(serializeVendor(await ownerView(id))), {
        personal: true,
      });
    // Only active listings are public; everyone else gets the same answer, cached.
    const answer = await publicVendor(publicReads, id, req.publicReadVersion);
    if (!answer) throw notFound(MESSAGES.vendorNotFound);
    return sendRepresentation(req, reply, answer, { personal: false });
  });
}

/** Sign-up, profile and image updates, and removing a gallery image. */
async function registerVendorProfileWrites({ app, db, urlFor, vendorIdOf }: VendorRouteContext) {
  await routeFrom(app, vendorsApi.signUp, {}, async (req, reply) => {
    // A new session (no fixation); anything priced as a guest comes along to the account.
    const created = await signUpVendorAndSignIn(db, req.body.vendor, {
      ...signedInSessionOptions(app, req),
    });
    await sendSignedInSession(app, req, reply, created.started, created.user.id);
    reply.status(201);
    return {
      user: presentUser(created.user),
      vendor: presentVendor(created.detail, urlFor, { owner: true }),
      addresses: created.addresses.map((a) => presentAddress(a)),
    };
  });

  await routeFrom(
    app,
    vendorsApi.update,
    {
      preValidation: [requireUser, requireOwnVendor('id')],
      schema: {
        // The route reads either body itself (JSON with the contract's schema, files part by part).
        body: undefined,
        documentedBody: {
          'application/json': vendorPatchRequestSchema,
          'multipart/form-data': vendorImagesUploadSchema,
        },
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

  await routeFrom(
    app,
    vendorsApi.deleteImage,
    { preValidation: [requireUser, requireOwnVendor('id')] },
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
async function registerVendorPayouts({ app, db, urlFor }: VendorRouteContext) {
  await routeFrom(app, vendorsApi.createAccountSession, { preValidation: [requireUser] }, async (req) => {
    const user = signedInUser(req);
    if (!user.vendorId) throw forbidden();
    const asked = req.body?.id;
    if (asked !== undefined && Number(asked) !== user.vendorId) throw forbidden();
    return createAccountSession(
      { db, payments: app.deps.payments, now: app.deps.now, log: req.log },
      { vendorId: user.vendorId, actorUserId: user.id },
    );
  });

  await routeFrom(app, vendorsApi.sandboxAccountOnboarding, { preValidation: [requireUser] }, async (req) => {
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
  });
}

/** Submitting the listing for review. */
async function registerVendorReview({ app, db, urlFor, vendorIdOf }: VendorRouteContext) {
  await routeFrom(
    app,
    vendorsApi.submitForReview,
    { preValidation: [requireUser, requireOwnVendor('id')] },
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
