import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  calendarsApi,
  OAUTH_CALENDAR_PROVIDERS,
  type OAuthCalendarProviderName,
} from '@stg/domain/api/calendars.endpoints';
import { requireUser, signedInUser } from '../../http/auth';
import { answers } from '../../http/error-answers';
import { notFound } from '../../http/errors';
import { routeFrom } from '../../http/endpoint-route';
import { ownedCalendar } from './owned-calendar';
import { presentCalendar } from '../vendor-calendars/presenter';
import { deviceToken } from '../auth/trusted-devices';
import { completeAuthorization, connectIcs, disconnectCalendar, startAuthorization } from './connections';
import { calendarProviders, syncNow } from './service';

const isProvider = (name: string): name is OAuthCalendarProviderName =>
  (OAUTH_CALENDAR_PROVIDERS as readonly string[]).includes(name);

/** The `:provider` of an OAuth route, known or not found (as before it was a param: no such route). */
const providerOf = (name: string): OAuthCalendarProviderName => {
  if (!isProvider(name)) throw notFound();
  return name;
};

const knownProvider = answers([404], async function knownProvider(req: FastifyRequest): Promise<void> {
  providerOf((req.params as { provider?: string }).provider ?? '');
});

export async function calendarSyncRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  const present = (row: Parameters<typeof presentCalendar>[0]) => presentCalendar(row, { owner: true });

  const ownCalendar = (req: FastifyRequest<{ Params: { id: string } }>) => ownedCalendar(db, req);

  await routeFrom(app, calendarsApi.providers, {}, async () => ({
    providers: calendarProviders(app.deps.calendarSync),
  }));

  // One route each for every OAuth provider (`:provider`); any other answers as an unknown address
  // does, 404, before the sign-in check or the body.
  await routeFrom(app, calendarsApi.authorize, { preValidation: [knownProvider, requireUser] }, async (req) =>
    startAuthorization(app.deps, providerOf(req.params.provider), signedInUser(req), app.deps.now()),
  );
  await routeFrom(app, calendarsApi.callback, { preValidation: [knownProvider, requireUser] }, async (req) =>
    present(
      await completeAuthorization(
        app.deps,
        providerOf(req.params.provider),
        signedInUser(req),
        req.body,
        app.deps.now(),
      ),
    ),
  );

  await routeFrom(app, calendarsApi.ics, { preValidation: requireUser }, async (req) => {
    const calendar = await ownCalendar(req);
    return present(await connectIcs(app.deps, calendar, req.body.icsUrl, app.deps.now()));
  });

  await routeFrom(app, calendarsApi.sync, { preValidation: requireUser }, async (req) => {
    const calendar = await ownCalendar(req);
    return present(await syncNow(app.deps, calendar, app.deps.now()));
  });

  await routeFrom(app, calendarsApi.disconnect, { preValidation: requireUser }, async (req) => {
    const calendar = await ownCalendar(req);
    return present(
      await disconnectCalendar(
        db,
        calendar,
        { password: req.body?.password ?? '', ip: req.ip, device: deviceToken(req) },
        app.deps.now(),
      ),
    );
  });
}
