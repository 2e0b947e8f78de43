import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, signedInUser } from '../../http/auth';
import { unprocessable } from '../../http/errors';
import { ownedCalendar } from './owned-calendar';
import { presentCalendar } from '../vendors/presenter';
import { ICS_MESSAGES } from '../../adapters/calendars/ics';
import {
  CALENDAR_MESSAGES,
  calendarProviders,
  completeAuthorization,
  connectIcs,
  disconnectCalendar,
  startAuthorization,
  syncCalendar,
} from './service';

const params = z.object({ id: z.string() });

export async function calendarSyncRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const present = (row: Parameters<typeof presentCalendar>[0]) => presentCalendar(row, { owner: true });

  const ownCalendar = (req: FastifyRequest<{ Params: { id: string } }>) => ownedCalendar(db, req);

  r.get(
    '/api/calendar_providers',
    { schema: { tags: ['calendars'], summary: 'Which calendar connections this server offers' } },
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
          body: z.object({
            code: z
              .string({ error: CALENDAR_MESSAGES.codeMissing })
              .min(1, { error: CALENDAR_MESSAGES.codeMissing })
              .max(4096, { error: CALENDAR_MESSAGES.codeMissing }),
            state: z
              .string({ error: CALENDAR_MESSAGES.stateInvalid })
              .min(1, { error: CALENDAR_MESSAGES.stateInvalid })
              .max(512, { error: CALENDAR_MESSAGES.stateInvalid }),
          }),
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
        body: z.object({
          icsUrl: z.string({ error: ICS_MESSAGES.badAddress }).max(2048, { error: ICS_MESSAGES.badAddress }),
        }),
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
      schema: { tags: ['calendars'], summary: 'Read the connected calendar again now; owner only', params },
    },
    async (req) => {
      const calendar = await ownCalendar(req);
      if (!calendar.apiIntegrated) throw unprocessable(CALENDAR_MESSAGES.notConnected);
      return present(await syncCalendar(app.deps, calendar, app.deps.now()));
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
        body: z.object({ password: z.string().max(1000).optional() }).optional(),
      },
    },
    async (req) => {
      const calendar = await ownCalendar(req);
      return present(
        await disconnectCalendar(
          db,
          calendar,
          { password: req.body?.password ?? '', ip: req.ip },
          app.deps.now(),
        ),
      );
    },
  );
}
