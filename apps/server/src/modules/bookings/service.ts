/**
 * The booking flow's pricing step (spec §4): the server prices every booking from the vendor's
 * formula, minimum price and price-to-duration rate and the submitted answers; a client's price or
 * duration is never read (ARCHITECTURE §3). A caller has at most one priced or scheduled booking per
 * vendor: pricing again updates it. Guests own bookings through their session until they sign in
 * or up, when bookings and answers move to the account (adoptGuestSession).
 */
import {
  checkBookingAnswers,
  optionsSnapshot,
  PRICING_LIMITS,
  PRICING_MESSAGES,
} from '@stg/domain/pricing-inputs';
import { answersFromSelections, durationMinutes, quotePrice } from '@stg/domain/pricing';
import { CUSTOMER_STEP_MINUTES } from '@stg/domain/availability';
import { MESSAGES } from '@stg/domain/validation';
import { PLAN_MESSAGES, planVisitSubtotal, type PlanFrequency } from '@stg/domain/plans';
import { vendorPlanOffers } from '../plan-offers/service';
import type { Database, Db, Tx } from '../../db/client';
import { publicReadCache } from '../public-read-cache/cache';
import { notFound, unauthorized, unprocessable } from '../../http/errors';
import { presentPricingInput } from '../pricing/presenter';
import {
  findGuestInputs,
  findVendor,
  listVendorInputs,
  mergeGuestInputs,
  upsertAddressInputs,
} from '../pricing/queries';
import { fittingAnswers } from '../pricing/service';
import type { BusyTimesCheck } from '../../deps';
import { checkStart } from '../scheduling/service';
import type { SessionRow, UserRow } from '../../db/rows';
import {
  findOwnedBooking,
  findRepriceableBooking,
  insertBooking,
  listBookings,
  lockOwner,
  moveGuestBookings,
  OPEN_STATUSES,
  updateBookingRow,
  type BookingOwner,
  type BookingRow,
  type NewBooking,
} from './repo';

/** Who is asking: the signed-in user, else the guest's session. */
export interface Caller {
  user: UserRow | null;
  session: SessionRow | null;
}

export interface BookingInput {
  answers?: Record<string, string>;
  customerNotes?: string | null;
  /** A time to schedule the booking at (status scheduled), or null to clear it (back to priced). */
  appointmentAt?: Date | null;
  /** ADR 0037: a plan frequency the vendor offers, or null for one time; left out, the booking keeps its own. */
  planFrequency?: PlanFrequency | null;
}

/** Checks chosen times against the vendor's availability (the scheduling module). */
export interface SchedulingContext {
  busyTimesCheck: BusyTimesCheck;
}

const LOCKED_STATUSES = new Set(['paid', 'completed']);

function ownerOf(caller: Caller): BookingOwner {
  if (caller.user) return { userId: caller.user.id };
  if (caller.session) return { sessionId: caller.session.id };
  throw unauthorized();
}

/** The active vendor with its questions; 404 "Vendor not found" otherwise. */
export async function bookableVendor(db: Db, vendorId: number) {
  // Issue 27: three reads on the pool at once (one round trip's wait, not three); the questions and plan
  // offers of a vendor that is not found are read for nothing.
  const [vendor, inputs, planOffers] = await Promise.all([
    findVendor(db, vendorId),
    listVendorInputs(db, vendorId),
    vendorPlanOffers(db, vendorId),
  ]);
  if (!vendor || vendor.listingStatus !== 'active') throw notFound(MESSAGES.vendorNotFound);
  return { vendor, inputs: inputs.map(presentPricingInput), planOffers };
}

export type BookableVendor = Awaited<ReturnType<typeof bookableVendor>>;

/** Where a vendor's public data may be taken from: the app's database and a public reads' version. */
export interface PublicReadAt {
  database: Database;
  /** The public reads' version read after the request began (req.publicReadVersion); else read fresh. */
  version: number | null | undefined;
}

/**
 * As bookableVendor, from the public reads' cache (ADR 0022) when its version `at` is the one the kept
 * copy was made at (ADR 0042, signed-in requests' statements: checkout's vendor, questions and plan offers). Every column
 * read here is public material whose every write bumps that version (migrations 0011, 0019), and a
 * checkout writes none of it, so the copy is as fresh as a read made after the version was read. A vendor
 * that cannot be booked is never kept (the read throws).
 */
export async function bookableVendorAt(
  db: Db,
  vendorId: number,
  at: PublicReadAt | undefined,
): Promise<BookableVendor> {
  if (!at || at.version === null || at.version === undefined) return bookableVendor(db, vendorId);
  const cache = await publicReadCache(at.database);
  return cache.getAt(at.version, `bookable-vendor:${vendorId}`, () => bookableVendor(db, vendorId));
}

/**
 * Price, duration, canonical answers and snapshot for the answers; 422 when one is missing or does not fit.
 * With a plan frequency (ADR 0037) the price is the price per visit: the one-time price less the vendor's
 * discount for it (422 "This provider does not offer that plan." when it offers none); the duration is the
 * one-time duration (the work is the same).
 */
