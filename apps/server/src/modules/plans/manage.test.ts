/**
 * ADR 0037 step 3a: the customer skips a visit, pauses or cancels the plan; the plan's vendor cancels it
 * with a reason (PGlite; PostgreSQL under scripts/with-postgres.mjs). Window rules, ownership (404 for
 * anyone else), repeats answered unchanged, the log, the mails, and the released time free again.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { planVisits, vendors } from '../../db/schema';
import { sandboxPlan } from '../../../test/plan-fixtures';
import { createTestApp, outbox, TestClient } from '../../../test/test-app';
import { signedUpCustomer } from '../../../test/checkout-fixtures';
import { createPayableVendor, type PayableVendor } from '../../../test/payable-vendor';
import { isTimeBusy } from '../scheduling/service';
import { findPlan, findPlanVisit, findVisitClaim, listPlanEvents } from './repo';
import { chargeVisit } from './visit-charge';
import { extendPlanHorizon } from './visit-horizon';

// Monday, November 23rd 2026, 8:00 in St George (MST, UTC-7).
const START = new Date('2026-11-23T15:00:00Z');
const HOUR = 3_600_000;

let clock = START;
let app: FastifyInstance;
let vendor: PayableVendor;
let vendorClient: TestClient;
let otherVendorClient: TestClient;
let hourSlot = 8;

beforeAll(async () => {
  app = await createTestApp({ now: () => clock });
  vendor = await createPayableVendor(app, 'manage-vendor@example.com');
  await createPayableVendor(app, 'manage-other@example.com');
  await app.deps.db
    .update(vendors)
    .set({ cancelationPolicyHours: 24 })
    .where(eq(vendors.id, vendor.vendorId));
  vendorClient = new TestClient(app);
  await vendorClient.signIn('manage-vendor@example.com', 'Password123!');
  otherVendorClient = new TestClient(app);
  await otherVendorClient.signIn('manage-other@example.com', 'Password123!');
});
afterAll(() => app.close());
beforeEach(() => {
  clock = START;
});

/** A customer's every-2-weeks plan from Wednesday November 25th, an hour of its own, its visits held. */
async function newPlan() {
  const { owner, plan } = await sandboxPlan(app, {
    vendorId: vendor.vendorId,
    name: 'manager',
    startMinutes: hourSlot++ * 60,
    consentedAt: START,
  });
  const held = await extendPlanHorizon(app.deps, plan.id);
  expect(held.held).toBeGreaterThanOrEqual(3);
  const visits = await visitsOf(plan.id);
  return { owner, plan, visits };
}

const visitsOf = (planId: number) =>
  app.deps.db.select().from(planVisits).where(eq(planVisits.planId, planId)).orderBy(planVisits.sequence);

const free = (v: { appointmentAt: Date; appointmentEndAt: Date }) =>
  isTimeBusy(app.deps.db, {
    vendorId: vendor.vendorId,
    start: v.appointmentAt,
    end: v.appointmentEndAt,
    now: clock,
  }).then((busy) => !busy);

const skip = (client: TestClient, planId: number, visitId: number) =>
  client.request({ method: 'POST', url: `/api/plans/${planId}/visits/${visitId}/skip` });
const pause = (client: TestClient, planId: number, until: unknown) =>
  client.request({ method: 'POST', url: `/api/plans/${planId}/pause`, payload: { until } });
const cancel = (client: TestClient, planId: number, reason?: string, confirmed?: boolean) =>
  client.request({
    method: 'POST',
    url: `/api/plans/${planId}/cancel`,
    payload: { ...(reason ? { reason } : {}), ...(confirmed === undefined ? {} : { confirmed }) },
  });

async function actions(planId: number) {
  return (await listPlanEvents(app.deps.db, planId)).map((e) => e.action);
}

describe('skip a visit', () => {
  it('releases a held visit before its window closes, once, mails both sides, and is not charged', async () => {
    const { owner, plan, visits } = await newPlan();
    const first = visits[0]!;
    expect(first.status).toBe('held');
    expect(await free(first)).toBe(false);

    const res = await skip(owner.client, plan.id, first.id);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ plan: { visits: { id: number; status: string }[] } }>();
    expect(body.plan.visits.find((v) => v.id === first.id)?.status).toBe('skipped');
    expect(await findVisitClaim(app.deps.db, first.id)).toBeFalsy();
    expect(await free(first)).toBe(true);

    // A double click: the same answer, nothing logged or mailed twice.
    const again = await skip(owner.client, plan.id, first.id);
    expect(again.statusCode).toBe(200);
    expect((await actions(plan.id)).filter((a) => a === 'visit_skipped')).toHaveLength(1);
    const mails = (await outbox(app)).filter(
      (m) => m.subject.startsWith('Visit skipped') || m.subject.startsWith('Plan visit skipped'),
    );
    expect(mails.filter((m) => m.to === owner.email)).toHaveLength(1);
    expect(mails.filter((m) => m.to === 'manage-vendor@example.com').length).toBeGreaterThanOrEqual(1);

    // Its charge time comes: the job charges nothing.
    clock = new Date(first.chargeAt.getTime() + HOUR);
    expect(await chargeVisit(app.deps, first.id)).toBe('skipped');
    expect((await findPlanVisit(app.deps.db, first.id))?.status).toBe('skipped');
  });

  it('refuses a visit whose cancellation window has closed', async () => {
    const { owner, plan, visits } = await newPlan();
    const first = visits[0]!;
    clock = new Date(first.chargeAt.getTime() + 60_000);
    const res = await skip(owner.client, plan.id, first.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatch(/cancellation window has closed/);
    expect((await findPlanVisit(app.deps.db, first.id))?.status).toBe('held');
  });

  it('answers 404 to anyone but the plan’s customer, and for a visit of another plan', async () => {
    const { plan, visits } = await newPlan();
    const other = await newPlan();
    const stranger = await signedUpCustomer(app, 'stranger');
    expect((await skip(stranger.client, plan.id, visits[0]!.id)).statusCode).toBe(404);
    expect((await skip(vendorClient, plan.id, visits[0]!.id)).statusCode).toBe(404);
    expect((await skip(other.owner.client, other.plan.id, visits[0]!.id)).statusCode).toBe(404);
    expect((await skip(other.owner.client, 999999, visits[0]!.id)).statusCode).toBe(404);
    expect((await skip(other.owner.client, plan.id, 0)).statusCode).toBe(404);
    const signedOut = new TestClient(app);
    await signedOut.session();
    expect((await skip(signedOut, plan.id, visits[0]!.id)).statusCode).toBe(401);
    expect((await findPlanVisit(app.deps.db, visits[0]!.id))?.status).toBe('held');
  });
});

