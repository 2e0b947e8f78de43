/**
 * The public reads' version (ADR 0022): a counter in `cache_versions` that a deferred trigger bumps in the
 * same transaction as every write that changes what the public vendor and review routes show (migrations
 * 0011, 0012), so it is committed exactly when the write is, in whichever process made it.
 *
 * A request may use a cached answer only if the counter it compares with is at least as new as every write
 * committed before the request began. Two ways to know it:
 * - `VersionGate` (PostgreSQL, several processes): the counter read by a statement that started after the
 *   request began. Reads are coalesced so a busy process does not query once per request: a caller joins
 *   the read that starts next (never one already under way, whose snapshot may predate the caller), and all
 *   callers waiting for it share its answer.
 * - `PushedVersion` (PGlite: one process, one session): the trigger's NOTIFY carries the new value, and
 *   PGlite hands it to the listener before the writing call returns (checked at start by a probe), so the
 *   value held in memory is never behind a write anyone has been told about.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Database, type Db } from '../../db/client';

export const PUBLIC_READS_SCOPE = 'public_reads';
/** The trigger's NOTIFY channel (migration 0012); the payload is the new version. */
export const PUBLIC_READS_CHANNEL = 'public_reads';

export interface VersionSource {
  /** A version no older than any write committed before the call; null: answer without the cache. */
  current(): Promise<number | null> | number | null;
}

export class VersionGate implements VersionSource {
  private running: Promise<number | null> | null = null;
  private queued: Promise<number | null> | null = null;
  /** Reads made (for tests and measurements). */
  reads = 0;

  constructor(private readonly read: () => Promise<number | null>) {}

  /**
   * The counter as committed at some moment after this call; null when it could not be read (the
   * caller then answers without the cache).
   */
  current(): Promise<number | null> {
    // The queued read starts only once the running one has finished: after this call, so it may be shared.
    if (this.queued) return this.queued;
    if (!this.running) return this.start();
    const before = this.running;
    this.queued = before.then(
      () => this.startQueued(),
      () => this.startQueued(),
    );
    return this.queued;
  }

  private startQueued() {
    this.queued = null;
    return this.start();
  }

  private start(): Promise<number | null> {
    this.reads++;
    const read = this.read().catch(() => null);
    this.running = read;
    void read.then(() => {
      if (this.running === read) this.running = null;
    });
    return read;
  }
}

/**
 * Reads the public reads' counter (null if the row is missing: then nothing is cached). A constant
 * statement without parameters: the simple protocol, several times cheaper than a prepared one on PGlite.
 */
export function publicReadsVersion(db: Db) {
  const statement = sql.raw(`select "version" from "cache_versions" where "scope" = '${PUBLIC_READS_SCOPE}'`);
  return async (): Promise<number | null> => {
    const [row] = await queryRows<{ version: string | number }>(db, statement);
    return row ? Number(row.version) : null;
  };
}

/**
 * Whether a NOTIFY reaches this process's listener before the call that committed it returns, in a single
 * statement and in a transaction (true of PGlite, where the writer and the listener share one session; never
 * assumed of PostgreSQL, whose notifications come on another connection some time after the commit).
 */
export async function notifiesBeforeCommitReturns(database: Database): Promise<boolean> {
  if (database.kind !== 'pglite') return false;
  const channel = 'public_reads_probe';
  const heard: string[] = [];
  const stop = await database.listen(channel, (payload) => heard.push(payload));
  try {
    await database.db.execute(sql`select pg_notify(${channel}, 'statement')`);
    const afterStatement = heard.join();
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify(${channel}, 'transaction')`);
    });
    return afterStatement === 'statement' && heard.join() === 'statement,transaction';
  } finally {
    await stop();
  }
}

/** The version as the trigger's notifications push it (PGlite only, see notifiesBeforeCommitReturns). */
export class PushedVersion implements VersionSource {
  private version: number | null = null;

  private constructor() {}

  /** Listens first, then reads the counter, so no bump falls between the two. */
  static async start(database: Database, read: () => Promise<number | null>): Promise<PushedVersion> {
    const pushed = new PushedVersion();
    await database.listen(PUBLIC_READS_CHANNEL, (payload) => pushed.heard(Number(payload)));
    const now = await read();
    if (now !== null) pushed.heard(now);
    return pushed;
  }

  private heard(version: number) {
    if (Number.isSafeInteger(version) && (this.version === null || version > this.version))
      this.version = version;
  }

  current() {
    return this.version;
  }
}
