/**
 * The background jobs: which kinds exist and what runs them. main.ts starts this worker on every instance;
 * `npm run jobs:due` (cli/run-due.ts) and the development route POST /api/dev/jobs/run-due run it once.
 */
import type { FastifyInstance } from 'fastify';
import { MAINTENANCE, runMaintenance } from './modules/jobs/maintenance';
import { JobWorker, type Recurring } from './modules/jobs/worker';
import { syncAllCalendars } from './modules/calendar-sync/service';
import { paymentJobHandlers } from './modules/payments/service';
import { payoutJobHandlers } from './modules/payouts/service';
import { PLAN_HORIZON, planVisitJobHandlers } from './modules/plans/visit-handlers';
import { GOOGLE_REVIEWS, googleReviewsJob } from './modules/reviews/google';
import type { PlacesReviewsSource } from './adapters/reviews/google-places';

/** Every connected calendar is read again every 10 minutes. */
const CALENDAR_SYNC: Recurring = { kind: 'calendar-sync', everyMs: 600_000 };

export function jobWorkerOf(
  app: FastifyInstance,
  opts: { now: () => Date; googlePlaces: PlacesReviewsSource | null; concurrency?: number },
): JobWorker {
  return new JobWorker({
    db: app.deps.db,
    handlers: {
      [MAINTENANCE.kind]: runMaintenance,
      [CALENDAR_SYNC.kind]: async (_job, { now }) => syncAllCalendars(app.deps, now),
      ...paymentJobHandlers(app.deps),
      ...payoutJobHandlers(app.deps),
      ...planVisitJobHandlers(app.deps),
      [GOOGLE_REVIEWS.kind]: googleReviewsJob(opts.googlePlaces, app.log),
    },
    recurring: [MAINTENANCE, CALENDAR_SYNC, GOOGLE_REVIEWS, PLAN_HORIZON],
    log: app.log,
    // Each job's lines carry its id (the worker's child logger); its outcome and time go to /metrics.
    onFinished: (kind, outcome, seconds) => app.metrics.jobFinished(kind, outcome, seconds),
    now: opts.now,
    // Several jobs at once (config JOB_CONCURRENCY); a pass claims enough to keep every lane busy.
    concurrency: opts.concurrency ?? 1,
    batchSize: Math.max(10, 5 * (opts.concurrency ?? 1)),
  });
}
