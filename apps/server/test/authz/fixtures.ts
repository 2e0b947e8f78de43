/**
 * The people and things of the authorization matrix, made once per run: customers A (the owner) and B,
 * vendors V (the owner, ready to be paid) and W (another vendor), P (a listing awaiting submission with
 * its setup complete), an operator, a guest (a session without a user); A's order with V; a local iCal
 * feed and fakes of Google and Jobber.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FulfillmentStatus, ListingStatus, PaymentStatus } from '@stg/domain/constants';
import { addDays, instantOfLocal, weekdayOf, type LocalDate } from '@stg/domain/zoned-time';
import {
  addresses,
  images,
  orders,
  payouts,
  refunds,
  reviews,
  users,
  vendorCalendars,
  vendors,
} from '../../src/db/schema';
import {
  signedUpCustomer,
  scheduledBooking,
  createIntent,
  sandboxConfirm,
  CARDS,
} from '../checkout-fixtures';
import { FakeCalendarProviders } from '../fake-calendar-providers';
import { multipartBody, pictureFile } from '../multipart';
import { createPayableVendor, houseAnswers, type PayableVendor } from '../payable-vendor';
import { createPricedVendor } from '../pricing-fixtures';
import { createTestApp, outbox, TestClient } from '../test-app';
import { tableNames } from './fingerprint';
import { figuresFor, insertOrderInState } from '../vendor-order-fixtures';

/** Monday, November 23rd 2026, 8:00 in St George (MST, UTC-7). */
export const NOW = new Date('2026-11-23T15:00:00Z');
export const PASSWORD = 'Password123!';
const TZ = 'America/Denver';

/** Weekdays after today (payable vendors work 8 to 17, one day's notice). */
const WEEKDAYS: LocalDate[] = (() => {
  const days: LocalDate[] = [];
  for (let d = addDays({ year: 2026, month: 11, day: 23 }, 1); days.length < 40; d = addDays(d, 1))
    if (weekdayOf(d) >= 1 && weekdayOf(d) <= 5) days.push(d);
  return days;
})();
/** A time `i` weekdays ahead at `hour` in St George. */
export const weekday = (i: number, hour: number) => new Date(instantOfLocal(WEEKDAYS[i]!, hour * 60, TZ));

const ICS_FEED = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'BEGIN:VEVENT',
  'UID:authz-1',
  'DTSTART:20261201T170000Z',
  'DTEND:20261201T180000Z',
  'END:VEVENT',
  'END:VCALENDAR',
].join('\r\n');

export interface Person {
  client: TestClient;
  userId: number;
  email: string;
}

export interface Fixtures {
  app: FastifyInstance;
  fakeCalendars: FakeCalendarProviders;
  icsUrl: string;
  guest: TestClient;
  A: Person & { addressId: number };
  B: Person;
  operator: Person;
  V: Person & { vendorId: number; vendor: PayableVendor; calendarId: number };
  W: Person & { vendorId: number; vendor: PayableVendor; calendarId: number };
  P: Person & { vendorId: number };
  /** A's order with V (unfulfilled, next week): reviews, availability, the vendor's reads. */
  order: { id: number; confirmationId: string };
  /** The database's tables, for fingerprints. */
  tables: string[];
  close: () => Promise<void>;
}

