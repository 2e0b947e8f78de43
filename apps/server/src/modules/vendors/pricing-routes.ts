import type { FastifyInstance } from 'fastify';
import { vendorsApi } from '@stg/domain/api/vendors.endpoints';
import { MESSAGES } from '@stg/domain/validation';
import { requireOwnVendor, requireUser } from '../../http/auth';
import { notFound } from '../../http/errors';
import { routeFrom } from '../../http/endpoint-route';
import { parseId } from '../../http/params';
import { presentVendor } from './presenter';
import { replaceVendorPricingInputs, revertVendorFormula } from './service';

/**
 * The pricing screen's writes that answer the whole vendor as its owner sees it (tag pricing): here,
 * above the pricing module, which never imports the vendors' presenter (ADR 0026). Registered just
 * before the pricing routes, where they were when the pricing routes held them.
 */
export async function vendorPricingRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  const urlFor = (key: string) => app.deps.storage.url(key);
  const vendorIdOf = (raw: string) => {
    const id = parseId(raw);
    if (id === null) throw notFound(MESSAGES.vendorNotFound);
    return id;
  };

  await routeFrom(
    app,
    vendorsApi.revertFormula,
    { preValidation: [requireUser, requireOwnVendor('id')] },
    async (req) => {
      const id = vendorIdOf(req.params.id);
      return presentVendor(await revertVendorFormula(db, id, app.deps.now()), urlFor, { owner: true });
    },
  );

  await routeFrom(
    app,
    vendorsApi.updatePricingInputOptions,
    { preValidation: [requireUser, requireOwnVendor('id')] },
    async (req) => {
      const id = vendorIdOf(req.params.id);
      const detail = await replaceVendorPricingInputs(db, id, req.body.pricing_input_options, app.deps.now());
      return presentVendor(detail, urlFor, { owner: true });
    },
  );
}
