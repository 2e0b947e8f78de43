import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { forgotPasswordSchema, MESSAGES, resetPasswordSchema } from '@stg/domain/validation';
import { unprocessable } from '../../http/errors';
import { startSession } from '../../http/session-plugin';
import { adoptGuestSession } from '../bookings/service';
import { clearPasswordFailures } from '../session/login-throttle';
import { deleteSession, deleteUserSessions } from '../session/session-repo';
import { presentUser } from '../users/presenter';
import { loadVendorDetail } from '../vendors/repo';
import { presentVendor } from '../vendors/presenter';
import { requestPasswordReset, resetPassword } from './service';

export async function passwordRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const urlFor = (key: string) => app.deps.storage.url(key);

  r.post(
    '/api/password/forgot',
    {
      schema: {
        tags: ['password'],
        summary:
          'Mail a single-use link to reset the password (valid 1 hour). The answer is the same whether or not the account exists',
        body: forgotPasswordSchema,
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
        body: resetPasswordSchema,
      },
    },
    async (req, reply) => {
      const now = app.deps.now();
      const user = await resetPassword(app.deps, req.body.token, req.body.password, now);
      if (!user) throw unprocessable(MESSAGES.resetTokenInvalid);
      await deleteUserSessions(db, user.id);
      const previous = req.session;
      if (previous) {
        // A new session (no fixation); a guest's answers and bookings come along, as on sign-in.
        await adoptGuestSession(db, previous, user, now);
        await deleteSession(db, previous.id);
      }
      // Proving control of the mailbox clears the account's failed sign-ins.
      await clearPasswordFailures(db, user.email, req.ip);
      await startSession(app, req, reply, user.id);
      req.user = user;
      const vendor = user.vendorId ? await loadVendorDetail(db, user.vendorId) : null;
      return {
        user: presentUser(user),
        vendor: vendor ? presentVendor(vendor, urlFor, { owner: true }) : null,
      };
    },
  );
}