export function priceFor(
  { vendor, inputs, planOffers }: BookableVendor,
  given: Record<string, string>,
  planFrequency: PlanFrequency | null = null,
) {
  const offer = planFrequency === null ? null : planOffers.find((o) => o.frequency === planFrequency);
  if (offer === undefined) throw unprocessable(PLAN_MESSAGES.notOffered);
  const checked = checkBookingAnswers(inputs, given);
  if (checked.errors.length > 0) throw unprocessable(...checked.errors);
  const { priceCents: baseCents } = quotePrice({
    formula: vendor.pricingFormula,
    minPriceCents: vendor.minPriceCents,
    answers: answersFromSelections(inputs, checked.answers),
  });
  return {
    answers: checked.answers,
    optionsSnapshot: optionsSnapshot(inputs, checked.answers),
    priceCents: offer ? planVisitSubtotal(baseCents, offer.discountPercent) : baseCents,
    // The database keeps a booking at least a minute long (a free service still takes time).
    durationMins: Math.max(1, durationMinutes(baseCents, vendor.priceToDurationRateCents)),
    planFrequency: offer?.frequency ?? null,
    planDiscountPercent: offer?.discountPercent ?? null,
    baseCents,
  };
}

/** The columns a priced booking is written with (the one-time price stays out: it is not the booking's). */
function bookingPrice(priced: ReturnType<typeof priceFor>) {
  const { baseCents: _base, ...columns } = priced;
  return columns;
}

function notesOf(notes: string | null | undefined): string | null | undefined {
  if (notes === undefined || notes === null) return notes;
  const trimmed = notes.trim();
  if (trimmed.length > PRICING_LIMITS.customerNotesMax)
    throw unprocessable(PRICING_MESSAGES.customerNotesTooLong);
  return trimmed === '' ? null : trimmed;
}

const cleared = { status: 'priced', appointmentAt: null, holdExpiresAt: null } as const;

/**
 * The time part of an update: a time the caller chose is checked against the vendor's availability for
 * the (new) duration and schedules the booking; null clears it. Without a choice, a new duration
 * re-checks the time already chosen: it stays while the longer or shorter job still fits, otherwise the
 * booking goes back to priced and the time must be picked again.
 */
async function timeAfterChange(
  db: Db,
  ctx: SchedulingContext,
  existing: BookingRow | null,
  priced: { durationMins: number },
  vendorId: number,
  chosen: Date | null | undefined,
  now: Date,
): Promise<Partial<NewBooking>> {
  if (chosen === null) return cleared;
  const check = (start: Date) =>
    checkStart(
      db,
      ctx.busyTimesCheck,
      {
        vendorId,
        start,
        durationMinutes: priced.durationMins,
        stepMinutes: CUSTOMER_STEP_MINUTES,
        excludeBookingId: existing?.id ?? null,
      },
      now,
    );
  if (chosen !== undefined) {
    const problem = await check(chosen);
    if (problem) throw unprocessable(problem);
    return { status: 'scheduled', appointmentAt: chosen, holdExpiresAt: null };
  }
  if (!existing?.appointmentAt || existing.durationMins === priced.durationMins) return {};
  return (await check(existing.appointmentAt)) ? cleared : {};
}

/**
 * The time part, checked outside the transaction against `checked`, applied to the row as locked now. A
 * chosen time was checked for the new duration and holds; a kept time holds only if the row did not
 * change in between, otherwise the row keeps its time only while its duration is unchanged.
 */
function settleTime(
  current: BookingRow,
  checked: BookingRow | null,
  time: Partial<NewBooking>,
  durationMins: number,
  chosen: boolean,
): Partial<NewBooking> {
  if (chosen) return time;
  const unchanged =
    checked !== null &&
    current.id === checked.id &&
    current.durationMins === checked.durationMins &&
    current.appointmentAt?.getTime() === checked.appointmentAt?.getTime();
  if (unchanged) return time;
  return current.durationMins === durationMins ? {} : cleared;
}

/** The answers also become the caller's saved answers: the address's, or the guest session's. */
async function rememberAnswers(tx: Tx, caller: Caller, answers: Record<string, string>, now: Date) {
  if (caller.user) {
    if (caller.user.currentAddressId !== null)
      await upsertAddressInputs(tx, caller.user.currentAddressId, answers, now);
  } else if (caller.session) {
    await mergeGuestInputs(tx, caller.session.id, answers);
  }
}

/**
 * POST /api/bookings: prices the answers and creates the caller's booking with the vendor, or
 * updates the one in progress. `created` tells which.
 */
