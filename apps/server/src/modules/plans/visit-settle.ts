/**
 * A plan visit's payment that succeeded becomes an order, exactly as checkout's does (ADR 0037 "Charging"),
 * whoever tells first: the charge job, the pay link's confirmation, or the provider's
 * payment_intent.succeeded event (payments/settle.ts hands on the intents it has no payment row for). One
 * transaction locks the plan row and the visit row, inserts the order with `plan_id` / `plan_visit_id`
 * (whose trigger takes the visit's time claim over), marks the visit ordered and logs `created` with the
 * reminder and the new order's mails (orders/place-order.ts); a second telling changes nothing.
 */
import { randomBytes } from 'node:crypto';
import { orderAmounts } from '@stg/domain/checkout';
import type { ProviderIntent } from '../../adapters/payments/payment-provider';
import type { Tx } from '../../db/client';
import type { PaymentsDeps } from '../../deps';
import { insertOrder } from '../orders/queries';
import { recordOrderPlaced } from '../orders/place-order';
import { findVendor } from '../pricing/queries';
import { addPlanEvent, findPlanVisit, findVisitByIntent, listPlanEvents, lockPlanAndVisit } from './repo';
import { enqueueVisitRefund } from './visit-jobs';
import { isHeldLike, markLockedVisitOrdered } from './service';

export type AfterCommit = (() => Promise<void>)[];

/** The vendor's fields an order records, as the charge read them in its first step (read again when not given). */
export type SettleVendor = NonNullable<Awaited<ReturnType<typeof findVendor>>>;

export type VisitSettleOutcome =
  /** Not a plan visit's intent. */
  | { kind: 'not_plan' }
  /** The intent has not succeeded (yet): nothing changed. */
  | { kind: 'pending'; visitId: number }
  | { kind: 'order'; visitId: number; orderId: number; created: boolean }
  /** Paid after the visit was cancelled (its deadline passed): the whole payment goes back. */
  | { kind: 'refunded'; visitId: number };

/** "SG-7K2P9QXA", as checkout's confirmation ids (unique index; a clash fails the transaction, retried). */
function newConfirmationId(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let code = '';
  for (const b of randomBytes(10)) code += alphabet[b % alphabet.length];
  return `SG-${code}`;
}

/** The amount a visit charges: the plan's price per visit and its service charge. */
export const visitAmountCents = (plan: { subtotalCents: number; serviceFeeCents: number }) =>
  plan.subtotalCents + plan.serviceFeeCents;

/** The plan visit this intent pays (its metadata, else the intent stored on the visit), settled; else not_plan. */
export async function settleVisitIntentInTx(
  tx: Tx,
  deps: PaymentsDeps,
  intent: ProviderIntent,
  after: AfterCommit,
): Promise<VisitSettleOutcome> {
  const fromMetadata = Number(intent.metadata.planVisitId);
  const visitId =
    Number.isInteger(fromMetadata) && fromMetadata > 0
      ? fromMetadata
      : (await findVisitByIntent(tx, intent.id))?.id;
  if (!visitId) return { kind: 'not_plan' };
  // Told again (the provider's event after the charge job settled it): an ordered visit stays ordered,
  // so its committed row, read without a lock, answers as the locked read would, in one statement.
  const seen = await findPlanVisit(tx, visitId);
  if (seen?.status === 'ordered' && seen.orderId !== null)
    return { kind: 'order', visitId, orderId: seen.orderId, created: false };
  return settleVisitInTx(tx, deps, visitId, intent, after);
}