async function signedIn(app: FastifyInstance, email: string, password = PASSWORD) {
  const client = new TestClient(app);
  const res = await client.signIn(email, password);
  if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.body}`);
  return client;
}

function must<R extends { statusCode: number; body: string }>(res: R, what: string, status = 200): R {
  if (res.statusCode !== status) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  return res;
}

let seq = 0;
export const unique = (name: string) =>
  `authz-${name}-${++seq}-${randomBytes(3).toString('hex')}@example.com`;

/** A listing awaiting submission whose setup is complete, through the API as its vendor does it. */
async function pendingListing(app: FastifyInstance): Promise<Fixtures['P']> {
  const email = 'authz-p@example.com';
  const address = {
    street_address: '100 N Main St',
    city: 'St George',
    state: 'UT',
    zip_code: '84770',
  };
  const client = new TestClient(app);
  await client.session();
  const created = must(
    await client.request({
      method: 'POST',
      url: '/api/vendors',
      payload: {
        vendor: {
          name: 'Pending Window Pros',
          category: 'window_cleaning',
          email: 'office+authz-p@example.com',
          phone_number: '4355551234',
          address_attributes: address,
          users_attributes: [
            {
              first_name: 'Pat',
              last_name: 'Lund',
              email,
              phone_number: '4355554321',
              password: PASSWORD,
              password_confirmation: PASSWORD,
              user_type: 'vendor',
              addresses_attributes: [address],
            },
          ],
        },
      },
    }),
    'vendor sign-up',
    201,
  ).json<{ user: { id: number }; vendor: { id: number } }>();
  const vendorId = created.vendor.id;
  const upload = async (files: { field: string; data: Buffer }[]) => {
    const { payload, headers } = await multipartBody(files.map((f, i) => ({ ...f, name: `p-${i}.png` })));
    must(
      await client.request({ method: 'PATCH', url: `/api/vendors/${vendorId}`, payload, headers }),
      'upload',
    );
  };
  await upload([
    { field: 'vendor[logoImageUrl]', data: await pictureFile('png', 300, 300) },
    { field: 'vendor[thumbnailImageUrl]', data: await pictureFile('jpeg', 1200, 400) },
  ]);
  await upload(
    await Promise.all(
      [0, 1, 2, 3].map(async (i) => ({
        field: 'vendor[galleryImages][]',
        data: await pictureFile('png', 80, 60, i * 20),
      })),
    ),
  );
  must(
    await client.request({
      method: 'PATCH',
      url: `/api/vendors/${vendorId}`,
      payload: { vendor: { calendarSkipped: true } },
    }),
    'calendar skipped',
  );
  // A listing that can sell (issue 25): its description; its pricing and scheduling are the sign-up's defaults.
  must(
    await client.request({
      method: 'PATCH',
      url: `/api/vendors/${vendorId}`,
      payload: { vendor: { serviceDescription: 'Streak-free windows, screens and tracks.' } },
    }),
    'description',
  );
  const session = must(
    await client.request({
      method: 'POST',
      url: '/api/vendors/create_account_session',
      payload: { id: vendorId },
    }),
    'account session',
  );
  must(
    await client.request({
      method: 'POST',
      url: '/api/payments/sandbox/account-onboarding',
      payload: {
        clientSecret: session.json().client_secret,
        accountHolderName: 'Pat Lund',
        routingNumber: '110000000',
        accountNumber: '000123456789',
        tosAccepted: true,
      },
    }),
    'onboarding',
  );
  await app.deps.background.drain();
  return { client, userId: created.user.id, email, vendorId };
}

async function calendarOf(app: FastifyInstance, vendorId: number) {
  const [row] = await app.deps.db
    .select()
    .from(vendorCalendars)
    .where(eq(vendorCalendars.vendorId, vendorId));
  return row!.id;
}

export async function createFixtures(): Promise<Fixtures> {
  const fakeCalendars = await new FakeCalendarProviders().start();
  const feed = http.createServer((req, res) => {
    if (req.url?.startsWith('/private/authz.ics')) {
      res.writeHead(200, { 'content-type': 'text/calendar' });
      res.end(ICS_FEED);
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
  const icsUrl = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/private/authz.ics`;
  const app = await createTestApp({
    now: () => NOW,
    calendarSync: { google: fakeCalendars.googleAdapter(), jobber: fakeCalendars.jobberAdapter() },
  });
  const { db } = app.deps;

  const vendorV = await createPayableVendor(app, 'authz-v@example.com');
  const vendorW = await createPayableVendor(app, 'authz-w@example.com');
  const a = await signedUpCustomer(app, 'authz-a');
  const b = await signedUpCustomer(app, 'authz-b');
  const op = await signedUpCustomer(app, 'authz-operator');
  await db.update(users).set({ isOperator: true }).where(eq(users.id, op.userId));
  const [address] = await db.select().from(addresses).where(eq(addresses.userId, a.userId));
  const guest = new TestClient(app);
  await guest.session();
  const order = await insertOrderInState(app, {
    vendorId: vendorV.vendorId,
    userId: a.userId,
    state: {
      fulfillmentStatus: 'unfulfilled',
      paymentStatus: 'collected',
      appointmentAt: weekday(5, 10),
      ...figuresFor('collected'),
    },
  });
  const P = await pendingListing(app);

  return {
    app,
    fakeCalendars,
    icsUrl,
    guest,
    A: { ...a, addressId: address!.id },
    B: b,
    operator: op,
    V: {
      client: await signedIn(app, 'authz-v@example.com'),
      userId: vendorV.userId,
      email: 'authz-v@example.com',
      vendorId: vendorV.vendorId,
      vendor: vendorV,
      calendarId: await calendarOf(app, vendorV.vendorId),
    },
    W: {
      client: await signedIn(app, 'authz-w@example.com'),
      userId: vendorW.userId,
      email: 'authz-w@example.com',
      vendorId: vendorW.vendorId,
      vendor: vendorW,
      calendarId: await calendarOf(app, vendorW.vendorId),
    },
    P,
    order: { id: order.id, confirmationId: order.confirmationId },
    tables: await tableNames(app),
    close: async () => {
      await app.close();
      await fakeCalendars.stop();
      await new Promise<void>((resolve) => feed.close(() => resolve()));
    },
  };
}

