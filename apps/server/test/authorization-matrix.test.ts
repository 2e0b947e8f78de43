/**
 * Issue 14: the authorization matrix, generated from the app's route table. Every `METHOD url` the app
 * registers has one entry below: public (with why), protected by something other than the session
 * (with how, and a check of it), or checked: a valid request for a resource owned by "the owner" sent
 * by each actor (guest, no session, other customer B, other vendor W, operator, and the owner last,
 * who must succeed so the refusals mean something). A refusal is 401/403/404 (or the route's documented
 * answer) and leaves every table of the database as it was. Every mutating route is also sent as the
 * owner with each CSRF forgery (no token, empty, wrong, another session's, in the query string, a form
 * or text/plain or multipart body), all refused and changing nothing. A route without an entry, or an
 * entry without a route, fails the suite.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { reviews, users, vendors } from '../src/db/schema';
import {
  createFixtures,
  customerWithConfirmedCard,
  customerWithIntent,
  customerWithScheduledBooking,
  disposableCustomer,
  extraGalleryImage,
  freshGuest,
  freshOrder,
  freshSession,
  houseAnswers,
  NOW,
  paperCheckOwed,
  PASSWORD,
  removeReviewsOfA,
  resetTokenFor,
  setListing,
  transferNeedingReview,
  failedRefund,
  unique,
  vendorWithoutPayouts,
  weekday,
  type Fixtures,
} from './authz/fixtures';
import { counts, runChecked, type Entry, type Expectation } from './authz/matrix';
import { outbox, signUpPayload, TestClient, undocumentedAnswers } from './test-app';
import { insertPlan } from '../src/modules/plans/repo';
import { holdVisits } from '../src/modules/plans/service';
import { chargeVisit } from '../src/modules/plans/visit-charge';

/** Routes that need a signed-in user: signed out 401; no cookie at all on a write is the CSRF 403. */
const SIGNED_OUT_WRITE = { guest: 401, none: 403 } as const;
const SIGNED_OUT_READ = { guest: 401, none: 401 } as const;
/** Public writes that act on the caller's own session or account: only the owner's and no-cookie runs. */
const ANYONE = (why: string): Record<'guest' | 'customerB' | 'vendorW' | 'operator', Expectation> => ({
  guest: { self: why },
  customerB: { self: why },
  vendorW: { self: why },
  operator: { self: why },
});

let heldPlanDay = 0;
/** A fresh plan of A with V whose one visit (7:00 on a day 90+ days on, nobody else's time) is held. */
async function heldPlanOfA(
  fx: Fixtures,
): Promise<{ planId: number; visitId: number; appointmentAt: string }> {
  const { app } = fx;
  const start = new Date(NOW.getTime() + (90 + ++heldPlanDay) * 86_400_000 - 3_600_000);
  const localDate = start.toISOString().slice(0, 10);
  const plan = await app.deps.db.transaction((tx) =>
    insertPlan(tx, {
      userId: fx.A.userId,
      vendorId: fx.V.vendorId,
      addressId: fx.A.addressId,
      frequency: 'every_4_weeks',
      anchorLocalDate: localDate,
      anchorStartMinutes: 7 * 60,
      durationMins: 30,
      baseSubtotalCents: 10000,
      discountPercent: 0,
      subtotalCents: 10000,
      serviceFeeCents: 255,
      paymentProvider: 'sandbox',
      consentText: 'authz',
      consentedAt: NOW,
    }),
  );
  const [held] = await app.deps.db.transaction((tx) =>
    holdVisits(
      tx,
      plan,
      [
        {
          sequence: 1,
          localDate,
          appointmentAt: start,
          appointmentEndAt: new Date(start.getTime() + 30 * 60_000),
          chargeAt: new Date(start.getTime() - 24 * 3_600_000),
        },
      ],
      { now: NOW },
    ),
  );
  if (held?.outcome !== 'held') throw new Error(`plan visit not held: ${held?.outcome}`);
  return { planId: plan.id, visitId: held.visit.id, appointmentAt: start.toISOString() };
}

/** A plan change: only A (its customer) may; V's users too for cancel, which then needs a reason (422). */
const PLAN_CHANGE = {
  ...SIGNED_OUT_WRITE,
  customerB: 404,
  vendorW: 404,
  operator: 404,
  vendorV: 404,
} as const;

let planVisitDay = 0;
/**
 * The pay link's token of a fresh plan visit of A with V whose off-session charge was declined (0341,
 * attached without a charge): a visit held at 6:00 on a day 30+ days on (nobody else's time), charged now.
 */
