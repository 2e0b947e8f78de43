import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { customerSignUpSchema, MESSAGES } from '@stg/domain/validation';
import { bookings } from '../../db/schema';
import { unprocessable } from '../../http/errors';
import { startSession } from '../../http/session-plugin';
import { hashPassword } from '../auth/password';
import { deleteSession } from '../session/session-repo';
import { createCustomer, isEmailTaken } from './repo';
import { presentAddress, presentUser } from './presenter';

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
        if (/users_email_lower_idx/.test(String((err as { cause?: unknown }).cause ?? err))) {
          throw unprocessable(MESSAGES.emailTaken);
        }
        throw err;
      }
      const previous = req.session;
      if (previous) {
        await db
          .update(bookings)
          .set({ userId: created.user.id, addressId: created.address.id })
          .where(and(eq(bookings.sessionId, previous.id), isNull(bookings.userId)));
        await deleteSession(db, previous.id);
      }
      await startSession(app, req, reply, created.user.id);
      reply.status(201);
      return { user: presentUser(created.user), addresses: [presentAddress(created.address)] };
    },
  );
}
