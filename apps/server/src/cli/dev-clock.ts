/**
 * npm run clock (issue 25 §4): shows or moves the clock of the development server on this machine, so a
 * tester can watch time pass without editing the database: complete an order, `npm run clock -- +73h`,
 * and the payout is sent at the job worker's next poll (or at once with `npm run jobs:due`).
 *   npm run clock                 the server's time and how far it is moved
 *   npm run clock -- +73h         moves it forward (h, d or m; a leading - goes back)
 *   npm run clock -- 2026-12-01T09:00:00-07:00   sets it (it runs on from there)
 *   npm run clock -- reset        back to the wall clock
 * Refused by a production server (SETTABLE_CLOCK is never on there).
 */
import { supportApi } from '@stg/domain/api/support.endpoints';
import { loadConfig } from '../config';
import { clockTarget } from './clock-target';
import { callLocalServer, LocalServerError } from './local-server';

function show(answer: { now: string; offsetMs: number }) {
  const hours = answer.offsetMs / 3_600_000;
  const moved =
    answer.offsetMs === 0
      ? 'the wall clock'
      : `${hours >= 0 ? '+' : ''}${hours.toFixed(2)} h from the wall clock`;
  console.info(`Server time: ${answer.now} (${moved})`);
}

async function run() {
  const { PORT } = loadConfig();
  const arg = process.argv[2];
  const current = await callLocalServer(PORT, supportApi.clock);
  if (arg === undefined) return show(current);
  const at = clockTarget(arg, new Date(current.now));
  show(await callLocalServer(PORT, supportApi.setClock, { at: at === null ? null : at.toISOString() }));
}

await run().catch((err: unknown) => {
  if (!(err instanceof LocalServerError)) throw err;
  console.error(err.message);
  process.exit(1);
});
