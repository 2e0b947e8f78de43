/** Payments (checkout attempts), refunds and handled provider events: the only place they meet Drizzle. */
import { and, desc, eq, inArray, ne, sql, type AnyColumn, type SQL, type WithSubquery } from 'drizzle-orm';
import type { PaymentProviderName } from '@stg/domain/api/payments';
import { advisoryXactLocks } from '../../db/advisory-locks';
import type { Db, Tx } from '../../db/client';
import { jobs, paymentEvents, paymentMethods, payments, refunds } from '../../db/schema';
import { oneRow } from '../../db/one-row';
import { preparedPerDb, rowColumnsOf } from '../../db/prepared';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;
export type RefundRow = typeof refunds.$inferSelect;

/** First key of the advisory lock that serialises checkout holds on one vendor's time. */
const VENDOR_TIME_LOCK_CLASS = 7403;

/**
 * Holds on one vendor's time are checked and taken one at a time (until the transaction ends). `then`: the
 * keys of a second advisory lock taken right after it in the same statement (one round trip; PostgreSQL
 * evaluates a select list left to right, so the order of the two locks is kept).
 */
export async function lockVendorTime(tx: Tx, vendorId: number, then?: readonly [number, number]) {
  const vendorTime = [VENDOR_TIME_LOCK_CLASS, vendorId] as const;
  await tx.execute(then ? advisoryXactLocks(vendorTime, then) : advisoryXactLocks(vendorTime));
}

/** A payment by its intent (issue 27: several times a checkout; built once), and the same row locked. */
const byIntent = (db: Db | Tx, also?: SQL) =>
  db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.provider, sql.placeholder('provider')),
        eq(payments.intentId, sql.placeholder('intentId')),
        also,
      ),
    )
    .limit(1);
const paymentByIntent = preparedPerDb((db) => byIntent(db).prepare('payment_by_intent'));
const paymentByIntentLocked = preparedPerDb((db) =>
  byIntent(db).for('update').prepare('payment_by_intent_locked'),
);

/**
 * The payment of the intent locked, unless it is a plan's not yet settled (null then: that one needs the
 * vendor-time lock first, plans/plan-checkout.ts lockVendorTimeForPlan). Settlement's usual read (issue 27):
 * one statement instead of a look and then the lock. A row settled meanwhile by another teller is waited
 * for and then matches (PostgreSQL checks the condition again on the row it locked).
 */
const byIntentLockedUnlessPlan = (db: Db | Tx) =>
  byIntent(db, sql`(${payments.plan} is null or ${payments.orderId} is not null)`).for('update');
const paymentByIntentLockedUnlessPlan = preparedPerDb((db) =>
  byIntentLockedUnlessPlan(db).prepare('payment_by_intent_locked_unless_plan'),
);

/**
 * recordEvent and lockPaymentByIntentUnlessPlan in one statement (a provider's event of a paid intent,
 * issue 27): the event's row first, then the payment's lock, in that order as before. `fresh` is false for
 * an event recorded before (its payment is locked all the same, until this transaction ends); `payment` is
 * null when there is none or it is a plan's not yet settled.
 */
const eventRecordedAndPaymentLocked = preparedPerDb((db) => {
  const recorded = db.$with('recorded_event').as(
    db
      .insert(paymentEvents)
      .values({
        id: sql.placeholder('eventId'),
        provider: sql.placeholder('provider'),
        type: sql.placeholder('type'),
        createdAt: sql`${sql.placeholder('createdAt')}::timestamptz`,
      })
      .onConflictDoNothing({ target: paymentEvents.id })
      .returning({ id: paymentEvents.id }),
  );
  const locked = db.$with('locked_payment').as(byIntentLockedUnlessPlan(db));
  const payment = rowColumnsOf(locked, payments);
  return db
    .with(recorded, locked)
    .select({ fresh: sql<boolean>`exists (select 1 from ${recorded})`, payment })
    .from(sql`(select 1) as one`)
    .leftJoin(locked, sql`true`)
    .prepare('event_recorded_and_payment_locked');
});

