import type { FastifyInstance } from 'fastify';
import { schedulingApi } from '@stg/domain/api/scheduling.endpoints';
import { requireUser } from '../../http/auth';
import { routeFrom } from '../../http/endpoint-route';
import { ownedCalendar } from '../calendar-sync/owned-calendar';
import { presentCalendar } from '../vendor-calendars/presenter';
import { updateSchedulingPreferences } from './service';

export async function schedulingRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  await routeFrom(app, schedulingApi.updatePreferences, { preValidation: requireUser }, async (req) => {
    const calendar = await ownedCalendar(db, req);
    const { id: _ignored, ...patch } = req.body.vendorCalendar;
    const updated = await updateSchedulingPreferences(db, calendar.id, patch, app.deps.now());
    return presentCalendar(updated, { owner: true });
  });
}
