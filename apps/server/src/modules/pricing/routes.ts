import {
  guestInputsResponseSchema,
  userInputsRequestSchema,
  userInputsResponseSchema,
} from '@stg/domain/api/pricing';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, signedInUser } from '../../http/auth';
import { notFound, unauthorized } from '../../http/errors';
import { parseId } from '../../http/params';
import { presentUserInputs } from './presenter';
import { saveAddressAnswers, saveGuestAnswers } from './service';

export async function pricingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  r.post(
    '/api/addresses/:id/user_inputs',
    {
      preValidation: requireUser,
      schema: {
        tags: ['pricing'],
        summary:
          "Save pricing answers on one of the signed-in user's addresses (each must fit its question); all its answers after. 404 for any other address",
        params: z.object({ id: z.string() }),
        body: userInputsRequestSchema,
        response: { 200: userInputsResponseSchema },
      },
    },
    async (req) => {
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
    },
  );

  r.put(
    '/api/session/guest_inputs',
    {
      schema: {
        tags: ['session'],
        summary:
          "Merge pricing answers into the session's guest answers (they move to the account on sign-in or sign-up)",
        body: userInputsRequestSchema,
        response: { 200: guestInputsResponseSchema },
      },
    },
    async (req) => {
      if (!req.session) throw unauthorized();
      return { guestInputs: await saveGuestAnswers(db, req.session.id, req.body.userInputs) };
    },
  );
}
