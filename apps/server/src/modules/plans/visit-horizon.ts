/**
 * The daily `plan-horizon` job (ADR 0037 "Holding the vendor's time"): each live plan holds its visits up to
 * its vendor's booking window end, at least the next three, from today (or the end of a pause), each plan
 * in a transaction of its own through holdVisits (which queues each held visit's charge job). A visit whose
 * time is busy or clashes is recorded `needs_time` (no claim; moving it within the week is later work), so
 * it is not tried again every day. Visits whose cancellation window has already closed are not held. A
 * paused plan whose end date has come is active again first (`resumed`).
 */
import { TIME_ZONE } from '@stg/domain/constants';
import { visitDates } from '@stg/domain/plans';
import {
  addDays,
  formatLocalDate,
  localDateTimeOf,
  parseLocalDate,
  type LocalDate,
} from '@stg/domain/zoned-time';
import type { PaymentsDeps } from '../../deps';
import { findVendor } from '../pricing/queries';
import { bookingLimitDaysOf } from '../scheduling/service';
import {
  addPlanEvent,
  findPlan,
  findVisitBySequence,
  insertPlanVisit,
  listLivePlanIds,
  lockPlan,
  updatePlan,
  type PlanRow,
} from './repo';
import { holdVisits, type HoldOutcome, type VisitToHold } from './service';
import { sendVisitsMovedMails } from './manage-mails';
import { nearestStartInWeek, noMoves, recheckHeldVisits, visitAt, type VisitMoves } from './visit-move';
import type { Tx } from '../../db/client';

const HOUR_MS = 3_600_000;
/** At least this many visits ahead are held, whatever the booking window. */
export const MIN_VISITS_AHEAD = 3;
/** A guard: never more than this many visits of one plan in one run. */
const MAX_VISITS_AHEAD = 120;

/** The visits of `plan` to hold at `now`: from today (or the pause's end) to the window's end, at least three. */
export function visitsToHold(
  plan: PlanRow,
  opts: { now: Date; bookingLimitDays: number; policyHours: number },
): VisitToHold[] {
  const anchorDate = parseLocalDate(plan.anchorLocalDate);
  if (!anchorDate) return [];
  const { year, month, day } = localDateTimeOf(opts.now.getTime(), TIME_ZONE);
  const today: LocalDate = { year, month, day };
  const pausedUntil = plan.pausedUntil ? parseLocalDate(plan.pausedUntil) : null;
  const from = pausedUntil && formatLocalDate(pausedUntil) > formatLocalDate(today) ? pausedUntil : today;
  const last = formatLocalDate(addDays(today, opts.bookingLimitDays));
  const anchor = { date: anchorDate, minutes: plan.anchorStartMinutes };
  const dates = visitDates(anchor, plan.frequency, { from, count: MAX_VISITS_AHEAD });
  const out: VisitToHold[] = [];
  for (const d of dates) {
    const chargeAt = new Date(d.startsAt - opts.policyHours * HOUR_MS);
    if (chargeAt.getTime() <= opts.now.getTime()) continue;
    if (out.length >= MIN_VISITS_AHEAD && formatLocalDate(d.date) > last) break;
    out.push({
      sequence: plan.anchorSequence + d.n,
      localDate: formatLocalDate(d.date),
      appointmentAt: new Date(d.startsAt),
      appointmentEndAt: new Date(d.startsAt + plan.durationMins * 60_000),
      chargeAt,
    });
  }
  return out;
}

const todayOf = (now: Date) => formatLocalDate(localDateTimeOf(now.getTime(), TIME_ZONE));

/**
 * Holds `visits` of the plan (holdVisits, in the caller's transaction); each one whose time is busy or
 * clashes moves to the nearest free start in its week (`visit_moved` logged), or else is written
 * `needs_time` (no claim, `visit_needs_time` logged) for the customer to pick another. `outcomes` are the
 * first try's, at the visits' own times.
 */
