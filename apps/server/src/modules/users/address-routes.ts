import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorsResponseSchema } from '@stg/domain/api/errors';
import { addressResponseSchema, addressUpdateRequestSchema } from '@stg/domain/api/users';
import { requireUser, signedInUser } from '../../http/auth';
import { notFound } from '../../http/errors';
import { parseId } from '../../http/params';
import { presentAddress } from './presenter';
import { updateAddress } from './service';

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
        body: addressUpdateRequestSchema,
        response: { 200: addressResponseSchema, 404: errorsResponseSchema, 422: errorsResponseSchema },
      },
    },
    async (req) => {
      const id = parseId(req.params.id);
      if (id === null) throw notFound();
      const { address, inputs } = await updateAddress(
        db,
        id,
        signedInUser(req).id,
        req.body.address,
        app.deps.now(),
      );
      return { address: presentAddress(address, inputs) };
    },
  );
}
