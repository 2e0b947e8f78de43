import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  listingDecisionResponseSchema,
  rejectListingRequestSchema,
  reviewQueueResponseSchema,
} from '@stg/domain/api/vendors';
import { MESSAGES } from '@stg/domain/validation';
import { requireOperator, requireUser, signedInUser } from '../../http/auth';
import { notFound } from '../../http/errors';
import { parseId } from '../../http/params';
import { presentVendor } from '../vendors/presenter';
import { decideListing, listReviewQueue, type ReviewDeps } from './service';

const idParams = z.object({ id: z.string() });

export async function listingReviewRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const urlFor = (key: string) => app.deps.storage.url(key);
  const deps = (): ReviewDeps => ({
    db,
    mailer: app.deps.mailer,
    publicUrl: app.deps.publicUrl,
    now: app.deps.now,
    log: app.log,
  });
  const vendorIdOf = (raw: string) => {
    const id = parseId(raw);
    if (id === null) throw notFound(MESSAGES.vendorNotFound);
    return id;
  };

  r.get(
    '/api/operator/listings',
    {
      preValidation: [requireUser, requireOperator],
      schema: {
        tags: ['listing review'],
        summary:
          'Listings under review, oldest submission first, with their images, details and pricing; operators only',
        response: { 200: reviewQueueResponseSchema },
      },
    },
    async () => {
      const listings = (await listReviewQueue(db)).map(({ row, detail }) => ({
        vendor: presentVendor(detail, urlFor, { owner: true }),
        admin: {
          firstName: row.admin?.firstName ?? '',
          lastName: row.admin?.lastName ?? '',
          email: row.admin?.email ?? '',
          phoneNumber: row.admin?.phoneNumber ?? '',
        },
        submittedAt: row.submittedAt?.toISOString() ?? null,
      }));
      return { listings };
    },
  );

  r.post(
    '/api/operator/listings/:id/approve',
    {
      preValidation: [requireUser, requireOperator],
      schema: {
        tags: ['listing review'],
        summary:
          'Approve a listing under review: it goes live in the catalog and the vendor is mailed; operators only',
        params: idParams,
        response: { 200: listingDecisionResponseSchema },
      },
    },
    async (req) =>
      decideListing(deps(), {
        vendorId: vendorIdOf(req.params.id),
        operatorId: signedInUser(req).id,
        decision: { kind: 'approve' },
      }),
  );

  r.post(
    '/api/operator/listings/:id/reject',
    {
      preValidation: [requireUser, requireOperator],
      schema: {
        tags: ['listing review'],
        summary:
          'Send a listing under review back to the vendor with a reason (awaiting submission again); the vendor is mailed; operators only',
        params: idParams,
        body: rejectListingRequestSchema,
        response: { 200: listingDecisionResponseSchema },
      },
    },
    async (req) =>
      decideListing(deps(), {
        vendorId: vendorIdOf(req.params.id),
        operatorId: signedInUser(req).id,
        decision: { kind: 'reject', reason: req.body.reason },
      }),
  );
}
