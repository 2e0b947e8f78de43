/**
 * The payment side of the demo data: each active vendor's connected account (payouts on), each demo
 * order's paid intent in the sandbox provider with its refund, and each paid-out order's transfer (and the
 * payouts row the payout job would have written), so that every payment, refund and transfer a demo order
 * names exists in the sandbox (issue 23), and cancelling or refunding a demo order moves money there like
 * any other order.
 */
import { eq, inArray, isNotNull } from 'drizzle-orm';
import { sandboxSeedObjects } from '../adapters/payments/sandbox-provider';
import type { Tx } from '../db/client';
import { orders, payouts, refunds, sandboxObjects, users, vendors } from '../db/schema';
import { payoutKey } from '../modules/payouts/service';

export async function seedSandboxMoney(tx: Tx, now: Date) {
  const objects: {
    id: string;
    object: string;
    data: Record<string, unknown>;
    createdAt: Date;
    updatedAt: Date;
  }[] = [];
  const add = (obj: { id: string; object: string }, at: Date) =>
    objects.push({
      id: obj.id,
      object: obj.object,
      data: obj,
      createdAt: at,
      updatedAt: at,
    });

  const payable = await tx
    .select({
      id: vendors.id,
      email: vendors.email,
      accountId: vendors.paymentAccountId,
      last4: vendors.payoutLast4,
      bank: vendors.payoutBankName,
      createdAt: vendors.createdAt,
    })
    .from(vendors)
    .where(isNotNull(vendors.paymentAccountId));
  for (const v of payable)
    add(
      sandboxSeedObjects.account(v.accountId!, {
        id: v.id,
        email: v.email,
        bankLast4: v.last4 ?? '0000',
        bankName: v.bank ?? 'Demo Bank',
      }),
      v.createdAt,
    );

  const paid = await tx.select().from(orders).where(isNotNull(orders.paymentIntentId));
  const customerIds = [...new Set(paid.map((o) => o.userId))];
  const people = customerIds.length
    ? await tx
        .select({
          id: users.id,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
          createdAt: users.createdAt,
        })
        .from(users)
        .where(inArray(users.id, customerIds))
    : [];
  for (const p of people) {
    const customerId = `cus_sbx_seed_${p.id}`;
    add(
      sandboxSeedObjects.customer(customerId, {
        id: p.id,
        email: p.email,
        name: `${p.firstName} ${p.lastName}`,
      }),
      p.createdAt,
    );
    await tx.update(users).set({ paymentCustomerId: customerId }).where(eq(users.id, p.id));
  }
  const accountOf = new Map(payable.map((v) => [v.id, v.accountId!]));
  const refundRows: (typeof refunds.$inferInsert)[] = [];
  const payoutRows: (typeof payouts.$inferInsert)[] = [];
  for (const o of paid) {
    const { intent, card } = sandboxSeedObjects.paidIntent({
      id: o.paymentIntentId!,
      customerId: `cus_sbx_seed_${o.userId}`,
      amountCents: o.totalCollectedCents,
      refundedCents: o.refundAmountCents,
      metadata: { confirmationId: o.confirmationId, vendorId: String(o.vendorId), userId: String(o.userId) },
      card: { brand: o.paymentMethodBrand ?? 'visa', last4: o.paymentMethodLast4 ?? '4242' },
      created: o.createdAt,
    });
    add(card, o.createdAt);
    const refundedAt = o.cancelledAt ?? o.updatedAt;
    if (o.refundAmountCents > 0) {
      const refund = sandboxSeedObjects.refund(`re_seed_${o.id}`, intent, o.refundAmountCents, {
        reason: o.cancelReason ?? o.refundReason ?? '',
      });
      intent.refunds.push(refund.id);
      add(refund, refundedAt);
    }
    if (o.transferId) {
      // Paid out: the transfer the payout job would have made from this charge, under its key.
      const destination = accountOf.get(o.vendorId);
      if (!destination)
        throw new Error(`Demo order ${o.confirmationId} was paid out to a vendor without payouts`);
      const sentAt = o.paidOutAt ?? o.updatedAt;
      const idempotencyKey = payoutKey(o.id);
      const transfer = sandboxSeedObjects.transfer(o.transferId, {
        amountCents: o.vendorPayoutCents,
        destination,
        sourceTransaction: intent.latest_charge!,
        metadata: { orderId: String(o.id), confirmationId: o.confirmationId, payoutKey: idempotencyKey },
        created: sentAt,
      });
      intent.amount_transferred = o.vendorPayoutCents;
      add(transfer, sentAt);
      payoutRows.push({
        orderId: o.id,
        vendorId: o.vendorId,
        method: 'transfer',
        status: 'sent',
        amountCents: o.vendorPayoutCents,
        destinationAccountId: destination,
        transferId: o.transferId,
        sourceTransaction: intent.latest_charge,
        idempotencyKey,
        attempts: 1,
        startedAt: sentAt,
        sentAt,
        createdAt: sentAt,
        updatedAt: sentAt,
      });
    }
    add(intent, o.createdAt);
    if (o.refundAmountCents > 0)
      refundRows.push({
        orderId: o.id,
        paymentIntentId: o.paymentIntentId!,
        kind: o.fulfillmentStatus === 'cancelled' ? 'cancel' : 'partial',
        amountCents: o.refundAmountCents,
        reason: o.cancelReason ?? o.refundReason,
        status: 'succeeded',
        providerRefundId: `re_seed_${o.id}`,
        idempotencyKey: `seed-refund-order-${o.id}`,
        attempts: 1,
        createdAt: refundedAt,
        updatedAt: refundedAt,
      });
  }
  for (let i = 0; i < objects.length; i += 500)
    await tx.insert(sandboxObjects).values(objects.slice(i, i + 500));
  if (refundRows.length > 0) await tx.insert(refunds).values(refundRows);
  if (payoutRows.length > 0) await tx.insert(payouts).values(payoutRows);
  return { accounts: payable.length, intents: paid.length, transfers: payoutRows.length, at: now };
}