export async function holdOrAskForTime(
  tx: Tx,
  plan: Pick<PlanRow, 'id'>,
  visits: readonly VisitToHold[],
  opts: { now: Date; policyHours: number; actor?: { role: 'customer' | 'system'; userId?: number } },
): Promise<{ outcomes: HoldOutcome[]; held: number; needsTime: VisitToHold[]; moves: VisitMoves }> {
  const outcomes = await holdVisits(tx, plan, visits, opts);
  let held = 0;
  const needsTime: VisitToHold[] = [];
  const moves = noMoves();
  const locked = await lockPlan(tx, plan.id);
  for (const o of outcomes) {
    if (o.outcome === 'held') held++;
    if (o.outcome !== 'busy' && o.outcome !== 'clash') continue;
    const v = visits.find((x) => x.sequence === o.sequence)!;
    if (!locked || (await findVisitBySequence(tx, plan.id, v.sequence))) continue;
    const start = await nearestStartInWeek(tx, locked, v, opts);
    if (start) {
      const [again] = await holdVisits(
        tx,
        plan,
        [visitAt(v, start, locked.durationMins, opts.policyHours)],
        opts,
      );
      if (again?.outcome === 'held') {
        await addPlanEvent(tx, {
          planId: plan.id,
          planVisitId: again.visit.id,
          actorRole: 'system',
          action: 'visit_moved',
          details: { from: v.appointmentAt.toISOString(), to: start.toISOString(), why: o.outcome },
        });
        moves.moved.push({ from: v.appointmentAt, to: start });
        held++;
        continue;
      }
    }
    const row = await insertPlanVisit(tx, { planId: plan.id, ...v, status: 'needs_time' });
    await addPlanEvent(tx, {
      planId: plan.id,
      planVisitId: row.id,
      actorRole: 'system',
      action: 'visit_needs_time',
      details: { sequence: v.sequence, appointmentAt: v.appointmentAt.toISOString(), why: o.outcome },
    });
    needsTime.push(v);
    moves.needsTime.push(v.appointmentAt);
  }
  return { outcomes, held, needsTime, moves };
}

/**
 * A paused plan whose pause has ended (its end date is today or before) is active again: status `active`,
 * no end date, `resumed` logged; its visits from that date on are held by the same run. Under the plan lock.
 */
async function resumeIfPauseEnded(tx: Tx, planId: number, now: Date): Promise<boolean> {
  const plan = await lockPlan(tx, planId);
  if (!plan || plan.status !== 'paused' || !plan.pausedUntil || plan.pausedUntil > todayOf(now)) return false;
  await updatePlan(tx, plan.id, { status: 'active', pausedUntil: null, updatedAt: now });
  await addPlanEvent(tx, {
    planId: plan.id,
    actorRole: 'system',
    action: 'resumed',
    details: { pausedUntil: plan.pausedUntil },
  });
  return true;
}

/** Holds one plan's visits up to its horizon; answers how many were held now and how many need a time. */
export async function extendPlanHorizon(
  deps: PaymentsDeps,
  planId: number,
): Promise<{ held: number; needsTime: number }> {
  const now = deps.now();
  const found = await findPlan(deps.db, planId);
  if (!found || found.status === 'cancelled') return { held: 0, needsTime: 0 };
  if (found.status === 'paused' && found.pausedUntil && found.pausedUntil <= todayOf(now))
    await deps.db.transaction((tx) => resumeIfPauseEnded(tx, planId, now));
  const plan = (await findPlan(deps.db, planId)) ?? found;
  const vendor = await findVendor(deps.db, plan.vendorId);
  if (!vendor) return { held: 0, needsTime: 0 };
  const visits = visitsToHold(plan, {
    now,
    bookingLimitDays: await bookingLimitDaysOf(deps.db, plan.vendorId),
    policyHours: vendor.cancelationPolicyHours,
  });
  const policyHours = vendor.cancelationPolicyHours;
  const result = await deps.db.transaction(async (tx) => {
    // Held visits that a calendar event or time off now covers move first (their week), then new ones are held.
    const rechecked = await recheckHeldVisits(tx, plan.id, { now, policyHours });
    if (visits.length === 0) return { held: 0, needsTime: rechecked.needsTime.length, moves: rechecked };
    const r = await holdOrAskForTime(tx, plan, visits, { now, policyHours });
    const moves: VisitMoves = {
      moved: [...rechecked.moved, ...r.moves.moved],
      needsTime: [...rechecked.needsTime, ...r.moves.needsTime],
    };
    return { held: r.held, needsTime: moves.needsTime.length, moves };
  });
  if (result.moves.moved.length + result.moves.needsTime.length > 0)
    deps.background.run('plan visits moved mails', () => sendVisitsMovedMails(deps, plan.id, result.moves));
  return { held: result.held, needsTime: result.needsTime };
}

/** The daily run: every live plan, a page of ids at a time. */
export async function runPlanHorizon(deps: PaymentsDeps): Promise<{ plans: number; held: number }> {
  let afterId = 0;
  let plans = 0;
  let held = 0;
  for (;;) {
    const ids = await listLivePlanIds(deps.db, afterId, 200);
    if (ids.length === 0) break;
    for (const id of ids) {
      // One plan's trouble (logged) does not stop the others; tomorrow's run tries it again.
      try {
        held += (await extendPlanHorizon(deps, id)).held;
      } catch (err) {
        deps.log.error({ err, planId: id }, 'plan horizon failed for a plan');
      }
      plans++;
    }
    afterId = ids[ids.length - 1]!;
  }
  return { plans, held };
}
