/** The vendor's order actions in tests: calling them, orders put straight into a state, and the ledger. */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FulfillmentStatus, PaymentStatus } from '@stg/domain/constants';
import { expect } from 'vitest';
import { sandboxSeedObjects } from '../src/adapters/payments/sandbox-provider';
import { addresses, orders, sandboxObjects } from '../src/db/schema';
import type { TestClient } from './test-app';

export const vendorActions = (client: TestClient) => ({
  reschedule: (id: number, appointmentAt: string, confirmed: boolean | 'omit' = true) =>
    client.request({
      method: 'PATCH',
      url: `/api/orders/${id}/reschedule`,
      payload: { order: { appointmentAt, ...(confirmed === 'omit' ? {} : { confirmed }) } },
    }),
  cancel: (id: number, body: Record<string, unknown> = { cancelReason: 'Vendor is sick', confirmed: true }) =>
    client.request({ method: 'PATCH', url: `/api/orders/${id}/cancel-order`, payload: body }),
  refund: (
    id: number,
    body: Record<string, unknown> = { refundAmount: 0.01, refundReason: 'Missed a window' },
    key?: string,
  ) =>
    client.request({
      method: 'POST',
      url: `/api/orders/${id}/create-partial-refund`,
      payload: body,
      headers: key ? { 'idempotency-key': key } : {},
    }),
  complete: (id: number, order: Record<string, unknown> = { confirmed: true }, vendorId?: number) =>
    client.request({
      method: 'PATCH',
      url: `/api/orders/${id}/mark-as-fulfilled`,
      payload: { order, ...(vendorId === undefined ? {} : { vendorId }) },
    }),
});

export interface OrderFigures {
  fulfillmentStatus: FulfillmentStatus;
  paymentStatus: PaymentStatus;
  appointmentAt: Date;
  durationMins: number;
  totalCollectedCents: number;
  serviceFeeCents: number;
  commissionCents: number;
  vendorPayoutCents: number;
  refundAmountCents: number;
}

/** The money of an order in a payment status: refunds already taken out of the payout or everything. */
export function figuresFor(paymentStatus: string) {
  const total = 11_255;
  if (paymentStatus === 'refunded')
    return {
      totalCollectedCents: total,
      serviceFeeCents: 0,
      commissionCents: 0,
      vendorPayoutCents: 0,
      refundAmountCents: total,
    };
  const refund = paymentStatus === 'partially_refunded' ? 500 : 0;
  return {
    totalCollectedCents: total,
    serviceFeeCents: 255,
    commissionCents: 1_500,
    vendorPayoutCents: 9_500 - refund,
    refundAmountCents: refund,
  };
}

/**
 * An order of `vendorId` for `userId` put straight into the database in the given state, paid by a
 * sandbox intent (so refunds go through the sandbox like any other order's).
 */
export async function insertOrderInState(
  app: FastifyInstance,
  q: {
    vendorId: number;
    userId: number;
    state: Omit<OrderFigures, 'durationMins'> & { durationMins?: number };
  },
) {
  const { db } = app.deps;
  const [address] = await db.select().from(addresses).where(eq(addresses.userId, q.userId)).limit(1);
  const intentId = `pi_state_${randomBytes(8).toString('hex')}`;
  const { intent, card } = sandboxSeedObjects.paidIntent({
    id: intentId,
    customerId: `cus_state_${q.userId}`,
    amountCents: q.state.totalCollectedCents,
    refundedCents: q.state.refundAmountCents,
    metadata: {},
    card: { brand: 'visa', last4: '4242' },
    created: new Date('2026-11-01T00:00:00Z'),
  });
  const at = new Date();
  await db.insert(sandboxObjects).values([
    { id: card.id, object: 'payment_method', data: card as never, createdAt: at, updatedAt: at },
    { id: intent.id, object: 'payment_intent', data: intent as never, createdAt: at, updatedAt: at },
  ]);
  const duration = q.state.durationMins ?? 60;
  const [row] = await db
    .insert(orders)
    .values({
      confirmationId: `SG-${randomBytes(5).toString('hex').toUpperCase()}`,
      vendorId: q.vendorId,
      userId: q.userId,
      addressId: address!.id,
      appointmentAt: q.state.appointmentAt,
      appointmentEndAt: new Date(q.state.appointmentAt.getTime() + duration * 60_000),
      durationMins: duration,
      fulfillmentStatus: q.state.fulfillmentStatus,
      paymentStatus: q.state.paymentStatus,
      paymentProvider: 'sandbox',
      paymentIntentId: intentId,
      paymentMethodLast4: '4242',
      paymentMethodBrand: 'visa',
      subtotalCents: q.state.totalCollectedCents - 255,
      totalCollectedCents: q.state.totalCollectedCents,
      serviceFeeCents: q.state.serviceFeeCents,
      commissionCents: q.state.commissionCents,
      vendorPayoutCents: q.state.vendorPayoutCents,
      refundAmountCents: q.state.refundAmountCents,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  return row!;
}

/** Puts an order (and what its sandbox intent has refunded) back into a state. */
export async function resetOrder(
  app: FastifyInstance,
  order: { id: number; paymentIntentId: string | null },
  state: Omit<OrderFigures, 'durationMins'>,
  durationMins = 60,
) {
  await app.deps.db
    .update(orders)
    .set({
      ...state,
      appointmentEndAt: new Date(state.appointmentAt.getTime() + durationMins * 60_000),
      previousAppointmentAt: null,
      rescheduleCount: 0,
      cancelReason: null,
      refundReason: null,
      optionalNote: null,
      fulfilledAt: null,
      cancelledAt: null,
      payoutDueAt: null,
    })
    .where(eq(orders.id, order.id));
  await app.deps.db
    .update(sandboxObjects)
    .set({
      data: sql`jsonb_set(${sandboxObjects.data}, '{amount_refunded}', to_jsonb(${state.refundAmountCents}::int))`,
    })
    .where(eq(sandboxObjects.id, order.paymentIntentId!));
}

/**
 * The ledger of every order (ARCHITECTURE §5a): total collected = service fee + commission + payout +
 * refunds, and the refunded figure is what the refunds not refused add up to.
 */
export async function expectLedgerBalanced(app: FastifyInstance) {
  await app.deps.background.drain();
  const result = await app.deps.db.execute<{
    id: number;
    collected: number;
    parts: number;
    refunded: number;
    recorded: number;
  }>(sql`select o.id, o.total_collected_cents as collected,
      o.service_fee_cents + o.commission_cents + o.vendor_payout_cents + o.refund_amount_cents as parts,
      o.refund_amount_cents as refunded,
      coalesce((select sum(r.amount_cents) from refunds r where r.order_id = o.id and r.status <> 'failed'), 0)::int as recorded
    from orders o`);
  const rows = (
    result as {
      rows: { id: number; collected: number; parts: number; refunded: number; recorded: number }[];
    }
  ).rows;
  for (const r of rows) {
    expect({ id: r.id, parts: Number(r.parts) }).toEqual({ id: r.id, parts: Number(r.collected) });
  }
  return rows;
}

/** The same, for the orders whose refunds all went through the refunds table (orders made by checkout). */
export async function expectRefundsRecorded(app: FastifyInstance, orderIds: number[]) {
  const rows = await expectLedgerBalanced(app);
  for (const r of rows.filter((row) => orderIds.includes(Number(row.id))))
    expect({ id: r.id, recorded: Number(r.recorded) }).toEqual({ id: r.id, recorded: Number(r.refunded) });
}