async function failedPlanVisitToken(fx: Fixtures): Promise<string> {
  const { app } = fx;
  const sandbox = app.deps.sandbox!;
  const customerId = await sandbox.ensureCustomer({
    userId: fx.A.userId,
    email: fx.A.email,
    name: 'A',
    existingId: null,
  });
  const card = await sandbox.attachCard(customerId, {
    number: '4000 0000 0000 0341',
    expMonth: 12,
    expYear: 2030,
  });
  const start = new Date(NOW.getTime() + (30 + ++planVisitDay) * 86_400_000 - 2 * 3_600_000);
  const plan = await app.deps.db.transaction((tx) =>
    insertPlan(tx, {
      userId: fx.A.userId,
      vendorId: fx.V.vendorId,
      addressId: fx.A.addressId,
      frequency: 'every_4_weeks',
      anchorLocalDate: start.toISOString().slice(0, 10),
      anchorStartMinutes: 6 * 60,
      durationMins: 30,
      baseSubtotalCents: 10000,
      discountPercent: 0,
      subtotalCents: 10000,
      serviceFeeCents: 255,
      paymentProvider: 'sandbox',
      providerCustomerId: customerId,
      paymentMethodId: card.id,
      consentText: 'authz',
      consentedAt: NOW,
    }),
  );
  const [held] = await app.deps.db.transaction((tx) =>
    holdVisits(
      tx,
      plan,
      [
        {
          sequence: 1,
          localDate: start.toISOString().slice(0, 10),
          appointmentAt: start,
          appointmentEndAt: new Date(start.getTime() + 30 * 60_000),
          chargeAt: new Date(NOW.getTime() - 60_000),
        },
      ],
      { now: NOW },
    ),
  );
  if (held?.outcome !== 'held') throw new Error(`plan visit not held: ${held?.outcome}`);
  if ((await chargeVisit(app.deps, held.visit.id)) !== 'payment_failed')
    throw new Error('the charge went through');
  const mail = (await outbox(app)).find((m) => m.to === fx.A.email && m.subject.startsWith('Payment needed'));
  const token = /token=([^\s]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error('no pay link mail');
  return token;
}

const TABLE: Record<string, Entry> = {
  // ---- documentation, health, configuration: nothing private in them ----
  'GET /api/docs': { kind: 'public', reason: 'the OpenAPI viewer' },
  'GET /api/docs/static/index.html': { kind: 'public', reason: 'the OpenAPI viewer' },
  'GET /api/docs/static/swagger-initializer.js': { kind: 'public', reason: 'the OpenAPI viewer' },
  'GET /api/docs/json': { kind: 'public', reason: 'the OpenAPI document' },
  'GET /api/docs/yaml': { kind: 'public', reason: 'the OpenAPI document' },
  'GET /api/docs/static/*': { kind: 'public', reason: "the OpenAPI viewer's assets" },
  'GET /api/health': { kind: 'public', reason: 'liveness for the load balancer' },
  'GET /api/ready': {
    kind: 'public',
    reason: 'readiness for the load balancer and compose; names failed checks in words, no internals',
  },
  'GET /metrics': {
    kind: 'protected',
    by: 'coming from this machine (no proxy header) or METRICS_TOKEN; operations.test.ts covers the token',
    check: async (fx) => {
      const elsewhere = await fx.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
      const relayed = await fx.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      return [elsewhere, relayed]
        .filter((res) => res.statusCode !== 404)
        .map((res) => `metrics from elsewhere without a token: ${res.statusCode}`);
    },
  },
  'GET /api/google-reviews': { kind: 'public', reason: 'whether Google reviews are on' },
  'GET /api/payments/config': { kind: 'public', reason: "the card form's provider and publishable key" },
  'GET /api/calendar_providers': { kind: 'public', reason: 'which calendar connections the server offers' },
  'GET /uploads/*': {
    kind: 'public',
    reason: 'listing images (logos, banners, galleries) shown on public pages',
  },
  'GET /api/vendors': { kind: 'public', reason: 'the catalog of active listings' },
  'GET /api/vendors/:id/reviews': {
    kind: 'public',
    reason: "a vendor's reviews are shown on the provider page",
  },
  'GET /api/session': {
    kind: 'public',
    reason: "answers the caller's own session (no id to name anyone else's); hands out its CSRF token",
  },

  // ---- session, sign-up, passwords: public writes, CSRF-protected (login CSRF, logout CSRF) ----
  'POST /api/session': {
    kind: 'checked',
    owner: 'fresh',
    what: 'sign in as A (a guest session becomes A’s)',
    prepare: async (fx) => ({
      method: 'POST',
      url: '/api/session',
      payload: { user: { email: fx.A.email, password: PASSWORD } },
      owner: await freshGuest(fx),
    }),
    expect: { ...ANYONE('signing in starts the caller’s own new session'), none: 403 },
  },
  'DELETE /api/session': {
    kind: 'checked',
    owner: 'fresh',
    what: 'sign A out',
    prepare: async (fx) => ({
      method: 'DELETE',
      url: '/api/session',
      owner: await freshSession(fx, fx.A.email),
    }),
    expect: { ...ANYONE('signing out ends only the caller’s own session'), none: 403 },
  },
  'POST /api/users': {
    kind: 'checked',
    owner: 'fresh',
    what: 'customer sign-up',
    prepare: async (fx) => ({
      method: 'POST',
      url: '/api/users',
      payload: signUpPayload({ email: unique('signup') }),
      owner: await freshGuest(fx),
    }),
    expect: { ...ANYONE('anyone may sign up; it starts a session of the new account'), none: 403 },
    ownerStatus: 201,
  },
  'POST /api/vendors': {
    kind: 'checked',
    owner: 'fresh',
    what: 'vendor sign-up',
    prepare: async (fx) => {
      const email = unique('vendor-signup');
      const address = { street_address: '1 Main St', city: 'St George', state: 'UT', zip_code: '84770' };
      return {
        method: 'POST',
        url: '/api/vendors',
        payload: {
          vendor: {
            name: 'Signup Pros',
            category: 'window_cleaning',
            email: `office+${email}`,
            phone_number: '4355551234',
            address_attributes: address,
            users_attributes: [
              {
                first_name: 'Sam',
                last_name: 'Lee',
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
        owner: await freshGuest(fx),
      };
    },
    expect: { ...ANYONE('anyone may sign a business up; it starts a session of the new account'), none: 403 },
    ownerStatus: 201,
  },
  'POST /api/password/forgot': {
    kind: 'checked',
    owner: 'fresh',
    what: 'ask for a reset link (same answer whether the account exists)',
    prepare: async (fx) => ({
      method: 'POST',
      url: '/api/password/forgot',
      payload: { email: fx.A.email },
      owner: await freshGuest(fx),
    }),
    expect: { ...ANYONE('the mailed token is the proof; the answer says nothing'), none: 403 },
  },
  'POST /api/password/reset': {
    kind: 'checked',
    owner: 'fresh',
    what: 'reset a password with the mailed token',
    prepare: async (fx) => {
      const someone = await disposableCustomer(fx);
      const token = await resetTokenFor(fx, someone.email);
      return {
        method: 'POST',
        url: '/api/password/reset',
        payload: { token, password: 'Another-Pass-789', passwordConfirmation: 'Another-Pass-789' },
        owner: await freshGuest(fx),
      };
    },
    expect: { ...ANYONE('the mailed token is the proof'), none: 403 },
  },
  'GET /api/plan-visits/pay/:token': {
    kind: 'public',
    reason:
      "a plan visit's mailed pay link (ADR 0037): the random token in the path is the credential, stored hashed; any other token is 404",
  },
  'POST /api/plan-visits/pay/:token/confirm': {
    kind: 'checked',
    owner: 'fresh',
    what: "pay a plan visit's failed charge with the mailed link (ADR 0037)",
    prepare: async (fx) => {
      const token = await failedPlanVisitToken(fx);
      return {
        method: 'POST',
        url: `/api/plan-visits/pay/${token}/confirm`,
        payload: { card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' } },
        owner: await freshGuest(fx),
      };
    },
    expect: { ...ANYONE('the mailed token is the proof'), none: 403 },
  },
  'POST /api/contact': {
    kind: 'checked',
    owner: 'fresh',
    what: 'a message to support',
    prepare: async (fx) => ({
      method: 'POST',
      url: '/api/contact',
      payload: {
        message: { name: 'Jamie Fox', email: 'jamie@example.com', subject: 'Pricing', message: 'Garages?' },
      },
      owner: await freshGuest(fx),
    }),
    expect: { ...ANYONE('anyone may write to support'), none: 403 },
    ownerStatus: 201,
  },
  'PUT /api/session/guest_inputs': {
    kind: 'checked',
    owner: 'fresh',
    what: "a guest's pricing answers, kept in its own session",
    prepare: async (fx) => ({
      method: 'PUT',
      url: '/api/session/guest_inputs',
      payload: { userInputs: houseAnswers(fx.V.vendor) },
      owner: await freshGuest(fx),
    }),
    expect: { ...ANYONE('writes only to the caller’s own session'), none: 403 },
  },
  'POST /api/bookings': {
    kind: 'checked',
    owner: 'fresh',
    what: "price the caller's own booking with V",
    prepare: async (fx) => ({
      method: 'POST',
      url: '/api/bookings',
      payload: { booking: { vendorId: fx.V.vendorId, answers: houseAnswers(fx.V.vendor) } },
      owner: await freshGuest(fx),
    }),
    expect: { ...ANYONE('creates or updates only the caller’s own booking'), none: 403 },
  },

  // ---- a customer's account ----
  'PATCH /api/users/:id': {
    kind: 'checked',
    owner: 'customerA',
    what: "A's name, email and phone",
    prepare: async (fx) => ({
      method: 'PATCH',
      url: `/api/users/${fx.A.userId}`,
      payload: {
        user: { firstName: 'Alex', lastName: 'Owner', email: fx.A.email, phoneNumber: '4355559876' },
      },
    }),
    expect: { ...SIGNED_OUT_WRITE, customerB: 403, vendorW: 403, operator: 403, vendorV: 403 },
  },
  'PATCH /api/users/:userId/update_password': {
    kind: 'checked',
    owner: 'fresh',
    what: "a customer's password (a disposable customer: the change ends their other sessions)",
    prepare: async (fx) => {
      const someone = await disposableCustomer(fx);
      return {
        method: 'PATCH',
        url: `/api/users/${someone.userId}/update_password`,
        payload: {
          password: PASSWORD,
          newPassword: 'NewPassword456!',
          newPasswordConfirmation: 'NewPassword456!',
        },
        owner: someone.client,
      };
    },
    expect: { ...SIGNED_OUT_WRITE, customerA: 403, customerB: 403, vendorW: 403, operator: 403 },
  },
  'PATCH /api/addresses/:id': {
    kind: 'checked',
    owner: 'customerA',
    what: "A's address",
    prepare: async (fx) => ({
      method: 'PATCH',
      url: `/api/addresses/${fx.A.addressId}`,
      payload: {
        address: {
          streetAddress: '100 S Main St',
          street_address_2: 'Unit 5',
          city: 'St George',
          state: 'UT',
          zipCode: '84770',
        },
      },
    }),
    expect: { ...SIGNED_OUT_WRITE, customerB: 404, vendorW: 404, operator: 404, vendorV: 404 },
  },
  'POST /api/addresses/:id/user_inputs': {
    kind: 'checked',
    owner: 'customerA',
    what: "pricing answers saved on A's address",
    prepare: async (fx) => ({
      method: 'POST',
      url: `/api/addresses/${fx.A.addressId}/user_inputs`,
      payload: { userInputs: houseAnswers(fx.V.vendor) },
    }),
    expect: { ...SIGNED_OUT_WRITE, customerB: 404, vendorW: 404, operator: 404, vendorV: 404 },
  },

  // ---- bookings and checkout ----
  'PUT /api/bookings/:id': {
    kind: 'checked',
    owner: 'customerA',
    what: "A's booking with V",
    prepare: async (fx) => {
      const priced = await fx.A.client.request({
        method: 'POST',
        url: '/api/bookings',
        payload: { booking: { vendorId: fx.V.vendorId, answers: houseAnswers(fx.V.vendor) } },
      });
      const id = priced.json().booking.id as number;
      return {
        method: 'PUT',
        url: `/api/bookings/${id}`,
        payload: { booking: { customerNotes: 'Gate code 1234' } },
      };
    },
    expect: { guest: 404, none: 403, customerB: 404, vendorW: 404, operator: 404, vendorV: 404 },
  },
  'GET /api/user/:id/bookings': {
    kind: 'checked',
    owner: 'customerA',
    what: "A's bookings",
    prepare: async (fx) => ({ method: 'GET', url: `/api/user/${fx.A.userId}/bookings` }),
    expect: { ...SIGNED_OUT_READ, customerB: 403, vendorW: 403, operator: 403, vendorV: 403 },
  },
  'POST /api/payments/create-payment-intent': {
    kind: 'checked',
    owner: 'fresh',
    what: "checkout of a customer's scheduled booking with V",
    prepare: async (fx) => {
      const c = await customerWithScheduledBooking(fx, 2);
      return {
        method: 'POST',
        url: '/api/payments/create-payment-intent',
        payload: { booking: { id: c.bookingId } },
        owner: c.client,
      };
    },
    expect: {
      ...SIGNED_OUT_WRITE,
      customerA: 404,
      customerB: 404,
      vendorW: 404,
      operator: 404,
      vendorV: 404,
    },
  },
  'POST /api/payments/sandbox/confirm': {
    kind: 'checked',
    owner: 'fresh',
    what: "the sandbox card form confirming a customer's payment intent",
    prepare: async (fx) => {
      const c = await customerWithIntent(fx, 3);
      return {
        method: 'POST',
        url: '/api/payments/sandbox/confirm',
        payload: {
          clientSecret: c.clientSecret,
          card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' },
          returnUrl: `/vendors/${fx.V.vendorId}?open_payment_gateway=true`,
        },
        owner: c.client,
      };
    },
    expect: {
      ...SIGNED_OUT_WRITE,
      customerA: 404,
      customerB: 404,
      vendorW: 404,
      operator: 404,
      vendorV: 404,
    },
  },
  'POST /api/payments/confirm': {
    kind: 'checked',
    owner: 'fresh',
    what: "settling a customer's confirmed payment intent",
    prepare: async (fx) => {
      const c = await customerWithConfirmedCard(fx, 4);
      return {
        method: 'POST',
        url: '/api/payments/confirm',
        payload: { paymentIntentId: c.paymentIntentId },
        owner: c.client,
      };
    },
    expect: {
      ...SIGNED_OUT_WRITE,
      customerA: 404,
      customerB: 404,
      vendorW: 404,
      operator: 404,
      vendorV: 404,
    },
  },

  // ---- a customer's plans (ADR 0037; plan-checkout.test.ts shows another customer's plan is never listed) ----
  'GET /api/plans': {
    kind: 'checked',
    owner: 'customerA',
    what: "A's service plans",
    prepare: async () => ({ method: 'GET', url: '/api/plans' }),
    expect: {
      ...SIGNED_OUT_READ,
      ...Object.fromEntries(
        (['customerB', 'vendorW', 'operator', 'vendorV'] as const).map((a) => [
          a,
          { self: 'answers only the caller’s own plans', run: true },
        ]),
      ),
    },
  },

  'POST /api/plans/:id/visits/:visitId/skip': {
    kind: 'checked',
    owner: 'customerA',
    what: "skip a held visit of A's plan",
    prepare: async (fx) => {
      const { planId, visitId } = await heldPlanOfA(fx);
      return { method: 'POST', url: `/api/plans/${planId}/visits/${visitId}/skip` };
    },
    expect: PLAN_CHANGE,
  },
  'POST /api/plans/:id/pause': {
    kind: 'checked',
    owner: 'customerA',
    what: "pause A's plan",
    prepare: async (fx) => {
      const { planId } = await heldPlanOfA(fx);
      const until = new Date(NOW.getTime() + 20 * 86_400_000).toISOString().slice(0, 10);
      return { method: 'POST', url: `/api/plans/${planId}/pause`, payload: { until } };
    },
    expect: PLAN_CHANGE,
  },
  'GET /api/plans/:id/availability': {
    kind: 'checked',
    owner: 'customerA',
    what: "the free times for A's plan visit",
    prepare: async (fx) => {
      const { planId, visitId } = await heldPlanOfA(fx);
      return { method: 'GET', url: `/api/plans/${planId}/availability?visit_id=${visitId}` };
    },
    expect: { ...SIGNED_OUT_READ, customerB: 404, vendorW: 404, operator: 404, vendorV: 404 },
  },
  'POST /api/plans/:id/visits/:visitId/reschedule': {
    kind: 'checked',
    owner: 'customerA',
    what: "reschedule a visit of A's plan (to its own time: A's answer is 422 'Please choose a different time.')",
    prepare: async (fx) => {
      const { planId, visitId, appointmentAt } = await heldPlanOfA(fx);
      return {
        method: 'POST',
        url: `/api/plans/${planId}/visits/${visitId}/reschedule`,
        payload: { appointmentAt },
      };
    },
    expect: PLAN_CHANGE,
    ownerStatus: 422,
  },
  'POST /api/plans/:id/schedule': {
    kind: 'checked',
    owner: 'customerA',
    what: "change A's plan's schedule (to a past first visit: A's answer is 422)",
    prepare: async (fx) => {
      const { planId } = await heldPlanOfA(fx);
      return {
        method: 'POST',
        url: `/api/plans/${planId}/schedule`,
        payload: { frequency: 'every_4_weeks', firstVisitAt: '2020-01-06T09:00:00-07:00' },
      };
    },
    expect: PLAN_CHANGE,
    ownerStatus: 422,
  },
  'POST /api/plans/:id/accept-price': {
    kind: 'checked',
    owner: 'customerA',
    what: "accept a new price for A's plan (none offered for the fixture's plan: A's answer is 422)",
    prepare: async (fx) => {
      const { planId } = await heldPlanOfA(fx);
      return { method: 'POST', url: `/api/plans/${planId}/accept-price`, payload: { version: '1-0' } };
    },
    expect: PLAN_CHANGE,
    ownerStatus: 422,
  },
  'POST /api/plans/:id/cancel': {
    kind: 'checked',
    owner: 'customerA',
    what: "cancel A's plan (V's users may too, with a reason and confirmed: without them it is 422)",
    prepare: async (fx) => {
      const { planId } = await heldPlanOfA(fx);
      return { method: 'POST', url: `/api/plans/${planId}/cancel`, payload: {} };
    },
    expect: { ...PLAN_CHANGE, vendorV: 422 },
  },

  // ---- a customer's orders ----
  'GET /api/orders': {
    kind: 'checked',
    owner: 'customerA',
    what: "A's orders",
    prepare: async (fx) => ({
      method: 'GET',
      url: '/api/orders',
      data: { confirmationId: fx.order.confirmationId },
    }),
    expect: {
      ...SIGNED_OUT_READ,
      ...Object.fromEntries(
        (['customerB', 'vendorW', 'operator', 'vendorV'] as const).map((a) => [
          a,
          {
            self: 'answers only the caller’s own orders',
            run: true,
            leaks: (t: { data?: Record<string, string | number> }) => [String(t.data!.confirmationId)],
          },
        ]),
      ),
    },
  },
  'PATCH /api/orders/:id/reschedule': {
    kind: 'checked',
    owner: 'customerA',
    what: "A's order with V, moved by A",
    prepare: async (fx) => {
      const order = await freshOrder(fx);
      return {
        method: 'PATCH',
        url: `/api/orders/${order.id}/reschedule`,
        payload: { order: { appointmentAt: weekday(7, 10).toISOString(), confirmed: true } },
      };
    },
    expect: { ...SIGNED_OUT_WRITE, customerB: 404, vendorW: 404, operator: 404 },
  },
  'PATCH /api/orders/:id/cancel-order': {
    kind: 'checked',
    owner: 'customerA',
    what: "A's order with V, cancelled by A",
    prepare: async (fx) => {
      const order = await freshOrder(fx);
      return {
        method: 'PATCH',
        url: `/api/orders/${order.id}/cancel-order`,
        payload: { cancelReason: 'Plans changed', confirmed: true },
      };
    },
    expect: { ...SIGNED_OUT_WRITE, customerB: 404, vendorW: 404, operator: 404 },
  },
  'GET /api/vendors/:id/vendor_calendars': {
    kind: 'checked',
    owner: 'customerA',
    what: "V's free times for moving A's order (order_id: its customer or its vendor only); without order_id it is V's public availability",
    prepare: async (fx) => ({
      method: 'GET',
      url: `/api/vendors/${fx.V.vendorId}/vendor_calendars?duration=7&order_id=${fx.order.id}`,
    }),
    expect: { guest: 403, none: 403, customerB: 403, vendorW: 403, operator: 403 },
    extra: [
      {
        label: "the order's vendor",
        as: 'vendorV',
        request: (t) => t,
        expect: { self: 'its own order', run: true },
      },
      {
        label: 'W naming its own vendor and V’s order',
        as: 'vendorW',
        request: (t, fx) => ({
          ...t,
          url: t.url.replace(`/vendors/${fx.V.vendorId}/`, `/vendors/${fx.W.vendorId}/`),
        }),
        expect: 404,
      },
    ],
  },

  // ---- reviews ----
  'POST /api/vendors/:id/reviews': {
    kind: 'checked',
    owner: 'customerA',
    what: 'A reviews V (A has an order with V)',
    prepare: async (fx) => {
      await removeReviewsOfA(fx);
      return {
        method: 'POST',
        url: `/api/vendors/${fx.V.vendorId}/reviews`,
        payload: { review: { body: 'Spotless windows, on time.', score: 5 } },
      };
    },
    expect: { ...SIGNED_OUT_WRITE, customerB: 403, vendorW: 403, operator: 403, vendorV: 403 },
    ownerStatus: 201,
  },
  'DELETE /api/reviews/:id': {
    kind: 'checked',
    owner: 'customerA',
    what: "A's review of V",
    prepare: async (fx) => {
      await removeReviewsOfA(fx);
      const res = await fx.A.client.request({
        method: 'POST',
        url: `/api/vendors/${fx.V.vendorId}/reviews`,
        payload: { review: { body: 'Great work.', score: 4 } },
      });
      return { method: 'DELETE', url: `/api/reviews/${res.json().review.id}` };
    },
    expect: { ...SIGNED_OUT_WRITE, customerB: 404, vendorW: 404, operator: 404, vendorV: 404 },
    ownerStatus: 204,
  },

  // ---- a vendor's listing ----
  'GET /api/vendors/:id': {
    kind: 'checked',
    owner: 'vendorP',
    what: "P's listing awaiting submission (active listings are public)",
    prepare: async (fx) => {
      await setListing(fx, fx.P.vendorId, 'awaiting_submission');
      return { method: 'GET', url: `/api/vendors/${fx.P.vendorId}` };
    },
    expect: { guest: 404, none: 404, customerB: 404, vendorW: 404, operator: 404 },
  },
  'PATCH /api/vendors/:id': {
    kind: 'checked',
    owner: 'vendorV',
    what: "V's business details",
    prepare: async (fx) => ({
      method: 'PATCH',
      url: `/api/vendors/${fx.V.vendorId}`,
      payload: { vendor: { serviceDescription: 'We clean windows.' } },
    }),
    expect: { ...SIGNED_OUT_WRITE, customerB: 403, vendorW: 403, operator: 403, customerA: 403 },
  },
  'DELETE /api/vendors/:id/images': {
    kind: 'checked',
    owner: 'vendorP',
    what: "one of P's gallery images",
    prepare: async (fx) => {
      await setListing(fx, fx.P.vendorId, 'awaiting_submission');
      return {
        method: 'DELETE',
        url: `/api/vendors/${fx.P.vendorId}/images`,
        payload: { blob_id: await extraGalleryImage(fx) },
      };
    },
    expect: { ...SIGNED_OUT_WRITE, customerB: 403, vendorW: 403, operator: 403, vendorV: 403 },
  },
  'POST /api/vendors/create_account_session': {
    kind: 'checked',
    owner: 'vendorV',
    what: "V's payouts onboarding session (the body names V)",
    prepare: async (fx) => ({
      method: 'POST',
      url: '/api/vendors/create_account_session',
      payload: { id: fx.V.vendorId },
    }),
    expect: { ...SIGNED_OUT_WRITE, customerB: 403, vendorW: 403, operator: 403 },
  },
  'POST /api/payments/sandbox/account-onboarding': {
    kind: 'checked',
    owner: 'fresh',
    what: "the sandbox's onboarding form for a new vendor's connected account, with its account session secret",
    prepare: async (fx) => {
      const vendor = await vendorWithoutPayouts(fx);
      const session = await vendor.client.request({
        method: 'POST',
        url: '/api/vendors/create_account_session',
        payload: { id: vendor.vendorId },
      });
      return {
        method: 'POST',
        url: '/api/payments/sandbox/account-onboarding',
        payload: {
          clientSecret: session.json().client_secret,
          accountHolderName: 'Vera Vendor',
          routingNumber: '110000000',
          accountNumber: '000123456789',
          tosAccepted: true,
        },
        owner: vendor.client,
      };
    },
    // Other vendors act on their own connected account, which this secret does not open: 422 (a refusal).
    expect: { ...SIGNED_OUT_WRITE, customerB: 403, vendorW: 422, vendorV: 422, operator: 403 },
  },
  'POST /api/vendors/:id/submit-for-review': {
    kind: 'checked',
    owner: 'vendorP',
    what: "P's complete listing sent for review",
    prepare: async (fx) => {
      await setListing(fx, fx.P.vendorId, 'awaiting_submission');
      return { method: 'POST', url: `/api/vendors/${fx.P.vendorId}/submit-for-review` };
    },
    expect: { ...SIGNED_OUT_WRITE, customerB: 403, vendorW: 403, operator: 403, vendorV: 403 },
  },
  'POST /api/vendors/:id/revert_formula': {
    kind: 'checked',
    owner: 'vendorV',
    what: "V's pricing formula back to its previous save",
    prepare: async (fx) => {
      await fx.app.deps.db
        .update(vendors)
        .set({ previousFormula: fx.V.vendor.formula })
        .where(eq(vendors.id, fx.V.vendorId));
      return { method: 'POST', url: `/api/vendors/${fx.V.vendorId}/revert_formula` };
    },
    expect: { ...SIGNED_OUT_WRITE, customerB: 403, vendorW: 403, operator: 403 },
  },
  'PATCH /api/vendors/:id/update_pricing_input_options': {
    kind: 'checked',
    owner: 'vendorV',
    what: "V's pricing questions (sent back as they are)",
    prepare: async (fx) => ({
      method: 'PATCH',
      url: `/api/vendors/${fx.V.vendorId}/update_pricing_input_options`,
      payload: { pricing_input_options: fx.V.vendor.inputs as unknown as Record<string, unknown>[] },
    }),
    expect: { ...SIGNED_OUT_WRITE, customerB: 403, vendorW: 403, operator: 403 },
  },
  'PUT /api/vendors/:id/plan-offers': {
    kind: 'checked',
    owner: 'vendorV',
    what: "V's plan offers (ADR 0037)",
    prepare: async (fx) => ({
      method: 'PUT',
      url: `/api/vendors/${fx.V.vendorId}/plan-offers`,
      payload: { planOffers: [{ frequency: 'weekly', discountPercent: 15 }] },
    }),
    expect: { ...SIGNED_OUT_WRITE, customerB: 403, vendorW: 403, operator: 403 },
  },

  // ---- a vendor's calendar ----
  'PATCH /api/vendor_calendars/:id': {
    kind: 'checked',
    owner: 'vendorV',
    what: "V's scheduling preferences",
    prepare: async (fx) => ({
      method: 'PATCH',
      url: `/api/vendor_calendars/${fx.V.calendarId}`,
      payload: { vendorCalendar: { driveTimeBufferMins: 15 } },
    }),
    expect: { ...SIGNED_OUT_WRITE, customerB: 403, vendorW: 403, operator: 403 },
  },
  'POST /api/vendor_calendars/:id/ics': {
    kind: 'checked',
    owner: 'vendorV',
    what: "V's calendar connected to an iCal feed",
    prepare: async (fx) => ({
      method: 'POST',
      url: `/api/vendor_calendars/${fx.V.calendarId}/ics`,
      payload: { icsUrl: fx.icsUrl },
    }),
    expect: { ...SIGNED_OUT_WRITE, customerB: 403, vendorW: 403, operator: 403 },
  },
  'POST /api/vendor_calendars/:id/sync': {
    kind: 'checked',
    owner: 'vendorV',
    what: "V's connected calendar read again",
    prepare: async (fx) => {
      await connectIcs(fx);
      return { method: 'POST', url: `/api/vendor_calendars/${fx.V.calendarId}/sync` };
    },
    expect: { ...SIGNED_OUT_WRITE, customerB: 403, vendorW: 403, operator: 403 },
  },
  'DELETE /api/vendor_calendars/:id': {
    kind: 'checked',
    owner: 'vendorV',
    what: "V's calendar disconnected (with V's password)",
    prepare: async (fx) => {
      await connectIcs(fx);
      return {
        method: 'DELETE',
        url: `/api/vendor_calendars/${fx.V.calendarId}`,
        payload: { password: PASSWORD },
      };
    },
    expect: { ...SIGNED_OUT_WRITE, customerB: 403, vendorW: 403, operator: 403 },
  },
  // One route per step for every provider (`:provider`); Google stands for both here (Jobber: oauth-routes.test).
  ...oauthEntries('google'),

  // ---- a vendor's orders ----
  'GET /api/vendors/:id/orders': {
    kind: 'checked',
    owner: 'vendorV',
    what: "V's orders",
    prepare: async (fx) => ({ method: 'GET', url: `/api/vendors/${fx.V.vendorId}/orders` }),
    expect: { ...SIGNED_OUT_READ, customerB: 403, vendorW: 403, operator: 403, customerA: 403 },
  },
  'GET /api/vendors/:id/orders/:orderId': {
    kind: 'checked',
    owner: 'vendorV',
    what: "one of V's orders (A's)",
    prepare: async (fx) => ({ method: 'GET', url: `/api/vendors/${fx.V.vendorId}/orders/${fx.order.id}` }),
    expect: { ...SIGNED_OUT_READ, customerB: 403, vendorW: 403, operator: 403, customerA: 403 },
    extra: [
      {
        label: 'W naming its own vendor and V’s order',
        as: 'vendorW',
        request: (_t, fx) => ({ method: 'GET', url: `/api/vendors/${fx.W.vendorId}/orders/${fx.order.id}` }),
        expect: 404,
      },
    ],
  },
  'GET /api/vendors/:id/plans': {
    kind: 'checked',
    owner: 'vendorV',
    what: "V's service plans (ADR 0037; W's own list never holds V's: vendor-plans.test.ts)",
    prepare: async (fx) => {
      await heldPlanOfA(fx);
      return { method: 'GET', url: `/api/vendors/${fx.V.vendorId}/plans` };
    },
    expect: { ...SIGNED_OUT_READ, customerB: 403, vendorW: 403, operator: 403, customerA: 403 },
  },
  'GET /api/vendors/:id/plans/:planId': {
    kind: 'checked',
    owner: 'vendorV',
    what: "one of V's service plans (A's), with its visits (ADR 0037)",
    prepare: async (fx) => {
      const { planId } = await heldPlanOfA(fx);
      return { method: 'GET', url: `/api/vendors/${fx.V.vendorId}/plans/${planId}` };
    },
    expect: { ...SIGNED_OUT_READ, customerB: 403, vendorW: 403, operator: 403, customerA: 403 },
    extra: [
      {
        label: 'W naming its own vendor and V’s plan',
        as: 'vendorW',
        request: (t, fx) => ({
          method: 'GET',
          url: t.url.replace(`/api/vendors/${fx.V.vendorId}/`, `/api/vendors/${fx.W.vendorId}/`),
        }),
        expect: 404,
      },
    ],
  },
  // ---- a vendor's earnings (issue 25 §2) ----
  'GET /api/vendors/:id/earnings': {
    kind: 'checked',
    owner: 'vendorV',
    what: "V's earnings totals",
    prepare: async (fx) => ({ method: 'GET', url: `/api/vendors/${fx.V.vendorId}/earnings` }),
    expect: { ...SIGNED_OUT_READ, customerB: 403, vendorW: 403, operator: 403, customerA: 403 },
  },
  'GET /api/vendors/:id/earnings/payouts': {
    kind: 'checked',
    owner: 'vendorV',
    what: "V's payouts",
    prepare: async (fx) => ({ method: 'GET', url: `/api/vendors/${fx.V.vendorId}/earnings/payouts` }),
    expect: { ...SIGNED_OUT_READ, customerB: 403, vendorW: 403, operator: 403, customerA: 403 },
  },
  'GET /api/vendors/:id/earnings.csv': {
    kind: 'checked',
    owner: 'vendorV',
    what: "V's earnings as CSV",
    prepare: async (fx) => ({
      method: 'GET',
      url: `/api/vendors/${fx.V.vendorId}/earnings.csv?from=2026-01-01&to=2026-12-31`,
    }),
    expect: { ...SIGNED_OUT_READ, customerB: 403, vendorW: 403, operator: 403, customerA: 403 },
  },
  'POST /api/vendors/:id/earnings/stripe-payouts': {
    kind: 'checked',
    owner: 'vendorV',
    what: "Stripe's payouts view of V's account",
    prepare: async (fx) => ({ method: 'POST', url: `/api/vendors/${fx.V.vendorId}/earnings/stripe-payouts` }),
    expect: { ...SIGNED_OUT_WRITE, customerB: 403, vendorW: 403, operator: 403, customerA: 403 },
  },
  'GET /api/orders/:id/work-order.pdf': {
    kind: 'checked',
    owner: 'vendorV',
    what: "the work order of one of V's orders",
    prepare: async (fx) => ({ method: 'GET', url: `/api/orders/${fx.order.id}/work-order.pdf` }),
    expect: { ...SIGNED_OUT_READ, customerB: 404, vendorW: 404, operator: 404, customerA: 404 },
  },
  'POST /api/orders/:id/create-partial-refund': {
    kind: 'checked',
    owner: 'vendorV',
    what: "a partial refund of one of V's orders",
    prepare: async (fx) => {
      const order = await freshOrder(fx);
      return {
        method: 'POST',
        url: `/api/orders/${order.id}/create-partial-refund`,
        payload: { refundAmount: 1, refundReason: 'Missed a window' },
      };
    },
    expect: { ...SIGNED_OUT_WRITE, customerB: 404, vendorW: 404, operator: 404, customerA: 404 },
  },
  'PATCH /api/orders/:id/mark-as-fulfilled': {
    kind: 'checked',
    owner: 'vendorV',
    what: "one of V's past orders marked complete",
    prepare: async (fx) => {
      const order = await freshOrder(fx, { at: new Date(NOW.getTime() - 86_400_000) });
      return {
        method: 'PATCH',
        url: `/api/orders/${order.id}/mark-as-fulfilled`,
        payload: { order: { confirmed: true }, vendorId: fx.V.vendorId },
      };
    },
    expect: { ...SIGNED_OUT_WRITE, customerB: 404, vendorW: 404, operator: 404, customerA: 404 },
  },

  // ---- operators ----
  'GET /api/operator/listings': {
    kind: 'checked',
    owner: 'operator',
    what: 'the listing review queue',
    prepare: async () => ({ method: 'GET', url: '/api/operator/listings' }),
    expect: { ...SIGNED_OUT_READ, customerA: 403, customerB: 403, vendorV: 403, vendorW: 403 },
  },
  'POST /api/operator/listings/:id/approve': {
    kind: 'checked',
    owner: 'operator',
    what: "P's listing under review approved",
    prepare: async (fx) => {
      await setListing(fx, fx.P.vendorId, 'under_review');
      return { method: 'POST', url: `/api/operator/listings/${fx.P.vendorId}/approve` };
    },
    expect: { ...SIGNED_OUT_WRITE, customerA: 403, customerB: 403, vendorV: 403, vendorW: 403, vendorP: 403 },
  },
  'POST /api/operator/listings/:id/reject': {
    kind: 'checked',
    owner: 'operator',
    what: "P's listing under review sent back",
    prepare: async (fx) => {
      await setListing(fx, fx.P.vendorId, 'under_review');
      return {
        method: 'POST',
        url: `/api/operator/listings/${fx.P.vendorId}/reject`,
        payload: { reason: 'Please use photos of your own work.' },
      };
    },
    expect: { ...SIGNED_OUT_WRITE, customerA: 403, customerB: 403, vendorV: 403, vendorW: 403, vendorP: 403 },
  },
  'GET /api/operator/payouts/paper-checks': {
    kind: 'checked',
    owner: 'operator',
    what: 'Paper Checks owed to vendors',
    prepare: async () => ({ method: 'GET', url: '/api/operator/payouts/paper-checks' }),
    expect: { ...SIGNED_OUT_READ, customerA: 403, customerB: 403, vendorV: 403, vendorW: 403 },
  },
  'POST /api/operator/payouts/paper-checks/:orderId/mark-paid': {
    kind: 'checked',
    owner: 'operator',
    what: 'a Paper Check owed to V recorded as sent',
    prepare: async (fx) => {
      const order = await paperCheckOwed(fx);
      return {
        method: 'POST',
        url: `/api/operator/payouts/paper-checks/${order.id}/mark-paid`,
        payload: { checkReference: '1001' },
      };
    },
    expect: { ...SIGNED_OUT_WRITE, customerA: 403, customerB: 403, vendorV: 403, vendorW: 403 },
  },
  'GET /api/operator/payouts/needing-review': {
    kind: 'checked',
    owner: 'operator',
    what: 'transfers the payout job gave up on',
    prepare: async () => ({ method: 'GET', url: '/api/operator/payouts/needing-review' }),
    expect: { ...SIGNED_OUT_READ, customerA: 403, customerB: 403, vendorV: 403, vendorW: 403 },
  },
  'POST /api/operator/payouts/:orderId/retry': {
    kind: 'checked',
    owner: 'operator',
    what: 'a transfer to V the payout job gave up on, retried',
    prepare: async (fx) => {
      const order = await transferNeedingReview(fx);
      return { method: 'POST', url: `/api/operator/payouts/${order.id}/retry` };
    },
    expect: { ...SIGNED_OUT_WRITE, customerA: 403, customerB: 403, vendorV: 403, vendorW: 403 },
  },
  'GET /api/operator/dashboard': {
    kind: 'checked',
    owner: 'operator',
    what: "the marketplace's figures (the operator's console)",
    prepare: async () => ({ method: 'GET', url: '/api/operator/dashboard' }),
    expect: { ...SIGNED_OUT_READ, customerA: 403, customerB: 403, vendorV: 403, vendorW: 403 },
  },
  'GET /api/operator/payouts/due': {
    kind: 'checked',
    owner: 'operator',
    what: 'payouts due in the next 7 days',
    prepare: async () => ({ method: 'GET', url: '/api/operator/payouts/due' }),
    expect: { ...SIGNED_OUT_READ, customerA: 403, customerB: 403, vendorV: 403, vendorW: 403 },
  },
  'GET /api/operator/refunds/failed': {
    kind: 'checked',
    owner: 'operator',
    what: 'refunds that gave up',
    prepare: async () => ({ method: 'GET', url: '/api/operator/refunds/failed' }),
    expect: { ...SIGNED_OUT_READ, customerA: 403, customerB: 403, vendorV: 403, vendorW: 403 },
  },
  'GET /api/operator/disputes': {
    kind: 'checked',
    owner: 'operator',
    what: 'open disputes',
    prepare: async () => ({ method: 'GET', url: '/api/operator/disputes' }),
    expect: { ...SIGNED_OUT_READ, customerA: 403, customerB: 403, vendorV: 403, vendorW: 403 },
  },
  'POST /api/operator/refunds/:refundId/retry': {
    kind: 'checked',
    owner: 'operator',
    what: "a refund of A's order with V that gave up, retried",
    prepare: async (fx) => {
      const refund = await failedRefund(fx, 0);
      return { method: 'POST', url: `/api/operator/refunds/${refund.id}/retry` };
    },
    expect: { ...SIGNED_OUT_WRITE, customerA: 403, customerB: 403, vendorV: 403, vendorW: 403 },
  },
  'POST /api/operator/refunds/:refundId/mark-handled': {
    kind: 'checked',
    owner: 'operator',
    what: "a refund of A's order with V that gave up, marked handled",
    prepare: async (fx) => {
      const refund = await failedRefund(fx, 1);
      return {
        method: 'POST',
        url: `/api/operator/refunds/${refund.id}/mark-handled`,
        payload: { note: 'Refunded by the vendor in cash' },
      };
    },
    expect: { ...SIGNED_OUT_WRITE, customerA: 403, customerB: 403, vendorV: 403, vendorW: 403 },
  },

  // ---- not the session's to protect ----
  'POST /api/payments/webhook': {
    kind: 'protected',
    by: "the payment provider's signature on the raw body (no session, no CSRF token: servers call it)",
    check: async (fx) => {
      const body = JSON.stringify({
        id: 'evt_forged',
        type: 'payment_intent.succeeded',
        data: { object: {} },
      });
      const failures: string[] = [];
      for (const signature of [undefined, 't=1,v1=forged']) {
        const res = await fx.app.inject({
          method: 'POST',
          url: '/api/payments/webhook',
          payload: body,
          headers: {
            'content-type': 'application/json',
            ...(signature ? { 'stripe-signature': signature } : {}),
          },
        });
        if (res.statusCode !== 400)
          failures.push(`webhook signed ${signature ?? 'not at all'}: ${res.statusCode}`);
      }
      return failures;
    },
  },
  'GET /sandbox/authenticate/:id': {
    kind: 'protected',
    by: "the payment intent's client secret (the sandbox's 3-D Secure page, outside /api)",
    check: async (fx) => {
      const c = await customerWithIntent(fx, 8);
      const id = c.paymentIntentId;
      const res = await fx.app.inject({
        method: 'GET',
        url: `/sandbox/authenticate/${id}?client_secret=${id}_secret_forged`,
      });
      return res.statusCode === 404 ? [] : [`sandbox page with a forged secret: ${res.statusCode}`];
    },
  },
  'POST /sandbox/authenticate/:id': {
    kind: 'protected',
    by: "the payment intent's client secret (a plain form on the sandbox's own page)",
    check: async (fx) => {
      const c = await customerWithIntent(fx, 9);
      const id = c.paymentIntentId;
      const res = await fx.app.inject({
        method: 'POST',
        url: `/sandbox/authenticate/${id}`,
        payload: `client_secret=${id}_secret_forged&result=complete`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      return [409, 404].includes(res.statusCode)
        ? []
        : [`sandbox form with a forged secret: ${res.statusCode}`];
    },
  },
  'GET /api/dev/outbox': {
    kind: 'protected',
    by: 'registered only with the embedded mailer and without TRUST_PROXY; answers only requests from this machine that no proxy relayed',
    check: async (fx) => {
      const failures: string[] = [];
      const remote = await fx.app.inject({
        method: 'GET',
        url: '/api/dev/outbox',
        remoteAddress: '203.0.113.9',
      });
      if (remote.statusCode !== 404) failures.push(`outbox from another machine: ${remote.statusCode}`);
      const relayed = await fx.app.inject({
        method: 'GET',
        url: '/api/dev/outbox',
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      if (relayed.statusCode !== 404) failures.push(`outbox through a proxy: ${relayed.statusCode}`);
      return failures;
    },
  },
  'GET /api/cable': {
    kind: 'protected',
    by: 'a WebSocket (a GET, no CSRF): a signed-in session, and each subscription only to a confirmation id of the caller’s own payment',
    check: async (fx) => {
      const c = await customerWithIntent(fx, 10);
      const failures: string[] = [];
      const frames = async (cookie: string | null, confirmationId: string) => {
        const got: { type?: string; reason?: string }[] = [];
        const ws = await fx.app.injectWS(
          '/api/cable',
          {
            headers: { 'sec-websocket-protocol': 'actioncable-v1-json', ...(cookie ? { cookie } : {}) },
          },
          { onInit: (socket) => socket.on('message', (d) => got.push(JSON.parse(String(d)))) },
        );
        const identifier = JSON.stringify({
          channel: 'OrderConfirmationChannel',
          confirmation_id: confirmationId,
        });
        if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ command: 'subscribe', identifier }));
        const until = Date.now() + 2_000;
        while (Date.now() < until && !got.some((f) => f.type && /subscription|disconnect/.test(f.type)))
          await new Promise((r) => setTimeout(r, 20));
        ws.terminate();
        return got.map((f) => (f.type === 'disconnect' ? `disconnect:${f.reason}` : f.type));
      };
      const none = await frames(null, c.confirmationId);
      if (!none.includes('disconnect:unauthorized'))
        failures.push(`cable without a session: ${none.join(',')}`);
      for (const [who, client] of [
        ['B', fx.B.client],
        ['W', fx.W.client],
        ['V', fx.V.client],
        ['operator', fx.operator.client],
      ] as const) {
        const got = await frames(client.cookie, c.confirmationId);
        if (!got.includes('reject_subscription') || got.includes('confirm_subscription'))
          failures.push(`cable: ${who} subscribing to another's payment: ${got.join(',')}`);
      }
      const own = await frames(c.client.cookie, c.confirmationId);
      if (!own.includes('confirm_subscription'))
        failures.push(`cable: the payer's own subscription: ${own.join(',')}`);
      return failures;
    },
  },
};

/** Google or Jobber: start (the caller's own vendor) and finish (V's pending state) a connection. */
function oauthEntries(provider: 'google' | 'jobber'): Record<string, Entry> {
  return {
    'POST /api/auth/:provider/authorize': {
      kind: 'checked',
      owner: 'vendorV',
      what: `start connecting ${provider} for V`,
      prepare: async () => ({ method: 'POST', url: `/api/auth/${provider}/authorize` }),
      expect: {
        ...SIGNED_OUT_WRITE,
        customerB: 403,
        operator: 403,
        vendorW: { self: 'starts a connection of the caller’s own vendor' },
      },
    },
    'POST /api/auth/:provider/callback': {
      kind: 'checked',
      owner: 'vendorV',
      what: `finish connecting ${provider} for V with V's state`,
      prepare: async (fx) => {
        const started = await fx.V.client.request({ method: 'POST', url: `/api/auth/${provider}/authorize` });
        const state = new URL(started.json().url as string).searchParams.get('state')!;
        return {
          method: 'POST',
          url: `/api/auth/${provider}/callback`,
          payload: { code: fx.fakeCalendars.issueCode(provider), state },
        };
      },
      // The state is V's: for W it is an invalid state (422) and stays V's.
      expect: { ...SIGNED_OUT_WRITE, customerB: 403, vendorW: 422, operator: 403 },
    },
  };
}

async function connectIcs(fx: Fixtures) {
  const res = await fx.V.client.request({
    method: 'POST',
    url: `/api/vendor_calendars/${fx.V.calendarId}/ics`,
    payload: { icsUrl: fx.icsUrl },
  });
  if (res.statusCode !== 200) throw new Error(`ics connect: ${res.body}`);
}

const keyOf = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

let fx: Fixtures;
const started = Date.now();

beforeAll(async () => {
  fx = await createFixtures();
}, 120_000);

afterAll(async () => {
  const summary = {
    routes: Object.keys(TABLE).length,
    checkedRoutes: Object.values(TABLE).filter((e) => e.kind === 'checked').length,
    publicRoutes: Object.values(TABLE).filter((e) => e.kind === 'public').length,
    protectedRoutes: Object.values(TABLE).filter((e) => e.kind === 'protected').length,
    routeActorChecks: counts.routeActorChecks,
    csrfChecks: counts.csrfChecks,
    protectedChecks: counts.protectedChecks,
    selfNotRun: counts.selfNotRun,
    seconds: Math.round((Date.now() - started) / 100) / 10,
    database: process.env.DATABASE_URL ? 'postgresql' : 'pglite',
  };
  console.info(
    `authorization matrix: ${summary.routeActorChecks} route × actor checks, ${summary.csrfChecks} CSRF checks, ` +
      `${summary.protectedChecks} other protections over ${summary.routes} routes (${summary.checkedRoutes} checked, ` +
      `${summary.publicRoutes} public, ${summary.protectedRoutes} protected otherwise) in ${summary.seconds} s`,
  );
  const dir = path.resolve(__dirname, '../test-results');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'authz-summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
  await fx?.close();
});

describe('the table covers the route table', () => {
  it('has an entry for every route the app registers', () => {
    const missing = fx.app.routeTable.map(keyOf).filter((k) => !(k in TABLE));
    expect(missing, 'routes without an entry in the authorization matrix').toEqual([]);
  });
  it('names no route that no longer exists', () => {
    const routes = new Set(fx.app.routeTable.map(keyOf));
    expect(
      Object.keys(TABLE).filter((k) => !routes.has(k)),
      'entries without a route',
    ).toEqual([]);
  });
  it('names every required actor for every checked entry', () => {
    const gaps = Object.entries(TABLE).flatMap(([key, e]) =>
      e.kind !== 'checked'
        ? []
        : (['guest', 'none', 'customerB', 'vendorW', 'operator'] as const)
            .filter((a) => a !== e.owner && e.expect[a] === undefined)
            .map((a) => `${key}: ${a}`),
    );
    expect(gaps).toEqual([]);
  });
});

describe('every route × actor', () => {
  for (const [key, entry] of Object.entries(TABLE)) {
    if (entry.kind === 'public') continue;
    if (entry.kind === 'protected') {
      if (!entry.check) continue;
      const check = entry.check;
      it(`${key} is protected by ${entry.by}`, async () => {
        counts.protectedChecks += 1;
        expect(await check(fx)).toEqual([]);
      });
      continue;
    }
    it(`${key}: ${entry.what}`, async () => {
      const failures = await runChecked(fx, key, entry, { csrf: !key.startsWith('GET ') });
      expect(failures).toEqual([]);
    });
  }
});

/**
 * Mass assignment: fields a request may not set (operator rights, account type, another owner, payout
 * state, the author) are ignored or refused, as the owner sends them.
 */
describe('mass assignment', () => {
  const userRow = async (id: number) =>
    (await fx.app.deps.db.select().from(users).where(eq(users.id, id)))[0]!;

  it('a customer cannot make themselves an operator, a vendor or someone else', async () => {
    const res = await fx.A.client.request({
      method: 'PATCH',
      url: `/api/users/${fx.A.userId}`,
      payload: {
        user: {
          id: fx.B.userId,
          firstName: 'Alex',
          lastName: 'Owner',
          email: fx.A.email,
          phoneNumber: '4355559876',
          isOperator: true,
          is_operator: true,
          userType: 'vendor',
          vendorId: fx.V.vendorId,
        },
        isOperator: true,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(await userRow(fx.A.userId)).toMatchObject({
      isOperator: false,
      userType: 'customer',
      vendorId: null,
    });
    expect((await userRow(fx.B.userId)).firstName).not.toBe('Alex');
  });

  it('a sign-up cannot ask for operator rights or another vendor', async () => {
    const client = new TestClient(fx.app);
    await client.session();
    const res = await client.request({
      method: 'POST',
      url: '/api/users',
      payload: signUpPayload({
        email: unique('mass'),
        isOperator: true,
        userType: 'vendor',
        vendorId: fx.V.vendorId,
      }),
    });
    expect(res.statusCode).toBe(201);
    expect(await userRow(res.json().user.id)).toMatchObject({
      isOperator: false,
      userType: 'customer',
      vendorId: null,
    });
  });

  it("a vendor cannot set payout state, another vendor's id or skip review through PATCH", async () => {
    await setListing(fx, fx.P.vendorId, 'awaiting_submission');
    const before = (await fx.app.deps.db.select().from(vendors).where(eq(vendors.id, fx.P.vendorId)))[0]!;
    const res = await fx.P.client.request({
      method: 'PATCH',
      url: `/api/vendors/${fx.P.vendorId}`,
      payload: {
        vendor: {
          id: fx.W.vendorId,
          serviceDescription: 'Mass assignment probe',
          stripeIntegrated: 'active',
          paymentAccountId: 'acct_forged',
          avgRating: 5,
          reviewedAt: NOW.toISOString(),
        },
      },
    });
    expect(res.statusCode).toBe(200);
    const after = (await fx.app.deps.db.select().from(vendors).where(eq(vendors.id, fx.P.vendorId)))[0]!;
    expect(after).toMatchObject({
      serviceDescription: 'Mass assignment probe',
      stripeIntegrated: before.stripeIntegrated,
      paymentAccountId: before.paymentAccountId,
      reviewedAt: before.reviewedAt,
      listingStatus: 'awaiting_submission',
    });
    const skip = await fx.P.client.request({
      method: 'PATCH',
      url: `/api/vendors/${fx.P.vendorId}`,
      payload: { vendor: { listingStatus: 'active' }, password: PASSWORD },
    });
    expect(skip.statusCode).toBeGreaterThanOrEqual(400);
    const still = (await fx.app.deps.db.select().from(vendors).where(eq(vendors.id, fx.P.vendorId)))[0]!;
    expect(still.listingStatus).toBe('awaiting_submission');
  });

  it("a review is the signed-in customer's, whatever userId the body names", async () => {
    await removeReviewsOfA(fx);
    const res = await fx.A.client.request({
      method: 'POST',
      url: `/api/vendors/${fx.V.vendorId}/reviews`,
      payload: { review: { userId: fx.B.userId, body: 'Mine, not B’s.', score: 5 } },
    });
    expect(res.statusCode).toBe(201);
    const [row] = await fx.app.deps.db.select().from(reviews).where(eq(reviews.id, res.json().review.id));
    expect(row!.userId).toBe(fx.A.userId);
  });
});

/** ADR 0028: every refusal above (401, 403, 404, 409, 422, …) is a status its route's document lists. */
describe('the OpenAPI document', () => {
  it("lists every status the routes answered in this file's requests", () => {
    expect(undocumentedAnswers(fx.app)).toEqual([]);
  });
});
