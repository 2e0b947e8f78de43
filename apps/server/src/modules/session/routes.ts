import type { FastifyInstance } from 'fastify';
import { sessionApi } from '@stg/domain/api/session.endpoints';
import { routeFrom } from '../../http/endpoint-route';
import {
  GUEST_SESSION_TTL_DAYS,
  sendSession,
  sessionClient,
  signedInSessionOptions,
  startSession,
} from '../auth/session-plugin';
import { deviceToken, sendSignedInSession } from '../auth/trusted-devices';
import { sessionBody, signInAndAnswer, signOutAndAnswer } from './service';
import { readAt, sendJson } from '../public-read-cache/cache';

export async function sessionRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  const urlFor = (key: string) => app.deps.storage.url(key);

  await routeFrom(app, sessionApi.current, {}, async (req, reply) => {
    if (req.session) reply.header('X-CSRF-Token', req.session.csrfToken);
    else await startSession(app, req, reply, null);
    reply.header('Cache-Control', 'no-store');
    return sendJson(
      reply,
      await sessionBody(db, req.user, req.session, urlFor, app.deps.now(), readAt(app, req)),
    );
  });

  await routeFrom(app, sessionApi.signIn, {}, async (req, reply) => {
    const { user, started, answer } = await signInAndAnswer(db, {
      ...req.body.user,
      device: deviceToken(req),
      ...signedInSessionOptions(app, req),
      urlFor,
    });
    // This browser is now a trusted device of the account (its own password throttle, issue 23 #21).
    await sendSignedInSession(app, req, reply, started, user.id);
    req.user = user;
    return answer;
  });

  await routeFrom(app, sessionApi.signOut, {}, async (req, reply) => {
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
  });
}
