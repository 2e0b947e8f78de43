/**
 * A customer's own orders (spec §4 Customer reschedule, Customer cancel; §6): the list, moving an order
 * to another time the vendor has free, and cancelling with a full refund. Each change is one transaction
 * with the order row locked, checked again there, and written to order_events; the refund is recorded in
 * the same transaction and carried out at the provider after it (see orders/refunds.ts).
 */
import { CUSTOMER_STEP_MINUTES } from '@stg/domain/availability';
import { customerCancelProblem, customerRescheduleProblem, ORDER_MESSAGES } from '@stg/domain/order-actions';
import { SCHEDULING_MESSAGES } from '@stg/domain/scheduling-preferences';
import type { VendorOrderFilter } from '@stg/domain/api/orders';
import type { Db, Tx } from '../../db/client';
import { HttpError, unprocessable } from '../../http/errors';
import type { PaymentsDeps } from '../../deps';
import { executeRefund, recordRefund } from './refunds';
import { enqueueJobInTx, lockVendorTime } from '../payment-records/queries';
import { REMINDER_JOB } from './mails';
import { findVendor } from '../pricing/queries';
import { checkStart } from '../scheduling/service';
import type { UserRow } from '../../db/rows';
import { sendOrderChangedMails } from './mails';
import {
  customerOrderClock,
  presentCustomerOrder,
  presentCustomerOrderAt,
  presentVendorOrderAt,
  vendorOrderClock,
} from './presenter';
import {
  addOrderEvent,
  findCustomerOrder,
  findOwnedOrder,
  isOrderConflict,
  listCustomerOrders,
  listRefundsOfOrder,
  listVendorOrdersPage,
  lockOrder,
  updateOrder,
  type OrderRow,
} from './repo';

/** Reads other modules' routes use (a module's repo is its own; others call its service, ADR 0026). */
export { findCustomerOrder } from './repo';
import { decodeCursor, encodeCursor } from './cursor';
import { AnswerBytes, serializeWith, signedInRead, type SignedInReadAt } from '../public-read-cache/cache';
import { customerOrdersResponseSchema, vendorOrdersPageSchema } from '@stg/domain/api/orders';
import { recentSameAction } from './replay';

const HOUR_MS = 3_600_000;
const REASON_MAX = 500;

const notFoundOrder = () => new HttpError(404, [ORDER_MESSAGES.orderNotFound]);

async function present(deps: PaymentsDeps, orderId: number) {
  const row = await findCustomerOrder(deps.db, orderId);
  if (!row) throw notFoundOrder();
  return presentCustomerOrder(row, (k) => deps.storage.url(k), deps.now());
}

/**
 * A cancelled order's figures: everything collected is refunded, so the service fee, commission and
 * payout become 0 (the ledger: collected = fee + commission + payout + refunds).
 */
export function cancelledFields(current: { totalCollectedCents: number }, reason: string, now: Date) {
  return {
    fulfillmentStatus: 'cancelled' as const,
    paymentStatus: 'refunded' as const,
    cancelReason: reason,
    refundReason: reason,
    refundAmountCents: current.totalCollectedCents,
    serviceFeeCents: 0,
    commissionCents: 0,
    vendorPayoutCents: 0,
    cancelledAt: now,
    updatedAt: now,
  };
}

const customerOrdersJson = serializeWith(customerOrdersResponseSchema);

/**
 * GET /api/orders, serialized: the customer's orders from the signed-in reads' cache (ADR 0040), their
 * bytes made again only when what the answer reads from the clock (each order's customerOrderClock) changes.
 */
export async function customerOrdersBody(
  deps: PaymentsDeps,
  user: UserRow,
  at: SignedInReadAt,
): Promise<string> {
  const kept = await signedInRead(at, `orders:${user.id}`, async () => ({
    rows: await listCustomerOrders(deps.db, user.id),
    bytes: new AnswerBytes(),
  }));
  const now = deps.now();
  const clocks = kept.rows.map((row) => customerOrderClock(row, now));
  const urlFor = (k: string) => deps.storage.url(k);
  return kept.bytes.of(JSON.stringify(clocks), () =>
    customerOrdersJson({
      orders: kept.rows.map((row, i) => presentCustomerOrderAt(row, urlFor, clocks[i]!)),
    }),
  );
}

const vendorOrdersJson = serializeWith(vendorOrdersPageSchema);

/**
 * GET /api/vendors/{id}/orders: one page of the vendor's own orders (spec §4 Order lists), keyset-paged
 * on (appointment, id); `nextCursor` is null on the last page. Serialized: the page's rows come from the
 * signed-in reads' cache (ADR 0040), its bytes are made again only when the actions allowed now change.
 */
