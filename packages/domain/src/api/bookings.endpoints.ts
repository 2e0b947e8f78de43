/**
 * The bookings endpoints (spec §7): the vendor's availability for the caller's booking, pricing and
 * changing a booking, and the user's bookings. One object each (ADR 0031); their schemas are in
 * ./bookings and ./scheduling.
 */
import { endpoint } from './endpoint';

const schemas = () => import('./bookings');
const tags = ['bookings'];

export const bookingsApi = {
  availability: endpoint({
    method: 'GET',
    path: '/api/vendors/:id/vendor_calendars',
    tags: ['scheduling'],
    summary:
      "The vendor's available start times for the caller's booking (or `minutes`), grouped by local date, over `duration` days (default 90). See docs/api/scheduling.md",
    schemas: () =>
      import('./scheduling').then((m) => ({
        query: m.availabilityQuerySchema,
        responses: { 200: m.availabilityResponseSchema },
      })),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/bookings',
    tags,
    summary:
      "Price the answers and create the caller's booking with the vendor (201), or update the one in progress (200). A client's price and duration are ignored",
    // Missing answers are unanswered questions (422 "Please answer every question.").
    schemas: () =>
      schemas().then((m) => ({
        body: m.createBookingRequestSchema,
        responses: { 200: m.bookingResponseSchema, 201: m.bookingResponseSchema },
      })),
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/bookings/:id',
    tags,
    summary:
      "Change a booking's answers or notes (re-priced) and/or its appointment time (checked against the vendor's availability: status scheduled, or null back to priced); only the caller's own booking (404 otherwise), not once paid",
    schemas: () =>
      schemas().then((m) => ({
        body: m.updateBookingRequestSchema,
        responses: { 200: m.bookingResponseSchema },
      })),
  }),
  userBookings: endpoint({
    method: 'GET',
    path: '/api/user/:id/bookings',
    tags,
    summary: "The signed-in user's bookings, newest first (403 for anyone else's)",
    schemas: () => schemas().then((m) => ({ responses: { 200: m.bookingsResponseSchema } })),
  }),
};
