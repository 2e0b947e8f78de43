import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES } from '@stg/domain/validation';
import { requireSelf, requireUser, signedInUser } from '../../http/auth';
import { notFound } from '../../http/errors';
import { parseId } from '../../http/params';
import {
  bookingResponseSchema,
  bookingsResponseSchema,
  createBookingRequestSchema,
  updateBookingRequestSchema,
} from '@stg/domain/api/bookings';
import { presentBooking } from './presenter';
import { listUserBookings, priceBooking, updateBooking } from './service';

export async function bookingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const ctx = { busyTimesCheck: app.deps.busyTimesCheck };

  r.post(
    '/api/bookings',
    {
      schema: {
        tags: ['bookings'],
        summary:
          "Price the answers and create the caller's booking with the vendor (201), or update the one in progress (200). A client's price and duration are ignored",
        // Missing answers are unanswered questions (422 "Please answer every question.").
        body: createBookingRequestSchema,
        response: { 200: bookingResponseSchema, 201: bookingResponseSchema },
      },
    },
    async (req, reply) => {
      const { vendorId, answers, customerNotes } = req.body.booking;
      if (vendorId === null) throw notFound(MESSAGES.vendorNotFound);
      const { booking, created } = await priceBooking(
        db,
        ctx,
        { user: req.user, session: req.session },
        { vendorId, answers: answers ?? {}, customerNotes },
        app.deps.now(),
      );
      reply.status(created ? 201 : 200);
      return { booking: presentBooking(booking) };
    },
  );

  r.put(
    '/api/bookings/:id',
    {
      schema: {
        tags: ['bookings'],
        summary:
          "Change a booking's answers or notes (re-priced) and/or its appointment time (checked against the vendor's availability: status scheduled, or null back to priced); only the caller's own booking (404 otherwise), not once paid",
        params: z.object({ id: z.string() }),
        body: updateBookingRequestSchema,
        response: { 200: bookingResponseSchema },
      },
    },
    async (req) => {
      const id = parseId(req.params.id);
      if (id === null) throw notFound();
      const booking = await updateBooking(
        db,
        ctx,
        { user: req.user, session: req.session },
        id,
        req.body.booking,
        app.deps.now(),
      );
      return { booking: presentBooking(booking) };
    },
  );

  r.get(
    '/api/user/:id/bookings',
    {
      preValidation: [requireUser, requireSelf('id')],
      schema: {
        tags: ['bookings'],
        summary: "The signed-in user's bookings, newest first (403 for anyone else's)",
        params: z.object({ id: z.string() }),
        response: { 200: bookingsResponseSchema },
      },
    },
    async (req) => {
      const rows = await listUserBookings(db, signedInUser(req).id);
      return { bookings: rows.map(presentBooking) };
    },
  );
}