export async function vendorOrdersBody(
  deps: PaymentsDeps,
  vendorId: number,
  query: { filter: VendorOrderFilter; limit: number; cursor?: string | undefined },
  at?: SignedInReadAt,
): Promise<string> {
  const after = query.cursor ? decodeCursor(query.filter, query.cursor) : null;
  if (query.cursor && !after) throw unprocessable(ORDER_MESSAGES.cursorInvalid);
  const key = `vendor-orders:${vendorId}:${query.filter}:${query.limit}:${query.cursor ?? ''}`;
  const kept = await signedInRead(at, key, async () => ({
    rows: await listVendorOrdersPage(deps.db, { vendorId, filter: query.filter, limit: query.limit, after }),
    bytes: new AnswerBytes(),
  }));
  const page = kept.rows.slice(0, query.limit);
  const now = deps.now();
  const clocks = page.map((row) => vendorOrderClock(row, now));
  return kept.bytes.of(JSON.stringify(clocks), () => {
    const last = page[page.length - 1];
    return vendorOrdersJson({
      orders: page.map((row, i) => presentVendorOrderAt(row, clocks[i]!)),
      nextCursor:
        kept.rows.length > query.limit && last
          ? encodeCursor(query.filter, { appointmentAt: last.order.appointmentAt, id: last.order.id })
          : null,
    });
  });
}

async function policyHours(deps: PaymentsDeps, vendorId: number): Promise<number> {
  return (await findVendor(deps.db, vendorId))?.cancelationPolicyHours ?? 0;
}

/** PATCH /api/orders/{id}/reschedule by the order's customer. */
export async function rescheduleByCustomer(deps: PaymentsDeps, user: UserRow, orderId: number, at: Date) {
  const { db } = deps;
  const now = deps.now();
  const order = await findOwnedOrder(db, orderId, user.id);
  if (!order) throw notFoundOrder();
  const hours = await policyHours(deps, order.vendorId);
  const refused = customerRescheduleProblem(order, hours, now);
  if (refused) throw unprocessable(refused);
  // A double click: this customer moved it here a moment ago; the repeat answers the same order.
  const replayOf = (tx: Db | Tx) =>
    recentSameAction(tx, user.id, order.id, 'rescheduled', now, (e) => e.details.to === at.toISOString());
  if (at.getTime() === order.appointmentAt.getTime()) {
    if (await replayOf(db)) return present(deps, orderId);
    throw unprocessable(ORDER_MESSAGES.sameTime);
  }
  const slot = {
    vendorId: order.vendorId,
    start: at,
    durationMinutes: order.durationMins,
    stepMinutes: CUSTOMER_STEP_MINUTES,
    excludeOrderId: order.id,
  };
  // The vendor's calendar is read (if stale) before the transaction; inside it only the database is asked.
  if (await checkStart(db, deps.busyTimesCheck, slot, now))
    throw unprocessable(SCHEDULING_MESSAGES.appointmentUnavailable);
  let moved: boolean;
  try {
    moved = await db.transaction(async (tx) => {
      await lockVendorTime(tx, order.vendorId);
      const current = await lockOrder(tx, order.id);
      if (!current || current.userId !== user.id) throw notFoundOrder();
      if (at.getTime() === current.appointmentAt.getTime()) {
        if (await replayOf(tx)) return false;
        throw unprocessable(ORDER_MESSAGES.sameTime);
      }
      const again = customerRescheduleProblem(current, hours, now);
      if (again) throw unprocessable(again);
      if (await checkStart(tx, async () => null, slot, now))
        throw unprocessable(SCHEDULING_MESSAGES.appointmentUnavailable);
      await moveOrderInTx(tx, current, at, { userId: user.id, role: 'customer' }, now);
      return true;
    });
  } catch (err) {
    // Another order took the time between the check and the write: the constraint said no.
    if (isOrderConflict(err)) throw unprocessable(SCHEDULING_MESSAGES.appointmentUnavailable);
    throw err;
  }
  if (moved)
    deps.background.run('order rescheduled mail', () =>
      sendOrderChangedMails(deps, orderId, { kind: 'rescheduled', by: 'customer' }),
    );
  return present(deps, orderId);
}

