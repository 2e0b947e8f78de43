import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  customerSignUpSchema,
  MESSAGES,
  passwordUpdateSchema,
  userUpdateSchema,
} from '@stg/domain/validation';
import { requireSelf, requireUser, signedInUser } from '../../http/auth';
import { unauthorized, unprocessable } from '../../http/errors';
import { startSession } from '../../http/session-plugin';
import { hashPassword } from '../auth/password';
import { adoptGuestSession } from '../bookings/service';
import { deleteSession } from '../session/session-repo';
import { createCustomer, isEmailTaken, isEmailUniqueViolation } from './repo';
import { presentAddress, presentUser } from './presenter';
import { changePassword, updateProfile } from './service';

/** The spec's payload carries the id too; the path decides, so it is accepted and ignored. */
const ignoredId = z.union([z.number(), z.string()]).optional();

export async function userRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  r.post(
    '/api/users',
    {
      schema: {
        tags: ['users'],
        summary: 'Customer sign-up with an address; signs the new customer in',
        body: z.object({ user: customerSignUpSchema }),
      },
    },
    async (req, reply) => {
      const { password, passwordConfirmation: _confirmation, address, ...fields } = req.body.user;
      if (await isEmailTaken(db, fields.email)) throw unprocessable(MESSAGES.emailTaken);
      let created;
      try {
        created = await createCustomer(
          db,
          { ...fields, passwordDigest: await hashPassword(password) },
          address,
        );
      } catch (err) {
        // Two sign-ups racing for one email: the unique index decides.
        if (isEmailUniqueViolation(err)) {
          throw unprocessable(MESSAGES.emailTaken);
        }
        throw err;
      }
      const previous = req.session;
      if (previous) {
        // A new session (no fixation); the guest's answers and bookings come along to the account.
        await adoptGuestSession(db, previous, created.user, app.deps.now());
        await deleteSession(db, previous.id);
      }
      await startSession(app, req, reply, created.user.id);
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
        body: z.object({ user: userUpdateSchema.extend({ id: ignoredId }) }),
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
        body: passwordUpdateSchema.safeExtend({ userId: ignoredId }),
      },
    },
    async (req) => {
      if (!req.session) throw unauthorized();
      const user = await changePassword(db, {
        user: signedInUser(req),
        keepSessionId: req.session.id,
        ip: req.ip,
        currentPassword: req.body.password,
        newPassword: req.body.newPassword,
        now: app.deps.now(),
      });
      return { user: presentUser(user) };
    },
  );
}
