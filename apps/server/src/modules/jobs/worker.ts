/**
 * Runs due jobs on every instance. Recurring work is enqueued once per period with a unique key
 * (`kind:period-number`), so however many instances run, each period's job exists once.
 * A pass runs the jobs it claimed up to `concurrency` at a time (each job its own handler, transactions
 * and connection; the jobs of a pass are independent rows, each under its own row locks and keys).
 * Stopping (a SIGTERM) claims nothing more, hands back at once the jobs claimed but not started, lets the
 * jobs in hand finish for a grace period, then hands them back too: another instance takes them at its next
 * poll rather than after the 10-minute lease. A handed-back job may run again in full (at least once), so
 * handlers stay idempotent, as they are (idempotency keys, guarded state changes).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { runWithLog } from '../../log-context';
import {
  claimDueJobs,
  completeJob,
  enqueueJob,
  failJob,
  postponeJob,
  releaseJobs,
  requeueStaleJobs,
  type ClaimedJob,
} from './repo';

/** Thrown by a handler whose work is not due yet (waiting on someone else): run again after `delayMs`. */
export class RetryLater extends Error {
  constructor(
    readonly delayMs: number,
    reason: string,
  ) {
    super(reason);
    this.name = 'RetryLater';
  }
}

export type { ClaimedJob };

export type JobHandler = (job: ClaimedJob, ctx: { db: Db; now: Date }) => Promise<void>;

/** What happened to the jobs of one kind in a run: finished, failed (to be retried or given up), put off. */
export interface KindTally {
  done: number;
  failed: number;
  postponed: number;
}

export interface Recurring {
  kind: string;
  everyMs: number;
}

export interface JobWorkerOptions {
  db: Db;
  handlers: Record<string, JobHandler>;
  recurring?: Recurring[];
  now?: () => Date;
  /**
   * The worker's logger. With `child`, each job runs with a child logger naming the job (`jobId`, `kind`)
   * as the logger of its work (log-context.ts): every line its handler writes carries the job's id.
   */
  log?: Pick<FastifyBaseLogger, 'info' | 'error' | 'warn'> & Partial<Pick<FastifyBaseLogger, 'child'>>;
  /** Told of each job run: its kind, the outcome and how long the handler took (the metrics). */
  onFinished?: (kind: string, outcome: keyof KindTally, seconds: number) => void;
  pollMs?: number;
  batchSize?: number;
  /**
   * How many of a pass's claimed jobs run at once (1: one after another). Each running job may hold a
   * database connection: keep it below the pool's size (PostgreSQL's 10), and 1 on PGlite, whose one
   * connection runs a single transaction at a time anyway.
   */
  concurrency?: number;
}

/** How long a stopping worker lets the jobs in hand finish before handing it back. */
export const STOP_GRACE_MS = 5_000;
/** How long a polling worker's pass goes on claiming more while its batches come back full. */
export const REFILL_PASS_MS = 30_000;
/** A running job whose worker has not finished it in this long is taken to be abandoned. */
export const LEASE_MS = 10 * 60_000;

export class JobWorker {
  readonly id = `worker-${process.pid}-${randomBytes(4).toString('hex')}`;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private stopping = false;
  /** Jobs claimed by this worker and not finished: their leases. */
  private readonly held = new Map<number, ClaimedJob>();
  /** The held jobs whose handlers are running now (at most `concurrency`). */
  private readonly inHand = new Set<number>();
  private readonly now: () => Date;
  /** The period each recurring kind was last enqueued for by this worker (its unique key exists then). */
  private readonly enqueuedPeriod = new Map<string, number>();

  constructor(private readonly opts: JobWorkerOptions) {
    this.now = opts.now ?? (() => new Date());
  }

  /**
   * Runs passes until one finds nothing due (at most `maxPasses`), for `npm run jobs:due` and the dev
   * route: what is due now happens now instead of at the next poll. A job put off or failed in a pass is
   * not due again within the same run (its new run_at is later), so this ends.
   */
  async drain(maxPasses = 50): Promise<{ passes: number; kinds: Record<string, KindTally> }> {
    const tally = new Map<string, KindTally>();
    let passes = 0;
    while (passes < maxPasses) {
      passes++;
      if ((await this.runOnce(tally)) === 0) break;
    }
    return { passes, kinds: Object.fromEntries(tally) };
  }

