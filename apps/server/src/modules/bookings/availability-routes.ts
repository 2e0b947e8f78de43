import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { availabilityQuerySchema, availabilityResponseSchema } from '@stg/domain/api/scheduling';
import { sendRepresentation } from '../public-read-cache/cache';
import { availabilityReader } from './availability';

/**
 * GET /api/vendors/{id}/vendor_calendars, the availability for the caller's booking: registered between
 * the bookings' and the scheduling's routes, where it was when the scheduling routes held it.
 */
export async function availabilityRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
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
}
