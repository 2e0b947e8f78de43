/**
 * The jobs table: background work shared by every instance. A job is claimed with
 * FOR UPDATE SKIP LOCKED, so two instances never run the same job. A claim is a lease held by one
 * worker (`locked_by`): the outcome of a run is written only while that worker still holds it, a worker
 * that stops hands its leases back at once, and a lease left by a dead process expires (requeueStaleJobs).
 * A finished job keeps `locked_by`: the worker that ran it, for the record.
 */
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { jobs } from '../../db/schema';

export type JobRow = typeof jobs.$inferSelect;

export async function enqueueJob(
  db: Db,
  job: {
    kind: string;
    payload?: Record<string, unknown>;
    runAt: Date;
    uniqueKey?: string;
    maxAttempts?: number;
  },
): Promise<boolean> {
  const rows = await db
    .insert(jobs)
    .values({
      kind: job.kind,
      payload: job.payload ?? {},
      runAt: job.runAt,
      uniqueKey: job.uniqueKey ?? null,
      maxAttempts: job.maxAttempts ?? 5,
      createdAt: job.runAt,
      updatedAt: job.runAt,
    })
    .onConflictDoNothing({ target: jobs.uniqueKey })
    .returning({ id: jobs.id });
  return rows.length > 0;
}

interface RawJob {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
}

/** Claims up to `limit` due jobs for this worker. */
export async function claimDueJobs(db: Db, workerId: string, now: Date, limit: number) {
  const rows = await queryRows<RawJob>(
    db,
    sql`update jobs set status = 'running', locked_at = ${now.toISOString()}::timestamptz, locked_by = ${workerId},
          attempts = attempts + 1, updated_at = ${now.toISOString()}::timestamptz
        where id in (
          select id from jobs where status = 'queued' and run_at <= ${now.toISOString()}::timestamptz
          order by run_at, id limit ${limit} for update skip locked)
        returning id, kind, payload, attempts, max_attempts`,
  );
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    payload: typeof r.payload === 'string' ? (JSON.parse(r.payload) as Record<string, unknown>) : r.payload,
    attempts: r.attempts,
    maxAttempts: r.max_attempts,
  }));
}
export type ClaimedJob = Awaited<ReturnType<typeof claimDueJobs>>[number];

/** The job as this worker claimed it: still running under its lease (not handed back or taken over). */
const heldBy = (id: number, workerId: string) =>
  and(eq(jobs.id, id), eq(jobs.status, 'running'), eq(jobs.lockedBy, workerId));

/** Done; `locked_by` stays as the worker that ran it. False when the lease was no longer this worker's. */
export async function completeJob(db: Db, job: { id: number; workerId: string }, now: Date) {
  const rows = await db
    .update(jobs)
    .set({ status: 'done', lockedAt: null, lastError: null, updatedAt: now })
    .where(heldBy(job.id, job.workerId))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * Hands jobs this worker claimed back to the queue, due as they were, the attempt not counted: another
 * instance takes them at its next poll instead of after the lease expires. Answers how many.
 */
export async function releaseJobs(db: Db, ids: number[], workerId: string, now: Date) {
  if (ids.length === 0) return 0;
  const rows = await db
    .update(jobs)
    .set({
      status: 'queued',
      attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
      lockedAt: null,
      lockedBy: null,
      updatedAt: now,
    })
    .where(and(inArray(jobs.id, ids), eq(jobs.status, 'running'), eq(jobs.lockedBy, workerId)))
    .returning({ id: jobs.id });
  return rows.length;
}

/** A failed attempt: retried with exponential backoff until its attempts run out. */
export async function failJob(db: Db, job: ClaimedJob & { workerId: string }, error: string, now: Date) {
  const exhausted = job.attempts >= job.maxAttempts;
  const backoffMs = Math.min(30_000 * 2 ** (job.attempts - 1), 6 * 3_600_000);
  await db
    .update(jobs)
    .set({
      status: exhausted ? 'failed' : 'queued',
      runAt: exhausted ? undefined : new Date(now.getTime() + backoffMs),
      lastError: error.slice(0, 2000),
      lockedAt: null,
      lockedBy: null,
      updatedAt: now,
    })
    .where(heldBy(job.id, job.workerId));
}

/** A job that asked to run again later: queued for then, the attempt not counted. */
export async function postponeJob(db: Db, job: ClaimedJob & { workerId: string }, runAt: Date, now: Date) {
  await db
    .update(jobs)
    .set({
      status: 'queued',
      runAt,
      attempts: Math.max(0, job.attempts - 1),
      lockedAt: null,
      lockedBy: null,
      updatedAt: now,
    })
    .where(heldBy(job.id, job.workerId));
}

/** Jobs left running by an instance that died are queued again. */
export async function requeueStaleJobs(db: Db, now: Date, staleAfterMs: number) {
  await db
    .update(jobs)
    .set({ status: 'queued', lockedAt: null, lockedBy: null, updatedAt: now })
    .where(and(eq(jobs.status, 'running'), lt(jobs.lockedAt, new Date(now.getTime() - staleAfterMs))));
}

export async function pruneFinishedJobs(db: Db, olderThan: Date) {
  await db.delete(jobs).where(and(eq(jobs.status, 'done'), lt(jobs.updatedAt, olderThan)));
}
