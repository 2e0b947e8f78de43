/**
 * Plans for the plans module's tests: a customer's every-2-weeks plan with a card saved in the sandbox,
 * written straight through the plans repo (as plan checkout would leave it); a plan vendor and another
 * vendor, both signed in; a plan bought over HTTP as a customer buys one.
 */
import type { FastifyInstance } from 'fastify';
import type { PlanFrequency } from '@stg/domain/plans';
import { replaceVendorPlanOffers } from '../src/modules/plan-offers/service';
import { payFor, signedUpCustomer } from './checkout-fixtures';
import { createPayableVendor, houseAnswers, type PayableVendor } from './payable-vendor';
import { saveSandboxPlan } from './sandbox-plan';
import { TestClient } from './test-app';

export async function sandboxPlan(
  app: FastifyInstance,
  opts: { vendorId: number; name: string; cardNumber?: string; startMinutes: number; consentedAt: Date },
) {
  const owner = await signedUpCustomer(app, opts.name);
  const { plan, card } = await saveSandboxPlan(app, owner, opts);
  return { owner, plan, card };
}

/**
 * A vendor offering `offers`, signed in, and another vendor, signed in (whose requests for the first one's
 * plans must be refused). Emails `<prefix>-vendor@example.com` and `<prefix>-other@example.com`.
 */
export async function planVendors(
  app: FastifyInstance,
  prefix: string,
  offers: { frequency: PlanFrequency; discountPercent: number }[],
  now: Date,
) {
  const vendor = await createPayableVendor(app, `${prefix}-vendor@example.com`);
  await replaceVendorPlanOffers(app.deps.db, vendor.vendorId, offers, now);
  const vendorClient = new TestClient(app);
  await vendorClient.signIn(`${prefix}-vendor@example.com`, 'Password123!');
  const otherVendor = await createPayableVendor(app, `${prefix}-other@example.com`);
  const otherVendorClient = new TestClient(app);
  await otherVendorClient.signIn(`${prefix}-other@example.com`, 'Password123!');
  return { vendor, vendorClient, otherVendor, otherVendorClient };
}

/**
 * `customer` buys a `frequency` plan of `vendor` over HTTP: the house priced with that frequency, scheduled
 * at `start` (ISO), paid with the test Visa. Answers the booking's id; the background work is drained.
 */
export async function buyPlanBooking(
  app: FastifyInstance,
  customer: Awaited<ReturnType<typeof signedUpCustomer>>,
  vendor: PayableVendor,
  frequency: PlanFrequency,
  start: string,
): Promise<number> {
  const priced = await customer.client.request({
    method: 'POST',
    url: '/api/bookings',
    payload: {
      booking: { vendorId: vendor.vendorId, answers: houseAnswers(vendor), planFrequency: frequency },
    },
  });
  if (priced.statusCode >= 300) throw new Error(`pricing failed: ${priced.body}`);
  const bookingId = priced.json().booking.id as number;
  const put = await customer.client.request({
    method: 'PUT',
    url: `/api/bookings/${bookingId}`,
    payload: { booking: { appointmentAt: start } },
  });
  if (put.statusCode !== 200) throw new Error(`scheduling failed: ${put.body}`);
  const paid = await payFor(customer.client, bookingId);
  if (paid.statusCode !== 200) throw new Error(`payment failed: ${paid.body}`);
  await app.deps.background.drain();
  return bookingId;
}
