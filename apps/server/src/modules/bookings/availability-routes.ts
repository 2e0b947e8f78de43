import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { bookingsApi } from '@stg/domain/api/bookings.endpoints';
import { routeFrom } from '../../http/endpoint-route';
import { sendRepresentation } from '../public-read-cache/cache';
import { availabilityReader } from './availability';

/**
 * GET /api/vendors/{id}/vendor_calendars, the availability for the caller's booking: registered between
 * the bookings' and the scheduling's routes, where it was when the scheduling routes held it.
 */
export async function availabilityRoutes(app: FastifyInstance) {
  const readAvailability = await availabilityReader(app.deps);

  await routeFrom(
    app,
    bookingsApi.availability,
    { schema: { response: { 304: z.null() } } },
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
