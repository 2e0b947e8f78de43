import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES, signInSchema } from '@stg/domain/validation';
import { HttpError } from '../../http/errors';
import { startSession } from '../../http/session-plugin';
import { dummyPasswordDigest, verifyPassword } from '../auth/password';
import { adoptGuestSession } from '../bookings/service';
import { findUserByEmail } from '../users/repo';
import { checkPasswordThrottled } from './login-throttle';
import { deleteSession } from './session-repo';
import { sessionPayload } from './service';

export async function sessionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const urlFor = (key: string) => app.deps.storage.url(key);

  r.get(
    '/api/session',
    {
      schema: {
        tags: ['session'],
        summary: 'The current session; the CSRF token is in the X-CSRF-Token header',
      },
    },
    async (req, reply) => {
      if (req.session) reply.header('X-CSRF-Token', req.session.csrfToken);
      else await startSession(app, req, reply, null);
      reply.header('Cache-Control', 'no-store');
      return sessionPayload(db, req.user, req.session, urlFor, app.deps.now());
    },
  );

  r.post(
    '/api/session',
    { schema: { tags: ['session'], summary: 'Sign in', body: z.object({ user: signInSchema }) } },
    async (req, reply) => {
      const { email, password } = req.body.user;
      const now = app.deps.now();
      const user = await findUserByEmail(db, email);
      // An unknown email costs the same hash as a known one, and is throttled the same way.
      const ok = await checkPasswordThrottled(db, { email, ip: req.ip, now }, () =>
        user
          ? verifyPassword(user.passwordDigest, password)
          : dummyPasswordDigest()
              .then((d) => verifyPassword(d, password))
              .then(() => false),
      );
      if (!user || !ok) throw new HttpError(401, [MESSAGES.invalidCredentials]);
      const previous = req.session;
      // A new session on sign-in (no fixation); a guest's bookings come along to the account.
      if (previous) {
        await adoptGuestSession(db, previous, user, now);
        await deleteSession(db, previous.id);
      }
      await startSession(app, req, reply, user.id);
      req.user = user;
      return sessionPayload(db, user, req.session, urlFor, app.deps.now());
    },
  );

  r.delete('/api/session', { schema: { tags: ['session'], summary: 'Sign out' } }, async (req, reply) => {
    if (req.session) await deleteSession(db, req.session.id);
    req.user = null;
    await startSession(app, req, reply, null);
    return sessionPayload(db, null, req.session, urlFor, app.deps.now());
  });
}
