/**
 * ADR 0037 step 3d: price proposals (PGlite; PostgreSQL under scripts/with-postgres.mjs). A vendor's price
 * change shows a proposal on GET /api/plans; the old price is charged until the customer accepts; an accept
 * of a proposal since replaced is refused (409); another customer's plan is 404; the accept is logged and
 * mailed to both sides, and a repeat changes nothing.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CustomerPlan } from '@stg/domain/api/plans';
import { orders, planVisits, plans, vendors } from '../../db/schema';
import { sandboxPlan } from '../../../test/plan-fixtures';
import { createTestApp, outbox, TestClient } from '../../../test/test-app';
import { signedUpCustomer } from '../../../test/checkout-fixtures';
import { createPayableVendor, houseAnswers, type PayableVendor } from '../../../test/payable-vendor';
import { findPlan, listPlanEvents } from './repo';
import { priceProposalOf, vendorPricingNow } from './price-proposal';
import { chargeVisit } from './visit-charge';
import { extendPlanHorizon } from './visit-horizon';
import { JobWorker } from '../jobs/worker';
import { replaceVendorPlanOffers } from '../plan-offers/service';
import { PLAN_PRICE_CHECK_DELAY_MS } from '../pricing/price-changes';
import { planVisitJobHandlers } from './visit-handlers';

// Monday, November 23rd 2026, 8:00 in St George (MST, UTC-7).
const START = new Date('2026-11-23T15:00:00Z');

let clock = START;
let app: FastifyInstance;
let vendor: PayableVendor;
let vendorClient: TestClient;
let hourSlot = 8;

beforeAll(async () => {
  app = await createTestApp({ now: () => clock });
  vendor = await createPayableVendor(app, 'price-vendor@example.com');
  await app.deps.db
    .update(vendors)
    .set({ cancelationPolicyHours: 24 })
    .where(eq(vendors.id, vendor.vendorId));
  vendorClient = new TestClient(app);
  await vendorClient.signIn('price-vendor@example.com', 'Password123!');
});
afterAll(() => app.close());
beforeEach(() => {
  clock = START;
});

/** A plan sold at the vendor's price today for a house's answers, its visits held. */
async function newPlan() {
  const { owner, plan } = await sandboxPlan(app, {
    vendorId: vendor.vendorId,
    name: 'pricer',
    startMinutes: hourSlot++ * 60,
    consentedAt: START,
  });
  const answers = houseAnswers(vendor);
  const asSold = priceProposalOf(
    { ...plan, answersSnapshot: answers, subtotalCents: -1 },
    await vendorPricingNow(app.deps.db, vendor.vendorId),
    [],
  )!;
  await app.deps.db
    .update(plans)
    .set({
      answersSnapshot: answers,
      baseSubtotalCents: asSold.baseSubtotalCents,
      discountPercent: asSold.discountPercent,
      subtotalCents: asSold.subtotalCents,
    })
    .where(eq(plans.id, plan.id));
  await extendPlanHorizon(app.deps, plan.id);
  return { owner, plan: (await findPlan(app.deps.db, plan.id))! };
}

const setMinPrice = (dollars: number) =>
  vendorClient.request({
    method: 'PATCH',
    url: `/api/vendors/${vendor.vendorId}`,
    payload: { vendor: { minPrice: dollars } },
  });
const accept = (client: TestClient, planId: number, version: unknown) =>
  client.request({ method: 'POST', url: `/api/plans/${planId}/accept-price`, payload: { version } });
async function planOf(client: TestClient, planId: number): Promise<CustomerPlan> {
  const res = await client.request({ method: 'GET', url: '/api/plans' });
  expect(res.statusCode).toBe(200);
  return res.json<{ plans: CustomerPlan[] }>().plans.find((p) => p.id === planId)!;
}
const visitsOf = (planId: number) =>
  app.deps.db.select().from(planVisits).where(eq(planVisits.planId, planId)).orderBy(planVisits.sequence);
/** Charges the visit at its window; the order's subtotal. */
async function chargedSubtotal(visitId: number, chargeAt: Date) {
  clock = new Date(chargeAt.getTime() + 60_000);
  expect(await chargeVisit(app.deps, visitId)).toBe('ordered');
  const [order] = await app.deps.db.select().from(orders).where(eq(orders.planVisitId, visitId));
  return order!.subtotalCents;
}

