import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorsResponseSchema } from '@stg/domain/api/errors';
import { sessionResponseSchema, signInRequestSchema } from '@stg/domain/api/session';
import {
  GUEST_SESSION_TTL_DAYS,
  sendSession,
  sessionClient,
  signedInTtlDays,
  startSession,
} from '../auth/session-plugin';
import { deviceToken, trustThisDevice } from '../auth/trusted-devices';
import { sessionPayload, signInAndAnswer, signOutAndAnswer } from './service';

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
        response: { 200: sessionResponseSchema },
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
    {
      schema: {
        tags: ['session'],
        summary:
          "Sign in (wrong guesses are throttled); a new session replaces the request's, a guest's bookings and answers come along",
        body: signInRequestSchema,
        response: {
          200: sessionResponseSchema,
          401: errorsResponseSchema,
          422: errorsResponseSchema,
          429: errorsResponseSchema,
        },
      },
    },
    async (req, reply) => {
      const { user, started, answer } = await signInAndAnswer(db, {
        ...req.body.user,
        device: deviceToken(req),
        previous: req.session,
        client: sessionClient(req),
        ttlDays: signedInTtlDays(app),
        now: app.deps.now(),
        urlFor,
      });
      sendSession(app, req, reply, started);
      // This browser is now a trusted device of the account (its own password throttle, issue 23 #21).
      await trustThisDevice(app, req, reply, user.id);
      req.user = user;
      return answer;
    },
  );

  r.delete(
    '/api/session',
    { schema: { tags: ['session'], summary: 'Sign out', response: { 200: sessionResponseSchema } } },
    async (req, reply) => {
      const { started, answer } = await signOutAndAnswer(db, {
        previous: req.session,
        client: sessionClient(req),
        ttlDays: GUEST_SESSION_TTL_DAYS,
        now: app.deps.now(),
        urlFor,
      });
      req.user = null;
      sendSession(app, req, reply, started);
      return answer;
    },
  );
}
