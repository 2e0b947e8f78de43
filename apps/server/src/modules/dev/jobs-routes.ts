/**
 * POST /api/dev/jobs/run-due (issue 25 §4): runs now every job due at the server's time, for a tester who
 * moved a development server's clock (PUT /api/dev/clock) and wants to see a payout, a refund retry or a
 * reminder happen at once rather than at the worker's next poll. `npm run jobs:due` calls it when the
 * marketplace holds the embedded database. app.ts registers it only with the development tools (never in
 * production); each request must also come from this machine.
 */
import type { FastifyInstance } from 'fastify';
import { supportApi } from '@stg/domain/api/support.endpoints';
import type { RunDueJobsResult } from '@stg/domain/api/support';
import { routeFrom } from '../../http/endpoint-route';
import { notFound } from '../../http/errors';
import { isLocalRequest } from '../../http/local-request';

export async function devJobsRoutes(
  app: FastifyInstance,
  opts: { runDueJobs: () => Promise<Omit<RunDueJobsResult, 'at'>> },
) {
  await routeFrom(app, supportApi.runDueJobs, {}, async (req, reply) => {
    if (!isLocalRequest(req)) throw notFound();
    const at = app.deps.now().toISOString();
    const result = await opts.runDueJobs();
    reply.header('Cache-Control', 'no-store');
    return { at, ...result };
  });
}
