/**
 * The e2e server's settable clock (clock.ts): PUT /api/dev/clock moves the time every route, the job
 * worker and the slot engine go by. app.ts registers it only when main.ts hands it a SettableClock, which
 * it does only with SETTABLE_CLOCK=true under NODE_ENV=test; each request must also come from this machine.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SettableClock } from '../../clock';
import { notFound } from '../../http/errors';
import { availabilityCache } from '../scheduling/availability-cache';
import { isLocalRequest } from './outbox-routes';

const clockAnswer = z.object({
  /** The server's time now, ISO 8601. */
  now: z.string(),
  /** How far it is from the wall clock, ms. */
  offsetMs: z.number(),
});

export async function devClockRoutes(app: FastifyInstance, opts: { clock: SettableClock }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { clock } = opts;
  const answer = () => ({ now: clock.now().toISOString(), offsetMs: clock.offset });

  r.get(
    '/api/dev/clock',
    {
      schema: {
        tags: ['dev'],
        summary: "The e2e server's time (SETTABLE_CLOCK under NODE_ENV=test only; from this machine only)",
        response: { 200: clockAnswer },
      },
    },
    async (req, reply) => {
      if (!isLocalRequest(req)) throw notFound();
      reply.header('Cache-Control', 'no-store');
      return answer();
    },
  );

  r.put(
    '/api/dev/clock',
    {
      schema: {
        tags: ['dev'],
        summary:
          "Sets the e2e server's time (it runs on from there); {at: null} goes back to the wall clock. SETTABLE_CLOCK under NODE_ENV=test only; from this machine only",
        body: z.object({ at: z.iso.datetime({ offset: true }).nullable() }),
        response: { 200: clockAnswer },
      },
    },
    async (req, reply) => {
      if (!isLocalRequest(req)) throw notFound();
      clock.set(req.body.at === null ? null : new Date(req.body.at));
      // Cached availability answers hold "until" a time; the clock moved, so none of them is known true.
      (await availabilityCache(app.deps.database)).clear();
      reply.header('Cache-Control', 'no-store');
      return answer();
    },
  );
}
