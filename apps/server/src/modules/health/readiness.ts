/**
 * Readiness (issue 27, ADR 0039): whether this instance can do its work, not only whether it is alive
 * (GET /api/health). Three checks, run side by side, each within CHECK_TIMEOUT_MS:
 * - database: it answers `select 1`;
 * - migrations: it has every migration this build carries (db/migration-status.ts);
 * - storage: the upload store takes a write (a small file written and deleted).
 * The storage check's answer is kept for STORAGE_CHECK_TTL_MS, so a probe in a loop (the readiness
 * address is reachable through the proxy) cannot turn into a stream of writes to a paid bucket.
 * What failed is named in words; the error itself goes to the log under the request's id.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ReadinessResponse } from '@stg/domain/api/support';
import type { Storage } from '../../adapters/storage/storage';
import type { Database } from '../../db/client';
import { migrationStatus } from '../../db/migration-status';

export const CHECK_TIMEOUT_MS = 3_000;
export const STORAGE_CHECK_TTL_MS = 5_000;

type Check = ReadinessResponse['checks']['database'];

export const READINESS_MESSAGES = {
  databaseDown: 'The database did not answer.',
  migrationsUnknown: 'The applied migrations could not be read.',
  migrationsBehind: (missing: number) =>
    `${missing} migration${missing === 1 ? ' is' : 's are'} not applied to the database.`,
  storageUnwritable: 'The upload storage did not take a write.',
  timedOut: (what: string) => `${what} did not answer within ${CHECK_TIMEOUT_MS / 1000} s.`,
};

class TimedOut extends Error {}

function within<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimedOut('timed out')), CHECK_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export class Readiness {
  private readonly probeKey = `readiness/probe-${randomBytes(6).toString('hex')}.txt`;
  private storageChecked: { at: number; result: Promise<Check> } | null = null;

  constructor(
    private readonly database: Database,
    private readonly storage: Storage,
  ) {}

  async check(log: FastifyBaseLogger): Promise<ReadinessResponse> {
    const fail =
      (check: string, message: string) =>
      (err: unknown): Check => {
        log.error({ err, check }, 'readiness check failed');
        return { ok: false, message: err instanceof TimedOut ? READINESS_MESSAGES.timedOut(check) : message };
      };
    const [database, migrations, storage] = await Promise.all([
      within(this.database.db.execute(sql`select 1`)).then(
        (): Check => ({ ok: true }),
        fail('database', READINESS_MESSAGES.databaseDown),
      ),
      within(migrationStatus(this.database.db)).then(
        ({ missing }): Check => {
          if (missing === 0) return { ok: true };
          log.error({ check: 'migrations', missing }, 'readiness check failed');
          return { ok: false, message: READINESS_MESSAGES.migrationsBehind(missing) };
        },
        fail('migrations', READINESS_MESSAGES.migrationsUnknown),
      ),
      this.storageCheck(fail('storage', READINESS_MESSAGES.storageUnwritable)),
    ]);
    const ok = database.ok && migrations.ok && storage.ok;
    return {
      status: ok ? 'ready' : 'not_ready',
      database: this.database.kind,
      checks: { database, migrations, storage },
    };
  }

  private storageCheck(onError: (err: unknown) => Check): Promise<Check> {
    const now = Date.now();
    if (this.storageChecked && now - this.storageChecked.at < STORAGE_CHECK_TTL_MS)
      return this.storageChecked.result;
    const result = within(
      (async () => {
        await this.storage.put(this.probeKey, Buffer.from('ready\n'), 'text/plain');
        await this.storage.delete(this.probeKey);
      })(),
    ).then((): Check => ({ ok: true }), onError);
    this.storageChecked = { at: now, result };
    return result;
  }
}
