/** Vendors ready to be paid, customers with scheduled bookings, and paying through the sandbox. */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { payments } from '../src/db/schema';
import { houseAnswers, type PayableVendor } from './payable-vendor';
import { signUpPayload, TestClient } from './test-app';

let customerCount = 0;

/** A new signed-in customer (its own email). */
export async function signedUpCustomer(app: FastifyInstance, name = 'cust') {
  const client = new TestClient(app);
  await client.session();
  const email = `${name}-${++customerCount}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const res = await client.request({ method: 'POST', url: '/api/users', payload: signUpPayload({ email }) });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.body}`);
  return {
    client,
    email,
    userId: res.json<{ user: { id: number } }>().user.id,
    addressId: res.json<{ addresses: { id: number }[] }>().addresses[0]!.id,
  };
}

/** The client's booking with the vendor, priced and scheduled at `start`. */
export async function scheduledBooking(client: TestClient, vendor: PayableVendor, start: string) {
  const priced = await client.request({
    method: 'POST',
    url: '/api/bookings',
    payload: { booking: { vendorId: vendor.vendorId, answers: houseAnswers(vendor) } },
  });
  if (priced.statusCode >= 300) throw new Error(`pricing failed: ${priced.body}`);
  const id = priced.json().booking.id as number;
  const scheduled = await client.request({
    method: 'PUT',
    url: `/api/bookings/${id}`,
    payload: { booking: { appointmentAt: start } },
  });
  if (scheduled.statusCode !== 200) throw new Error(`scheduling failed: ${scheduled.body}`);
  return scheduled.json().booking as { id: number; price: number; duration: number; appointmentAt: string };
}

export function createIntent(client: TestClient, bookingId: number, extra: Record<string, unknown> = {}) {
  return client.request({
    method: 'POST',
    url: '/api/payments/create-payment-intent',
    payload: { booking: { id: bookingId }, ...extra },
  });
}

export const CARDS = {
  visa: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficient: '4000 0000 0000 9995',
  threeDs: '4000 0025 0000 3155',
} as const;

/** What the web's card form does in the sandbox. */
export function sandboxConfirm(
  client: TestClient,
  clientSecret: string,
  card: string | { paymentMethodId: string },
  extra: Record<string, unknown> = {},
) {
  return client.request({
    method: 'POST',
    url: '/api/payments/sandbox/confirm',
    payload: {
      clientSecret,
      ...(typeof card === 'string'
        ? { card: { number: card, expMonth: 12, expYear: 2030, cvc: '123' } }
        : { paymentMethodId: card.paymentMethodId }),
      returnUrl: '/vendors/1?open_payment_gateway=true',
      ...extra,
    },
  });
}

export function confirmPayment(client: TestClient, paymentIntentId: string) {
  return client.request({ method: 'POST', url: '/api/payments/confirm', payload: { paymentIntentId } });
}

/** Checkout and pay with a card: the confirm call's answer. */
export async function payFor(client: TestClient, bookingId: number, card: string = CARDS.visa) {
  const intent = await createIntent(client, bookingId);
  if (intent.statusCode !== 200) throw new Error(`intent failed: ${intent.body}`);
  const { clientSecret, paymentIntentId } = intent.json();
  await sandboxConfirm(client, clientSecret, card);
  return confirmPayment(client, paymentIntentId);
}

/**
 * Every cent collected is accounted for (ARCHITECTURE §5a): over all orders, total collected equals
 * service fees + commission + vendor payouts + refunds; over all payments that lost their time, the
 * whole amount is refunded. Answers the sums for the test to compare.
 */
export async function ledger(app: FastifyInstance) {
  const result = await app.deps.db.execute<{
    collected: string;
    parts: string;
    conflict_total: string;
    conflict_refunds: string;
    refunds_owed: string;
    refunds_recorded: string;
  }>(sql`select
      (select coalesce(sum(total_collected_cents), 0) from orders)::text as collected,
      (select coalesce(sum(service_fee_cents + commission_cents + vendor_payout_cents + refund_amount_cents), 0) from orders)::text as parts,
      (select coalesce(sum(total_cents), 0) from payments where status = 'conflict')::text as conflict_total,
      (select coalesce(sum(amount_cents), 0) from refunds where kind = 'conflict')::text as conflict_refunds,
      (select coalesce(sum(refund_amount_cents), 0) from orders)::text as refunds_owed,
      (select coalesce(sum(amount_cents), 0) from refunds where order_id is not null)::text as refunds_recorded`);
  const row = (result as { rows: Record<string, string>[] }).rows[0]!;
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])) as Record<string, number>;
}

/**
 * A checkout in progress written straight to the table: an open payment that holds its time with the
 * vendor until `holdExpiresAt` ($62.55 for a one-hour job unless said).
 */
export async function insertCheckoutHold(
  app: FastifyInstance,
  hold: {
    vendorId: number;
    userId: number;
    addressId: number;
    appointmentAt: Date;
    durationMins?: number;
    holdExpiresAt: Date;
  },
) {
  const [row] = await app.deps.db
    .insert(payments)
    .values({
      provider: 'sandbox',
      confirmationId: `C-${Math.random().toString(36).slice(2)}`,
      subtotalCents: 6000,
      serviceFeeCents: 255,
      commissionCents: 600,
      vendorPayoutCents: 5400,
      totalCents: 6255,
      durationMins: 60,
      ...hold,
    })
    .returning();
  return row!;
}
