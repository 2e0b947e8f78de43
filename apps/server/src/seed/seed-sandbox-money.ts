/**
 * The payment side of the demo data: each active vendor's connected account (payouts on) and each demo
 * order's paid intent in the sandbox provider, with what was refunded of it, so that cancelling or
 * refunding a demo order moves money in the sandbox like any other order.
 */
import { eq, inArray, isNotNull } from 'drizzle-orm';
import { sandboxSeedObjects } from '../adapters/payments/sandbox-provider';
import type { Tx } from '../db/client';
import { orders, refunds, sandboxObjects, users, vendors } from '../db/schema';

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
  const refundRows: (typeof refunds.$inferInsert)[] = [];
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
        createdAt: o.cancelledAt ?? o.updatedAt,
        updatedAt: o.cancelledAt ?? o.updatedAt,
      });
  }
  for (let i = 0; i < objects.length; i += 500)
    await tx.insert(sandboxObjects).values(objects.slice(i, i + 500));
  if (refundRows.length > 0) await tx.insert(refunds).values(refundRows);
  return { accounts: payable.length, intents: paid.length, at: now };
}
