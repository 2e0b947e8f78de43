import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@stg/domain/validation';
import { requireSelf, requireUser, signedInUser } from '../../http/auth';
import { notFound } from '../../http/errors';
import { routeFrom } from '../../http/endpoint-route';
import { parseId } from '../../http/params';
import { bookingsApi } from '@stg/domain/api/bookings.endpoints';
import { presentBooking } from './presenter';
import { listUserBookings, priceBooking, updateBooking } from './service';

export async function bookingRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  const ctx = { busyTimesCheck: app.deps.busyTimesCheck };

  await routeFrom(app, bookingsApi.create, {}, async (req, reply) => {
    const { vendorId, answers, customerNotes, planFrequency } = req.body.booking;
    if (vendorId === null) throw notFound(MESSAGES.vendorNotFound);
    const { booking, created } = await priceBooking(
      db,
      ctx,
      { user: req.user, session: req.session },
      { vendorId, answers: answers ?? {}, customerNotes, planFrequency },
      app.deps.now(),
      { database: app.deps.database, version: req.publicReadVersion },
    );
    reply.status(created ? 201 : 200);
    return { booking: presentBooking(booking) };
  });

  await routeFrom(app, bookingsApi.update, {}, async (req) => {
    const id = parseId(req.params.id);
    if (id === null) throw notFound();
    const booking = await updateBooking(
      db,
      ctx,
      { user: req.user, session: req.session },
      id,
      req.body.booking,
      app.deps.now(),
      { database: app.deps.database, version: req.publicReadVersion },
    );
    return { booking: presentBooking(booking) };
  });

  await routeFrom(
    app,
    bookingsApi.userBookings,
    { preValidation: [requireUser, requireSelf('id')] },
    async (req) => {
      const rows = await listUserBookings(db, signedInUser(req).id);
      return { bookings: rows.map(presentBooking) };
    },
  );
}
