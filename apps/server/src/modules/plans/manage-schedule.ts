/**
 * Moving a plan's visits (ADR 0037 "Managing a plan", step 3c): the customer reschedules one visit (held,
 * or waiting for a new time) to another time the vendor has free, or changes the plan's frequency and/or
 * its usual day and time from a first visit on the new schedule. Each is one transaction: the plan row
 * locked, then the vendor's time (the order holdVisits and checkout's holds take), then the visits; the
 * exclusion constraint on `time_claims` is the last word on a taken time (23P01 → the spec's "Appointment
 * time is no longer available…"). Idempotent on repeat (the same answer, nothing mailed twice), logged in
 * `plan_events`, mailed to both sides after commit.
 */
import { CUSTOMER_STEP_MINUTES } from '@stg/domain/availability';
import { PLAN_MANAGE_MESSAGES as M, type CustomerPlan } from '@stg/domain/api/plans';
import type { Availability } from '@stg/domain/api/availability';
import { LIMITS, TIME_ZONE } from '@stg/domain/constants';
import { PLAN_MESSAGES, type PlanFrequency } from '@stg/domain/plans';
import { ORDER_MESSAGES } from '@stg/domain/order-actions';
import { SCHEDULING_MESSAGES } from '@stg/domain/scheduling-preferences';
import { formatLocalDate, localDateTimeOf } from '@stg/domain/zoned-time';
import type { PaymentsDeps } from '../../deps';
import type { Tx } from '../../db/client';
import { notFound, unprocessable } from '../../http/errors';
import { lockVendorTime } from '../payment-records/queries';
import { vendorPlanOffers } from '../plan-offers/service';
import { findVendor } from '../pricing/queries';
import { presentAvailability } from '../scheduling/presenter';
import { bookingLimitDaysOf, checkStart, vendorAvailability, type StartCheck } from '../scheduling/service';
import { finish, lockOwnPlan, present, windowOpen, type PlanActor } from './manage';
import type { PlanChangeMail } from './manage-mails';
import { planPriceFor } from './presenter';
import {
  addPlanEvent,
  findPlan,
  findPlanVisit,
  listPlanEvents,
  listVisitsOfPlan,
  lockPlanVisit,
  updatePlan,
  updatePlanVisit,
  type PlanRow,
  type PlanVisitRow,
} from './repo';
import { isTimeClash, releaseVisit } from './service';
import { holdOrAskForTime, visitsToHold } from './visit-horizon';
import { requeueVisitCharge } from './visit-jobs';

const HOUR_MS = 3_600_000;

/** The plan, if it is the caller's (read without a lock: the checks before the transaction). */
async function ownPlan(deps: PaymentsDeps, actor: PlanActor, planId: number): Promise<PlanRow> {
  const plan = await findPlan(deps.db, planId);
  if (!plan || plan.userId !== actor.id) throw notFound(M.planNotFound);
  return plan;
}

/** The visits a schedule change replaces: held with an open window, or waiting for a new time, from now on. */
function replaceable(visits: readonly PlanVisitRow[], now: Date): PlanVisitRow[] {
  return visits.filter(
    (v) =>
      (v.status === 'held' && windowOpen(v.chargeAt, now)) ||
      (v.status === 'needs_time' && v.appointmentAt.getTime() > now.getTime()),
  );
}

/**
 * GET /api/plans/:id/availability: the vendor's free starts for the plan's visit length, as the provider
 * page computes them (the slot engine, the vendor's rules and busy times, its calendar synced when stale).
 * With `visitId` that visit's own time is free (it is being moved); without, every visit a schedule change
 * would replace is free. Only the plan's customer (404 otherwise). Not cached: the answer is the caller's.
 */
export async function planAvailability(
  deps: PaymentsDeps,
  actor: PlanActor,
  planId: number,
  visitId: number | null,
): Promise<Availability> {
  const now = deps.now();
  const plan = await ownPlan(deps, actor, planId);
  let exclude: number[];
  if (visitId !== null) {
    const visit = await findPlanVisit(deps.db, visitId);
    if (!visit || visit.planId !== plan.id) throw notFound(M.visitNotFound);
    exclude = [visit.id];
  } else {
    exclude = replaceable(await listVisitsOfPlan(deps.db, plan.id), now).map((v) => v.id);
  }
  const request = {
    vendorId: plan.vendorId,
    windowDays: LIMITS.calendarWindowDays,
    durationMinutes: plan.durationMins,
    stepMinutes: CUSTOMER_STEP_MINUTES,
    excludePlanVisitIds: exclude,
  };
  const answer = await vendorAvailability(deps.db, deps.busyTimesCheck, request, now);
  return presentAvailability(request, answer);
}

/** The vendor's cancellation policy hours (a visit is charged that long before it). */
async function policyHoursOf(deps: PaymentsDeps, vendorId: number): Promise<number> {
  return (await findVendor(deps.db, vendorId))?.cancelationPolicyHours ?? 0;
}

