import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addressInputSchema } from '@stg/domain/validation';
import { requireUser, signedInUser } from '../../http/auth';
import { notFound } from '../../http/errors';
import { parseId } from '../../http/params';
import { listAddressInputs, updateUserAddress } from './repo';
import { presentAddress } from './presenter';

export async function addressRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  r.patch(
    '/api/addresses/:id',
    {
      preValidation: requireUser,
      schema: {
        tags: ['users'],
        summary:
          "Update one of the signed-in user's addresses (street_address_2 or streetAddress2 accepted); 404 for any other address",
        params: z.object({ id: z.string() }),
        body: z.object({ address: addressInputSchema }),
      },
    },
    async (req) => {
      const id = parseId(req.params.id);
      if (id === null) throw notFound();
      // Only the user's own address matches; another user's or a vendor's is "not found" alike.
      const address = await updateUserAddress(db, id, signedInUser(req).id, req.body.address, app.deps.now());
      if (!address) throw notFound();
      return { address: presentAddress(address, await listAddressInputs(db, address.id)) };
    },
  );
}
