/**
 * The settable clock (clock.ts): PUT /api/dev/clock moves the time every route, the job worker and the
 * slot engine go by. app.ts registers it only when handed a SettableClock, which app-from-config.ts makes
 * only with SETTABLE_CLOCK (development by default, the e2e server; never production); each request must
 * also come from this machine.
 */
import type { FastifyInstance } from 'fastify';
import { supportApi } from '@stg/domain/api/support.endpoints';
import type { SettableClock } from '../../clock';
import { routeFrom } from '../../http/endpoint-route';
import { notFound } from '../../http/errors';
import { availabilityCache } from '../scheduling/availability-cache';
import { isLocalRequest } from '../../http/local-request';

export async function devClockRoutes(app: FastifyInstance, opts: { clock: SettableClock }) {
  const { clock } = opts;
  const answer = () => ({ now: clock.now().toISOString(), offsetMs: clock.offset });

  await routeFrom(app, supportApi.clock, {}, async (req, reply) => {
    if (!isLocalRequest(req)) throw notFound();
    reply.header('Cache-Control', 'no-store');
    return answer();
  });

  await routeFrom(app, supportApi.setClock, {}, async (req, reply) => {
    if (!isLocalRequest(req)) throw notFound();
    clock.set(req.body.at === null ? null : new Date(req.body.at));
    // Cached availability answers hold "until" a time; the clock moved, so none of them is known true.
    (await availabilityCache(app.deps.database)).clear();
    reply.header('Cache-Control', 'no-store');
    return answer();
  });
}
