import { pricingApi } from '@stg/domain/api/pricing.endpoints';
import type { FastifyInstance } from 'fastify';
import { requireUser, signedInUser } from '../../http/auth';
import { notFound, unauthorized } from '../../http/errors';
import { routeFrom } from '../../http/endpoint-route';
import { parseId } from '../../http/params';
import { presentUserInputs } from './presenter';
import { saveAddressAnswers, saveGuestAnswers } from './service';

export async function pricingRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  await routeFrom(app, pricingApi.saveUserInputs, { preValidation: requireUser }, async (req) => {
    const addressId = parseId(req.params.id);
    if (addressId === null) throw notFound();
    const rows = await saveAddressAnswers(
      db,
      signedInUser(req).id,
      addressId,
      req.body.userInputs,
      app.deps.now(),
    );
    return { userInputs: presentUserInputs(rows) };
  });

  await routeFrom(app, pricingApi.saveGuestInputs, {}, async (req) => {
    if (!req.session) throw unauthorized();
    return { guestInputs: await saveGuestAnswers(db, req.session.id, req.body.userInputs) };
  });
}
