/**
 * A customer's every-2-weeks plan with a card saved in the sandbox, written straight through the plans repo
 * (as plan checkout leaves it): for the plans module's tests (plan-fixtures.ts) and the plan-visit
 * statements bench, whose customers are made in different ways.
 */
import type { FastifyInstance } from 'fastify';
import { insertPlan } from '../src/modules/plans/repo';

const FUTURE = { expMonth: 12, expYear: 2030 };

export async function saveSandboxPlan(
  app: FastifyInstance,
  owner: { userId: number; addressId: number; email: string },
  opts: { vendorId: number; cardNumber?: string; startMinutes: number; consentedAt: Date },
) {
  const sandbox = app.deps.sandbox!;
  const customerId = await sandbox.ensureCustomer({
    userId: owner.userId,
    email: owner.email,
    name: 'Casey Rivera',
    existingId: null,
  });
  const card = await sandbox.attachCard(customerId, {
    number: opts.cardNumber ?? '4242 4242 4242 4242',
    ...FUTURE,
  });
  const plan = await app.deps.db.transaction((tx) =>
    insertPlan(tx, {
      userId: owner.userId,
      vendorId: opts.vendorId,
      addressId: owner.addressId,
      frequency: 'every_2_weeks',
      anchorLocalDate: '2026-11-25',
      anchorStartMinutes: opts.startMinutes,
      durationMins: 60,
      baseSubtotalCents: 20000,
      discountPercent: 10,
      subtotalCents: 18000,
      serviceFeeCents: 255,
      paymentProvider: 'sandbox',
      providerCustomerId: customerId,
      paymentMethodId: card.id,
      paymentMethodBrand: card.brand,
      paymentMethodLast4: card.last4,
      consentText: 'We charge $182.55 a visit 24 hours before it.',
      consentedAt: opts.consentedAt,
    }),
  );
  return { plan, card };
}
