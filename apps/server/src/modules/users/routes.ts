import type { FastifyInstance } from 'fastify';
import { usersApi } from '@stg/domain/api/users.endpoints';
import { requireSelf, requireUser, signedInUser } from '../../http/auth';
import { unauthorized } from '../../http/errors';
import { routeFrom } from '../../http/endpoint-route';
import { signedInSessionOptions } from '../auth/session-plugin';
import { deviceToken, sendSignedInSession } from '../auth/trusted-devices';
import { presentAddress, presentUser } from './presenter';
import { changePassword, signUpCustomer, updateProfile } from './service';

export async function userRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  await routeFrom(app, usersApi.signUp, {}, async (req, reply) => {
    const created = await signUpCustomer(db, req.body.user, {
      ...signedInSessionOptions(app, req),
    });
    await sendSignedInSession(app, req, reply, created.started, created.user.id);
    reply.status(201);
    return { user: presentUser(created.user), addresses: [presentAddress(created.address)] };
  });

  await routeFrom(app, usersApi.update, { preValidation: [requireUser, requireSelf('id')] }, async (req) => {
    const { id: _ignored, ...fields } = req.body.user;
    const user = await updateProfile(db, signedInUser(req).id, fields, app.deps.now());
    return { user: presentUser(user) };
  });

  await routeFrom(
    app,
    usersApi.updatePassword,
    { preValidation: [requireUser, requireSelf('userId')] },
    async (req) => {
      if (!req.session) throw unauthorized();
      const user = await changePassword(db, {
        user: signedInUser(req),
        keepSessionId: req.session.id,
        ip: req.ip,
        device: deviceToken(req),
        currentPassword: req.body.password,
        newPassword: req.body.newPassword,
        now: app.deps.now(),
      });
      return { user: presentUser(user) };
    },
  );
}
