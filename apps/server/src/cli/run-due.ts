/**
 * npm run jobs:due (issue 25 §4): runs now every background job that is due — payouts 72 h after a job,
 * refund retries, appointment reminders, checkout hold expiry, calendar syncs — until none is left, and
 * prints what ran. With PostgreSQL (DATABASE_URL) or a stopped embedded database it builds the app as the
 * server does and runs the worker here, on the wall clock (operators may run it from cron). When a
 * development server holds the embedded database, it asks that server to run them, on the server's clock
 * (which `npm run clock` may have moved).
 */
import { supportApi } from '@stg/domain/api/support.endpoints';
import type { RunDueJobsResult } from '@stg/domain/api/support';
import { appFromConfig } from '../app-from-config';
import { loadConfig } from '../config';
import { DataDirLockedError } from '../db/lock';
import { callLocalServer, LocalServerError } from './local-server';

function report(result: RunDueJobsResult) {
  const kinds = Object.entries(result.kinds);
  console.info(`Ran the jobs due at ${result.at} (${result.passes} pass${result.passes === 1 ? '' : 'es'}).`);
  if (kinds.length === 0) console.info('Nothing was due.');
  for (const [kind, t] of kinds)
    console.info(`  ${kind}: ${t.done} done, ${t.failed} failed, ${t.postponed} not due yet`);
}

async function runHere(config: ReturnType<typeof loadConfig>) {
  const { app, worker } = await appFromConfig({ ...config, SETTABLE_CLOCK: false });
  try {
    const at = app.deps.now().toISOString();
    report({ at, ...(await worker.drain()) });
  } finally {
    await app.close();
  }
}

const config = loadConfig({ LOG_LEVEL: 'warn', ...process.env });
try {
  await runHere(config);
} catch (err) {
  if (!(err instanceof DataDirLockedError)) throw err;
  console.info('The marketplace is running on this database; asking it to run the due jobs.');
  try {
    report(await callLocalServer(config.PORT, supportApi.runDueJobs));
  } catch (e) {
    if (!(e instanceof LocalServerError)) throw e;
    console.error(e.message);
    process.exit(1);
  }
}
