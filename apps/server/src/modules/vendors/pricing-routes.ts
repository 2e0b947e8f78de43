import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { updatePricingInputOptionsRequestSchema } from '@stg/domain/api/pricing';
import { vendorSchema } from '@stg/domain/api/vendors';
import { MESSAGES } from '@stg/domain/validation';
import { requireOwnVendor, requireUser } from '../../http/auth';
import { notFound } from '../../http/errors';
import { parseId } from '../../http/params';
import { presentVendor } from './presenter';
import { replaceVendorPricingInputs, revertVendorFormula } from './service';

/**
 * The pricing screen's writes that answer the whole vendor as its owner sees it (tag pricing): here,
 * above the pricing module, which never imports the vendors' presenter (ADR 0026). Registered just
 * before the pricing routes, where they were when the pricing routes held them.
 */
export async function vendorPricingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const urlFor = (key: string) => app.deps.storage.url(key);
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
      return presentVendor(await revertVendorFormula(db, id, app.deps.now()), urlFor, { owner: true });
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
      const detail = await replaceVendorPricingInputs(db, id, req.body.pricing_input_options);
      return presentVendor(detail, urlFor, { owner: true });
    },
  );
}
