/**
 * The booking flow's pricing step (spec §4): the server prices every booking from the vendor's
 * formula, minimum price and price-to-duration rate and the submitted answers; a client's price or
 * duration is never read (ARCHITECTURE §3). A caller has at most one priced or scheduled booking per
 * vendor: pricing again updates it. Guests own bookings through their session until they sign in
 * or up, when bookings and answers move to the account (adoptGuestSession).
 */
import { checkBookingAnswers, optionsSnapshot, PRICING_MESSAGES } from '@stg/domain/pricing-inputs';
import { answersFromSelections, durationMinutes, quotePrice } from '@stg/domain/pricing';
import { MESSAGES } from '@stg/domain/validation';
import type { Db, Tx } from '../../db/client';
import { notFound, unauthorized, unprocessable } from '../../http/errors';
import { presentPricingInput } from '../pricing/presenter';
import {
  findGuestInputs,
  findVendor,
  listVendorInputs,
  mergeGuestInputs,
  upsertAddressInputs,
} from '../pricing/repo';
import { fittingAnswers } from '../pricing/service';
import type { SessionRow, UserRow } from '../session/session-repo';
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
}

const LOCKED_STATUSES = new Set(['paid', 'completed']);

function ownerOf(caller: Caller): BookingOwner {
  if (caller.user) return { userId: caller.user.id };
  if (caller.session) return { sessionId: caller.session.id };
  throw unauthorized();
}

/** The active vendor with its questions; 404 "Vendor not found" otherwise. */
async function bookableVendor(db: Db, vendorId: number) {
  const vendor = await findVendor(db, vendorId);
  if (!vendor || vendor.listingStatus !== 'active') throw notFound(MESSAGES.vendorNotFound);
  const inputs = (await listVendorInputs(db, vendorId)).map(presentPricingInput);
  return { vendor, inputs };
}

type Vendor = Awaited<ReturnType<typeof bookableVendor>>;

/** Price, duration, canonical answers and snapshot for the answers; 422 when one is missing or does not fit. */
function priceFor({ vendor, inputs }: Vendor, given: Record<string, string>) {
  const checked = checkBookingAnswers(inputs, given);
  if (checked.errors.length > 0) throw unprocessable(...checked.errors);
  const { priceCents } = quotePrice({
    formula: vendor.pricingFormula,
    minPriceCents: vendor.minPriceCents,
    answers: answersFromSelections(inputs, checked.answers),
  });
  return {
    answers: checked.answers,
    optionsSnapshot: optionsSnapshot(inputs, checked.answers),
    priceCents,
    // The database keeps a booking at least a minute long (a free service still takes time).
    durationMins: Math.max(1, durationMinutes(priceCents, vendor.priceToDurationRateCents)),
  };
}

function notesOf(notes: string | null | undefined): string | null | undefined {
  if (notes === undefined || notes === null) return notes;
  const trimmed = notes.trim();
  if (trimmed.length > 1000) throw unprocessable(PRICING_MESSAGES.customerNotesTooLong);
  return trimmed === '' ? null : trimmed;
}

/**
 * A new price for an existing booking. Its appointment stays while the duration is unchanged;
 * otherwise the booking goes back to priced and the time must be picked again.
 */
function repriced(existing: BookingRow, priced: ReturnType<typeof priceFor>): Partial<NewBooking> {
  const keepsTime = existing.durationMins === priced.durationMins;
  return {
    ...priced,
    ...(keepsTime ? {} : { status: 'priced', appointmentAt: null, holdExpiresAt: null }),
  };
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
  caller: Caller,
  input: BookingInput & { vendorId: number; answers: Record<string, string> },
  now: Date,
): Promise<{ booking: BookingRow; created: boolean }> {
  const owner = ownerOf(caller);
  const vendor = await bookableVendor(db, input.vendorId);
  const priced = priceFor(vendor, input.answers);
  const notes = notesOf(input.customerNotes);
  const addressId = caller.user?.currentAddressId ?? null;
  return db.transaction(async (tx) => {
    await lockOwner(tx, owner);
    const existing = await findRepriceableBooking(tx, owner, input.vendorId);
    let result: { booking: BookingRow; created: boolean };
    if (existing) {
      const booking = await updateBookingRow(tx, existing.id, {
        ...repriced(existing, priced),
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
  caller: Caller,
  id: number,
  input: BookingInput,
  now: Date,
): Promise<BookingRow> {
  const owner = ownerOf(caller);
  const booking = await findOwnedBooking(db, owner, id);
  if (!booking) throw notFound();
  if (LOCKED_STATUSES.has(booking.status)) throw unprocessable(PRICING_MESSAGES.bookingLocked);
  const vendor = await bookableVendor(db, booking.vendorId);
  const priced = priceFor(vendor, input.answers ?? booking.answers);
  const notes = notesOf(input.customerNotes);
  return db.transaction(async (tx) => {
    await lockOwner(tx, owner);
    const current = await findOwnedBooking(tx, owner, id);
    if (!current) throw notFound();
    if (LOCKED_STATUSES.has(current.status)) throw unprocessable(PRICING_MESSAGES.bookingLocked);
    const updated = await updateBookingRow(tx, id, {
      ...repriced(current, priced),
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