/** Refuses a start the vendor cannot take: checked with the calendar synced first, then again under the locks. */
async function requireFree(deps: PaymentsDeps, tx: Tx | null, slot: StartCheck, now: Date) {
  const problem = tx
    ? await checkStart(tx, async () => null, slot, now)
    : await checkStart(deps.db, deps.busyTimesCheck, slot, now);
  if (problem) throw unprocessable(SCHEDULING_MESSAGES.appointmentUnavailable);
}

/** A visit's times at `at`: its St George date, end and charge time. */
function timesAt(at: Date, durationMins: number, policyHours: number) {
  return {
    localDate: formatLocalDate(localDateTimeOf(at.getTime(), TIME_ZONE)),
    appointmentAt: at,
    appointmentEndAt: new Date(at.getTime() + durationMins * 60_000),
    chargeAt: new Date(at.getTime() - policyHours * HOUR_MS),
  };
}

/** Maps the exclusion constraint's refusal (another claim took the time meanwhile) to the spec's message. */
async function clashAsUnavailable<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (isTimeClash(err)) throw unprocessable(SCHEDULING_MESSAGES.appointmentUnavailable);
    throw err;
  }
}

/**
 * POST /api/plans/:id/visits/:visitId/reschedule: the customer moves a held visit whose cancellation window
 * is open, or gives a `needs_time` visit a time, to a free start whose own window is still open. The visit
 * stays the same row (its sequence, its charge job moved to the new charge time); its claim moves with it by
 * trigger. The same time again after a move answers the plan unchanged; the current time otherwise is
 * "Please choose a different time.".
 */
export async function rescheduleVisit(
  deps: PaymentsDeps,
  actor: PlanActor,
  planId: number,
  visitId: number,
  at: Date,
): Promise<CustomerPlan> {
  const now = deps.now();
  const pre = await ownPlan(deps, actor, planId);
  const hours = await policyHoursOf(deps, pre.vendorId);
  const slot: StartCheck = {
    vendorId: pre.vendorId,
    start: at,
    durationMinutes: pre.durationMins,
    stepMinutes: CUSTOMER_STEP_MINUTES,
    excludePlanVisitId: visitId,
  };
  // The vendor's calendar is synced (if stale) before the transaction; inside it only the database is asked.
  await requireFree(deps, null, slot, now);
  const result = await clashAsUnavailable(() =>
    deps.db.transaction(async (tx) => {
      const { plan } = await lockOwnPlan(tx, actor, planId, ['customer']);
      if (plan.status !== 'cancelled') await lockVendorTime(tx, plan.vendorId);
      const visit = await lockPlanVisit(tx, visitId);
      if (!visit || visit.planId !== plan.id) throw notFound(M.visitNotFound);
      if (visit.status === 'held' && visit.appointmentAt.getTime() === at.getTime()) {
        const events = await listPlanEvents(tx, plan.id);
        const moved = events.some(
          (e) =>
            e.planVisitId === visit.id &&
            e.action === 'visit_rescheduled' &&
            e.details.to === at.toISOString(),
        );
        if (moved) return { plan: await present(tx, plan), mail: null };
        throw unprocessable(ORDER_MESSAGES.sameTime);
      }
      if (plan.status === 'cancelled') throw unprocessable(M.planCancelled);
      if (visit.status !== 'held' && visit.status !== 'needs_time') throw unprocessable(M.visitNotMovable);
      if (visit.status === 'held' && !windowOpen(visit.chargeAt, now)) throw unprocessable(M.windowClosed);
      const times = timesAt(at, plan.durationMins, hours);
      if (!windowOpen(times.chargeAt, now)) throw unprocessable(M.newTimeInWindow);
      if (plan.status === 'paused' && plan.pausedUntil && times.localDate < plan.pausedUntil)
        throw unprocessable(M.pausedBefore);
      await requireFree(deps, tx, slot, now);
      const updated = await updatePlanVisit(tx, visit.id, { ...times, status: 'held', updatedAt: now });
      await addPlanEvent(tx, {
        planId: plan.id,
        planVisitId: visit.id,
        actorRole: 'customer',
        actorUserId: actor.id,
        action: 'visit_rescheduled',
        details: { from: visit.appointmentAt.toISOString(), to: at.toISOString(), fromStatus: visit.status },
      });
      await requeueVisitCharge(tx, updated, now);
      const mail: PlanChangeMail = {
        kind: 'rescheduled',
        planId: plan.id,
        visits: visit.status === 'held' ? [visit.appointmentAt] : [],
        to: at,
        by: 'customer',
      };
      return { plan: await present(tx, plan), mail };
    }),
  );
  return finish(deps, result);
}

/**
 * POST /api/plans/:id/schedule: the customer changes the frequency (the plan's own, or one the vendor
 * offers) and/or the usual day and time, by choosing the first visit on the new schedule (a free start whose
 * cancellation window is open). The plan is re-anchored there (its sequence after every visit written so
 * far); the visits it replaces (held with an open window, or waiting for a time) are released `cancelled`;
 * the new ones are held up to the vendor's booking window end, and those whose time is busy become
 * `needs_time` (the customer picks another). The first must be free (422 otherwise, nothing changed). The
 * price per visit follows the new frequency (planPriceFor). The same change again answers the plan unchanged.
 */
