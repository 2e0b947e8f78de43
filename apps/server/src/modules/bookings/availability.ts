/**
 * The vendor's availability as the API answers it (GET /api/vendors/{id}/vendor_calendars,
 * docs/api/scheduling.md): who asks decides the job (their booking, the order they move, `minutes`, or the
 * vendor's minimum-price job) and the step; the answer comes from the availability cache (ADR 0024).
 * In the bookings module because the caller's booking sets the job: it uses the scheduling module's
 * engine and cache, and scheduling never reads bookings' code (no two-way dependency).
 */
import { CUSTOMER_STEP_MINUTES, VENDOR_STEP_MINUTES } from '@stg/domain/availability';
import { availabilityResponseSchema } from '@stg/domain/api/scheduling';
import { LIMITS } from '@stg/domain/constants';
import { durationMinutes } from '@stg/domain/pricing';
import { MESSAGES } from '@stg/domain/validation';
import type { AppDeps } from '../../deps';
import { forbidden, notFound } from '../../http/errors';
import { parseId } from '../../http/params';
import { findOwnedBooking, findRepriceableBooking, OPEN_STATUSES } from './repo';
import { findVendor } from '../pricing/queries';
import {
  publicReadCache,
  representation,
  serializeWith,
  type Representation,
} from '../public-read-cache/cache';
import { availabilityCache } from '../scheduling/availability-cache';
import { presentAvailability } from '../scheduling/presenter';
import { busyTimesCheckFor } from '../scheduling/busy-times';
import { findVendorOrder, vendorAvailability, type AvailabilityRequest } from '../scheduling/service';

/** Who asks: the signed-in user (and the vendor they belong to), else the guest's session. */
export interface AvailabilityCaller {
  userId: number | null;
  userVendorId: number | null;
  sessionId: number | null;
}

/** The query, parsed by availabilityQuerySchema. */
export interface AvailabilityQueryInput {
  duration?: number;
  minutes?: number;
  booking_id?: string;
  order_id?: string;
}

export interface AvailabilityReply {
  rep: Representation;
  /** The answer is the caller's own (their booking, their order): never kept by a shared cache. */
  personal: boolean;
}

const serialize = serializeWith(availabilityResponseSchema);

/** The availability reader of one app (its caches are the app's). */
export async function availabilityReader(deps: AppDeps) {
  const { db } = deps;
  const busyTimesCheck = busyTimesCheckFor(deps);
  const publicReads = await publicReadCache(deps.database);
  const answers = await availabilityCache(deps.database);

  /** What the request is about: the job's length and step, and whose time does not block. */
  async function requestFor(
    caller: AvailabilityCaller,
    vendor: { id: number; minPriceCents: number; priceToDurationRateCents: number },
    query: AvailabilityQueryInput,
  ): Promise<AvailabilityRequest> {
    const owner = caller.userVendorId === vendor.id;
    const windowDays = query.duration ?? LIMITS.calendarWindowDays;
    if (query.order_id !== undefined) {
      // Moving an order: the vendor in quarter-hour steps, its customer in minutes; its own time is free.
      const orderId = parseId(query.order_id);
      const order = orderId === null ? null : await findVendorOrder(db, vendor.id, orderId);
      if (!order) throw notFound();
      const customer = caller.userId !== null && order.userId === caller.userId;
      if (!owner && !customer) throw forbidden();
      return {
        vendorId: vendor.id,
        windowDays,
        durationMinutes: order.durationMins,
        stepMinutes: owner ? VENDOR_STEP_MINUTES : CUSTOMER_STEP_MINUTES,
        excludeOrderId: order.id,
        excludeBookingId: null,
      };
    }
    // The caller's booking (named, or their open one with this vendor) sets the job's length.
    const bookingOwner =
      caller.userId !== null
        ? { userId: caller.userId }
        : caller.sessionId !== null
          ? { sessionId: caller.sessionId }
          : null;
    let booking = null;
    if (query.booking_id !== undefined) {
      const bookingId = parseId(query.booking_id);
      booking =
        bookingId === null || !bookingOwner ? null : await findOwnedBooking(db, bookingOwner, bookingId);
      if (!booking || booking.vendorId !== vendor.id) throw notFound();
    } else if (bookingOwner) {
      booking = await findRepriceableBooking(db, bookingOwner, vendor.id, OPEN_STATUSES);
    }
    return {
      vendorId: vendor.id,
      windowDays,
      durationMinutes:
        booking?.durationMins ??
        query.minutes ??
        Math.max(1, durationMinutes(vendor.minPriceCents, vendor.priceToDurationRateCents)),
      stepMinutes: CUSTOMER_STEP_MINUTES,
      excludeOrderId: null,
      excludeBookingId: booking?.id ?? null,
    };
  }

  return async function read(
    caller: AvailabilityCaller,
    vendorIdParam: string,
    query: AvailabilityQueryInput,
  ): Promise<AvailabilityReply> {
    const vendorId = parseId(vendorIdParam);
    if (vendorId === null) throw notFound(MESSAGES.vendorNotFound);
    // The schedule's version is read beside the vendor row (which changes only with the public reads'
    // version: its listing status, its prices), not after it.
    const scheduleVersion = Promise.resolve(answers.versions.current(vendorId));
    const vendor = await publicReads.get(`vendor-row:${vendorId}`, () => findVendor(db, vendorId));
    if (!vendor || (vendor.listingStatus !== 'active' && caller.userVendorId !== vendorId))
      throw notFound(MESSAGES.vendorNotFound);
    const now = deps.now();
    const request = await requestFor(caller, vendor, query);
    const key = [
      vendorId,
      request.windowDays,
      request.durationMinutes,
      request.stepMinutes,
      request.excludeOrderId,
      request.excludeBookingId,
    ].join(':');
    const rep = await answers.get(
      vendorId,
      key,
      now.getTime(),
      async () => {
        const answer = await vendorAvailability(db, busyTimesCheck, request, now);
        return {
          rep: representation(serialize(presentAvailability(request, answer))),
          validUntil: answer.validUntil,
        };
      },
      scheduleVersion,
    );
    const personal =
      query.booking_id !== undefined || request.excludeOrderId !== null || request.excludeBookingId !== null;
    return { rep, personal };
  };
}
