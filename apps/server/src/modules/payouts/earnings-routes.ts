/** A vendor's earnings (issue 25 §2): the vendor's own users only (403 for another vendor, 404 for a bad id). */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { earningsApi } from '@stg/domain/api/earnings.endpoints';
import { requireOwnVendor, requireUser, signedInUser } from '../../http/auth';
import { routeFrom } from '../../http/endpoint-route';
import type { PaymentsDeps } from '../../deps';
import {
  stripePayoutsSession,
  vendorEarningsCsv,
  vendorEarningsPage,
  vendorEarningsSummaryBody,
} from './earnings';
import { readAt, sendJson } from '../public-read-cache/cache';

export async function earningsRoutes(app: FastifyInstance, opts: { deps: PaymentsDeps }) {
  const { deps } = opts;
  const ownVendor = () => ({ preValidation: [requireUser, requireOwnVendor('id')] });
  const vendorIdOf = (req: Parameters<typeof signedInUser>[0]) => signedInUser(req).vendorId!;

  await routeFrom(app, earningsApi.summary, ownVendor(), async (req, reply) => {
    reply.header('Cache-Control', 'private, no-store');
    return sendJson(reply, await vendorEarningsSummaryBody(deps, vendorIdOf(req), readAt(app, req)));
  });

  await routeFrom(app, earningsApi.payouts, ownVendor(), async (req, reply) => {
    reply.header('Cache-Control', 'private, no-store');
    return vendorEarningsPage(deps, vendorIdOf(req), req.query);
  });

  await routeFrom(
    app,
    earningsApi.csv,
    {
      ...ownVendor(),
      schema: {
        response: {
          200: {
            description: 'The orders as CSV (UTF-8 with a byte order mark)',
            content: {
              'text/csv': { schema: z.string().describe('One row per order (text/csv; charset=utf-8)') },
            },
          },
        },
      },
    },
    async (req, reply) => {
      const { from, to } = req.query;
      const csv = await vendorEarningsCsv(deps, vendorIdOf(req), { from, to }, readAt(app, req));
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="earnings-${from}-to-${to}.csv"`)
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(csv);
    },
  );

  await routeFrom(app, earningsApi.stripePayouts, ownVendor(), async (req) =>
    stripePayoutsSession(deps, vendorIdOf(req)),
  );
}
