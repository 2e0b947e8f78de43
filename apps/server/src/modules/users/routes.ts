import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorsResponseSchema } from '@stg/domain/api/errors';
import {
  customerSignUpRequestSchema,
  passwordUpdateRequestSchema,
  signUpResponseSchema,
  userResponseSchema,
  userUpdateRequestSchema,
} from '@stg/domain/api/users';
import { requireSelf, requireUser, signedInUser } from '../../http/auth';
import { unauthorized } from '../../http/errors';
import { sendSession, sessionClient, signedInTtlDays } from '../auth/session-plugin';
import { deviceToken, trustThisDevice } from '../auth/trusted-devices';
import { presentAddress, presentUser } from './presenter';
import { changePassword, signUpCustomer, updateProfile } from './service';

export async function userRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  r.post(
    '/api/users',
    {
      schema: {
        tags: ['users'],
        summary: 'Customer sign-up with an address; signs the new customer in',
        body: customerSignUpRequestSchema,
        response: { 201: signUpResponseSchema, 422: errorsResponseSchema },
      },
    },
    async (req, reply) => {
      const created = await signUpCustomer(db, req.body.user, {
        previous: req.session,
        client: sessionClient(req),
        ttlDays: signedInTtlDays(app),
        now: app.deps.now(),
      });
      sendSession(app, req, reply, created.started);
      await trustThisDevice(app, req, reply, created.user.id);
      reply.status(201);
      return { user: presentUser(created.user), addresses: [presentAddress(created.address)] };
    },
  );

  r.patch(
    '/api/users/:id',
    {
      preValidation: [requireUser, requireSelf('id')],
      schema: {
        tags: ['users'],
        summary: "Update the signed-in user's name, email and phone (account settings)",
        params: z.object({ id: z.string() }),
        body: userUpdateRequestSchema,
        response: { 200: userResponseSchema, 422: errorsResponseSchema },
      },
    },
    async (req) => {
      const { id: _ignored, ...fields } = req.body.user;
      const user = await updateProfile(db, signedInUser(req).id, fields, app.deps.now());
      return { user: presentUser(user) };
    },
  );

  r.patch(
    '/api/users/:userId/update_password',
    {
      preValidation: [requireUser, requireSelf('userId')],
      schema: {
        tags: ['users'],
        summary:
          "Change the signed-in user's password; ends the user's other sessions (wrong guesses are throttled like sign-in)",
        params: z.object({ userId: z.string() }),
        body: passwordUpdateRequestSchema,
        response: { 200: userResponseSchema, 422: errorsResponseSchema, 429: errorsResponseSchema },
      },
    },
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
