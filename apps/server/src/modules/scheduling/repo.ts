/**
 * What blocks a vendor's time (orders, checkout holds, plans' held visits, synced calendar entries) and the
 * calendar row.
 */
import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { BusyRange } from '@stg/domain/availability';
import type { Db, Tx } from '../../db/client';
import { preparedPerDb } from '../../db/prepared';
import { calendarBusyEntries, orders, payments, timeClaims, vendorCalendars } from '../../db/schema';

export type VendorCalendarRow = typeof vendorCalendars.$inferSelect;

/** A vendor's calendar row (every checkout and availability read; issue 27: built once per database). */
const calendarOfVendor = preparedPerDb((db) =>
  db
    .select()
    .from(vendorCalendars)
    .where(eq(vendorCalendars.vendorId, sql.placeholder('vendorId')))
    .limit(1)
    .prepare('calendar_of_vendor'),
);

export async function findCalendarOfVendor(db: Db | Tx, vendorId: number): Promise<VendorCalendarRow | null> {
  const [row] = await calendarOfVendor(db).execute({ vendorId });
  return row ?? null;
}

export interface BusyQuery {
  vendorId: number;
  calendarId: number | null;
  from: Date;
  to: Date;
  now: Date;
  /** An order whose own time does not block (the vendor is moving it). */
  excludeOrderId?: number | null;
  /** A booking whose own checkout holds do not block (the customer is choosing its time or paying). */
  excludeBookingId?: number | null;
  /** A plan visit whose own held time does not block (its time is being chosen again). */
  excludePlanVisitId?: number | null;
  /** Plan visits whose own held times do not block (a plan's schedule is being chosen again). */
  excludePlanVisitIds?: readonly number[];
  /**
   * Also tell whether a checkout hold that ran out (not yet released: its payment may still be paid late)
   * is open on this span, of a booking other than `excludeBookingId` (the same query: one round trip).
   */
  lapsedHoldsOverlapping?: { start: Date; end: Date };
}

