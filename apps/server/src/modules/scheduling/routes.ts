import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { schedulingPreferencesRequestSchema, vendorCalendarResponseSchema } from '@stg/domain/api/scheduling';
import { requireUser } from '../../http/auth';
import { ownedCalendar } from '../calendar-sync/owned-calendar';
import { presentCalendar } from '../vendor-calendars/presenter';
import { updateSchedulingPreferences } from './service';

export async function schedulingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

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
