/**
 * ADR 0037 step 2: a plan's held visits charged off-session when their cancellation window closes, on the
 * sandbox's test cards, with a moved clock (PGlite; PostgreSQL under scripts/with-postgres.mjs). A charge
 * that succeeds becomes an order as checkout's does; a declined one (0341) or one the bank wants confirmed
 * (3184) gets a mailed pay link and a deadline; unpaid at the deadline the visit is cancelled and its time
 * released. Two workers and a crash between the provider's answer and the commit charge once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { orderAmounts } from '@stg/domain/checkout';
import { jobs, orderEvents, orders, planVisits, vendors } from '../../db/schema';
import { sandboxPlan } from '../../../test/plan-fixtures';
import { createTestApp, outbox, TestClient } from '../../../test/test-app';
import { signedUpCustomer } from '../../../test/checkout-fixtures';
import { createPayableVendor, type PayableVendor } from '../../../test/payable-vendor';
import { startFakeStripe, type FakeStripe } from '../../../test/fake-stripe';
import { createPricedVendor } from '../../../test/pricing-fixtures';
import { JobWorker } from '../jobs/worker';
import { deliverSandboxEvent, paymentJobHandlers } from '../payments/service';
import { findPlanVisit, findVisitClaim, insertPlan, listPlanEvents, type PlanRow } from './repo';
import { holdVisits, releaseVisit } from './service';
import { chargeHooks, chargeVisit } from './visit-charge';
import { planVisitJobHandlers } from './visit-handlers';
import { extendPlanHorizon, MIN_VISITS_AHEAD } from './visit-horizon';

// Monday, November 23rd 2026, 8:00 in St George (MST, UTC-7).
const START = new Date('2026-11-23T15:00:00Z');
const HOUR = 3_600_000;
const FUTURE = { expMonth: 12, expYear: 2030 };
const CARDS = {
  visa: '4242 4242 4242 4242',
  authenticate: '4000 0027 6000 3184',
  decline: '4000 0000 0000 0341',
};

let clock = START;
let app: FastifyInstance;
let vendor: PayableVendor;
let policyHours: number;
let commissionBps: number;
let worker: JobWorker;

/** A St George (MST) time: day of November 2026 (past 30 runs into December), hour. */
const at = (day: number, hour: number) => new Date(Date.UTC(2026, 10, day, hour + 7, 0, 0));

beforeAll(async () => {
  app = await createTestApp({ now: () => clock });
  vendor = await createPayableVendor(app, 'visits-vendor@example.com');
  const [v] = await app.deps.db.select().from(vendors).where(eq(vendors.id, vendor.vendorId));
  policyHours = v!.cancelationPolicyHours;
  commissionBps = v!.commissionBps;
  worker = new JobWorker({
    db: app.deps.db,
    handlers: { ...paymentJobHandlers(app.deps), ...planVisitJobHandlers(app.deps) },
    now: () => clock,
  });
});
afterAll(() => app.close());

async function newPlan(cardNumber: string) {
  const { owner, plan, card } = await sandboxPlan(app, {
    vendorId: vendor.vendorId,
    name: 'planner',
    cardNumber,
    startMinutes: 9 * 60,
    consentedAt: START,
  });
  return { owner, plan, card };
}

/** Holds visit `sequence` of the plan at `start` (an hour long), charged `policyHours` before. */
async function hold(plan: PlanRow, sequence: number, start: Date) {
  const [outcome] = await app.deps.db.transaction((tx) =>
    holdVisits(
      tx,
      plan,
      [
        {
          sequence,
          localDate: start.toISOString().slice(0, 10),
          appointmentAt: start,
          appointmentEndAt: new Date(start.getTime() + HOUR),
          chargeAt: new Date(start.getTime() - policyHours * HOUR),
        },
      ],
      { now: clock },
    ),
  );
  if (outcome?.outcome !== 'held') throw new Error(`not held: ${outcome?.outcome}`);
  return outcome.visit;
}

async function intentsForVisit(visitId: number) {
  const result = await app.deps.db.execute<{ n: number }>(
    sql`select count(*)::int as n from sandbox_objects
        where object = 'payment_intent' and data->'metadata'->>'planVisitId' = ${String(visitId)}`,
  );
  return Number((result as { rows: { n: number }[] }).rows[0]!.n);
}

const ordersOfVisit = (visitId: number) =>
  app.deps.db.select().from(orders).where(eq(orders.planVisitId, visitId));

