import { vendorSchema } from '@stg/domain/api/vendors';
import {
  guestInputsResponseSchema,
  updatePricingInputOptionsRequestSchema,
  userInputsRequestSchema,
  userInputsResponseSchema,
} from '@stg/domain/api/pricing';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES } from '@stg/domain/validation';
import { requireOwnVendor, requireUser, signedInUser } from '../../http/auth';
import { notFound, unauthorized } from '../../http/errors';
import { parseId } from '../../http/params';
import { loadVendorDetail } from '../vendors/service';
import { presentVendor } from '../vendors/presenter';
import { presentUserInputs } from './presenter';
import { replacePricingInputs, revertFormula, saveAddressAnswers, saveGuestAnswers } from './service';

export async function pricingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const urlFor = (key: string) => app.deps.storage.url(key);

  /** The vendor as its owner sees it (as GET /api/vendors/{id} answers them). */
  async function ownerView(vendorId: number) {
    const detail = await loadVendorDetail(db, vendorId);
    if (!detail) throw notFound(MESSAGES.vendorNotFound);
    return presentVendor(detail, urlFor, { owner: true });
  }
  const vendorIdOf = (raw: string) => {
    const id = parseId(raw);
    if (id === null) throw notFound(MESSAGES.vendorNotFound);
    return id;
  };

  r.post(
    '/api/vendors/:id/revert_formula',
    {
      preValidation: [requireUser, requireOwnVendor('id')],
      schema: {
        tags: ['pricing'],
        summary: 'Revert to Previous Save: swap the pricing formula with the previous save; owner only',
        params: z.object({ id: z.string() }),
        response: { 200: vendorSchema },
      },
    },
    async (req) => {
      const id = vendorIdOf(req.params.id);
      await revertFormula(db, id, app.deps.now());
      return ownerView(id);
    },
  );

  r.patch(
    '/api/vendors/:id/update_pricing_input_options',
    {
      preValidation: [requireUser, requireOwnVendor('id')],
      schema: {
        tags: ['pricing'],
        summary:
          "Replace the vendor's whole set of pricing questions (with id: update, without: create, missing: delete) in one transaction; owner only",
        params: z.object({ id: z.string() }),
        body: updatePricingInputOptionsRequestSchema,
        response: { 200: vendorSchema },
      },
    },
    async (req) => {
      const id = vendorIdOf(req.params.id);
      await replacePricingInputs(db, id, req.body.pricing_input_options);
      return ownerView(id);
    },
  );

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
