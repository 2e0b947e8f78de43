import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  availabilityQuerySchema,
  availabilityResponseSchema,
  schedulingPreferencesRequestSchema,
  vendorCalendarResponseSchema,
} from '@stg/domain/api/scheduling';
import { requireUser } from '../../http/auth';
import { ownedCalendar } from '../calendar-sync/owned-calendar';
import { sendRepresentation } from '../public-read-cache/cache';
import { presentCalendar } from '../vendor-calendars/presenter';
import { availabilityReader } from './availability';
import { updateSchedulingPreferences } from './service';

export async function schedulingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const readAvailability = await availabilityReader(app.deps);

  r.get(
    '/api/vendors/:id/vendor_calendars',
    {
      schema: {
        tags: ['scheduling'],
        summary:
          "The vendor's available start times for the caller's booking (or `minutes`), grouped by local date, over `duration` days (default 90). See docs/api/scheduling.md",
        params: z.object({ id: z.string() }),
        querystring: availabilityQuerySchema,
        response: { 200: availabilityResponseSchema, 304: z.null() },
      },
    },
    async (req, reply) => {
      const caller = {
        userId: req.user?.id ?? null,
        userVendorId: req.user?.vendorId ?? null,
        sessionId: req.session?.id ?? null,
      };
      const { rep, personal } = await readAvailability(caller, req.params.id, req.query);
      return sendRepresentation(req, reply, rep, { personal });
    },
  );

  r.patch(
    '/api/vendor_calendars/:id',
    {
      preValidation: requireUser,
      schema: {
        tags: ['scheduling'],
        summary:
          "Change the vendor's scheduling preferences (workday, gap, minimum notice, booking limit); owner only",
        params: z.object({ id: z.string() }),
        body: schedulingPreferencesRequestSchema,
        response: { 200: vendorCalendarResponseSchema },
      },
    },
    async (req) => {
      const calendar = await ownedCalendar(db, req);
      const { id: _ignored, ...patch } = req.body.vendorCalendar;
      const updated = await updateSchedulingPreferences(db, calendar.id, patch, app.deps.now());
      return presentCalendar(updated, { owner: true });
    },
  );
}