/** The order a visit became, checked against the plan's money and the ledger rule (ADR 0037). */
async function expectOrderOf(visitId: number, plan: PlanRow) {
  const rows = await ordersOfVisit(visitId);
  expect(rows).toHaveLength(1);
  const order = rows[0]!;
  const amounts = orderAmounts(plan.subtotalCents, plan.serviceFeeCents, commissionBps);
  expect(order).toMatchObject({
    planId: plan.id,
    planVisitId: visitId,
    // Marked as the plan's visit for the orders' views (ADR 0037).
    planFrequency: plan.frequency,
    userId: plan.userId,
    vendorId: plan.vendorId,
    subtotalCents: plan.subtotalCents,
    serviceFeeCents: plan.serviceFeeCents,
    commissionCents: amounts.commissionCents,
    vendorPayoutCents: amounts.vendorPayoutCents,
    totalCollectedCents: plan.subtotalCents + plan.serviceFeeCents,
    paymentStatus: 'collected',
    fulfillmentStatus: 'unfulfilled',
  });
  // The ledger per visit: collected = subtotal + service charge = payout + commission + service + refunds.
  expect(order.totalCollectedCents).toBe(order.subtotalCents! + order.serviceFeeCents);
  expect(
    order.vendorPayoutCents + order.commissionCents + order.serviceFeeCents + order.refundAmountCents,
  ).toBe(order.totalCollectedCents);
  const events = await app.deps.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
  expect(events.map((e) => e.action)).toEqual(['created']);
  const visit = await findPlanVisit(app.deps.db, visitId);
  expect(visit).toMatchObject({ status: 'ordered', orderId: order.id });
  // The order owns the time now (the visit's claim was handed over in the same transaction).
  expect(await findVisitClaim(app.deps.db, visitId)).toBeNull();
  return order;
}

/** The pay link's token from the newest mail to `email`. */
async function payTokenMailedTo(email: string) {
  const mail = (await outbox(app)).find((m) => m.to === email && m.subject.startsWith('Payment needed'));
  expect(mail).toBeDefined();
  const match = /token=([^\s]+)/.exec(mail!.text);
  return decodeURIComponent(match![1]!);
}

const getPayment = (token: string) =>
  app.inject({ method: 'GET', url: `/api/plan-visits/pay/${encodeURIComponent(token)}` });
/** The pay page's browser: a guest session (the link's token is the credential; writes carry CSRF). */
async function confirm(token: string, payload: Record<string, unknown>) {
  const browser = new TestClient(app);
  await browser.session();
  return browser.request({
    method: 'POST',
    url: `/api/plan-visits/pay/${encodeURIComponent(token)}/confirm`,
    payload,
  });
}

