/** Starts the marketplace: one process serving the API and the web app. */
import { appFromConfig, type ConfiguredApp } from './app-from-config';
import { seedIfEmpty } from './bootstrap';
import { loadConfig } from './config';
import { DataDirLockedError } from './db/lock';

/**
 * How long a shutdown may take before the process gives up and exits 1: requests in flight (an upload, a
 * calendar being read) get this long to finish. Keep the container's stop timeout above it (compose.yaml:
 * stop_grace_period 30s); the job in hand is handed back after STOP_GRACE_MS (5 s) whatever happens.
 */
const SHUTDOWN_LIMIT_MS = 25_000;

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  let configured: ConfiguredApp;
  try {
    configured = await appFromConfig(config);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const { app, worker, opened, mailer } = configured;
  const { database, storage } = opened;

  if (config.SEED_DEMO_DATA) await seedIfEmpty(database, storage, app.log);

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
