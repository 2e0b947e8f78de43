/** Starts the marketplace: one process serving the API and the web app. */
import { SmtpMailer } from './adapters/mail/smtp-mailer';
import { buildApp } from './app';
import { SettableClock } from './clock';
import { calendarSecretKey, openAndMigrate, seedIfEmpty } from './bootstrap';
import { loadConfig } from './config';
import { DataDirLockedError } from './db/lock';
import { MAINTENANCE, runMaintenance } from './modules/jobs/maintenance';
import { JobWorker, type Recurring } from './modules/jobs/worker';
import { syncAllCalendars } from './modules/calendar-sync/service';
import { paymentJobHandlers } from './modules/payments/service';
import { payoutJobHandlers } from './modules/payouts/service';
import { GOOGLE_REVIEWS, googlePlacesFromConfig, googleReviewsJob } from './modules/reviews/google';
import { createStripeProvider } from './adapters/payments/stripe-provider';
import { calendarSyncFromConfig } from './modules/calendar-sync/setup';

/**
 * How long a shutdown may take before the process gives up and exits 1: requests in flight (an upload, a
 * calendar being read) get this long to finish. Keep the container's stop timeout above it (compose.yaml:
 * stop_grace_period 30s); the job in hand is handed back after STOP_GRACE_MS (5 s) whatever happens.
 */
const SHUTDOWN_LIMIT_MS = 25_000;

/** Every connected calendar is read again every 10 minutes. */
const CALENDAR_SYNC: Recurring = { kind: 'calendar-sync', everyMs: 600_000 };

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  const logger =
    config.NODE_ENV === 'development'
      ? { level: config.LOG_LEVEL, transport: { target: 'pino-pretty', options: { colorize: true } } }
      : { level: config.LOG_LEVEL };

  let opened;
  try {
    opened = await openAndMigrate(config);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const { database, storage } = opened;
  // The Playwright server's clock, which a journey may move (SETTABLE_CLOCK, NODE_ENV=test only); else the wall clock.
  const clock = config.SETTABLE_CLOCK ? new SettableClock() : null;
  const now = clock?.now ?? (() => new Date());
  // SMTP when configured; otherwise buildApp's default, the outbox (viewable at /api/dev/outbox locally).
  const mailer = config.SMTP_URL
    ? new SmtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM, db: database.db, now })
    : undefined;
  // Google reviews through the Places API when GOOGLE_PLACES_API_KEY is set; otherwise the feature is off.
  const googlePlaces = googlePlacesFromConfig(config);
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
    // The API document's UI and the mail outbox viewer: development and tests only (issue 14, finding 9).
    devTools: config.NODE_ENV !== 'production',
  });

  if (config.SEED_DEMO_DATA) await seedIfEmpty(database, storage, app.log);

  const worker = new JobWorker({
    db: database.db,
    handlers: {
      [MAINTENANCE.kind]: runMaintenance,
      [CALENDAR_SYNC.kind]: async (_job, { now }) => syncAllCalendars(app.deps, now),
      ...paymentJobHandlers(app.deps),
      ...payoutJobHandlers(app.deps),
      [GOOGLE_REVIEWS.kind]: googleReviewsJob(googlePlaces, app.log),
    },
    recurring: [MAINTENANCE, CALENDAR_SYNC, GOOGLE_REVIEWS],
    log: app.log,
    now,
  });

  // Graceful shutdown (SIGTERM from the container runtime, SIGINT from a terminal): at once, no new
  // connections are accepted (the proxy sends them to another instance) and the job worker claims nothing
  // more and hands back the jobs it has not started; requests in flight are answered, websockets are
  // closed (their clients reconnect), the job in hand gets STOP_GRACE_MS to finish or is handed back, and
  // only then is the database closed and the process exits 0. A hard limit stops a shutdown that hangs.
  let jobsStopped: Promise<void> | null = null;
  const stopJobs = () => (jobsStopped ??= worker.stop());
  // onClose hooks run in reverse order of registration: this one before app.ts's, which closes the database.
  app.addHook('onClose', async () => {
    await stopJobs();
  });
  let closing = false;
  // A response finished while shutting down closes its connection (else a keep-alive client, a proxy's
  // upstream pool, would hold the server open for Fastify's 72 s keep-alive timeout).
  app.addHook('onSend', async (_req, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error(`shutdown took longer than ${SHUTDOWN_LIMIT_MS / 1000} s; exiting`);
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS);
    timer.unref();
    // Connections that fall idle after the close began (their last response was sent) are closed too.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    sweep.unref();
    try {
      void stopJobs();
      await app.close();
      clearInterval(sweep);
      mailer?.close();
      app.log.info('shut down');
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  worker.start();
  app.log.info(
    `Marketplace ready at ${config.publicUrl} (database: ${database.kind}, mail: ${mailer ? 'SMTP' : 'outbox'}, payments: ${config.paymentsProvider})`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