  /**
   * One pass: enqueue recurring work that is due, then run the due jobs. Returns how many ran.
   * With `refill` (the polling worker's passes, start()), the lanes never wait for the rest of a batch:
   * when a full batch is down to about one job a lane, the next batch is claimed while they work, for up to
   * REFILL_PASS_MS (then the pass ends, and the next enqueues recurring work and requeues stale leases).
   */
  async runOnce(tally?: Map<string, KindTally>, opts: { refill?: boolean } = {}): Promise<number> {
    const { db } = this.opts;
    const now = this.now();
    for (const r of this.opts.recurring ?? []) {
      const period = Math.floor(now.getTime() / r.everyMs);
      // Once a period per worker: a busy worker's passes follow each other at once (issue 26).
      if (this.enqueuedPeriod.get(r.kind) === period) continue;
      await enqueueJob(db, { kind: r.kind, runAt: now, uniqueKey: `${r.kind}:${period}`, maxAttempts: 1 });
      this.enqueuedPeriod.set(r.kind, period);
    }
    await requeueStaleJobs(db, now, LEASE_MS);
    if (this.stopping) return 0;
    const batchSize = this.opts.batchSize ?? 10;
    const concurrency = Math.max(1, this.opts.concurrency ?? 1);
    const started = performance.now();
    /** Claimed and not started, in claim order. */
    const queue: ClaimedJob[] = [];
    let lastFull = false;
    const claim = async () => {
      const claimed = await claimDueJobs(db, this.id, this.now(), batchSize);
      for (const job of claimed) this.held.set(job.id, job);
      queue.push(...claimed);
      lastFull = claimed.length >= batchSize;
    };
    await claim();
    if (queue.length === 0) return 0;
    let refilling: Promise<void> | null = null;
    const refillFailed: { error: Error | null } = { error: null };
    const refill = () => {
      if (!opts.refill || !lastFull || refilling || this.stopping || queue.length > concurrency) return;
      if (performance.now() - started > REFILL_PASS_MS) return;
      refilling = claim()
        .catch((err: unknown) => {
          refillFailed.error = err instanceof Error ? err : new Error(String(err));
          lastFull = false;
        })
        .finally(() => {
          refilling = null;
        });
    };
    let ran = 0;
    // Lanes take the claimed jobs in order, each one at a time, until none is left or the worker stops.
    const lane = async () => {
      for (;;) {
        refill();
        const job = queue.shift();
        if (!job) {
          if (!refilling) return;
          await refilling;
          continue;
        }
        // Stopping: the jobs not started yet have been (or are now) handed back.
        if (this.stopping || !this.held.has(job.id)) return;
        ran++;
        await this.runJob(job, tally);
      }
    };
    const lanes = opts.refill ? concurrency : Math.min(concurrency, queue.length);
    const ended = await Promise.allSettled(Array.from({ length: lanes }, lane));
    await this.releaseHeld();
    const failed = ended.find((e): e is PromiseRejectedResult => e.status === 'rejected');
    if (failed) throw failed.reason;
    if (refillFailed.error) throw refillFailed.error;
    return ran;
  }

  /** Runs one claimed job and writes its outcome (done, failed, put off) while this worker holds it. */
  private async runJob(job: ClaimedJob, tally?: Map<string, KindTally>) {
    const { db, handlers, log } = this.opts;
    this.inHand.add(job.id);
    const mine = { ...job, workerId: this.id };
    const handler = handlers[job.kind];
    const started = performance.now();
    const count = (outcome: keyof KindTally) => {
      this.opts.onFinished?.(job.kind, outcome, (performance.now() - started) / 1000);
      if (!tally) return;
      const kind = tally.get(job.kind) ?? { done: 0, failed: 0, postponed: 0 };
      kind[outcome]++;
      tally.set(job.kind, kind);
    };
    try {
      if (!handler) throw new Error(`No handler for job kind ${job.kind}`);
      const jobLog = log?.child?.({ jobId: job.id, kind: job.kind, attempt: job.attempts });
      const run = () => handler(job, { db, now: this.now() });
      await (jobLog ? runWithLog(jobLog, run) : run());
      await completeJob(db, mine, this.now());
      count('done');
    } catch (err) {
      if (err instanceof RetryLater) {
        const now = this.now();
        await postponeJob(db, mine, new Date(now.getTime() + err.delayMs), now);
        count('postponed');
        return;
      }
      log?.error({ err, jobId: job.id, kind: job.kind }, 'job failed');
      await failJob(db, mine, err instanceof Error ? err.message : String(err), this.now());
      count('failed');
    } finally {
      this.inHand.delete(job.id);
      this.held.delete(job.id);
    }
  }

  /** Hands back every job this worker holds (all of them, or all but the ones in hand). */
  private async releaseHeld(exceptInHand = false) {
    const ids = [...this.held.keys()].filter((id) => !(exceptInHand && this.inHand.has(id)));
    if (ids.length === 0) return;
    for (const id of ids) this.held.delete(id);
    const released = await releaseJobs(this.opts.db, ids, this.id, this.now());
    if (released > 0) this.opts.log?.info({ jobIds: ids, worker: this.id }, 'jobs handed back');
  }

  /**
   * Polls every `pollMs`; a pass that ran a full batch is followed at once by the next (more may be due:
   * a day of plan visits' charges falls due together, issue 26), so a backlog drains at the handlers' pace
   * instead of `batchSize` jobs a poll. A pass that ran fewer waits for the next poll. Within a pass the
   * next batch is claimed before the lanes run dry (runOnce's `refill`), so no lane waits for the others.
   */
  start() {
    const tick = async () => {
      this.running = this.runOnce(undefined, { refill: true }).catch((err: unknown) => {
        this.opts.log?.error({ err }, 'job worker pass failed');
        return 0;
      });
      const ran = await this.running;
      this.running = null;
      const full = ran >= (this.opts.batchSize ?? 10);
      if (this.timer !== null)
        this.timer = setTimeout(() => void tick(), full ? 0 : (this.opts.pollMs ?? 5_000));
    };
    this.timer = setTimeout(() => void tick(), 0);
  }

  /**
   * Stops polling. Jobs claimed but not started are handed back at once; the jobs in hand may finish
   * within `graceMs`, else the unfinished ones are handed back as well (its handler is left to the process's exit).
   * Resolves when this worker holds no lease; the database must stay open until then.
   */
  async stop(graceMs = STOP_GRACE_MS) {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const pass = this.running;
    if (!pass) return;
    await this.releaseHeld(true).catch((err: unknown) =>
      this.opts.log?.error({ err }, 'could not hand back jobs'),
    );
    let timer: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      pass.then(() => true),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), graceMs);
      }),
    ]).finally(() => clearTimeout(timer));
    if (!finished) {
      this.opts.log?.warn({ jobIds: [...this.inHand] }, 'jobs still running at shutdown; handing them back');
      await this.releaseHeld();
    }
  }
}
