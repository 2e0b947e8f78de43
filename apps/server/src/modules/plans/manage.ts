/**
 * Managing a plan (ADR 0037 "Managing a plan", step 3a): the customer skips a held visit, pauses the plan
 * until a date, or cancels it; the plan's vendor cancels it with a reason. Each change is one transaction
 * under the plan row's lock, idempotent on repeat (a second click answers the plan as it is, and mails
 * nothing), logged in `plan_events`, and mailed to both sides after commit. Only held visits whose
 * cancellation window is still open are let go by the customer: a visit whose window has closed is being
 * (or has been) charged and becomes an order, with the order's own cancel and refund rules.
 */
import { TIME_ZONE } from '@stg/domain/constants';
import { PLAN_MANAGE_MESSAGES as M, type CustomerPlan } from '@stg/domain/api/plans';
import { addDays, formatLocalDate, localDateTimeOf, parseLocalDate } from '@stg/domain/zoned-time';
import type { PaymentsDeps } from '../../deps';
import type { Tx } from '../../db/client';
import { notFound, unprocessable } from '../../http/errors';
import { findVendor } from '../pricing/queries';
import { priceProposalOf, vendorPricingNow } from './price-proposal';
import { presentCustomerPlan } from './presenter';
import { addPlanEvent, listVisitsOfPlan, lockPlan, lockPlanVisit, updatePlan, type PlanRow } from './repo';
import { isHeldLike, releaseVisit } from './service';
import { sendPlanChangeMails, type PlanChangeMail } from './manage-mails';

/** Who acts: the plan's customer, or a user of the plan's vendor. */
export interface PlanActor {
  id: number;
  vendorId: number | null;
}

type Role = 'customer' | 'vendor';

const PAUSE_MAX_DAYS = 365;

/** The plan locked, with the caller's side of it; anyone else gets 404 (the plan's existence is not told). */
export async function lockOwnPlan(tx: Tx, actor: PlanActor, planId: number, roles: readonly Role[]) {
  const plan = await lockPlan(tx, planId);
  if (!plan) throw notFound(M.planNotFound);
  if (roles.includes('customer') && plan.userId === actor.id) return { plan, role: 'customer' as const };
  if (roles.includes('vendor') && actor.vendorId !== null && actor.vendorId === plan.vendorId)
    return { plan, role: 'vendor' as const };
  throw notFound(M.planNotFound);
}

export async function present(tx: Tx, plan: PlanRow): Promise<CustomerPlan> {
  const vendor = await findVendor(tx, plan.vendorId);
  const visits = await listVisitsOfPlan(tx, plan.id);
  const pricing = await vendorPricingNow(tx, plan.vendorId);
  return presentCustomerPlan(
    plan,
    vendor?.name ?? '',
    visits,
    pricing?.offers ?? [],
    priceProposalOf(plan, pricing, visits),
  );
}

/** A held visit the customer may still let go: its window (charge time) has not come. */
export const windowOpen = (chargeAt: Date, now: Date) => chargeAt.getTime() > now.getTime();

export async function finish(
  deps: PaymentsDeps,
  result: { plan: CustomerPlan; mail: PlanChangeMail | null },
): Promise<CustomerPlan> {
  const mail = result.mail;
  if (mail) deps.background.run(`plan ${mail.kind} mails`, () => sendPlanChangeMails(deps, mail));
  return result.plan;
}

/** The customer skips one held visit before its cancellation window closes; its time is free at once. */
export async function skipVisit(
  deps: PaymentsDeps,
  actor: PlanActor,
  planId: number,
  visitId: number,
): Promise<CustomerPlan> {
  const now = deps.now();
  const result = await deps.db.transaction(async (tx) => {
    const { plan } = await lockOwnPlan(tx, actor, planId, ['customer']);
    const visit = await lockPlanVisit(tx, visitId);
    if (!visit || visit.planId !== plan.id) throw notFound(M.visitNotFound);
    if (visit.status === 'skipped') return { plan: await present(tx, plan), mail: null };
    if (plan.status === 'cancelled') throw unprocessable(M.planCancelled);
    if (visit.status !== 'held') throw unprocessable(M.visitNotHeld);
    if (!windowOpen(visit.chargeAt, now)) throw unprocessable(M.windowClosed);
    await releaseVisit(tx, visit.id, { to: 'skipped', actor: { role: 'customer', userId: actor.id } });
    const mail: PlanChangeMail = {
      kind: 'skipped',
      planId: plan.id,
      visits: [visit.appointmentAt],
      by: 'customer',
    };
    return { plan: await present(tx, plan), mail };
  });
  return finish(deps, result);
}

/** Checks the pause's end: a St George date after today and at most a year away. */
function pauseEnd(until: string, now: Date): string {
  const date = parseLocalDate(until);
  const today = localDateTimeOf(now.getTime(), TIME_ZONE);
  if (!date || formatLocalDate(date) !== until) throw unprocessable(M.pauseDate);
  if (until <= formatLocalDate(today) || until > formatLocalDate(addDays(today, PAUSE_MAX_DAYS)))
    throw unprocessable(M.pauseDate);
  return until;
}

