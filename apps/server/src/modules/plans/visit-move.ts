/**
 * A plan visit that meets a busy time (ADR 0037 "Holding the vendor's time"): at hold time (the horizon, a
 * schedule change) or later (a synced calendar event or time off written after it was held), it moves to
 * the nearest free start in its Monday-to-Sunday week whose cancellation window is still open (the slot
 * engine's answer for the visit's length, scheduling's `nearestFreeStart`); with none it waits for the
 * customer to pick one (`needs_time`, no claim). Runs in the caller's transaction, which holds the plan row
 * and the vendor-time lock (holdVisits takes them; `recheckHeldVisits` takes them itself). Mails go after
 * commit (`sendVisitsMovedMails`).
 */
import { TIME_ZONE } from '@stg/domain/constants';
import {
  addDays,
  formatLocalDate,
  instantOfLocal,
  localDateTimeOf,
  parseLocalDate,
  weekdayOf,
} from '@stg/domain/zoned-time';
import type { Tx } from '../../db/client';
import { lockVendorTime } from '../payment-records/queries';
import { isTimeBusy, nearestFreeStart } from '../scheduling/service';
import {
  addPlanEvent,
  listVisitsOfPlan,
  lockPlan,
  lockPlanVisit,
  updatePlanVisit,
  type PlanRow,
} from './repo';
import { isTimeClash, releaseVisit, type VisitToHold } from './service';
import { requeueVisitCharge } from './visit-jobs';

const HOUR_MS = 3_600_000;
/** Moves land on quarter hours (a free range's start, then every 15 minutes). */
const MOVE_STEP_MINUTES = 15;

/** What happened to visits that met a busy time: moved (from → to) or waiting for the customer. */
export interface VisitMoves {
  moved: { from: Date; to: Date }[];
  needsTime: Date[];
}

export const noMoves = (): VisitMoves => ({ moved: [], needsTime: [] });

/** The Monday-to-Sunday St George week of a local date, as instants [monday 0:00, next monday 0:00). */
function weekOf(localDate: string): { from: Date; to: Date } | null {
  const date = parseLocalDate(localDate);
  if (!date) return null;
  const monday = addDays(date, -((weekdayOf(date) + 6) % 7));
  return {
    from: new Date(instantOfLocal(monday, 0, TIME_ZONE)),
    to: new Date(instantOfLocal(addDays(monday, 7), 0, TIME_ZONE)),
  };
}

/** The nearest free start in the visit's week whose charge time (start − policy hours) is still ahead. */
export async function nearestStartInWeek(
  tx: Tx,
  plan: Pick<PlanRow, 'vendorId' | 'durationMins'>,
  visit: { localDate: string; appointmentAt: Date; id?: number },
  opts: { now: Date; policyHours: number },
): Promise<Date | null> {
  const week = weekOf(visit.localDate);
  if (!week) return null;
  return nearestFreeStart(tx, {
    vendorId: plan.vendorId,
    durationMinutes: plan.durationMins,
    around: visit.appointmentAt,
    from: week.from,
    to: week.to,
    now: opts.now,
    stepMinutes: MOVE_STEP_MINUTES,
    excludePlanVisitId: visit.id ?? null,
    accept: (start) => start - opts.policyHours * HOUR_MS > opts.now.getTime(),
  });
}

/** A visit to hold moved to `start`: same sequence, its date, end and charge time follow. */
export function visitAt(v: VisitToHold, start: Date, durationMins: number, policyHours: number): VisitToHold {
  return {
    sequence: v.sequence,
    localDate: formatLocalDate(localDateTimeOf(start.getTime(), TIME_ZONE)),
    appointmentAt: start,
    appointmentEndAt: new Date(start.getTime() + durationMins * 60_000),
    chargeAt: new Date(start.getTime() - policyHours * HOUR_MS),
  };
}

/**
 * Held visits of the plan whose window is open and whose time has become busy since they were held (a
 * synced calendar event or time off; orders and other visits cannot overlap a claim) are moved within
 * their week, or released to `needs_time`. Takes the plan row, then the vendor-time lock.
 */
export async function recheckHeldVisits(
  tx: Tx,
  planId: number,
  opts: { now: Date; policyHours: number },
): Promise<VisitMoves> {
  const moves = noMoves();
  const plan = await lockPlan(tx, planId);
  if (!plan || plan.status === 'cancelled') return moves;
  await lockVendorTime(tx, plan.vendorId);
  for (const v of await listVisitsOfPlan(tx, plan.id)) {
    if (v.status !== 'held' || v.chargeAt.getTime() <= opts.now.getTime()) continue;
    const span = { vendorId: plan.vendorId, start: v.appointmentAt, end: v.appointmentEndAt, now: opts.now };
    if (!(await isTimeBusy(tx, { ...span, excludePlanVisitId: v.id }))) continue;
    const visit = await lockPlanVisit(tx, v.id);
    if (!visit || visit.status !== 'held') continue;
    const start = await nearestStartInWeek(tx, plan, visit, opts);
    if (start) {
      const to = visitAt(visit, start, plan.durationMins, opts.policyHours);
      try {
        const moved = await tx.transaction((sp) =>
          updatePlanVisit(sp, visit.id, { ...to, updatedAt: opts.now }),
        );
        await addPlanEvent(tx, {
          planId: plan.id,
          planVisitId: visit.id,
          actorRole: 'system',
          action: 'visit_moved',
          details: { from: visit.appointmentAt.toISOString(), to: start.toISOString(), why: 'busy' },
        });
        await requeueVisitCharge(tx, moved, opts.now);
        moves.moved.push({ from: visit.appointmentAt, to: start });
        continue;
      } catch (err) {
        if (!isTimeClash(err)) throw err;
      }
    }
    const r = await releaseVisit(tx, visit.id, { to: 'needs_time', reason: 'busy' });
    if (r.released) moves.needsTime.push(visit.appointmentAt);
  }
  return moves;
}