export async function recordEventAndLockPayment(
  tx: Tx,
  event: { id: string; provider: PaymentProviderName; type: string },
  intentId: string,
  now: Date,
): Promise<{ fresh: boolean; payment: PaymentRow | null }> {
  const [row] = await eventRecordedAndPaymentLocked(tx).execute({
    eventId: event.id,
    provider: event.provider,
    type: event.type,
    intentId,
    createdAt: now.toISOString(),
  });
  return { fresh: row?.fresh === true, payment: row?.payment ?? null };
}

export async function lockPaymentByIntentUnlessPlan(
  tx: Tx,
  provider: PaymentProviderName,
  intentId: string,
): Promise<PaymentRow | null> {
  const [found] = await paymentByIntentLockedUnlessPlan(tx).execute({ provider, intentId });
  return found ?? null;
}

export async function findPaymentByIntent(
  db: Db | Tx,
  provider: PaymentProviderName,
  intentId: string,
  lock = false,
) {
  const [found] = await (lock ? paymentByIntentLocked : paymentByIntent)(db).execute({ provider, intentId });
  return found ?? null;
}

export async function findPayment(db: Db | Tx, id: number, lock = false) {
  const q = db.select().from(payments).where(eq(payments.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function findPaymentByConfirmation(db: Db | Tx, confirmationId: string) {
  const [row] = await db.select().from(payments).where(eq(payments.confirmationId, confirmationId)).limit(1);
  return row ?? null;
}

/** The booking's open payments, locked until the transaction ends: the CTE `open_payments` (its `id`). */
const openPaymentsLocked = (bookingId: number) =>
  sql`select ${payments.id} as id from ${payments}
    where ${payments.bookingId} = ${bookingId}::int and ${payments.status} = 'open'
    for update`;
/** True once `open_payments` is locked: a statement's part gated by it locks its rows after them. */
const OPEN_PAYMENTS_LOCKED = sql`(select count(*) from open_payments) >= 0`;
/** The ids of `open_payments`, newest first, comma-separated ('' when none). */
const OPEN_PAYMENT_IDS = sql`(select coalesce(string_agg(id::text, ',' order by id desc), '') from open_payments)`;
const idsOf = (text: string) => (text === '' ? [] : text.split(',').map(Number));

/**
 * The booking's payments still open, locked until the transaction ends, and then the row of `then` (another
 * module's statement, e.g. the booking locked and the vendor's time read; issue 27: one round trip fewer
 * while the vendor's time is locked), in one statement. `then` is handed a condition that is true once the
 * payments are locked: its own locks wait behind it, so rows are locked in the order settlement takes them
 * (payments, then the booking). A payment being settled at the same moment is waited for and, once
 * settled, is no longer listed (PostgreSQL checks the condition again on the row it locked).
 *
 * `openIds`: newest first. `row`: `then`'s first row; none (undefined, and no ids) when it has no row.
 */
export async function lockOpenPaymentsOfBookingThen<R extends Record<string, unknown>>(
  tx: Tx,
  bookingId: number,
  then: (lockedFirst: SQL) => SQL,
): Promise<{ openIds: number[]; row: R | undefined }> {
  const result = await tx.execute<R & { open_payment_ids: string }>(
    sql`with open_payments as (${openPaymentsLocked(bookingId)})
      select ${OPEN_PAYMENT_IDS} as open_payment_ids, rest.*
      from (${then(OPEN_PAYMENTS_LOCKED)}) rest`,
  );
  const found = (result as { rows: (R & { open_payment_ids: string })[] }).rows[0];
  if (!found) return { openIds: [], row: undefined };
  const { open_payment_ids: ids, ...row } = found;
  return { openIds: idsOf(ids), row: row as unknown as R };
}

/**
 * lockOpenPaymentsOfBookingThen and insertPaymentWithJob in one statement (issue 27, ADR 0042 "Ninth
 * step": a booking's first checkout attempt, one round trip fewer while the vendor's time is locked). The
 * payment, its job and the writes of `also` are made whatever the row says: a caller that finds the row
 * wanting (a payment already open, the booking changed, the time taken) throws, and the transaction rolls
 * them back. `also` is handed a condition true once `then`'s row is locked, to gate a write of that same row
 * (it must come after the lock; a one-time filter of PostgreSQL's plan evaluates it before the write's scan).
 * `row`: undefined when `then` has none (its row is also sent as JSON: its columns' values must survive it).
 */
export async function lockOpenPaymentsOfBookingAndInsert<R extends Record<string, unknown>>(
  tx: Tx,
  bookingId: number,
  then: (lockedFirst: SQL) => SQL,
  insert: { values: NewPayment; job: PaymentJob; also: (rowLocked: SQL) => readonly WithSubquery[] },
): Promise<{ openIds: number[]; row: R | undefined; payment: PaymentRow }> {
  const { values, job, also } = insert;
  const open = tx.$with('open_payments', { id: sql<number>`id` }).as(openPaymentsLocked(bookingId));
  const checked = tx
    .$with('hold_check', {
      openIds: sql<string>`open_ids`.as('open_ids'),
      row: sql<R | null>`row`.as('row'),
    })
    .as(
      sql`select ${OPEN_PAYMENT_IDS} as open_ids,
      (select to_jsonb(locked_row) from (${then(OPEN_PAYMENTS_LOCKED)}) locked_row limit 1) as row`,
    );
  const made = tx.$with('made_payment').as(tx.insert(payments).values(values).returning());
  const queued = paymentJobInsert(tx, made, job, values.createdAt ?? new Date());
  const [found] = await tx
    .with(open, checked, made, queued, ...also(sql`(select row from hold_check) is not null`))
    .select({ openIds: checked.openIds, row: checked.row, payment: rowColumnsOf(made, payments) })
    .from(checked)
    .innerJoin(made, sql`true`);
  if (!found) throw new Error('the payment was not written');
  return { openIds: idsOf(found.openIds), row: found.row ?? undefined, payment: found.payment };
}

/** Payments by id, newest first (rows this transaction already locked: lockOpenPaymentsOfBookingThen's). */
export async function findPaymentsByIds(tx: Tx, ids: readonly number[]): Promise<PaymentRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(payments)
    .where(inArray(payments.id, [...ids]))
    .orderBy(desc(payments.id));
}

export async function insertPayment(tx: Tx, values: NewPayment): Promise<PaymentRow> {
  return oneRow(await tx.insert(payments).values(values).returning(), 'payment');
}

/**
 * insertPayment, the unique job `job` (its payload `{paymentId}`, its key `${job.keyPrefix}:<payment id>:
 * ${job.keySuffix}`, run at the payment's hold expiry) and the other writes `also` (statements of other
 * modules, e.g. the booking's update) in one statement (data-modifying CTEs, each run once): one round trip.
 */
export async function insertPaymentWithJob(
  tx: Tx,
  values: NewPayment,
  job: PaymentJob,
  also: readonly WithSubquery[] = [],
): Promise<PaymentRow> {
  const made = tx.$with('made_payment').as(tx.insert(payments).values(values).returning());
  const queued = paymentJobInsert(tx, made, job, values.createdAt ?? new Date());
  return oneRow(
    await tx
      .with(made, queued, ...also)
      .select()
      .from(made),
    'payment',
  );
}

/** A unique job of a payment: its payload `{paymentId}`, its key `${keyPrefix}:<payment id>:${keySuffix}`. */
export interface PaymentJob {
  kind: string;
  keyPrefix: string;
  keySuffix: string;
  maxAttempts?: number;
}

/** The job's insert as a CTE reading the payment row written by the CTE `written`, run at its hold expiry. */
function paymentJobInsert(
  tx: Tx,
  written: WithSubquery & { id: AnyColumn; holdExpiresAt: AnyColumn },
  job: PaymentJob,
  at: Date,
) {
  const createdAt = at.toISOString();
  return tx.$with('queued_job', { id: sql<number>`id` }).as(
    sql`insert into ${jobs} (kind, payload, run_at, max_attempts, unique_key, created_at, updated_at)
      select ${job.kind}::text, jsonb_build_object('paymentId', ${written.id}), ${written.holdExpiresAt},
        ${job.maxAttempts ?? 8}::int, ${job.keyPrefix}::text || ':' || ${written.id} || ':' || ${job.keySuffix}::text,
        ${createdAt}::timestamptz, ${createdAt}::timestamptz
      from ${written}
      on conflict (unique_key) do nothing
      returning id`,
  );
}

/**
 * updatePayment of payment `id`, its unique job `job` (as insertPaymentWithJob's, already queued: nothing
 * new) and the other writes `also`, in one statement: a running hold renewed (issue 27), one round trip.
 */
export async function updatePaymentWithJob(
  tx: Tx,
  id: number,
  values: Partial<NewPayment>,
  job: PaymentJob,
  also: readonly WithSubquery[] = [],
): Promise<PaymentRow> {
  const renewed = tx
    .$with('renewed_payment')
    .as(tx.update(payments).set(values).where(eq(payments.id, id)).returning());
  const queued = paymentJobInsert(tx, renewed, job, values.updatedAt ?? new Date());
  return oneRow(
    await tx
      .with(renewed, queued, ...also)
      .select()
      .from(renewed),
    'payment',
  );
}

export async function updatePayment(db: Db | Tx, id: number, values: Partial<NewPayment>) {
  return oneRow(await db.update(payments).set(values).where(eq(payments.id, id)).returning(), 'payment');
}

/**
 * The payment settled into its order (updatePayment's values of a succeeded payment) as raw SQL, for a
 * caller's data-modifying WITH (checkout's settlement, issue 27): cheap to build, no returning.
 */
export function paymentSettledUpdate(
  id: number,
  v: { orderId: number; brand: string | null; last4: string | null; saveCard: boolean; now: Date },
): SQL {
  return sql`update ${payments} set status = 'succeeded', order_id = ${v.orderId}::int,
    payment_method_brand = ${v.brand}::text, payment_method_last4 = ${v.last4}::text,
    save_card = ${v.saveCard}::boolean, failure_message = null, updated_at = ${v.now.toISOString()}::timestamptz
    where id = ${id}::int`;
}

/** Open payments that will not be paid; a payment settled meanwhile is left as it is. */
export async function markPaymentsCanceled(tx: Tx, ids: number[], now: Date) {
  if (ids.length === 0) return;
  await tx
    .update(payments)
    .set({ status: 'canceled', updatedAt: now })
    .where(and(inArray(payments.id, ids), eq(payments.status, 'open')));
}

/**
 * Other customers' checkout attempts still open on the vendor's time that overlap [start, end): `lapsed`
 * ones whose hold ran out (not yet released by the expiry job; their intent may still be paid late) or
 * `held` ones whose hold is still running. Bookings other than `excludeBookingId` only.
 */
export async function findOverlappingOpenPayments(
  db: Db | Tx,
  q: { vendorId: number; start: Date; end: Date; excludeBookingId: number | null; now: Date },
  which: 'lapsed' | 'held',
): Promise<PaymentRow[]> {
  const holdEnd = sql`${payments.appointmentAt} + make_interval(mins => ${payments.durationMins})`;
  const now = q.now.toISOString();
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.vendorId, q.vendorId),
        eq(payments.status, 'open'),
        which === 'lapsed'
          ? sql`${payments.holdExpiresAt} <= ${now}::timestamptz`
          : sql`${payments.holdExpiresAt} > ${now}::timestamptz`,
        sql`${payments.appointmentAt} < ${q.end.toISOString()}::timestamptz`,
        sql`${holdEnd} > ${q.start.toISOString()}::timestamptz`,
        q.excludeBookingId === null
          ? undefined
          : sql`${payments.bookingId} is distinct from ${q.excludeBookingId}`,
      ),
    )
    .orderBy(payments.id);
}

