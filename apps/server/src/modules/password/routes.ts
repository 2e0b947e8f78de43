import type { FastifyInstance } from 'fastify';
import { passwordApi } from '@stg/domain/api/password.endpoints';
import { MESSAGES } from '@stg/domain/validation';
import { routeFrom } from '../../http/endpoint-route';
import { signedInSessionOptions } from '../auth/session-plugin';
import { sendSignedInSession } from '../auth/trusted-devices';
import { presentUser } from '../users/presenter';
import { presentVendor } from '../vendors/presenter';
import { requestPasswordReset, resetPasswordAndSignIn } from './service';

export async function passwordRoutes(app: FastifyInstance) {
  const urlFor = (key: string) => app.deps.storage.url(key);

  await routeFrom(app, passwordApi.forgot, {}, async (req) => {
    await requestPasswordReset(app.deps, req.body.email, app.deps.now(), req.log);
    return { message: MESSAGES.resetLinkSent };
  });

  await routeFrom(app, passwordApi.reset, {}, async (req, reply) => {
    const { user, vendor, started } = await resetPasswordAndSignIn(app.deps, {
      token: req.body.token,
      password: req.body.password,
      ...signedInSessionOptions(app, req),
    });
    await sendSignedInSession(app, req, reply, started, user.id);
    req.user = user;
    return {
      user: presentUser(user),
      vendor: vendor ? presentVendor(vendor, urlFor, { owner: true }) : null,
    };
  });
}