/** Settles visit `visitId` paid by `intent` (succeeded) in the caller's transaction; idempotent. */
export async function settleVisitInTx(
  tx: Tx,
  deps: PaymentsDeps,
  visitId: number,
  intent: ProviderIntent,
  after: AfterCommit,
  read: { vendor?: SettleVendor } = {},
): Promise<VisitSettleOutcome> {
  const now = deps.now();
  const locked = await lockPlanAndVisit(tx, visitId);
  if (!locked) return { kind: 'not_plan' };
  const { plan, visit } = locked;
  if (visit.status === 'ordered' && visit.orderId !== null)
    return { kind: 'order', visitId, orderId: visit.orderId, created: false };
  if (intent.status !== 'succeeded') return { kind: 'pending', visitId };
  if (intent.metadata.planVisitId !== String(visitId) && visit.paymentIntentId !== intent.id)
    return { kind: 'not_plan' };

  if (!isHeldLike(visit.status)) {
    // Paid after the visit was cancelled (its deadline ran out as the customer paid): the whole payment
    // goes back. No order and no checkout payment own it, so the refund is a job of the visit's own
    // (unique per intent, retried until the provider answers), logged on the plan once.
    const told = (await listPlanEvents(tx, plan.id)).some(
      (e) => e.action === 'visit_released' && e.details.paymentIntentId === intent.id,
    );
    if (!told) {
      await addPlanEvent(tx, {
        planId: plan.id,
        planVisitId: visit.id,
        actorRole: 'system',
        action: 'visit_released',
        amountCents: intent.amountReceivedCents,
        details: { paymentIntentId: intent.id, refunded: true, status: visit.status },
      });
      await enqueueVisitRefund(tx, { visitId: visit.id, intent }, now);
    }
    return { kind: 'refunded', visitId };
  }

  const vendor = read.vendor?.id === plan.vendorId ? read.vendor : await findVendor(tx, plan.vendorId);
  if (!vendor) throw new Error(`No vendor ${plan.vendorId}`);
  const amounts = orderAmounts(plan.subtotalCents, plan.serviceFeeCents, vendor.commissionBps);
  if (intent.amountReceivedCents !== amounts.totalCents)
    deps.log.error({ visitId, intent: intent.id }, 'provider amount differs from the plan visit');
  const card = intent.paymentMethod;
  const order = await insertOrder(tx, {
    confirmationId: newConfirmationId(),
    bookingId: null,
    vendorId: plan.vendorId,
    userId: plan.userId,
    addressId: plan.addressId,
    appointmentAt: visit.appointmentAt,
    appointmentEndAt: visit.appointmentEndAt,
    durationMins: plan.durationMins,
    customerNotes: plan.customerNotes,
    optionsSnapshot: plan.optionsSnapshot,
    paymentProvider: plan.paymentProvider,
    paymentIntentId: intent.id,
    paymentMethodLast4: card?.last4 ?? null,
    paymentMethodBrand: card?.brand ?? null,
    totalCollectedCents: intent.amountReceivedCents,
    subtotalCents: amounts.subtotalCents,
    serviceFeeCents: amounts.serviceFeeCents,
    commissionCents: amounts.commissionCents,
    vendorPayoutCents: amounts.vendorPayoutCents,
    payoutLast4: vendor.payoutLast4 ?? null,
    payoutBankName: vendor.payoutBankName ?? null,
    planId: plan.id,
    planVisitId: visit.id,
    planFrequency: plan.frequency,
    createdAt: now,
    updatedAt: now,
  });
  // Ordered, with the intent that paid it, in one update; `visit_charged` and `visit_ordered` in one insert.
  await markLockedVisitOrdered(tx, visit, order.id, {
    set: visit.paymentIntentId !== intent.id ? { paymentIntentId: intent.id, updatedAt: now } : {},
    eventsBefore: [
      {
        planId: plan.id,
        planVisitId: visit.id,
        actorRole: 'system',
        action: 'visit_charged',
        amountCents: intent.amountReceivedCents,
        details: { paymentIntentId: intent.id, from: visit.status },
      },
    ],
  });
  await recordOrderPlaced(
    tx,
    deps,
    {
      orderId: order.id,
      appointmentAt: visit.appointmentAt,
      userId: plan.userId,
      amountCents: intent.amountReceivedCents,
      details: {
        confirmationId: order.confirmationId,
        paymentIntentId: intent.id,
        provider: plan.paymentProvider,
        planId: plan.id,
        planVisitId: visit.id,
      },
    },
    after,
  );
  return { kind: 'order', visitId, orderId: order.id, created: true };
}

/** Settles in a transaction of its own, then runs what waits for the commit (mails, a refund). */
export async function settleVisitIntent(
  deps: PaymentsDeps,
  visitId: number,
  intent: ProviderIntent,
): Promise<VisitSettleOutcome> {
  const after: AfterCommit = [];
  const outcome = await deps.db.transaction((tx) => settleVisitInTx(tx, deps, visitId, intent, after));
  for (const task of after) deps.background.run('after plan visit settled', task);
  return outcome;
}