/**
 * The customer pauses the plan until `until`: every held visit before that date whose window is open is
 * skipped (its time freed); the horizon job holds visits again from that date. Pausing again moves the end
 * (visits between the old and the new end are skipped too); the same end again changes nothing.
 */
export async function pausePlan(
  deps: PaymentsDeps,
  actor: PlanActor,
  planId: number,
  until: string,
): Promise<CustomerPlan> {
  const now = deps.now();
  const end = pauseEnd(until, now);
  const result = await deps.db.transaction(async (tx) => {
    const { plan } = await lockOwnPlan(tx, actor, planId, ['customer']);
    if (plan.status === 'paused' && plan.pausedUntil === end)
      return { plan: await present(tx, plan), mail: null };
    if (plan.status === 'cancelled') throw unprocessable(M.planCancelled);
    const by = { role: 'customer' as const, userId: actor.id };
    const updated = await updatePlan(tx, plan.id, { status: 'paused', pausedUntil: end, updatedAt: now });
    await addPlanEvent(tx, {
      planId: plan.id,
      actorRole: by.role,
      actorUserId: by.userId,
      action: 'paused',
      details: { until: end, from: plan.pausedUntil },
    });
    const skipped: Date[] = [];
    for (const visit of await listVisitsOfPlan(tx, plan.id)) {
      if (visit.status !== 'held' || visit.localDate >= end || !windowOpen(visit.chargeAt, now)) continue;
      const r = await releaseVisit(tx, visit.id, { to: 'skipped', actor: by, reason: `paused until ${end}` });
      if (r.released) skipped.push(visit.appointmentAt);
    }
    const mail: PlanChangeMail = {
      kind: 'paused',
      planId: plan.id,
      visits: skipped,
      by: 'customer',
      until: end,
    };
    return { plan: await present(tx, updated), mail };
  });
  return finish(deps, result);
}

/**
 * The plan's customer, or a user of its vendor (with a reason and `confirmed`), cancels the plan: every held-like visit is
 * released (`cancelled`), visits already charged are orders and keep their own rules. A visit whose charge
 * is under way (`charging`) is left to finish: it becomes an order the customer may cancel as any order.
 */
export async function cancelPlan(
  deps: PaymentsDeps,
  actor: PlanActor,
  planId: number,
  request: { reason?: string | undefined; confirmed?: boolean | undefined },
): Promise<CustomerPlan> {
  const now = deps.now();
  const result = await deps.db.transaction(async (tx) => {
    const { plan, role } = await lockOwnPlan(tx, actor, planId, ['customer', 'vendor']);
    if (plan.status === 'cancelled') return { plan: await present(tx, plan), mail: null, openIntents: [] };
    const why = request.reason?.trim() || null;
    // The vendor's cancel: a reason and the confirm checkbox, as a vendor's order cancel (spec §5).
    if (role === 'vendor') {
      const problems = [
        ...(why ? [] : [M.reasonRequired]),
        ...(request.confirmed === true ? [] : [M.confirmRequired]),
      ];
      if (problems.length > 0) throw unprocessable(...problems);
    }
    const by = { role, userId: actor.id };
    const updated = await updatePlan(tx, plan.id, {
      status: 'cancelled',
      cancelledAt: now,
      cancelledBy: role,
      cancelReason: why,
      updatedAt: now,
    });
    await addPlanEvent(tx, {
      planId: plan.id,
      actorRole: role,
      actorUserId: actor.id,
      action: 'cancelled',
      details: why ? { reason: why } : {},
    });
    const released: Date[] = [];
    const openIntents: { visitId: number; intentId: string }[] = [];
    for (const visit of await listVisitsOfPlan(tx, plan.id)) {
      if (!isHeldLike(visit.status) || visit.status === 'charging') continue;
      const r = await releaseVisit(tx, visit.id, { to: 'cancelled', actor: by, reason: 'plan cancelled' });
      if (!r.released) continue;
      released.push(visit.appointmentAt);
      // A failed charge's intent waits for the pay link: cancelled at the provider, as at its deadline (a
      // payment landing after all is refunded in full by visit-settle.ts).
      if (visit.paymentIntentId) openIntents.push({ visitId: visit.id, intentId: visit.paymentIntentId });
    }
    const mail: PlanChangeMail = {
      kind: 'cancelled',
      planId: plan.id,
      visits: released,
      by: role,
      reason: why,
    };
    return { plan: await present(tx, updated), mail, openIntents };
  });
  for (const { visitId, intentId } of result.openIntents ?? [])
    deps.background.run('cancel a cancelled plan visit intent', async () => {
      await deps.payments.cancelIntent(intentId, `plan-visit-cancel:${visitId}`);
    });
  return finish(deps, result);
}
