/** A vendor ready to be paid (payouts on in the sandbox), for checkout tests and the checkout benchmark. */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { vendorCalendars, vendors } from '../src/db/schema';
import { createPricedVendor, inputOf } from './pricing-fixtures';

/** An active house-cleaning vendor whose payouts are set up in the sandbox (a connected account). */
export async function createPayableVendor(app: FastifyInstance, email: string) {
  const vendor = await createPricedVendor(app, { email });
  const sandbox = app.deps.sandbox!;
  const account = await sandbox.createConnectedAccount({
    vendorId: vendor.vendorId,
    email,
    idempotencyKey: `acct-${vendor.vendorId}`,
  });
  await sandbox.completeOnboarding(account.id, { last4: '6789', bankName: 'STG Credit Union' });
  // Its account.updated event is delivered in the background: let it land before the test changes anything.
  await app.deps.background.drain();
  await app.deps.db
    .update(vendors)
    .set({
      paymentAccountId: account.id,
      stripeIntegrated: 'active',
      payoutLast4: '6789',
      payoutBankName: 'STG Credit Union',
    })
    .where(eq(vendors.id, vendor.vendorId));
  await app.deps.db.insert(vendorCalendars).values({
    vendorId: vendor.vendorId,
    workdayStartMinutes: 8 * 60,
    workdayEndMinutes: 17 * 60,
    driveTimeBufferMins: 0,
    bookingWindowStartDays: 1,
    bookingWindowEndDays: 60,
  });
  return vendor;
}

export type PayableVendor = Awaited<ReturnType<typeof createPayableVendor>>;

export const houseAnswers = (vendor: PayableVendor, over: Record<string, string> = {}) =>
  Object.fromEntries(
    Object.entries({ BEDROOMS: '3', BATHROOMS: '2', SQFT: '1800', CONDITION: '1', ...over }).map(
      ([alias, v]) => [String(inputOf(vendor.inputs, alias).id), v],
    ),
  );
