import { vendorSchema } from '@stg/domain/api/vendors';
import { guestInputsResponseSchema, userInputsResponseSchema } from '@stg/domain/api/pricing';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PRICING_LIMITS, PRICING_MESSAGES } from '@stg/domain/pricing-inputs';
import { MESSAGES } from '@stg/domain/validation';
import { requireOwnVendor, requireUser, signedInUser } from '../../http/auth';
import { notFound, unauthorized } from '../../http/errors';
import { parseId } from '../../http/params';
import { loadVendorDetail } from '../vendors/service';
import { presentVendor } from '../vendors/presenter';
import { answersSchema } from '@stg/domain/api/bookings';
import { presentUserInputs } from './presenter';
import { replacePricingInputs, revertFormula, saveAddressAnswers, saveGuestAnswers } from './service';

const optionalId = z.union([z.number().int(), z.string()]).nullable().optional();

const optionSchema = z.object({
  id: optionalId,
  name: z.string({ error: 'Every choice needs a name.' }).max(1000),
  value: z.union([z.number(), z.string().max(50)], { error: 'Every choice needs a number value.' }),
  default: z.boolean().nullable().optional(),
  optionType: z.string().max(20).nullable().optional(),
});

const inputSchema = z.object({
  id: optionalId,
  name: z.string({ error: 'Every question needs a name.' }).max(1000),
  alias: z.string({ error: 'Every question needs an alias.' }).max(200),
  inputType: z.string({ error: 'Type must be radio, select or range.' }).max(20),
  recurring: z.boolean().nullable().optional(),
  pricingInputOptions: z
    .array(optionSchema, { error: 'Every question needs its choices.' })
    .max(PRICING_LIMITS.maxOptions, {
      error: `A question can have at most ${PRICING_LIMITS.maxOptions} choices.`,
    }),
});

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
        body: z.object({
          pricing_input_options: z
            .array(inputSchema, { error: 'Questions must be a list.' })
            .max(PRICING_LIMITS.maxQuestions, { error: PRICING_MESSAGES.tooManyQuestions }),
        }),
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
        body: z.object({ userInputs: answersSchema }),
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
        body: z.object({ userInputs: answersSchema }),
        response: { 200: guestInputsResponseSchema },
      },
    },
    async (req) => {
      if (!req.session) throw unauthorized();
      return { guestInputs: await saveGuestAnswers(db, req.session.id, req.body.userInputs) };
    },
  );
}
