/**
 * Recurring service plans (ADR 0037): holding a plan's visits on the vendor's time and letting them go.
 * Every function runs in the caller's transaction and takes the plan row's lock first, so two writers of
 * one plan (the daily hold job, the customer skipping a visit, the charge job) take turns; a hold then
 * takes the vendor-time lock checkout's holds take (plan row, then vendor time: always in that order). A
 * held-like visit (HELD_VISIT_STATUSES) claims its time through the time_claims trigger; the exclusion
 * constraint there is the one arbiter between visits, orders and each other (SQLSTATE 23P01).
 */
import { HELD_VISIT_STATUSES, type ORDER_EVENT_ROLES, type PLAN_VISIT_STATUSES } from '../../db/schema';
import type { Tx } from '../../db/client';
import { sqlStateOf } from '../../db/sql-state';
import { isOneOf } from '@stg/domain/is-one-of';
import { lockVendorTime } from '../payment-records/queries';
import { isTimeBusy } from '../scheduling/service';
import {
  addPlanEvent,
  findVisitBySequence,
  insertPlanVisit,
  lockPlan,
  lockPlanVisit,
  updatePlanVisit,
  updatePlanVisitAndLog,
  findPlanVisit,
  type NewPlanEvent,
  type PlanRow,
  type PlanVisitRow,
} from './repo';
import { enqueueVisitCharge } from './visit-jobs';

export type { PlanRow, PlanVisitRow } from './repo';

/** A visit to hold: its number in the plan, its St George date and its time. */
export interface VisitToHold {
  sequence: number;
  localDate: string;
  appointmentAt: Date;
  appointmentEndAt: Date;
  /** When its cancellation window closes (and it is charged). */
  chargeAt: Date;
}

export type HoldOutcome =
  /** Held now: the visit's row and its claim were written. */
  | { sequence: number; outcome: 'held'; visit: PlanVisitRow }
  /** Held (or handled) before, e.g. by an earlier try of the same job: nothing written. */
  | { sequence: number; outcome: 'exists'; visit: PlanVisitRow }
  /**
   * The vendor's time is busy (an order, a checkout hold, another visit, a synced calendar entry): nothing
   * written for this visit (ADR 0037: the caller moves it or asks the customer).
   */
  | { sequence: number; outcome: 'busy' }
  /** The time claim met another (the exclusion constraint, 23P01): nothing written for this visit. */
  | { sequence: number; outcome: 'clash' }
  /** The plan is cancelled: nothing held. */
  | { sequence: number; outcome: 'plan_cancelled' };

type Actor = { role: (typeof ORDER_EVENT_ROLES)[number]; userId?: number | null };
const SYSTEM: Actor = { role: 'system' };

/** Whether `err` (or its cause) is PostgreSQL refusing a claim that overlaps another (exclusion, 23P01). */
export function isTimeClash(err: unknown): boolean {
  return sqlStateOf(err) === '23P01';
}

export const isHeldLike = (status: string) => isOneOf(HELD_VISIT_STATUSES, status);

/**
 * Holds `visits` of the plan under its row lock and the vendor-time lock, each in a savepoint of its own, so
 * a visit whose time is busy (`busy`, read under the lock) or whose claim meets another (`clash`, the
 * constraint) is reported and the others are held all the same. A sequence already held (or handled) is
 * reported as it is (`exists`): a retried job holds nothing twice. Logs `visit_held` per visit held.
 */
export async function holdVisits(
  tx: Tx,
  plan: Pick<PlanRow, 'id'>,
  visits: readonly VisitToHold[],
  opts: { now: Date; actor?: Actor },
): Promise<HoldOutcome[]> {
  const actor = opts.actor ?? SYSTEM;
  const locked = await lockPlan(tx, plan.id);
  if (!locked) throw new Error(`No plan ${plan.id}`);
  // Checkout's holds take this lock to decide a time is free: one of the two decides first.
  if (locked.status !== 'cancelled') await lockVendorTime(tx, locked.vendorId);
  const outcomes: HoldOutcome[] = [];
  for (const v of visits) {
    if (locked.status === 'cancelled') {
      outcomes.push({ sequence: v.sequence, outcome: 'plan_cancelled' });
      continue;
    }
    const existing = await findVisitBySequence(tx, locked.id, v.sequence);
    if (existing) {
      outcomes.push({ sequence: v.sequence, outcome: 'exists', visit: existing });
      continue;
    }
    const span = {
      vendorId: locked.vendorId,
      start: v.appointmentAt,
      end: v.appointmentEndAt,
      now: opts.now,
    };
    if (await isTimeBusy(tx, span)) {
      outcomes.push({ sequence: v.sequence, outcome: 'busy' });
      continue;
    }
    let visit: PlanVisitRow;
    try {
      visit = await tx.transaction((sp) =>
        insertPlanVisit(sp, {
          planId: locked.id,
          sequence: v.sequence,
          localDate: v.localDate,
          appointmentAt: v.appointmentAt,
          appointmentEndAt: v.appointmentEndAt,
          chargeAt: v.chargeAt,
          status: 'held',
        }),
      );
    } catch (err) {
      if (!isTimeClash(err)) throw err;
      outcomes.push({ sequence: v.sequence, outcome: 'clash' });
      continue;
    }
    await addPlanEvent(tx, {
      planId: locked.id,
      planVisitId: visit.id,
      actorRole: actor.role,
      actorUserId: actor.userId ?? null,
      action: 'visit_held',
      details: { sequence: v.sequence, appointmentAt: v.appointmentAt.toISOString() },
    });
    // Step 2: the visit is charged off-session when its cancellation window closes (visit-charge.ts).
    await enqueueVisitCharge(tx, visit, opts.now);
    outcomes.push({ sequence: v.sequence, outcome: 'held', visit });
  }
  return outcomes;
}

