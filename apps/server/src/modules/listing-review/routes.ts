import type { FastifyInstance } from 'fastify';
import { listingReviewApi } from '@stg/domain/api/listing-review.endpoints';
import { MESSAGES } from '@stg/domain/validation';
import { requireOperator, requireUser, signedInUser } from '../../http/auth';
import { notFound } from '../../http/errors';
import { routeFrom } from '../../http/endpoint-route';
import { parseId } from '../../http/params';
import { presentReviewQueueItem } from './presenter';
import { decideListing, listReviewQueue, type ReviewDeps } from './service';

export async function listingReviewRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  const urlFor = (key: string) => app.deps.storage.url(key);
  const deps = (): ReviewDeps => ({
    db,
    mailer: app.deps.mailer,
    publicUrl: app.deps.publicUrl,
    now: app.deps.now,
    busyTimesCheck: app.deps.busyTimesCheck,
    log: app.log,
  });
  const vendorIdOf = (raw: string) => {
    const id = parseId(raw);
    if (id === null) throw notFound(MESSAGES.vendorNotFound);
    return id;
  };

  await routeFrom(
    app,
    listingReviewApi.queue,
    { preValidation: [requireUser, requireOperator] },
    async () => {
      const listings = (await listReviewQueue(deps())).map((entry) => presentReviewQueueItem(entry, urlFor));
      return { listings };
    },
  );

  await routeFrom(
    app,
    listingReviewApi.approve,
    { preValidation: [requireUser, requireOperator] },
    async (req) =>
      decideListing(deps(), {
        vendorId: vendorIdOf(req.params.id),
        operatorId: signedInUser(req).id,
        decision: { kind: 'approve' },
      }),
  );

  await routeFrom(
    app,
    listingReviewApi.reject,
    { preValidation: [requireUser, requireOperator] },
    async (req) =>
      decideListing(deps(), {
        vendorId: vendorIdOf(req.params.id),
        operatorId: signedInUser(req).id,
        decision: { kind: 'reject', reason: req.body.reason, fixes: req.body.fixes },
      }),
  );
}