// ---- Things a single entry needs afresh (each entry's owner request changes what it acts on). ----

/** A new order of A with V in a state (next week unless `at` says otherwise). */
export async function freshOrder(
  fx: Fixtures,
  opts: { at?: Date; fulfillmentStatus?: FulfillmentStatus; paymentStatus?: PaymentStatus } = {},
) {
  return insertOrderInState(fx.app, {
    vendorId: fx.V.vendorId,
    userId: fx.A.userId,
    state: {
      fulfillmentStatus: opts.fulfillmentStatus ?? 'unfulfilled',
      paymentStatus: opts.paymentStatus ?? 'collected',
      appointmentAt: opts.at ?? weekday(6, 10),
      ...figuresFor(opts.paymentStatus ?? 'collected'),
    },
  });
}

/** An order of A with V that was fulfilled and whose payout is owed as a Paper Check. */
export async function paperCheckOwed(fx: Fixtures) {
  const order = await freshOrder(fx, {
    at: new Date(NOW.getTime() - 5 * 86_400_000),
    fulfillmentStatus: 'fulfilled',
  });
  await fx.app.deps.db.insert(payouts).values({
    orderId: order.id,
    vendorId: fx.V.vendorId,
    method: 'paper_check',
    status: 'owed',
    amountCents: order.vendorPayoutCents,
    idempotencyKey: `authz-paper-${order.id}`,
    reason: 'no_payout_account',
    startedAt: NOW,
  });
  return order;
}

/** An order of A with V whose transfer the payout job gave up on (marked for an operator's review). */
export async function transferNeedingReview(fx: Fixtures) {
  const order = await freshOrder(fx, {
    // Three hours after the Paper Check's order (orders of one vendor never overlap).
    at: new Date(NOW.getTime() - 5 * 86_400_000 + 3 * 3_600_000),
    fulfillmentStatus: 'fulfilled',
    paymentStatus: 'processed',
  });
  await fx.app.deps.db.insert(payouts).values({
    orderId: order.id,
    vendorId: fx.V.vendorId,
    method: 'transfer',
    status: 'sending',
    amountCents: order.vendorPayoutCents,
    destinationAccountId: 'acct_authz',
    idempotencyKey: `payout-order-${order.id}`,
    lastError: 'connect ETIMEDOUT',
    needsReviewAt: NOW,
    startedAt: NOW,
  });
  return order;
}

/**
 * A partial refund of A's order with V that the provider refused while the order's figures still count it
 * (refund_failed, money owed): the operator's console retries it or marks it handled. `slot` keeps the
 * orders apart in V's day (orders of one vendor never overlap).
 */
export async function failedRefund(fx: Fixtures, slot: number) {
  const order = await freshOrder(fx, {
    at: new Date(NOW.getTime() - 5 * 86_400_000 + (6 + 3 * slot) * 3_600_000),
    fulfillmentStatus: 'fulfilled',
    paymentStatus: 'partially_refunded',
  });
  const [refund] = await fx.app.deps.db
    .insert(refunds)
    .values({
      orderId: order.id,
      paymentIntentId: order.paymentIntentId!,
      kind: 'partial',
      amountCents: order.refundAmountCents,
      reason: 'Missed a window',
      status: 'failed',
      idempotencyKey: `authz-refund-${order.id}`,
      lastError: 'Your card issuer refused the refund.',
    })
    .returning();
  return refund!;
}