/** What a released visit becomes (each frees its time). */
export const RELEASED_VISIT_STATUSES = [
  'cancelled',
  'skipped',
  'needs_time',
] as const satisfies readonly (typeof PLAN_VISIT_STATUSES)[number][];

const RELEASE_ACTIONS = {
  cancelled: 'visit_cancelled',
  skipped: 'visit_skipped',
  needs_time: 'visit_needs_time',
} as const;

/**
 * Lets a held-like visit's time go: the visit becomes `to` (cancelled unless told) and its claim is deleted
 * by trigger in this transaction. A visit not held (already released, or an order) is answered unchanged
 * with `released: false`: a retry releases nothing twice. Locks the plan row, then the visit's.
 */
export async function releaseVisit(
  tx: Tx,
  visitId: number,
  opts: { to?: (typeof RELEASED_VISIT_STATUSES)[number]; actor?: Actor; reason?: string } = {},
): Promise<{ released: boolean; visit: PlanVisitRow }> {
  const found = await findPlanVisit(tx, visitId);
  if (!found) throw new Error(`No plan visit ${visitId}`);
  await lockPlan(tx, found.planId);
  const visit = await lockPlanVisit(tx, visitId);
  if (!visit) throw new Error(`No plan visit ${visitId}`);
  if (!isHeldLike(visit.status)) return { released: false, visit };
  const to = opts.to ?? 'cancelled';
  const actor = opts.actor ?? SYSTEM;
  const updated = await updatePlanVisit(tx, visitId, { status: to, updatedAt: new Date() });
  await addPlanEvent(tx, {
    planId: visit.planId,
    planVisitId: visitId,
    actorRole: actor.role,
    actorUserId: actor.userId ?? null,
    action: RELEASE_ACTIONS[to],
    details: { from: visit.status, ...(opts.reason ? { reason: opts.reason } : {}) },
  });
  return { released: true, visit: updated };
}

/**
 * Marks a visit as having become `orderId` (ADR 0037 "Charging": the settlement inserts the order with
 * `plan_visit_id`, whose trigger takes the visit's claim over, then calls this in the same transaction).
 * Idempotent: a visit already ordered as this order is answered unchanged.
 */
export async function markVisitOrdered(
  tx: Tx,
  visitId: number,
  orderId: number,
  actor: Actor = SYSTEM,
): Promise<PlanVisitRow> {
  const found = await findPlanVisit(tx, visitId);
  if (!found) throw new Error(`No plan visit ${visitId}`);
  await lockPlan(tx, found.planId);
  const visit = await lockPlanVisit(tx, visitId);
  if (!visit) throw new Error(`No plan visit ${visitId}`);
  return markLockedVisitOrdered(tx, visit, orderId, { actor });
}

/**
 * markVisitOrdered for a caller that holds the plan's and the visit's row locks and read `visit` under them.
 * `set` is written in the same update (the intent that paid it, the settlement's time); `eventsBefore` are
 * logged just before `visit_ordered`, in the same insert.
 */
export async function markLockedVisitOrdered(
  tx: Tx,
  visit: PlanVisitRow,
  orderId: number,
  opts: {
    actor?: Actor;
    set?: Partial<Pick<PlanVisitRow, 'paymentIntentId' | 'updatedAt'>>;
    eventsBefore?: NewPlanEvent[];
  } = {},
): Promise<PlanVisitRow> {
  const visitId = visit.id;
  const actor = opts.actor ?? SYSTEM;
  if (visit.status === 'ordered' && visit.orderId === orderId) return visit;
  if (!isHeldLike(visit.status)) throw new Error(`Plan visit ${visitId} is ${visit.status}, not held`);
  const set = { status: 'ordered' as const, orderId, updatedAt: new Date(), ...opts.set };
  // The update and its events in one statement; the row it writes is the locked one with these changes.
  await updatePlanVisitAndLog(tx, visitId, set, [
    ...(opts.eventsBefore ?? []),
    {
      planId: visit.planId,
      planVisitId: visitId,
      actorRole: actor.role,
      actorUserId: actor.userId ?? null,
      action: 'visit_ordered',
      details: { orderId },
    },
  ]);
  return { ...visit, ...set };
}
