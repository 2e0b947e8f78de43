/** Bookings (spec §3, §4 Booking flow): owned by a user, or by a guest's session until sign-in. */
import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { BookingStatus } from '@stg/domain/constants';
import { isOneOf } from '@stg/domain/is-one-of';
import { advisoryXactLocks } from '../../db/advisory-locks';
import type { Db, Tx } from '../../db/client';
import { preparedPerDb } from '../../db/prepared';
import { bookings, payments, users, vendorCalendars } from '../../db/schema';
import { oneRow } from '../../db/one-row';

export type BookingRow = typeof bookings.$inferSelect;
export type NewBooking = typeof bookings.$inferInsert;

/** Who a booking belongs to: a signed-in user, or a guest's session. */
export type BookingOwner = { userId: number } | { sessionId: number };

/** Bookings still in the flow (not paid or completed): what the session shows. */
export const OPEN_STATUSES = ['priced', 'scheduled', 'pending'] as const;
/** Bookings a new price updates instead of creating another (spec §4: "otherwise the existing one is updated"). */
export const REPRICEABLE_STATUSES = ['priced', 'scheduled'] as const;

/** First key of the advisory locks that serialise one owner's booking writes. */
const USER_LOCK_CLASS = 7401;
const SESSION_LOCK_CLASS = 7402;

const ownedBy = (owner: BookingOwner) =>
  'userId' in owner
    ? eq(bookings.userId, owner.userId)
    : and(eq(bookings.sessionId, owner.sessionId), isNull(bookings.userId));

/** The two keys of the owner's advisory lock (for a caller that takes it with another lock, in one statement). */
export function ownerLockKeys(owner: BookingOwner): readonly [number, number] {
  return 'userId' in owner ? [USER_LOCK_CLASS, owner.userId] : [SESSION_LOCK_CLASS, owner.sessionId];
}

/** Serialises an owner's booking writes until the transaction ends (two Continue clicks make one booking). */
export async function lockOwner(tx: Tx, owner: BookingOwner) {
  await tx.execute(advisoryXactLocks(ownerLockKeys(owner)));
}

/** The owner's newest priced or scheduled booking with the vendor (or of the given statuses), if any. */
export async function findRepriceableBooking(
  db: Db | Tx,
  owner: BookingOwner,
  vendorId: number,
  statuses: readonly BookingStatus[] = REPRICEABLE_STATUSES,
) {
  const [row] = await db
    .select()
    .from(bookings)
    .where(and(ownedBy(owner), eq(bookings.vendorId, vendorId), inArray(bookings.status, [...statuses])))
    .orderBy(desc(bookings.updatedAt), desc(bookings.id))
    .limit(1);
  return row ?? null;
}

/** One booking, only if it is the owner's. */
export async function findOwnedBooking(db: Db | Tx, owner: BookingOwner, id: number) {
  if ('userId' in owner) {
    const [found] = await bookingOfUser(db).execute({ id, userId: owner.userId });
    return found ?? null;
  }
  const [row] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, id), ownedBy(owner)))
    .limit(1);
  return row ?? null;
}

/** A signed-in customer's booking (every checkout reads it; issue 27: built once per database). */
const bookingOfUser = preparedPerDb((db) =>
  db
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, sql.placeholder('id')), eq(bookings.userId, sql.placeholder('userId'))))
    .limit(1)
    .prepare('booking_of_user'),
);

/**
 * What checkout reads first, in one statement (issue 27; ADR 0042, signed-in requests' statements): a
 * signed-in customer's booking, the customer's payment provider id as committed now (the kept session's copy
 * of that id may be older than the row, since its first write bumps no session version), the booking's
 * vendor's calendar row (null: none; one per vendor) for the time check, and whether another customer's
 * lapsed hold (open, run out at `now`) overlaps the booking's time: the usual answer is no, and then checkout
 * does not read them (payment-records' findOverlappingOpenPayments 'lapsed' reads them when there are some),
 * and whether the booking has a checkout attempt open (none: a first attempt, whose intent checkout asks for
 * before its hold).
 */
export async function findBookingForCheckout(db: Db | Tx, userId: number, id: number, now: Date) {
  const [found] = await bookingForCheckout(db).execute({ id, userId, now: now.toISOString() });
  return found ?? null;
}

/** The same condition as findOverlappingOpenPayments' 'lapsed', on the booking's own time. */
const lapsedHoldOnBooking = sql<boolean>`exists (select 1 from ${payments} where ${payments.vendorId} = ${bookings.vendorId}
  and ${payments.status} = 'open'
  and ${payments.holdExpiresAt} <= ${sql.placeholder('now')}::timestamptz
  and ${payments.appointmentAt} < ${bookings.appointmentAt} + make_interval(mins => ${bookings.durationMins})
  and ${payments.appointmentAt} + make_interval(mins => ${payments.durationMins}) > ${bookings.appointmentAt}
  and ${payments.bookingId} is distinct from ${bookings.id})`;

/** Whether a checkout attempt of the booking is still open (a running hold, or one not yet released). */
const openPaymentOfBooking = sql<boolean>`exists (select 1 from ${payments}
  where ${payments.bookingId} = ${bookings.id} and ${payments.status} = 'open')`;

