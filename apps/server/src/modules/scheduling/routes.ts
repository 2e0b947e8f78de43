import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CUSTOMER_STEP_MINUTES, MAX_WINDOW_DAYS, VENDOR_STEP_MINUTES } from '@stg/domain/availability';
import { LIMITS, TIME_ZONE } from '@stg/domain/constants';
import { durationMinutes } from '@stg/domain/pricing';
import { MESSAGES } from '@stg/domain/validation';
import { toZonedIso } from '@stg/domain/zoned-time';
import { requireUser } from '../../http/auth';
import { forbidden, notFound } from '../../http/errors';
import { parseId } from '../../http/params';
import { findOwnedBooking, findRepriceableBooking, OPEN_STATUSES } from '../bookings/repo';
import { findVendor } from '../pricing/repo';
import { presentCalendar } from '../vendors/presenter';
import { ownedCalendar } from '../calendar-sync/owned-calendar';
import { findVendorOrder } from './repo';
import { busyTimesCheckFor } from './busy-times';
import { availabilityCache } from './availability-cache';
import {
  updateSchedulingPreferences,
  vendorAvailability,
  type AvailabilityAnswer,
  type AvailabilityRequest,
} from './service';
import { publicReadCache, representation, sendRepresentation } from '../public-read-cache/cache';

const optionalInt = (min: number, max: number, message: string) =>
  z
    .string()
    .regex(/^\d{1,6}$/, { error: message })
    .transform(Number)
    .pipe(z.number().int().min(min, { error: message }).max(max, { error: message }))
    .optional();

const availabilityQuery = z.object({
  duration: optionalInt(
    1,
    MAX_WINDOW_DAYS,
    `duration must be a number of days from 1 to ${MAX_WINDOW_DAYS}.`,
  ),
  minutes: optionalInt(1, 1440, 'minutes must be a job length from 1 to 1440 minutes.'),
  booking_id: z.string().max(12).optional(),
  order_id: z.string().max(12).optional(),
});

/** The preferences as spec §7 names them; `id` may be sent and is ignored (the path decides). */
const preferencesBody = z.object({
  vendorCalendar: z.object({
    id: z.union([z.number(), z.string()]).optional(),
    // Checked by the shared rules, which word every message (applySchedulingPatch).
    workdayStartTime: z.unknown().optional(),
    workdayEndTime: z.unknown().optional(),
    driveTimeBufferMins: z.unknown().optional(),
    bookingWindowStartDays: z.unknown().optional(),
    bookingWindowEndDays: z.unknown().optional(),
  }),
});

export async function schedulingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const busyTimesCheck = busyTimesCheckFor(app.deps);
  const publicReads = await publicReadCache(app.deps.database);
  const answers = await availabilityCache(app.deps.database);

  r.get(
    '/api/vendors/:id/vendor_calendars',
    {
      schema: {
        tags: ['scheduling'],
        summary:
          "The vendor's available start times for the caller's booking (or `minutes`), grouped by local date, over `duration` days (default 90). See docs/api/scheduling.md",
        params: z.object({ id: z.string() }),
        querystring: availabilityQuery,
      },
    },
    async (req, reply) => {
      const vendorId = parseId(req.params.id);
      if (vendorId === null) throw notFound(MESSAGES.vendorNotFound);
      // The schedule's version is read beside the vendor row (which changes only with the public reads'
      // version: its listing status, its prices), not after it.
      const scheduleVersion = Promise.resolve(answers.versions.current(vendorId));
      const vendor = await publicReads.get(`vendor-row:${vendorId}`, () => findVendor(db, vendorId));
      const owner = req.user?.vendorId === vendorId;
      if (!vendor || (vendor.listingStatus !== 'active' && !owner)) throw notFound(MESSAGES.vendorNotFound);
      const now = app.deps.now();
      const windowDays = req.query.duration ?? LIMITS.calendarWindowDays;

      let jobMinutes: number;
      let stepMinutes = CUSTOMER_STEP_MINUTES;
      let excludeOrderId: number | null = null;
      let excludeBookingId: number | null = null;
      if (req.query.order_id !== undefined) {
        // Moving an order: the vendor in quarter-hour steps, its customer in minutes; its own time is free.
        const orderId = parseId(req.query.order_id);
        const order = orderId === null ? null : await findVendorOrder(db, vendorId, orderId);
        if (!order) throw notFound();
        const customer = req.user !== null && order.userId === req.user.id;
        if (!owner && !customer) throw forbidden();
        jobMinutes = order.durationMins;
        stepMinutes = owner ? VENDOR_STEP_MINUTES : CUSTOMER_STEP_MINUTES;
        excludeOrderId = order.id;
      } else {
        const owner = req.user ? { userId: req.user.id } : req.session ? { sessionId: req.session.id } : null;
        let booking = null;
        if (req.query.booking_id !== undefined) {
          const bookingId = parseId(req.query.booking_id);
          booking = bookingId === null || !owner ? null : await findOwnedBooking(db, owner, bookingId);
          if (!booking || booking.vendorId !== vendorId) throw notFound();
        } else if (owner) {
          booking = await findRepriceableBooking(db, owner, vendorId, OPEN_STATUSES);
        }
        jobMinutes =
          booking?.durationMins ??
          req.query.minutes ??
          Math.max(1, durationMinutes(vendor.minPriceCents, vendor.priceToDurationRateCents));
        excludeBookingId = booking?.id ?? null;
      }

      const request = {
        vendorId,
        windowDays,
        durationMinutes: jobMinutes,
        stepMinutes,
        excludeOrderId,
        excludeBookingId,
      };
      const key = [vendorId, windowDays, jobMinutes, stepMinutes, excludeOrderId, excludeBookingId].join(':');
      const rep = await answers.get(
        vendorId,
        key,
        now.getTime(),
        async () => {
          const answer = await vendorAvailability(db, busyTimesCheck, request, now);
          return {
            rep: representation(JSON.stringify(presentAvailability(request, answer))),
            validUntil: answer.validUntil,
          };
        },
        scheduleVersion,
      );
      // A customer's booking or a moved order makes the answer theirs.
      const personal =
        req.query.booking_id !== undefined || req.query.order_id !== undefined || excludeBookingId !== null;
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
        body: preferencesBody,
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

/** The answer of GET /api/vendors/{id}/vendor_calendars (docs/api/scheduling.md). */
function presentAvailability(
  req: AvailabilityRequest,
  { availability, unavailableReason }: AvailabilityAnswer,
) {
  return {
    timeZone: TIME_ZONE,
    stepMinutes: req.stepMinutes,
    jobMinutes: req.durationMinutes,
    windowDays: req.windowDays,
    firstDate: availability.firstDate,
    lastDate: availability.lastDate,
    unavailableReason,
    days: availability.days.map((d) => ({
      date: d.date,
      ranges: d.ranges.map((range) => ({
        start_time: toZonedIso(range.start, TIME_ZONE),
        end_time: toZonedIso(range.end, TIME_ZONE),
      })),
    })),
  };
}