/** Sets a vendor's listing status (and its submission time when under review). */
export async function setListing(fx: Fixtures, vendorId: number, listingStatus: ListingStatus) {
  await fx.app.deps.db
    .update(vendors)
    .set({ listingStatus, submittedAt: listingStatus === 'under_review' ? NOW : null, reviewedAt: null })
    .where(eq(vendors.id, vendorId));
}

/** One more gallery image of P (as if uploaded), so deleting one keeps P's setup complete. */
export async function extraGalleryImage(fx: Fixtures) {
  const blobId = `authz-${randomBytes(8).toString('hex')}`;
  await fx.app.deps.db.insert(images).values({
    blobId,
    vendorId: fx.P.vendorId,
    kind: 'gallery',
    contentType: 'image/webp',
    byteSize: 10,
    width: 8,
    height: 8,
    storageKey: `vendors/${fx.P.vendorId}/${blobId}.webp`,
    position: 99,
  });
  return blobId;
}

/** A's review of V made afresh (any earlier one removed). */
export async function removeReviewsOfA(fx: Fixtures) {
  await fx.app.deps.db
    .delete(reviews)
    .where(and(eq(reviews.userId, fx.A.userId), eq(reviews.vendorId, fx.V.vendorId)));
}

/** A new customer with a booking with V scheduled `slot` weekdays ahead (checkout needs one each). */
export async function customerWithScheduledBooking(fx: Fixtures, slot: number) {
  const customer = await signedUpCustomer(fx.app, 'authz-checkout');
  const booking = await scheduledBooking(customer.client, fx.V.vendor, weekday(slot, 9).toISOString());
  return { ...customer, bookingId: booking.id };
}

/** ... and its payment intent opened. */
export async function customerWithIntent(fx: Fixtures, slot: number) {
  const customer = await customerWithScheduledBooking(fx, slot);
  const intent = must(await createIntent(customer.client, customer.bookingId), 'payment intent');
  const { clientSecret, paymentIntentId, confirmationId } = intent.json<{
    clientSecret: string;
    paymentIntentId: string;
    confirmationId: string;
  }>();
  return { ...customer, clientSecret, paymentIntentId, confirmationId };
}

/** ... and its card confirmed in the sandbox. */
export async function customerWithConfirmedCard(fx: Fixtures, slot: number) {
  const customer = await customerWithIntent(fx, slot);
  must(await sandboxConfirm(customer.client, customer.clientSecret, CARDS.visa), 'sandbox confirm');
  await fx.app.deps.background.drain();
  return customer;
}

/** A new vendor (listing awaiting submission) who has not set payouts up, signed in. */
export async function vendorWithoutPayouts(fx: Fixtures) {
  const email = unique('vendor-payouts');
  const vendor = await createPricedVendor(fx.app, { email, listingStatus: 'awaiting_submission' });
  return { ...vendor, email, client: await signedIn(fx.app, email) };
}

/** A customer whose password can change or be reset without touching A (its sessions end). */
export async function disposableCustomer(fx: Fixtures) {
  return signedUpCustomer(fx.app, 'authz-disposable');
}

/** The reset token of a forgot-password mail sent to `email`. */
export async function resetTokenFor(fx: Fixtures, email: string) {
  const guest = new TestClient(fx.app);
  await guest.session();
  must(await guest.request({ method: 'POST', url: '/api/password/forgot', payload: { email } }), 'forgot');
  const mail = (await outbox(fx.app)).find((m) => m.to === email);
  const token = /token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error('no reset mail');
  return token;
}

/** A fresh signed-in session of someone (their other sessions are left alone). */
export const freshSession = (fx: Fixtures, email: string, password = PASSWORD) =>
  signedIn(fx.app, email, password);

/** A fresh guest (an anonymous session with its CSRF token). */
export async function freshGuest(fx: Fixtures) {
  const client = new TestClient(fx.app);
  await client.session();
  return client;
}

export { houseAnswers, orders };
