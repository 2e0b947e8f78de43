import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorsResponseSchema } from '@stg/domain/api/errors';
import {
  forgotPasswordRequestSchema,
  messageResponseSchema,
  resetPasswordRequestSchema,
  resetPasswordResponseSchema,
} from '@stg/domain/api/password';
import { MESSAGES } from '@stg/domain/validation';
import { sendSession, sessionClient, signedInTtlDays } from '../auth/session-plugin';
import { trustThisDevice } from '../auth/trusted-devices';
import { presentUser } from '../users/presenter';
import { presentVendor } from '../vendors/presenter';
import { requestPasswordReset, resetPasswordAndSignIn } from './service';

export async function passwordRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const urlFor = (key: string) => app.deps.storage.url(key);

  r.post(
    '/api/password/forgot',
    {
      schema: {
        tags: ['password'],
        summary:
          'Mail a single-use link to reset the password (valid 1 hour). The answer is the same whether or not the account exists',
        body: forgotPasswordRequestSchema,
        response: { 200: messageResponseSchema, 422: errorsResponseSchema },
      },
    },
    async (req) => {
      await requestPasswordReset(app.deps, req.body.email, app.deps.now(), req.log);
      return { message: MESSAGES.resetLinkSent };
    },
  );

  r.post(
    '/api/password/reset',
    {
      schema: {
        tags: ['password'],
        summary:
          'Set a new password with the mailed token; ends every session of the account and signs the user in',
        body: resetPasswordRequestSchema,
        response: { 200: resetPasswordResponseSchema, 422: errorsResponseSchema },
      },
    },
    async (req, reply) => {
      const { user, vendor, started } = await resetPasswordAndSignIn(app.deps, {
        token: req.body.token,
        password: req.body.password,
        previous: req.session,
        client: sessionClient(req),
        ttlDays: signedInTtlDays(app),
        now: app.deps.now(),
      });
      sendSession(app, req, reply, started);
      await trustThisDevice(app, req, reply, user.id);
      req.user = user;
      return {
        user: presentUser(user),
        vendor: vendor ? presentVendor(vendor, urlFor, { owner: true }) : null,
      };
    },
  );
}