describe('charging a held plan visit', () => {
  it('charges at its window, not before, and the visit becomes an order with its mails', async () => {
    const { owner, plan } = await newPlan(CARDS.visa);
    const visit = await hold(plan, 1, at(26, 9));
    const [job] = await app.deps.db
      .select()
      .from(jobs)
      .where(eq(jobs.uniqueKey, `plan-visit-charge:${visit.id}`));
    expect(job).toMatchObject({ kind: 'plan-visit-charge', runAt: visit.chargeAt });

    await worker.drain();
    clock = new Date(visit.chargeAt.getTime() - 60_000);
    await worker.drain();
    expect((await findPlanVisit(app.deps.db, visit.id))!.status).toBe('held');
    expect(await intentsForVisit(visit.id)).toBe(0);
    // Called early anyway (a stray run), it waits for the window.
    await expect(chargeVisit(app.deps, visit.id)).rejects.toThrow('not due yet');

    clock = new Date(visit.chargeAt.getTime() + 60_000);
    await worker.drain();
    const order = await expectOrderOf(visit.id, plan);
    expect(await intentsForVisit(visit.id)).toBe(1);
    expect((await findPlanVisit(app.deps.db, visit.id))!.idempotencyKey).toBe(
      `plan-visit-charge:${visit.id}:1`,
    );
    const mails = await outbox(app);
    expect(mails.some((m) => m.to === owner.email && m.subject.startsWith('Booking confirmed'))).toBe(true);
    expect(mails.some((m) => m.subject.startsWith(`New order ${order.confirmationId}:`))).toBe(true);
    // Charged once: running again changes nothing.
    expect(await chargeVisit(app.deps, visit.id)).toBe('skipped');
    expect(await intentsForVisit(visit.id)).toBe(1);
  });

  it('declined (0341): payment_failed, a mailed link; paid with 4242 by the link, the visit becomes an order once', async () => {
    clock = START;
    const { owner, plan } = await newPlan(CARDS.decline);
    const visit = await hold(plan, 1, at(27, 9));
    clock = new Date(visit.chargeAt.getTime() + 60_000);
    expect(await chargeVisit(app.deps, visit.id)).toBe('payment_failed');
    const failed = (await findPlanVisit(app.deps.db, visit.id))!;
    // 24 h after the failure would be after "2 h before the visit": the earlier one.
    expect(failed.payDeadlineAt).toEqual(new Date(visit.appointmentAt.getTime() - 2 * HOUR));
    expect(await findVisitClaim(app.deps.db, visit.id)).not.toBeNull();
    const [deadlineJob] = await app.deps.db
      .select()
      .from(jobs)
      .where(eq(jobs.uniqueKey, `plan-visit-deadline:${visit.id}`));
    expect(deadlineJob!.runAt).toEqual(failed.payDeadlineAt);

    const token = await payTokenMailedTo(owner.email);
    expect(failed.payTokenHash).not.toContain(token);
    const read = await getPayment(token);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      state: 'payable',
      reason: 'declined',
      amountCents: 18255,
      appointmentAt: visit.appointmentAt.toISOString(),
      payment: { provider: 'sandbox', paymentIntentId: failed.paymentIntentId },
    });

    const paid = await confirm(token, { card: { number: CARDS.visa, ...FUTURE, cvc: '123' } });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'succeeded', confirmationId: expect.stringMatching(/^SG-/) });
    await expectOrderOf(visit.id, plan);
    // Told again (the link, the provider's event through the worker): still one order.
    expect((await confirm(token, {})).json()).toMatchObject({ status: 'succeeded' });
    await worker.drain();
    expect(await ordersOfVisit(visit.id)).toHaveLength(1);
    expect((await getPayment(token)).json()).toMatchObject({ state: 'paid', payment: null });
    expect(await intentsForVisit(visit.id)).toBe(1);
  });

  it('authentication required (3184): action_required; the link authenticates the same intent; an order', async () => {
    clock = START;
    const { owner, plan, card } = await newPlan(CARDS.authenticate);
    const visit = await hold(plan, 1, at(30, 9));
    clock = new Date(visit.chargeAt.getTime() + 60_000);
    expect(await chargeVisit(app.deps, visit.id)).toBe('action_required');
    const token = await payTokenMailedTo(owner.email);
    const read = (await getPayment(token)).json();
    expect(read).toMatchObject({
      state: 'payable',
      reason: 'requires_action',
      savedCard: { paymentMethodId: card.id },
    });

    const asked = await confirm(token, { paymentMethodId: card.id });
    expect(asked.json()).toMatchObject({ status: 'requires_action', redirectUrl: expect.any(String) });
    const intentId = read.payment.paymentIntentId as string;
    await app.deps.sandbox!.authenticate(intentId, read.payment.clientSecret as string, true);
    // Back on the pay page (the authentication page's return address), its GET asks the provider and settles.
    expect((await getPayment(token)).json()).toMatchObject({
      state: 'paid',
      confirmationId: expect.stringMatching(/^SG-/),
    });
    expect((await confirm(token, {})).json()).toMatchObject({ status: 'succeeded' });
    await expectOrderOf(visit.id, plan);
    expect(await intentsForVisit(visit.id)).toBe(1);
  });

  it('paid at the provider without the link’s confirm: the provider’s succeeded event settles it, once', async () => {
    clock = START;
    const { owner, plan } = await newPlan(CARDS.decline);
    const visit = await hold(plan, 1, at(30, 11));
    clock = new Date(visit.chargeAt.getTime() + 60_000);
    await chargeVisit(app.deps, visit.id);
    const token = await payTokenMailedTo(owner.email);
    const read = (await getPayment(token)).json();
    // The card form confirmed with the sandbox (as Stripe.js would), and the page was closed before telling us.
    await app.deps.sandbox!.confirm(read.payment.paymentIntentId as string, {
      clientSecret: read.payment.clientSecret as string,
      card: { number: CARDS.visa, ...FUTURE, cvc: '123' },
      returnUrl: 'http://localhost:3000/plan-visits/pay',
    });
    await app.deps.background.drain();
    await worker.drain();
    await expectOrderOf(visit.id, plan);
    await worker.drain();
    expect(await ordersOfVisit(visit.id)).toHaveLength(1);
  });

  it('paid after the deadline cancelled it (a race): the payment is refunded in full, no order', async () => {
    clock = START;
    const { owner, plan } = await newPlan(CARDS.decline);
    const visit = await hold(plan, 1, at(31, 11));
    clock = new Date(visit.chargeAt.getTime() + 60_000);
    await chargeVisit(app.deps, visit.id);
    const token = await payTokenMailedTo(owner.email);
    const read = (await getPayment(token)).json();
    await app.deps.db.transaction((tx) => releaseVisit(tx, visit.id, { to: 'cancelled' }));
    await app.deps.sandbox!.confirm(read.payment.paymentIntentId as string, {
      clientSecret: read.payment.clientSecret as string,
      card: { number: CARDS.visa, ...FUTURE, cvc: '123' },
      returnUrl: 'http://localhost:3000/plan-visits/pay',
    });
    await app.deps.background.drain();
    await worker.drain();
    await worker.drain();
    expect(await ordersOfVisit(visit.id)).toHaveLength(0);
    // Refunded in full at the provider, once, and logged on the plan.
    const result = await app.deps.db.execute<{ n: number; refunded: number }>(
      sql`select count(*)::int as n, coalesce(sum((data->>'amount')::int), 0)::int as refunded
          from sandbox_objects where object = 'refund' and data->>'payment_intent' = ${read.payment.paymentIntentId as string}`,
    );
    expect((result as { rows: { n: number; refunded: number }[] }).rows[0]).toEqual({
      n: 1,
      refunded: 18255,
    });
    const released = (await listPlanEvents(app.deps.db, plan.id)).filter(
      (e) => e.action === 'visit_released',
    );
    expect(released).toHaveLength(1);
    expect(released[0]!.amountCents).toBe(18255);
  });

  it('a link only pays with the plan’s own saved card or a typed one; a bad token is 404', async () => {
    expect((await getPayment('not-a-real-token-at-all-xyz')).statusCode).toBe(404);
    clock = START;
    const { owner, plan } = await newPlan(CARDS.decline);
    const visit = await hold(plan, 1, at(30, 13));
    clock = new Date(visit.chargeAt.getTime() + 60_000);
    await chargeVisit(app.deps, visit.id);
    const token = await payTokenMailedTo(owner.email);
    const other = await confirm(token, { paymentMethodId: 'pm_sbx_someone_else' });
    expect(other.statusCode).toBe(422);
    expect((await findPlanVisit(app.deps.db, visit.id))!.status).toBe('payment_failed');
  });

  it('unpaid at the deadline: the visit is cancelled, its time released, the intent cancelled, both told', async () => {
    clock = START;
    const { owner, plan } = await newPlan(CARDS.decline);
    const visit = await hold(plan, 1, at(31, 9));
    clock = new Date(visit.chargeAt.getTime() + 60_000);
    await chargeVisit(app.deps, visit.id);
    const failed = (await findPlanVisit(app.deps.db, visit.id))!;
    const token = await payTokenMailedTo(owner.email);

    clock = new Date(failed.payDeadlineAt!.getTime() - 60_000);
    await worker.drain();
    expect((await findPlanVisit(app.deps.db, visit.id))!.status).toBe('payment_failed');

    clock = new Date(failed.payDeadlineAt!.getTime() + 60_000);
    await worker.drain();
    await app.deps.background.drain();
    expect((await findPlanVisit(app.deps.db, visit.id))!.status).toBe('cancelled');
    expect(await findVisitClaim(app.deps.db, visit.id)).toBeNull();
    expect(await ordersOfVisit(visit.id)).toHaveLength(0);
    expect((await app.deps.payments.retrieveIntent(failed.paymentIntentId!)).status).toBe('canceled');
    const mails = await outbox(app);
    expect(mails.some((m) => m.to === owner.email && m.subject.startsWith('Visit cancelled'))).toBe(true);
    expect(
      mails.some((m) => m.to === 'visits-vendor@example.com' && m.subject.startsWith('Plan visit cancelled')),
    ).toBe(true);
    expect((await getPayment(token)).json()).toMatchObject({ state: 'cancelled', payment: null });
    expect((await confirm(token, { card: { number: CARDS.visa, ...FUTURE, cvc: '123' } })).statusCode).toBe(
      422,
    );
  });

  it('two workers at once charge once and make one order', async () => {
    clock = START;
    const { plan } = await newPlan(CARDS.visa);
    const visit = await hold(plan, 1, at(26, 13));
    clock = new Date(visit.chargeAt.getTime() + 60_000);
    const outcomes = await Promise.all([chargeVisit(app.deps, visit.id), chargeVisit(app.deps, visit.id)]);
    expect(outcomes).toContain('ordered');
    await expectOrderOf(visit.id, plan);
    expect(await intentsForVisit(visit.id)).toBe(1);
  });

  it('two workers running three jobs at once each: every visit charged once, one order per paid visit', async () => {
    clock = START;
    // One day's visits back to back, all due by the last one's window (the refused ones last, so their pay
    // deadlines, 2 h before each visit, are still ahead).
    const cards = [CARDS.visa, CARDS.visa, CARDS.visa, CARDS.visa, CARDS.decline, CARDS.authenticate];
    const times = [9, 10, 11, 12, 13, 14].map((hour) => at(32, hour));
    const held: { plan: PlanRow; visitId: number; card: string }[] = [];
    for (const [i, card] of cards.entries()) {
      const { plan } = await newPlan(card);
      const visit = await hold(plan, 1, times[i]!);
      held.push({ plan, visitId: visit.id, card });
    }
    clock = new Date(at(32, 14).getTime() - policyHours * HOUR + 60_000);
    const handlers = { ...paymentJobHandlers(app.deps), ...planVisitJobHandlers(app.deps) };
    const [a, b] = [1, 2].map(
      () => new JobWorker({ db: app.deps.db, handlers, now: () => clock, concurrency: 3, batchSize: 4 }),
    );
    await Promise.all([a!.drain(), b!.drain()]);
    await app.deps.background.drain();
    for (const { plan, visitId, card } of held) {
      expect(await intentsForVisit(visitId)).toBe(1);
      if (card === CARDS.visa) await expectOrderOf(visitId, plan);
      else {
        expect(await ordersOfVisit(visitId)).toHaveLength(0);
        expect((await findPlanVisit(app.deps.db, visitId))!).toMatchObject({
          status: card === CARDS.decline ? 'payment_failed' : 'action_required',
          attempts: 1,
        });
      }
    }
  });

  it('a crash between the provider’s answer and the commit: the retry uses the same key; one charge, one order', async () => {
    clock = START;
    const { plan } = await newPlan(CARDS.visa);
    const visit = await hold(plan, 1, at(27, 13));
    clock = new Date(visit.chargeAt.getTime() + 60_000);
    let crashes = 1;
    chargeHooks.afterProviderAnswer = () => {
      if (crashes-- > 0) throw new Error('killed after the provider answered');
    };
    // The provider's succeeded event would settle the visit too (in the background, whenever it lands):
    // held back here, so the retry meets the visit still `charging`, then delivered after it.
    const sandbox = app.deps.sandbox!;
    const deliver = sandbox.onEvents;
    const heldBack: string[] = [];
    sandbox.onEvents = (ids) => heldBack.push(...ids);
    try {
      await expect(chargeVisit(app.deps, visit.id)).rejects.toThrow('killed');
      const charging = (await findPlanVisit(app.deps.db, visit.id))!;
      expect(charging).toMatchObject({
        status: 'charging',
        idempotencyKey: `plan-visit-charge:${visit.id}:1`,
      });
      expect(await intentsForVisit(visit.id)).toBe(1);
      expect(await chargeVisit(app.deps, visit.id)).toBe('ordered');
    } finally {
      chargeHooks.afterProviderAnswer = null;
      sandbox.onEvents = deliver;
    }
    for (const id of heldBack) await deliverSandboxEvent(app.deps, id);
    await expectOrderOf(visit.id, plan);
    expect(await intentsForVisit(visit.id)).toBe(1);
    expect((await findPlanVisit(app.deps.db, visit.id))!.attempts).toBe(1);
  });
});