export async function changeSchedule(
  deps: PaymentsDeps,
  actor: PlanActor,
  planId: number,
  change: { frequency: PlanFrequency; firstVisitAt: Date },
): Promise<CustomerPlan> {
  const now = deps.now();
  const at = change.firstVisitAt;
  const pre = await ownPlan(deps, actor, planId);
  const hours = await policyHoursOf(deps, pre.vendorId);
  const bookingLimitDays = await bookingLimitDaysOf(deps.db, pre.vendorId);
  const offers = await vendorPlanOffers(deps.db, pre.vendorId);
  const first = timesAt(at, pre.durationMins, hours);
  const startMinutes = localDateTimeOf(at.getTime(), TIME_ZONE).minutes;
  const slot = (exclude: readonly number[]): StartCheck => ({
    vendorId: pre.vendorId,
    start: at,
    durationMinutes: pre.durationMins,
    stepMinutes: CUSTOMER_STEP_MINUTES,
    excludePlanVisitIds: exclude,
  });
  const replacedBefore = replaceable(await listVisitsOfPlan(deps.db, pre.id), now).map((v) => v.id);
  await requireFree(deps, null, slot(replacedBefore), now);
  const result = await clashAsUnavailable(() =>
    deps.db.transaction(async (tx) => {
      const { plan } = await lockOwnPlan(tx, actor, planId, ['customer']);
      if (
        plan.frequency === change.frequency &&
        plan.anchorLocalDate === first.localDate &&
        plan.anchorStartMinutes === startMinutes &&
        plan.anchorSequence > 1
      )
        return { plan: await present(tx, plan), mail: null };
      if (plan.status === 'cancelled') throw unprocessable(M.planCancelled);
      const price = planPriceFor(plan, offers, change.frequency);
      if (!price) throw unprocessable(PLAN_MESSAGES.notOffered);
      if (!windowOpen(first.chargeAt, now)) throw unprocessable(M.newTimeInWindow);
      if (plan.status === 'paused' && plan.pausedUntil && first.localDate < plan.pausedUntil)
        throw unprocessable(M.pausedBefore);
      await lockVendorTime(tx, plan.vendorId);
      const visits = await listVisitsOfPlan(tx, plan.id);
      const replaced = replaceable(visits, now);
      await requireFree(deps, tx, slot(replaced.map((v) => v.id)), now);
      const by = { role: 'customer' as const, userId: actor.id };
      const freed: Date[] = [];
      for (const v of replaced) {
        if (v.status === 'needs_time') {
          // It holds no time: it is only set aside, logged as a release is.
          await updatePlanVisit(tx, v.id, { status: 'cancelled', updatedAt: now });
          await addPlanEvent(tx, {
            planId: plan.id,
            planVisitId: v.id,
            actorRole: 'customer',
            actorUserId: actor.id,
            action: 'visit_cancelled',
            details: { from: 'needs_time', reason: 'schedule changed' },
          });
          continue;
        }
        const r = await releaseVisit(tx, v.id, { to: 'cancelled', actor: by, reason: 'schedule changed' });
        if (r.released) freed.push(v.appointmentAt);
      }
      const anchorSequence = visits.reduce((max, v) => Math.max(max, v.sequence), 0) + 1;
      const updated = await updatePlan(tx, plan.id, {
        frequency: change.frequency,
        anchorLocalDate: first.localDate,
        anchorStartMinutes: startMinutes,
        anchorSequence,
        discountPercent: price.discountPercent,
        subtotalCents: price.subtotalCents,
        updatedAt: now,
      });
      await addPlanEvent(tx, {
        planId: plan.id,
        actorRole: 'customer',
        actorUserId: actor.id,
        action: plan.frequency === change.frequency ? 'time_changed' : 'frequency_changed',
        details: {
          from: {
            frequency: plan.frequency,
            anchorLocalDate: plan.anchorLocalDate,
            anchorStartMinutes: plan.anchorStartMinutes,
            subtotalCents: plan.subtotalCents,
          },
          to: {
            frequency: change.frequency,
            anchorLocalDate: first.localDate,
            anchorStartMinutes: startMinutes,
            subtotalCents: price.subtotalCents,
          },
          replaced: replaced.length,
        },
      });
      const toHold = visitsToHold(updated, { now, bookingLimitDays, policyHours: hours });
      const held = await holdOrAskForTime(tx, updated, toHold, { now, policyHours: hours, actor: by });
      if (held.outcomes[0]?.sequence === anchorSequence && held.outcomes[0].outcome !== 'held')
        throw unprocessable(SCHEDULING_MESSAGES.appointmentUnavailable);
      const mail: PlanChangeMail = {
        kind: 'schedule_changed',
        planId: plan.id,
        visits: freed,
        to: at,
        by: 'customer',
        needsTime: held.needsTime.map((v) => v.appointmentAt),
        moved: held.moves.moved,
        pricePerVisitCents: price.subtotalCents,
      };
      return { plan: await present(tx, updated), mail };
    }),
  );
  return finish(deps, result);
}
