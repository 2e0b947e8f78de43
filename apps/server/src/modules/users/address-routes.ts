import type { FastifyInstance } from 'fastify';
import { usersApi } from '@stg/domain/api/users.endpoints';
import { requireUser, signedInUser } from '../../http/auth';
import { notFound } from '../../http/errors';
import { routeFrom } from '../../http/endpoint-route';
import { parseId } from '../../http/params';
import { presentAddress } from './presenter';
import { updateAddress } from './service';

export async function addressRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  await routeFrom(app, usersApi.updateAddress, { preValidation: requireUser }, async (req) => {
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
  });
}