/** The plan visits whose claims a query leaves free. */
function excludedVisits(q: Pick<BusyQuery, 'excludePlanVisitId' | 'excludePlanVisitIds'>): SQL {
  const ids = [...(q.excludePlanVisitIds ?? []), ...(q.excludePlanVisitId ? [q.excludePlanVisitId] : [])];
  if (ids.length === 0) return sql``;
  return sql`and ${timeClaims.planVisitId} not in (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

const epochMs = (column: SQL | AnyColumn) => sql`(extract(epoch from ${column}) * 1000)::bigint::text`;

export interface BusyTimes {
  busy: BusyRange[];
  /** When the first of the checkout holds among `busy` expires (epoch ms), freeing its time; null: none. */
  firstHoldExpiry: number | null;
  /** With `lapsedHoldsOverlapping`: a lapsed hold is still open on that span. */
  lapsedHold: boolean;
}

/**
 * Everything that blocks the vendor's time and overlaps [from, to): orders that are not cancelled,
 * bookings held during checkout (an unexpired hold), plans' held visits (their time claims, ADR 0037: the
 * claims table is the vendor's time, kept by the database's triggers, so scheduling reads it and needs no
 * call into the plans module, which sits above it), and the synced calendar's busy entries. One
 * query that answers one string ("start,end;start,end…" in epoch ms): a vendor with thousands of
 * synced entries costs one row to transfer rather than thousands (measured in bench/availability).
 */
export async function loadBusyTimes(db: Db | Tx, q: BusyQuery): Promise<BusyTimes> {
  const result = await db.execute<BusyTimesRow>(busyTimesStatement(q));
  return busyTimesOf((result as { rows: BusyTimesRow[] }).rows[0]);
}

/** The one row of busyTimesStatement, as the driver gives it. */
export type BusyTimesRow = {
  ranges: string;
  hold: string | null;
  lapsed: boolean;
};

/**
 * loadBusyTimes' statement, not run (one row: `ranges`, `hold`, `lapsed`): a caller may run it as a part
 * of its own statement (checkout's hold, issue 27) and read the row with busyTimesOf.
 */
export function busyTimesStatement(q: BusyQuery): SQL {
  const from = q.from.toISOString();
  const to = q.to.toISOString();
  const holdEnd = sql`${payments.appointmentAt} + make_interval(mins => ${payments.durationMins})`;
  const parts = [
    sql`select ${epochMs(orders.appointmentAt)} as s, ${epochMs(orders.appointmentEndAt)} as e, null::timestamptz as h
      from ${orders}
      where ${orders.vendorId} = ${q.vendorId} and ${orders.fulfillmentStatus} <> 'cancelled'
        and ${orders.appointmentAt} < ${to}::timestamptz and ${orders.appointmentEndAt} > ${from}::timestamptz
        ${q.excludeOrderId ? sql`and ${orders.id} <> ${q.excludeOrderId}` : sql``}`,
    // Checkout holds: a payment in progress keeps its time until the hold expires.
    sql`select ${epochMs(payments.appointmentAt)}, ${epochMs(holdEnd)}, ${payments.holdExpiresAt} from ${payments}
      where ${payments.vendorId} = ${q.vendorId} and ${payments.status} = 'open'
        and ${payments.holdExpiresAt} > ${q.now.toISOString()}::timestamptz
        and ${payments.appointmentAt} < ${to}::timestamptz and ${holdEnd} > ${from}::timestamptz
        ${q.excludeBookingId ? sql`and ${payments.bookingId} is distinct from ${q.excludeBookingId}` : sql``}`,
    // Plans' held visits (held, charging, payment failed, action required): the claims they own. An order's
    // claim is the order itself, read above.
    sql`select ${epochMs(sql`lower(${timeClaims.during})`)}, ${epochMs(sql`upper(${timeClaims.during})`)}, null::timestamptz
      from ${timeClaims}
      where ${timeClaims.vendorId} = ${q.vendorId} and ${timeClaims.planVisitId} is not null
        and ${timeClaims.during} && tstzrange(${from}::timestamptz, ${to}::timestamptz, '[)')
        ${excludedVisits(q)}`,
  ];
  if (q.calendarId !== null)
    parts.push(
      sql`select ${epochMs(calendarBusyEntries.startTime)}, ${epochMs(calendarBusyEntries.endTime)}, null::timestamptz
        from ${calendarBusyEntries}
        where ${calendarBusyEntries.vendorCalendarId} = ${q.calendarId}
          and ${calendarBusyEntries.startTime} < ${to}::timestamptz and ${calendarBusyEntries.endTime} > ${from}::timestamptz`,
    );
  const span = q.lapsedHoldsOverlapping;
  const lapsed = span
    ? sql`exists (select 1 from ${payments}
        where ${payments.vendorId} = ${q.vendorId} and ${payments.status} = 'open'
          and ${payments.holdExpiresAt} <= ${q.now.toISOString()}::timestamptz
          and ${payments.appointmentAt} < ${span.end.toISOString()}::timestamptz
          and ${holdEnd} > ${span.start.toISOString()}::timestamptz
          ${q.excludeBookingId ? sql`and ${payments.bookingId} is distinct from ${q.excludeBookingId}` : sql``})`
    : sql`false`;
  return sql`select coalesce(string_agg(b.s || ',' || b.e, ';'), '') as ranges, ${epochMs(sql`min(b.h)`)} as hold,
        ${lapsed} as lapsed
      from (${sql.join(parts, sql` union all `)}) b`;
}

/** busyTimesStatement's row read (none: nothing busy). */
export function busyTimesOf(row: BusyTimesRow | undefined): BusyTimes {
  const text = row?.ranges ?? '';
  const busy =
    text === ''
      ? []
      : text.split(';').map((pair) => {
          const comma = pair.indexOf(',');
          return { start: Number(pair.slice(0, comma)), end: Number(pair.slice(comma + 1)) };
        });
  return {
    busy,
    firstHoldExpiry: row?.hold == null ? null : Number(row.hold),
    lapsedHold: row?.lapsed === true,
  };
}

/** The busy ranges of loadBusyTimes. */
export async function listBusyRanges(db: Db | Tx, q: BusyQuery): Promise<BusyRange[]> {
  return (await loadBusyTimes(db, q)).busy;
}

/** One of the vendor's orders (for the vendor's reschedule availability). */
export async function findVendorOrder(db: Db | Tx, vendorId: number, orderId: number) {
  const [row] = await db
    .select({ id: orders.id, durationMins: orders.durationMins, userId: orders.userId })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.vendorId, vendorId)))
    .limit(1);
  return row ?? null;
}