describe('the plan horizon', () => {
  it('holds visits up to the booking window end (at least three), each with its charge job; again holds nothing twice', async () => {
    clock = START;
    const { plan } = await newPlan(CARDS.visa);
    // Another plan's visit takes one of this plan's times: that visit needs a time.
    const first = await extendPlanHorizon(app.deps, plan.id);
    const visits = await app.deps.db.select().from(planVisits).where(eq(planVisits.planId, plan.id));
    expect(first.held + first.needsTime).toBe(visits.length);
    expect(visits.length).toBeGreaterThanOrEqual(MIN_VISITS_AHEAD);
    // Every two weeks from Wednesday 25th at 9:00 for the vendor's 60 days: 25th, Dec 9th, Dec 23rd, Jan 6th, Jan 20th.
    expect(visits.map((v) => v.localDate).sort()).toEqual([
      '2026-11-25',
      '2026-12-09',
      '2026-12-23',
      '2027-01-06',
      '2027-01-20',
    ]);
    for (const v of visits.filter((x) => x.status === 'held')) {
      expect(v.appointmentAt.getTime() - v.chargeAt.getTime()).toBe(policyHours * HOUR);
      const [job] = await app.deps.db
        .select()
        .from(jobs)
        .where(eq(jobs.uniqueKey, `plan-visit-charge:${v.id}`));
      expect(job).toBeDefined();
    }
    const again = await extendPlanHorizon(app.deps, plan.id);
    expect(again).toEqual({ held: 0, needsTime: 0 });
  });

  it('a visit whose time is taken moves to the nearest free time in its week (manage-schedule.test: else needs_time)', async () => {
    clock = START;
    const a = await newPlan(CARDS.visa);
    const b = await newPlan(CARDS.visa);
    // Plan b's anchor a week on at the same time as a's second visit.
    await app.deps.db.execute(
      sql`update plans set anchor_local_date = '2026-12-09', anchor_start_minutes = 600 where id = ${b.plan.id}`,
    );
    await app.deps.db.execute(sql`update plans set anchor_start_minutes = 600 where id = ${a.plan.id}`);
    await extendPlanHorizon(app.deps, b.plan.id);
    const outcome = await extendPlanHorizon(app.deps, a.plan.id);
    expect(outcome.needsTime).toBe(0);
    const visits = await app.deps.db.select().from(planVisits).where(eq(planVisits.planId, a.plan.id));
    const moved = visits.find((v) => v.localDate >= '2026-12-07' && v.localDate <= '2026-12-13')!;
    expect(moved.status).toBe('held');
    expect(moved.appointmentAt.getTime()).not.toBe(Date.parse('2026-12-09T17:00:00Z'));
    expect(await findVisitClaim(app.deps.db, moved.id)).toBeTruthy();
  });
});