describe('pause until a date', () => {
  it('skips the held visits before the date, keeps the later ones, and the horizon does not hold them again', async () => {
    const { owner, plan } = await newPlan();
    const res = await pause(owner.client, plan.id, '2026-12-20');
    expect(res.statusCode).toBe(200);
    expect(res.json().plan).toMatchObject({ status: 'paused', pausedUntil: '2026-12-20' });
    const visits = await visitsOf(plan.id);
    for (const v of visits) expect(v.status).toBe(v.localDate < '2026-12-20' ? 'skipped' : 'held');
    expect(visits.filter((v) => v.status === 'skipped')).toHaveLength(2);
    expect(await free(visits[0]!)).toBe(true);

    expect((await pause(owner.client, plan.id, '2026-12-20')).statusCode).toBe(200);
    expect((await actions(plan.id)).filter((a) => a === 'paused')).toHaveLength(1);

    await extendPlanHorizon(app.deps, plan.id);
    const after = await visitsOf(plan.id);
    expect(after.filter((v) => v.localDate < '2026-12-20').every((v) => v.status === 'skipped')).toBe(true);
    expect(after.filter((v) => v.localDate >= '2026-12-20').every((v) => v.status === 'held')).toBe(true);
    const mails = (await outbox(app)).filter((m) => m.subject.startsWith('Plan paused'));
    expect(mails.some((m) => m.to === owner.email && m.subject.includes('Dec 20th'))).toBe(true);
  });

  it('checks the date and the owner', async () => {
    const { owner, plan } = await newPlan();
    for (const bad of ['2026-11-23', '2026-11-20', '2027-13-01', 'soon', '2028-01-01', 5])
      expect((await pause(owner.client, plan.id, bad)).statusCode).toBe(422);
    const stranger = await signedUpCustomer(app, 'stranger');
    expect((await pause(stranger.client, plan.id, '2026-12-20')).statusCode).toBe(404);
    expect((await findPlan(app.deps.db, plan.id))?.status).toBe('active');
  });
});

describe('cancel the plan', () => {
  it('by the customer: every held visit released, once, nothing charged after', async () => {
    const { owner, plan, visits } = await newPlan();
    const res = await cancel(owner.client, plan.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().plan.status).toBe('cancelled');
    const after = await visitsOf(plan.id);
    expect(after.every((v) => v.status === 'cancelled')).toBe(true);
    for (const v of after) expect(await free(v)).toBe(true);
    expect((await cancel(owner.client, plan.id)).statusCode).toBe(200);
    expect((await actions(plan.id)).filter((a) => a === 'cancelled')).toHaveLength(1);
    expect((await skip(owner.client, plan.id, visits[0]!.id)).statusCode).toBe(422);
    expect((await pause(owner.client, plan.id, '2026-12-20')).statusCode).toBe(422);
    clock = new Date(visits[0]!.chargeAt.getTime() + HOUR);
    expect(await chargeVisit(app.deps, visits[0]!.id)).toBe('skipped');
    expect((await extendPlanHorizon(app.deps, plan.id)).held).toBe(0);
    const mails = (await outbox(app)).filter((m) => m.subject.startsWith('Plan cancelled'));
    expect(mails.filter((m) => m.to === owner.email)).toHaveLength(1);
  });

  it('by its vendor with a reason and the confirm box; other vendors get 404; the customer is mailed the reason', async () => {
    const { owner, plan } = await newPlan();
    expect((await cancel(otherVendorClient, plan.id, 'No longer serving', true)).statusCode).toBe(404);
    const noReason = await cancel(vendorClient, plan.id);
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors).toEqual(['Reason is required.', 'Please check the box to confirm.']);
    const unconfirmed = await cancel(vendorClient, plan.id, 'We no longer serve your area', false);
    expect(unconfirmed.statusCode).toBe(422);
    expect(unconfirmed.json().errors).toEqual(['Please check the box to confirm.']);
    expect((await findPlan(app.deps.db, plan.id))?.status).toBe('active');
    const res = await cancel(vendorClient, plan.id, 'We no longer serve your area', true);
    expect(res.statusCode).toBe(200);
    const row = await findPlan(app.deps.db, plan.id);
    expect(row).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'vendor',
      cancelReason: 'We no longer serve your area',
    });
    expect((await visitsOf(plan.id)).every((v) => v.status === 'cancelled')).toBe(true);
    const mail = (await outbox(app)).find(
      (m) => m.to === owner.email && m.subject.startsWith('Plan cancelled'),
    );
    expect(mail?.text).toContain('We no longer serve your area');
  });
});
