import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, signedInUser } from '../../http/auth';
import { ownedCalendar } from './owned-calendar';
import { presentCalendar } from '../vendor-calendars/presenter';
import { deviceToken } from '../auth/trusted-devices';
import {
  authorizeResponseSchema,
  calendarProvidersResponseSchema,
  disconnectCalendarRequestSchema,
  icsFeedRequestSchema,
  oauthCallbackRequestSchema,
  ownedCalendarResponseSchema,
} from '@stg/domain/api/calendars';
import { completeAuthorization, connectIcs, disconnectCalendar, startAuthorization } from './connections';
import { calendarProviders, syncNow } from './service';

const params = z.object({ id: z.string() });

export async function calendarSyncRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const present = (row: Parameters<typeof presentCalendar>[0]) => presentCalendar(row, { owner: true });

  const ownCalendar = (req: FastifyRequest<{ Params: { id: string } }>) => ownedCalendar(db, req);

  r.get(
    '/api/calendar_providers',
    {
      schema: {
        tags: ['calendars'],
        summary: 'Which calendar connections this server offers',
        response: { 200: calendarProvidersResponseSchema },
      },
    },
    async () => ({ providers: calendarProviders(app.deps.calendarSync) }),
  );

  for (const provider of ['google', 'jobber'] as const) {
    const name = provider === 'google' ? 'Google Calendar' : 'Jobber';
    r.post(
      `/api/auth/${provider}/authorize`,
      {
        preValidation: requireUser,
        schema: {
          tags: ['calendars'],
          summary: `Start connecting ${name}: the consent page to send the vendor to (state prefixed "${provider}:")`,
          response: { 200: authorizeResponseSchema },
        },
      },
      async (req) => startAuthorization(app.deps, provider, signedInUser(req), app.deps.now()),
    );
    r.post(
      `/api/auth/${provider}/callback`,
      {
        preValidation: requireUser,
        schema: {
          tags: ['calendars'],
          summary: `Finish connecting ${name} with the code and state it returned; the calendar, read once`,
          body: oauthCallbackRequestSchema,
          response: { 200: ownedCalendarResponseSchema },
        },
      },
      async (req) =>
        present(await completeAuthorization(app.deps, provider, signedInUser(req), req.body, app.deps.now())),
    );
  }

  r.post(
    '/api/vendor_calendars/:id/ics',
    {
      preValidation: requireUser,
      schema: {
        tags: ['calendars'],
        summary:
          "Connect an iCal feed (the calendar's secret address); read once before it is saved; owner only",
        params,
        body: icsFeedRequestSchema,
        response: { 200: ownedCalendarResponseSchema },
      },
    },
    async (req) => {
      const calendar = await ownCalendar(req);
      return present(await connectIcs(app.deps, calendar, req.body.icsUrl, app.deps.now()));
    },
  );

  r.post(
    '/api/vendor_calendars/:id/sync',
    {
      preValidation: requireUser,
      schema: {
        tags: ['calendars'],
        summary: 'Read the connected calendar again now; owner only',
        params,
        response: { 200: ownedCalendarResponseSchema },
      },
    },
    async (req) => {
      const calendar = await ownCalendar(req);
      return present(await syncNow(app.deps, calendar, app.deps.now()));
    },
  );

  r.delete(
    '/api/vendor_calendars/:id',
    {
      preValidation: requireUser,
      schema: {
        tags: ['calendars'],
        summary:
          'Disconnect the calendar (busy times and secrets removed, preferences kept); needs the password; owner only',
        params,
        body: disconnectCalendarRequestSchema,
        response: { 200: ownedCalendarResponseSchema },
      },
    },
    async (req) => {
      const calendar = await ownCalendar(req);
      return present(
        await disconnectCalendar(
          db,
          calendar,
          { password: req.body?.password ?? '', ip: req.ip, device: deviceToken(req) },
          app.deps.now(),
        ),
      );
    },
  );
}