describe('price proposals', () => {
  it('a vendor price change shows a proposal; the old price is charged until accepted, the new one after', async () => {
    await setMinPrice(35);
    const { owner, plan } = await newPlan();
    expect((await planOf(owner.client, plan.id)).priceProposal).toBeNull();

    expect((await setMinPrice(500)).statusCode).toBe(200);
    const shown = (await planOf(owner.client, plan.id)).priceProposal!;
    const visits = await visitsOf(plan.id);
    expect(shown).toMatchObject({
      pricePerVisit: (50000 * (100 - plan.discountPercent)) / 100 / 100,
      discountPercent: plan.discountPercent,
      fromDate: visits[0]!.localDate,
    });
    // Not accepted: the first visit is charged the old price; the proposal now starts at the next visit.
    expect(await chargedSubtotal(visits[0]!.id, visits[0]!.chargeAt)).toBe(plan.subtotalCents);
    const after = (await planOf(owner.client, plan.id)).priceProposal!;
    expect(after.version).toBe(shown.version);
    expect(after.fromDate).toBe(visits[1]!.localDate);

    const res = await accept(owner.client, plan.id, shown.version);
    expect(res.statusCode).toBe(200);
    const accepted = res.json<{ plan: CustomerPlan }>().plan;
    expect(accepted.pricePerVisit).toBe(shown.pricePerVisit);
    expect(accepted.priceProposal).toBeNull();
    // A repeat (double click) answers the plan as it is: nothing logged or mailed twice.
    expect((await accept(owner.client, plan.id, shown.version)).statusCode).toBe(200);
    const events = (await listPlanEvents(app.deps.db, plan.id)).filter((e) => e.action === 'price_accepted');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actorRole: 'customer',
      amountCents: Math.round(shown.pricePerVisit * 100),
    });
    await app.deps.background.drain();
    const mails = await outbox(app);
    expect(
      mails.filter((m) => m.to === owner.email && m.subject.startsWith('New price accepted')),
    ).toHaveLength(1);
    expect(
      mails.some(
        (m) => m.to === 'price-vendor@example.com' && m.subject.startsWith('New plan price accepted'),
      ),
    ).toBe(true);

    expect(await chargedSubtotal(visits[1]!.id, visits[1]!.chargeAt)).toBe(
      Math.round(shown.pricePerVisit * 100),
    );
    // The visit charged before keeps its price.
    const [first] = await app.deps.db.select().from(orders).where(eq(orders.planVisitId, visits[0]!.id));
    expect(first!.subtotalCents).toBe(plan.subtotalCents);
    await setMinPrice(35);
  });

  it('a proposal replaced by a later change is refused (409); the current one is accepted', async () => {
    await setMinPrice(35);
    const { owner, plan } = await newPlan();
    await setMinPrice(400);
    const first = (await planOf(owner.client, plan.id)).priceProposal!;
    await setMinPrice(450);
    const second = (await planOf(owner.client, plan.id)).priceProposal!;
    expect(second.version).not.toBe(first.version);

    const stale = await accept(owner.client, plan.id, first.version);
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ errors: string[] }>().errors[0]).toMatch(/changed its price again/);
    expect((await findPlan(app.deps.db, plan.id))!.subtotalCents).toBe(plan.subtotalCents);
    expect((await accept(owner.client, plan.id, second.version)).statusCode).toBe(200);
    await setMinPrice(35);
  });

  it("refuses another customer's plan (404), a missing version (422) and no proposal (422)", async () => {
    await setMinPrice(35);
    const { owner, plan } = await newPlan();
    const other = await signedUpCustomer(app, 'other-pricer');
    await setMinPrice(300);
    const { version } = (await planOf(owner.client, plan.id)).priceProposal!;
    const res = await accept(other.client, plan.id, version);
    expect(res.statusCode).toBe(404);
    expect(res.json<{ errors: string[] }>().errors).toEqual(['Plan not found.']);
    expect((await accept(vendorClient, plan.id, version)).statusCode).toBe(404);
    expect((await accept(owner.client, plan.id, '')).statusCode).toBe(422);
    await setMinPrice(35);
    const none = await accept(owner.client, plan.id, version);
    expect(none.statusCode).toBe(422);
    expect(none.json<{ errors: string[] }>().errors[0]).toMatch(/no new price/);
  });

  it('answers that no longer fit the questions make no proposal (the old price holds)', async () => {
    const { plan } = await newPlan();
    const pricing = (await vendorPricingNow(app.deps.db, vendor.vendorId))!;
    expect(priceProposalOf({ ...plan, answersSnapshot: {} }, pricing, [])).toBeNull();
    expect(priceProposalOf({ ...plan, subtotalCents: 1 }, pricing, [])).not.toBeNull();
  });
});