/**
 * The same story on the Stripe adapter against the local fake Stripe (its off-session 402s, the failed
 * intent kept for the customer): the pay link confirms that same intent in the browser (Stripe.js), and
 * the server, told with an empty confirm, asks Stripe and settles.
 */
describe('charging a held plan visit on Stripe (fake)', () => {
  let fake: FakeStripe;
  let stripeApp: FastifyInstance;
  let stripeVendor: { vendorId: number };
  let sdk: Stripe;

  beforeAll(async () => {
    fake = await startFakeStripe();
    stripeApp = await createTestApp({ now: () => clock, payments: fake.provider() });
    // Charging needs no payout account: a priced vendor will do.
    stripeVendor = await createPricedVendor(stripeApp, { email: 'stripe-visits-vendor@example.com' });
    sdk = new Stripe(fake.secretKey, { host: '127.0.0.1', port: fake.port, protocol: 'http' });
  });
  afterAll(async () => {
    await stripeApp?.close();
    await fake?.close();
  });

  async function stripePlan(token: string) {
    const owner = await signedUpCustomer(stripeApp, 'stripe-planner');
    const customerId = await stripeApp.deps.payments.ensureCustomer({
      userId: owner.userId,
      email: owner.email,
      name: 'Casey Rivera',
      existingId: null,
    });
    const pm = await sdk.paymentMethods.attach(token, { customer: customerId });
    const plan = await stripeApp.deps.db.transaction((tx) =>
      insertPlan(tx, {
        userId: owner.userId,
        vendorId: stripeVendor.vendorId,
        addressId: owner.addressId,
        frequency: 'every_2_weeks',
        anchorLocalDate: '2026-11-25',
        anchorStartMinutes: 9 * 60,
        durationMins: 60,
        baseSubtotalCents: 20000,
        discountPercent: 10,
        subtotalCents: 18000,
        serviceFeeCents: 255,
        paymentProvider: 'stripe',
        providerCustomerId: customerId,
        paymentMethodId: pm.id,
        consentText: 'We charge $182.55 a visit 24 hours before it.',
        consentedAt: START,
      }),
    );
    return { owner, plan, paymentMethodId: pm.id };
  }

  async function stripeHold(plan: PlanRow, start: Date) {
    const [outcome] = await stripeApp.deps.db.transaction((tx) =>
      holdVisits(
        tx,
        plan,
        [
          {
            sequence: 1,
            localDate: start.toISOString().slice(0, 10),
            appointmentAt: start,
            appointmentEndAt: new Date(start.getTime() + HOUR),
            chargeAt: new Date(start.getTime() - 24 * HOUR),
          },
        ],
        { now: clock },
      ),
    );
    if (outcome?.outcome !== 'held') throw new Error(`not held: ${outcome?.outcome}`);
    return outcome.visit;
  }

  async function linkToken(email: string) {
    const mail = (await outbox(stripeApp)).find(
      (m) => m.to === email && m.subject.startsWith('Payment needed'),
    );
    return decodeURIComponent(/token=([^\s]+)/.exec(mail!.text)![1]!);
  }

  async function stripeConfirm(token: string) {
    const browser = new TestClient(stripeApp);
    await browser.session();
    return browser.request({
      method: 'POST',
      url: `/api/plan-visits/pay/${encodeURIComponent(token)}/confirm`,
      payload: {},
    });
  }

  it('a saved visa is charged off-session at the window: an order', async () => {
    clock = START;
    const { plan } = await stripePlan('pm_card_visa');
    const visit = await stripeHold(plan, at(26, 9));
    clock = new Date(visit.chargeAt.getTime() + 60_000);
    expect(await chargeVisit(stripeApp.deps, visit.id)).toBe('ordered');
    const rows = await stripeApp.deps.db.select().from(orders).where(eq(orders.planVisitId, visit.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ paymentProvider: 'stripe', totalCollectedCents: 18255, planId: plan.id });
  });

  it('declined: the link’s intent is paid with another card in the browser; the server settles it once', async () => {
    clock = START;
    const { owner, plan } = await stripePlan('pm_card_chargeCustomerFail');
    const visit = await stripeHold(plan, at(27, 9));
    clock = new Date(visit.chargeAt.getTime() + 60_000);
    expect(await chargeVisit(stripeApp.deps, visit.id)).toBe('payment_failed');
    const token = await linkToken(owner.email);
    const read = (
      await stripeApp.inject({ method: 'GET', url: `/api/plan-visits/pay/${encodeURIComponent(token)}` })
    ).json();
    expect(read).toMatchObject({ state: 'payable', reason: 'declined', payment: { provider: 'stripe' } });
    const paid = await fake.confirmAsBrowser(read.payment.clientSecret as string, 'pm_card_visa', {
      returnUrl: 'http://localhost:3000/plan-visits/pay',
    });
    expect(paid.body).toMatchObject({ status: 'succeeded' });
    expect((await stripeConfirm(token)).json()).toMatchObject({ status: 'succeeded' });
    expect((await stripeConfirm(token)).json()).toMatchObject({ status: 'succeeded' });
    const rows = await stripeApp.deps.db.select().from(orders).where(eq(orders.planVisitId, visit.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.paymentIntentId).toBe(read.payment.paymentIntentId);
  });

  it('authentication required: the same intent is confirmed with the saved card and 3-D Secure; an order', async () => {
    clock = START;
    const { owner, plan, paymentMethodId } = await stripePlan('pm_card_authenticationRequired');
    const visit = await stripeHold(plan, at(30, 9));
    clock = new Date(visit.chargeAt.getTime() + 60_000);
    expect(await chargeVisit(stripeApp.deps, visit.id)).toBe('action_required');
    const token = await linkToken(owner.email);
    const read = (
      await stripeApp.inject({ method: 'GET', url: `/api/plan-visits/pay/${encodeURIComponent(token)}` })
    ).json();
    const asked = await fake.confirmAsBrowser(read.payment.clientSecret as string, paymentMethodId, {
      returnUrl: 'http://localhost:3000/plan-visits/pay',
    });
    expect(asked.body).toMatchObject({ status: 'requires_action' });
    fake.completeAuthentication(read.payment.paymentIntentId as string);
    expect((await stripeConfirm(token)).json()).toMatchObject({ status: 'succeeded' });
    expect(
      await stripeApp.deps.db.select().from(orders).where(eq(orders.planVisitId, visit.id)),
    ).toHaveLength(1);
  });
});
