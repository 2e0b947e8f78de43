import type { FastifyInstance } from 'fastify';
import { planOffersApi } from '@stg/domain/api/plan-offers.endpoints';
import { MESSAGES } from '@stg/domain/validation';
import { requireOwnVendor, requireUser } from '../../http/auth';
import { notFound } from '../../http/errors';
import { routeFrom } from '../../http/endpoint-route';
import { parseId } from '../../http/params';
import { replaceVendorPlanOffers } from './service';

/** The plan offers' write (ADR 0037); the offers are read with the vendor (GET /api/vendors/{id}). */
export async function planOfferRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  await routeFrom(
    app,
    planOffersApi.replace,
    { preValidation: [requireUser, requireOwnVendor('id')] },
    async (req) => {
      const id = parseId(req.params.id);
      if (id === null) throw notFound(MESSAGES.vendorNotFound);
      return {
        planOffers: await replaceVendorPlanOffers(db, id, req.body.planOffers, app.deps.now()),
      };
    },
  );
}