const bookingForCheckout = preparedPerDb((db) =>
  db
    .select({
      booking: bookings,
      paymentCustomerId: users.paymentCustomerId,
      calendar: vendorCalendars,
      lapsedHolds: lapsedHoldOnBooking,
      openPayment: openPaymentOfBooking,
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .leftJoin(vendorCalendars, eq(vendorCalendars.vendorId, bookings.vendorId))
    .where(and(eq(bookings.id, sql.placeholder('id')), eq(bookings.userId, sql.placeholder('userId'))))
    .limit(1)
    .prepare('booking_for_checkout'),
);

/** The owner's bookings, newest first; only those with the given statuses when given. */
export async function listBookings(db: Db | Tx, owner: BookingOwner, statuses?: readonly BookingStatus[]) {
  return db
    .select()
    .from(bookings)
    .where(statuses ? and(ownedBy(owner), inArray(bookings.status, [...statuses])) : ownedBy(owner))
    .orderBy(desc(bookings.createdAt), desc(bookings.id));
}

/** bookingLockedAfter's columns of the booking, as the driver gives them. */
export type LockedBookingColumns = {
  booking_status: BookingStatus | null;
  /** Epoch ms as text; null: no time chosen. */
  booking_at_ms: string | null;
  booking_duration_mins: number | null;
  booking_price_cents: number | null;
};

/**
 * The booking's row locked (until the transaction ends) as a statement not run, for a caller's own
 * statement (checkout's hold, issue 27: one round trip fewer while the vendor's time is locked). The row is
 * locked once `after` is evaluated (a condition on what the caller locks first: the order rows are locked in
 * stays the caller's); `beside` is another module's one-row select whose columns come with it. Answers the
 * columns a checkout compares (LockedBookingColumns) and `beside`'s; no row when the booking is gone.
 */
export function bookingLockedAfter(id: number, after: SQL, beside: SQL): SQL {
  return sql`select ${bookings.status} as booking_status,
      (extract(epoch from ${bookings.appointmentAt}) * 1000)::bigint::text as booking_at_ms,
      ${bookings.durationMins} as booking_duration_mins, ${bookings.priceCents} as booking_price_cents, beside.*
    from ${bookings} cross join (${beside}) beside
    where ${bookings.id} = ${id}::int and ${after}
    for update of ${bookings}`;
}

export async function insertBooking(tx: Tx, values: NewBooking): Promise<BookingRow> {
  return oneRow(await tx.insert(bookings).values(values).returning(), 'booking');
}

export async function updateBookingRow(tx: Tx, id: number, values: Partial<NewBooking>): Promise<BookingRow> {
  return oneRow(await tx.update(bookings).set(values).where(eq(bookings.id, id)).returning(), 'booking');
}

/**
 * updateBookingRow's statement, not run: a caller runs it as a part (a CTE) of its own statement, one
 * round trip with its other writes (checkout's hold, issue 27). `when`: a condition without the row's
 * columns (a gate evaluated before the row is read, e.g. that the same statement has locked it first).
 */
export function bookingRowUpdate(tx: Tx, id: number, values: Partial<NewBooking>, when?: SQL) {
  return tx
    .update(bookings)
    .set(values)
    .where(when ? and(eq(bookings.id, id), when) : eq(bookings.id, id))
    .returning({ id: bookings.id });
}

/**
 * The booking paid (its hold over) as raw SQL, for a caller's data-modifying WITH (checkout's settlement
 * sends it with the payment's update, issue 27): cheap to build, no returning.
 */
export function bookingPaidUpdate(id: number, now: Date): SQL {
  return sql`update ${bookings} set status = 'paid', hold_expires_at = null, updated_at = ${now.toISOString()}::timestamptz
    where id = ${id}::int`;
}

/**
 * A guest's bookings move to the account they sign in or up to, at its current address. The
 * account's own priced or scheduled bookings with a vendor the guest has just priced are replaced
 * by the guest's newer one, so the account keeps one booking in progress per vendor.
 */
export async function moveGuestBookings(tx: Tx, sessionId: number, userId: number, addressId: number | null) {
  const guest = await listBookings(tx, { sessionId });
  if (guest.length === 0) return;
  const vendorIds = [
    ...new Set(guest.filter((b) => isOneOf(REPRICEABLE_STATUSES, b.status)).map((b) => b.vendorId)),
  ];
  if (vendorIds.length > 0) {
    await tx
      .delete(bookings)
      .where(
        and(
          eq(bookings.userId, userId),
          inArray(bookings.vendorId, vendorIds),
          inArray(bookings.status, [...REPRICEABLE_STATUSES]),
        ),
      );
  }
  await tx
    .update(bookings)
    .set(addressId === null ? { userId } : { userId, addressId })
    .where(and(eq(bookings.sessionId, sessionId), isNull(bookings.userId)));
}

/**
 * A guest's bookings die with the guest's session: run before expired sessions are deleted, since a
 * booking must keep an owner (user or session).
 */
export async function deleteGuestBookingsOfExpiredSessions(db: Db, now: Date) {
  await db
    .delete(bookings)
    .where(
      and(
        isNull(bookings.userId),
        sql`${bookings.sessionId} in (select id from sessions where expires_at < ${now.toISOString()}::timestamptz)`,
      ),
    );
}