/** Another open payment of the booking than this one (a newer checkout attempt), if any. */
export async function hasOtherOpenPayment(tx: Tx, bookingId: number, paymentId: number) {
  const rows = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.status, 'open'), ne(payments.id, paymentId)))
    .limit(1);
  return rows.length > 0;
}

export async function insertRefund(tx: Tx, values: typeof refunds.$inferInsert): Promise<RefundRow> {
  const [row] = await tx
    .insert(refunds)
    .values(values)
    .onConflictDoNothing({ target: refunds.idempotencyKey })
    .returning();
  if (row) return row;
  return oneRow(
    await tx.select().from(refunds).where(eq(refunds.idempotencyKey, values.idempotencyKey)),
    'refund',
  );
}

export async function findRefund(db: Db | Tx, id: number, lock = false) {
  const q = db.select().from(refunds).where(eq(refunds.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function updateRefund(db: Db | Tx, id: number, values: Partial<typeof refunds.$inferInsert>) {
  await db.update(refunds).set(values).where(eq(refunds.id, id));
}

export async function markRefundsSucceededByProviderIds(tx: Tx, providerIds: string[], now: Date) {
  if (providerIds.length === 0) return;
  await tx
    .update(refunds)
    .set({ status: 'succeeded', updatedAt: now })
    .where(and(inArray(refunds.providerRefundId, providerIds), eq(refunds.status, 'pending')));
}

/** Records a provider event; false when it was recorded before (processed at most once). */
export async function recordEvent(tx: Tx, event: { id: string; provider: string; type: string }, now: Date) {
  const rows = await tx
    .insert(paymentEvents)
    .values({ ...event, createdAt: now })
    .onConflictDoNothing({ target: paymentEvents.id })
    .returning({ id: paymentEvents.id });
  return rows.length > 0;
}

/** A unique job as the callers below queue it. */
type UniqueJob = {
  kind: string;
  payload: Record<string, unknown>;
  runAt: Date;
  uniqueKey: string;
  maxAttempts?: number;
};

/** The jobs row of a new unique job (8 attempts unless said). */
function newJobRow(job: UniqueJob, now: Date) {
  const { kind, payload, runAt, uniqueKey } = job;
  return {
    kind,
    payload,
    runAt,
    uniqueKey,
    maxAttempts: job.maxAttempts ?? 8,
    createdAt: now,
    updatedAt: now,
  };
}

/** Enqueues a job in the caller's transaction (the jobs table is shared by every instance). */
export async function enqueueJobInTx(tx: Tx, job: UniqueJob, now: Date) {
  await enqueueJobQuery(tx, job, now);
}

/** enqueueJobInTx's statement, not run: for a caller that sends it with another one (a data-modifying WITH). */
export function enqueueJobQuery(tx: Tx, job: UniqueJob, now: Date) {
  return tx.insert(jobs).values(newJobRow(job, now)).onConflictDoNothing({ target: jobs.uniqueKey });
}

/**
 * enqueueJobQuery as raw SQL, for a caller's data-modifying WITH (the reminder job of an order settled at
 * checkout, issue 27): cheap to build.
 */
export function uniqueJobInsert(job: UniqueJob, now: Date): SQL {
  const at = now.toISOString();
  return sql`insert into ${jobs} (kind, payload, run_at, max_attempts, unique_key, created_at, updated_at)
    values (${job.kind}::text, ${JSON.stringify(job.payload)}::jsonb, ${job.runAt.toISOString()}::timestamptz,
      ${job.maxAttempts ?? 8}::int, ${job.uniqueKey}::text, ${at}::timestamptz, ${at}::timestamptz)
    on conflict (unique_key) do nothing`;
}

/**
 * Queues a unique job to run at `runAt`, or moves the queued (or finished) one with that key there, as new:
 * a plan visit moved to another time is charged at its new time. A job running now is left to its worker
 * (its handler reads the row it acts on and postpones itself).
 */
export async function requeueJobInTx(tx: Tx, job: UniqueJob, now: Date) {
  const running = sql`${jobs.status} = 'running'`;
  await tx
    .insert(jobs)
    .values(newJobRow(job, now))
    .onConflictDoUpdate({
      target: jobs.uniqueKey,
      set: {
        status: sql`case when ${running} then ${jobs.status} else 'queued' end`,
        runAt: sql`case when ${running} then ${jobs.runAt} else ${job.runAt.toISOString()}::timestamptz end`,
        attempts: sql`case when ${running} then ${jobs.attempts} else 0 end`,
        lastError: sql`case when ${running} then ${jobs.lastError} else null end`,
        updatedAt: now,
      },
    });
}

/** Keeps the card the customer chose to save (display fields only). */
export async function rememberCard(
  tx: Tx,
  card: {
    userId: number;
    provider: PaymentProviderName;
    id: string;
    brand: string;
    last4: string;
    expMonth: number;
    expYear: number;
  },
  now: Date,
) {
  await tx
    .insert(paymentMethods)
    .values({
      userId: card.userId,
      provider: card.provider,
      providerPaymentMethodId: card.id,
      brand: card.brand,
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
      createdAt: now,
    })
    .onConflictDoNothing();
}
