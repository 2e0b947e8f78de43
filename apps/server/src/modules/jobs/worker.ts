/**
 * Runs due jobs on every instance. Recurring work is enqueued once per period with a unique key
 * (`kind:period-number`), so however many instances run, each period's job exists once.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import {
  claimDueJobs,
  completeJob,
  enqueueJob,
  failJob,
  postponeJob,
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

export type JobHandler = (job: ClaimedJob, ctx: { db: Db; now: Date }) => Promise<void>;

export interface Recurring {
  kind: string;
  everyMs: number;
}

export interface JobWorkerOptions {
  db: Db;
  handlers: Record<string, JobHandler>;
  recurring?: Recurring[];
  now?: () => Date;
  log?: Pick<FastifyBaseLogger, 'info' | 'error' | 'warn'>;
  pollMs?: number;
  batchSize?: number;
}

export class JobWorker {
  readonly id = `worker-${process.pid}-${randomBytes(4).toString('hex')}`;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private readonly now: () => Date;

  constructor(private readonly opts: JobWorkerOptions) {
    this.now = opts.now ?? (() => new Date());
  }

  /** One pass: enqueue recurring work that is due, then run the due jobs. Returns how many ran. */
  async runOnce(): Promise<number> {
    const { db, handlers, log } = this.opts;
    const now = this.now();
    for (const r of this.opts.recurring ?? []) {
      const period = Math.floor(now.getTime() / r.everyMs);
      await enqueueJob(db, { kind: r.kind, runAt: now, uniqueKey: `${r.kind}:${period}`, maxAttempts: 1 });
    }
    await requeueStaleJobs(db, now, 10 * 60_000);
    const claimed = await claimDueJobs(db, this.id, now, this.opts.batchSize ?? 10);
    for (const job of claimed) {
      const handler = handlers[job.kind];
      try {
        if (!handler) throw new Error(`No handler for job kind ${job.kind}`);
        await handler(job, { db, now: this.now() });
        await completeJob(db, job.id, this.now());
      } catch (err) {
        if (err instanceof RetryLater) {
          const now = this.now();
          await postponeJob(db, job, new Date(now.getTime() + err.delayMs), now);
          continue;
        }
        log?.error({ err, jobId: job.id, kind: job.kind }, 'job failed');
        await failJob(db, job, err instanceof Error ? err.message : String(err), this.now());
      }
    }
    return claimed.length;
  }

  start() {
    const tick = async () => {
      this.running = this.runOnce().catch((err: unknown) => {
        this.opts.log?.error({ err }, 'job worker pass failed');
        return 0;
      });
      await this.running;
      this.running = null;
      if (this.timer !== null) this.timer = setTimeout(() => void tick(), this.opts.pollMs ?? 5_000);
    };
    this.timer = setTimeout(() => void tick(), 0);
  }

  async stop() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }
}
