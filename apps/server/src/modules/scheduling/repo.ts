/** What blocks a vendor's time (orders, checkout holds, synced calendar entries) and the calendar row. */
import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { BusyRange } from '@stg/domain/availability';
import type { Db, Tx } from '../../db/client';
import { bookings, calendarBusyEntries, orders, vendorCalendars } from '../../db/schema';

export type VendorCalendarRow = typeof vendorCalendars.$inferSelect;

export async function findCalendarOfVendor(db: Db | Tx, vendorId: number): Promise<VendorCalendarRow | null> {
  const [row] = await db
    .select()
    .from(vendorCalendars)
    .where(eq(vendorCalendars.vendorId, vendorId))
    .limit(1);
  return row ?? null;
}

export async function findCalendar(db: Db | Tx, id: number): Promise<VendorCalendarRow | null> {
  const [row] = await db.select().from(vendorCalendars).where(eq(vendorCalendars.id, id)).limit(1);
  return row ?? null;
}

/** Locks the calendar row until the transaction ends (two saves of the preferences do not interleave). */
export async function lockCalendar(tx: Tx, id: number): Promise<VendorCalendarRow | null> {
  const [row] = await tx.select().from(vendorCalendars).where(eq(vendorCalendars.id, id)).for('update');
  return row ?? null;
}

export async function updateCalendarRow(
  tx: Tx,
  id: number,
  values: Partial<typeof vendorCalendars.$inferInsert>,
): Promise<VendorCalendarRow> {
  const [row] = await tx.update(vendorCalendars).set(values).where(eq(vendorCalendars.id, id)).returning();
  return row!;
}

export interface BusyQuery {
  vendorId: number;
  calendarId: number | null;
  from: Date;
  to: Date;
  now: Date;
  /** An order whose own time does not block (the vendor is moving it). */
  excludeOrderId?: number | null;
  /** A booking whose own hold does not block (the customer is choosing its time). */
  excludeBookingId?: number | null;
}

/**
 * Everything that blocks the vendor's time and overlaps [from, to): orders that are not cancelled,
 * bookings held during checkout (an unexpired hold), and the synced calendar's busy entries.
 */
export async function listBusyRanges(db: Db | Tx, q: BusyQuery): Promise<BusyRange[]> {
  const [orderRows, holdRows, entryRows] = await Promise.all([
    db
      .select({ start: orders.appointmentAt, end: orders.appointmentEndAt })
      .from(orders)
      .where(
        and(
          eq(orders.vendorId, q.vendorId),
          ne(orders.fulfillmentStatus, 'cancelled'),
          lt(orders.appointmentAt, q.to),
          gt(orders.appointmentEndAt, q.from),
          q.excludeOrderId ? ne(orders.id, q.excludeOrderId) : undefined,
        ),
      ),
    db
      .select({ start: bookings.appointmentAt, duration: bookings.durationMins })
      .from(bookings)
      .where(
        and(
          eq(bookings.vendorId, q.vendorId),
          eq(bookings.status, 'pending'),
          gt(bookings.holdExpiresAt, q.now),
          lt(bookings.appointmentAt, q.to),
          // a hold's end is its start plus its duration
          sql`${bookings.appointmentAt} + make_interval(mins => ${bookings.durationMins}) > ${q.from.toISOString()}::timestamptz`,
          q.excludeBookingId ? ne(bookings.id, q.excludeBookingId) : undefined,
        ),
      ),
    q.calendarId === null
      ? Promise.resolve([])
      : db
          .select({ start: calendarBusyEntries.startTime, end: calendarBusyEntries.endTime })
          .from(calendarBusyEntries)
          .where(
            and(
              eq(calendarBusyEntries.vendorCalendarId, q.calendarId),
              lt(calendarBusyEntries.startTime, q.to),
              gt(calendarBusyEntries.endTime, q.from),
            ),
          ),
  ]);
  const busy: BusyRange[] = [];
  for (const o of orderRows) busy.push({ start: o.start.getTime(), end: o.end.getTime() });
  for (const h of holdRows)
    if (h.start) busy.push({ start: h.start.getTime(), end: h.start.getTime() + h.duration * 60_000 });
  for (const e of entryRows) busy.push({ start: e.start.getTime(), end: e.end.getTime() });
  return busy;
}

/** One of the vendor's orders (for the vendor's reschedule availability). */
export async function findVendorOrder(db: Db | Tx, vendorId: number, orderId: number) {
  const [row] = await db
    .select({ id: orders.id, durationMins: orders.durationMins })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.vendorId, vendorId)))
    .limit(1);
  return row ?? null;
}