/** PATCH /api/orders/{id}/cancel-order by the order's customer: the whole amount goes back to the card. */
export async function cancelByCustomer(
  deps: PaymentsDeps,
  user: UserRow,
  orderId: number,
  reasonRaw: string | null | undefined,
) {
  const { db } = deps;
  const now = deps.now();
  const reason = (reasonRaw ?? '').trim();
  if (!reason) throw unprocessable(ORDER_MESSAGES.cancelReasonRequired);
  if (reason.length > REASON_MAX) throw unprocessable(ORDER_MESSAGES.cancelReasonTooLong);
  const order = await findOwnedOrder(db, orderId, user.id);
  if (!order) throw notFoundOrder();
  const hours = await policyHours(deps, order.vendorId);
  const refundId = await db.transaction(async (tx) => {
    const current = await lockOrder(tx, order.id);
    if (!current || current.userId !== user.id) throw notFoundOrder();
    // A double click: this customer cancelled it a moment ago; the repeat answers the same order. A
    // cancel by anyone else (the vendor) is refused below with the spec's message.
    if (
      current.fulfillmentStatus === 'cancelled' &&
      (await recentSameAction(tx, user.id, current.id, 'cancelled', now))
    )
      return null;
    const refused = customerCancelProblem(current, hours, now);
    if (refused) throw unprocessable(refused);
    if (!current.paymentIntentId) throw unprocessable(ORDER_MESSAGES.notCancellable);
    // The money went through another provider (test mode before Stripe was set up): it cannot go back here.
    if (current.paymentProvider !== deps.payments.name) throw unprocessable(ORDER_MESSAGES.otherProvider);
    // What is still held goes back: the total less any earlier partial refund.
    const amount = current.totalCollectedCents - current.refundAmountCents;
    await updateOrder(tx, current.id, cancelledFields(current, reason, now));
    await addOrderEvent(tx, {
      orderId: current.id,
      actorUserId: user.id,
      actorRole: 'customer',
      action: 'cancelled',
      amountCents: amount,
      details: { reason },
      createdAt: now,
    });
    if (amount <= 0) return null;
    const refund = await recordRefund(
      tx,
      {
        orderId: current.id,
        paymentIntentId: current.paymentIntentId,
        kind: 'cancel',
        amountCents: amount,
        reason,
        idempotencyKey: await nextRefundKey(tx, current, 'cancel'),
      },
      now,
    );
    await addOrderEvent(tx, {
      orderId: current.id,
      actorUserId: user.id,
      actorRole: 'customer',
      action: 'refunded',
      amountCents: amount,
      details: { refundId: refund.id },
      createdAt: now,
    });
    return refund.id;
  });
  if (refundId !== null) {
    deps.background.run('cancel refund', async () => {
      await executeRefund(deps, refundId);
    });
    deps.background.run('order cancelled mail', () =>
      sendOrderChangedMails(deps, orderId, { kind: 'cancelled', by: 'customer', reason }),
    );
  }
  return present(deps, orderId);
}

/**
 * Moves a locked order to `at` (the no-overlap constraint has the last word at commit): previous time
 * kept, rescheduled, counted, logged with its actor, and the reminder planned for the new time.
 */
export async function moveOrderInTx(
  tx: Tx,
  current: OrderRow,
  at: Date,
  actor: { userId: number; role: 'customer' | 'vendor' },
  now: Date,
) {
  await updateOrder(tx, current.id, {
    appointmentAt: at,
    appointmentEndAt: new Date(at.getTime() + current.durationMins * 60_000),
    previousAppointmentAt: current.appointmentAt,
    rescheduleCount: current.rescheduleCount + 1,
    fulfillmentStatus: 'rescheduled',
    updatedAt: now,
  });
  await addOrderEvent(tx, {
    orderId: current.id,
    actorUserId: actor.userId,
    actorRole: actor.role,
    action: 'rescheduled',
    details: { from: current.appointmentAt.toISOString(), to: at.toISOString() },
    createdAt: now,
  });
  const reminderAt = new Date(at.getTime() - 24 * HOUR_MS);
  if (reminderAt.getTime() > now.getTime())
    await enqueueJobInTx(
      tx,
      {
        kind: REMINDER_JOB,
        payload: { orderId: current.id, appointmentAt: at.toISOString() },
        runAt: reminderAt,
        uniqueKey: `${REMINDER_JOB}:${current.id}:${at.getTime()}`,
      },
      now,
    );
}

/**
 * The provider idempotency key of the order's next refund of a kind: `refund-{confirmation}-cancel` for
 * the first cancel (as before), numbered after it, so a refund the provider refused (and the order
 * rolled back) never blocks the next try under the same key.
 */
export async function nextRefundKey(tx: Tx, order: OrderRow, kind: 'cancel' | 'partial'): Promise<string> {
  const earlier = (await listRefundsOfOrder(tx, order.id)).filter((r) => r.kind === kind).length;
  const base = `refund-${order.confirmationId}-${kind}`;
  return kind === 'cancel' && earlier === 0 ? base : `${base}-${earlier + 1}`;
}
