/**
 * The marketplace app as the configuration describes it: its database and storage opened and migrated,
 * the clock, mail, payments, calendars and reviews chosen from the environment. main.ts serves it;
 * `npm run jobs:due` builds the same app (never listening) so the jobs it runs behave as the server's do.
 */
import type { FastifyInstance } from 'fastify';
import { SmtpMailer } from './adapters/mail/smtp-mailer';
import { createStripeProvider } from './adapters/payments/stripe-provider';
import { buildApp } from './app';
import { calendarSecretKey, openAndMigrate } from './bootstrap';
import { SettableClock } from './clock';
import { defaultJobConcurrency, type Config } from './config';
import { calendarSyncFromConfig } from './modules/calendar-sync/setup';
import { googlePlacesFromConfig } from './modules/reviews/google';
import { jobWorkerOf } from './job-worker';
import type { JobWorker } from './modules/jobs/worker';

export interface ConfiguredApp {
  app: FastifyInstance;
  worker: JobWorker;
  opened: Awaited<ReturnType<typeof openAndMigrate>>;
  mailer: SmtpMailer | undefined;
}

/** Throws DataDirLockedError when another process holds the embedded database's folder. */
export async function appFromConfig(config: Config): Promise<ConfiguredApp> {
  const logger =
    config.NODE_ENV === 'development'
      ? { level: config.LOG_LEVEL, transport: { target: 'pino-pretty', options: { colorize: true } } }
      : { level: config.LOG_LEVEL };
  const opened = await openAndMigrate(config);
  const { database, storage } = opened;
  // A clock a tester or journey may move (SETTABLE_CLOCK: development by default, never production).
  const clock = config.SETTABLE_CLOCK ? new SettableClock() : null;
  const now = clock?.now ?? (() => new Date());
  // SMTP when configured; otherwise buildApp's default, the outbox (viewable at /api/dev/outbox locally).
  const mailer = config.SMTP_URL
    ? new SmtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM, db: database.db, now })
    : undefined;
  // Google reviews through the Places API when GOOGLE_PLACES_API_KEY is set; otherwise the feature is off.
  const googlePlaces = googlePlacesFromConfig(config);
  // The worker is made from the app (its handlers use the app's services); the dev route that runs it
  // is registered before, so it reads the worker through this binding once both exist.
  let worker: JobWorker | null = null;
  const app = await buildApp({
    database,
    storage,
    now,
    settableClock: clock ?? undefined,
    mailer,
    publicUrl: config.publicUrl,
    supportEmail: config.SUPPORT_EMAIL,
    logger,
    sessionTtlDays: config.SESSION_TTL_DAYS,
    secureCookies: config.NODE_ENV === 'production' && config.publicUrl.startsWith('https://'),
    trustProxy: config.TRUST_PROXY,
    webDistDir: config.webDistDir,
    uploadsDir: storage.root,
    calendarSync: calendarSyncFromConfig(config, calendarSecretKey(config)),
    // Stripe when its keys are set (config.paymentsProvider); otherwise buildApp's default, the sandbox.
    payments:
      config.paymentsProvider === 'stripe'
        ? createStripeProvider({
            secretKey: config.STRIPE_SECRET_KEY!,
            publishableKey: config.STRIPE_PUBLISHABLE_KEY!,
            webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
            apiBase: config.STRIPE_API_BASE,
          })
        : undefined,
    holdMinutes: config.CHECKOUT_HOLD_MINUTES,
    sandboxEvents: { delivery: config.SANDBOX_EVENT_DELIVERY, delayMs: config.SANDBOX_EVENT_DELAY_MS },
    googlePlaces,
    rateLimitScale: config.RATE_LIMIT_SCALE,
    metricsToken: config.METRICS_TOKEN,
    // The API document's UI, the mail outbox viewer and running due jobs on request: development and
    // tests only (issue 14, finding 9; issue 25 §4).
    devTools: config.NODE_ENV !== 'production',
    runDueJobs: () => {
      if (!worker) throw new Error('The job worker is not made yet');
      return worker.drain();
    },
  });
  worker = jobWorkerOf(app, {
    now,
    googlePlaces,
    concurrency: config.JOB_CONCURRENCY ?? defaultJobConcurrency(database.kind, config.DATABASE_POOL_MAX),
  });
  return { app, worker, opened, mailer };
}