describe('the mail of a new price (step 3e)', () => {
  const MIN = 60_000;
  /** Two instances' workers run every job due at `clock` (the price checks among them) at once. */
  async function runDueJobsTwice() {
    const handlers = planVisitJobHandlers(app.deps);
    const [a, b] = [1, 2].map(() => new JobWorker({ db: app.deps.db, handlers, now: () => clock }));
    await Promise.all([a!.drain(), b!.drain()]);
    await app.deps.background.drain();
  }
  const proposalMails = async (email: string) =>
    (await outbox(app)).filter((m) => m.to === email && m.subject.startsWith('New price for your plan'));
  const proposedEvents = async (planId: number) =>
    (await listPlanEvents(app.deps.db, planId)).filter((e) => e.action === 'price_proposed');

  it("a price change mails each live plan's customer once per new proposal, after the edits settle", async () => {
    await setMinPrice(35);
    const first = await newPlan();
    const second = await newPlan();
    const gone = await newPlan();
    expect(
      (
        await gone.owner.client.request({
          method: 'POST',
          url: `/api/plans/${gone.plan.id}/cancel`,
          payload: {},
        })
      ).statusCode,
    ).toBe(200);
    await runDueJobsTwice();
    const before = (await proposalMails(first.owner.email)).length;

    // Two edits a minute apart: the checks run 5 minutes after each; the first to run sees the last edit.
    expect((await setMinPrice(400)).statusCode).toBe(200);
    clock = new Date(START.getTime() + MIN);
    expect((await setMinPrice(500)).statusCode).toBe(200);
    await runDueJobsTwice();
    expect(await proposalMails(first.owner.email)).toHaveLength(before); // not due yet
    clock = new Date(START.getTime() + MIN + PLAN_PRICE_CHECK_DELAY_MS + MIN);
    await runDueJobsTwice();

    const shown = (await planOf(first.owner.client, first.plan.id)).priceProposal!;
    const mails = await proposalMails(first.owner.email);
    expect(mails).toHaveLength(before + 1);
    const mail = mails[0]!; // newest first
    const price = `$${shown.pricePerVisit.toFixed(2)}`;
    expect(mail.subject).toContain(`${price} a visit`);
    expect(mail.text).toContain(`Your every 2 weeks plan can have a new price: ${price} a visit`);
    expect(mail.text).toContain('from your visit on ');
    expect(mail.text).toContain(
      `Until you accept it, your plan keeps its price of $${(first.plan.subtotalCents / 100).toFixed(2)} a visit.`,
    );
    expect(mail.text).toContain('open your plan in Orders and choose Accept');
    expect(mail.text).toContain('/orders');
    expect(await proposalMails(second.owner.email)).toHaveLength(1);
    expect(await proposalMails(gone.owner.email)).toHaveLength(0);
    const events = await proposedEvents(first.plan.id);
    expect(events.map((e) => e.details.version)).toEqual([shown.version]);
    expect(events[0]).toMatchObject({
      actorRole: 'system',
      amountCents: Math.round(shown.pricePerVisit * 100),
    });

    // The same price saved again, and the checks run again (a retry, another instance): nothing more.
    expect((await setMinPrice(500)).statusCode).toBe(200);
    clock = new Date(clock.getTime() + PLAN_PRICE_CHECK_DELAY_MS + MIN);
    await runDueJobsTwice();
    expect(await proposalMails(first.owner.email)).toHaveLength(before + 1);

    // A new discount makes another proposal: one more mail. Accepted, a later check mails nothing.
    const saved = clock;
    await replaceVendorPlanOffers(
      app.deps.db,
      vendor.vendorId,
      [{ frequency: 'every_2_weeks', discountPercent: 20 }],
      saved,
    );
    clock = new Date(saved.getTime() + PLAN_PRICE_CHECK_DELAY_MS + MIN);
    await runDueJobsTwice();
    const next = (await planOf(first.owner.client, first.plan.id)).priceProposal!;
    expect(next.version).not.toBe(shown.version);
    expect(next.discountPercent).toBe(20);
    expect(await proposalMails(first.owner.email)).toHaveLength(before + 2);
    expect((await proposalMails(first.owner.email))[0]!.text).toContain('save 20%');
    expect((await accept(first.owner.client, first.plan.id, next.version)).statusCode).toBe(200);
    await replaceVendorPlanOffers(
      app.deps.db,
      vendor.vendorId,
      [{ frequency: 'every_2_weeks', discountPercent: 20 }],
      clock,
    );
    clock = new Date(clock.getTime() + PLAN_PRICE_CHECK_DELAY_MS + MIN);
    await runDueJobsTwice();
    expect(await proposalMails(first.owner.email)).toHaveLength(before + 2);
    expect((await proposedEvents(first.plan.id)).map((e) => e.details.version)).toEqual([
      shown.version,
      next.version,
    ]);
  });
});