export async function priceBooking(
  db: Db,
  ctx: SchedulingContext,
  caller: Caller,
  input: Omit<BookingInput, 'appointmentAt'> & { vendorId: number; answers: Record<string, string> },
  now: Date,
  /** Where the vendor's pricing data may come from (bookableVendorAt); without it, read. */
  publicReads?: PublicReadAt,
): Promise<{ booking: BookingRow; created: boolean }> {
  const owner = ownerOf(caller);
  const vendor = await bookableVendorAt(db, input.vendorId, publicReads);
  const priced = bookingPrice(priceFor(vendor, input.answers, input.planFrequency ?? null));
  const notes = notesOf(input.customerNotes);
  const addressId = caller.user?.currentAddressId ?? null;
  // The time check may read the vendor's calendar: done before the transaction, not while holding its lock.
  const before = await findRepriceableBooking(db, owner, input.vendorId);
  const time = await timeAfterChange(db, ctx, before, priced, input.vendorId, undefined, now);
  return db.transaction(async (tx) => {
    await lockOwner(tx, owner);
    const existing = await findRepriceableBooking(tx, owner, input.vendorId);
    let result: { booking: BookingRow; created: boolean };
    if (existing) {
      const booking = await updateBookingRow(tx, existing.id, {
        ...priced,
        ...settleTime(existing, before, time, priced.durationMins, false),
        ...(notes !== undefined ? { customerNotes: notes } : {}),
        addressId: addressId ?? existing.addressId,
        updatedAt: now,
      });
      result = { booking, created: false };
    } else {
      const booking = await insertBooking(tx, {
        userId: caller.user?.id ?? null,
        sessionId: caller.user ? null : (caller.session?.id ?? null),
        addressId,
        vendorId: input.vendorId,
        status: 'priced',
        ...priced,
        customerNotes: notes ?? null,
        createdAt: now,
        updatedAt: now,
      });
      result = { booking, created: true };
    }
    await rememberAnswers(tx, caller, priced.answers, now);
    return result;
  });
}

/**
 * PUT /api/bookings/{id}: new answers and/or notes, re-priced with the vendor's current pricing.
 * Only the owner's booking (404 otherwise), and not once it is paid or completed.
 */
export async function updateBooking(
  db: Db,
  ctx: SchedulingContext,
  caller: Caller,
  id: number,
  input: BookingInput,
  now: Date,
  /** As priceBooking's. */
  publicReads?: PublicReadAt,
): Promise<BookingRow> {
  const owner = ownerOf(caller);
  const booking = await findOwnedBooking(db, owner, id);
  if (!booking) throw notFound();
  if (LOCKED_STATUSES.has(booking.status)) throw unprocessable(PRICING_MESSAGES.bookingLocked);
  const vendor = await bookableVendorAt(db, booking.vendorId, publicReads);
  const frequency = input.planFrequency === undefined ? booking.planFrequency : input.planFrequency;
  const priced = bookingPrice(priceFor(vendor, input.answers ?? booking.answers, frequency));
  const notes = notesOf(input.customerNotes);
  const time = await timeAfterChange(db, ctx, booking, priced, booking.vendorId, input.appointmentAt, now);
  return db.transaction(async (tx) => {
    await lockOwner(tx, owner);
    const current = await findOwnedBooking(tx, owner, id);
    if (!current) throw notFound();
    if (LOCKED_STATUSES.has(current.status)) throw unprocessable(PRICING_MESSAGES.bookingLocked);
    const updated = await updateBookingRow(tx, id, {
      ...priced,
      ...settleTime(current, booking, time, priced.durationMins, input.appointmentAt !== undefined),
      ...(notes !== undefined ? { customerNotes: notes } : {}),
      ...(current.addressId === null && caller.user ? { addressId: caller.user.currentAddressId } : {}),
      updatedAt: now,
    });
    if (input.answers) await rememberAnswers(tx, caller, priced.answers, now);
    return updated;
  });
}

/** A user's bookings, newest first. */
export async function listUserBookings(db: Db, userId: number) {
  return listBookings(db, { userId });
}

/** The caller's bookings still in the flow (priced, scheduled, pending), newest first. */
export async function listOpenBookings(db: Db, caller: Caller) {
  if (!caller.user && !caller.session) return [];
  return listBookings(db, ownerOf(caller), OPEN_STATUSES);
}

/**
 * After sign-in, sign-up or a password reset from a guest session: the guest's answers that still
 * fit their questions are saved on the account's current address, and the guest's bookings move to
 * the account (see moveGuestBookings). Call before the guest session is deleted. Nothing happens
 * for a session that was already signed in.
 */
export async function adoptGuestSession(db: Db, previous: SessionRow | null, user: UserRow, now: Date) {
  if (!previous || previous.userId !== null) return;
  await db.transaction(async (tx) => {
    await lockOwner(tx, { userId: user.id });
    const addressId = user.currentAddressId;
    if (addressId !== null) {
      const guestInputs = await findGuestInputs(tx, previous.id);
      if (Object.keys(guestInputs).length > 0)
        await upsertAddressInputs(tx, addressId, await fittingAnswers(tx, guestInputs), now);
    }
    await moveGuestBookings(tx, previous.id, user.id, addressId);
  });
}
