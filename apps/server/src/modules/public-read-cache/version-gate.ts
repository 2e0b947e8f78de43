/**
 * The public reads' version (ADR 0022): a counter in `cache_versions` that a deferred trigger bumps in the
 * same transaction as every write that changes what the public vendor and review routes show (migration
 * 0011), so it is committed exactly when the write is, in whichever process made it.
 *
 * A request may use a cached answer only if the counter it compares with was read AFTER the request
 * began: then every write committed before the request is counted. Reads are coalesced so a busy process
 * does not query once per request: a caller joins the read that starts next (never one already under
 * way, whose snapshot may predate the caller), and all callers waiting for it share its answer.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cacheVersions } from '../../db/schema';

export const PUBLIC_READS_SCOPE = 'public_reads';

export class VersionGate {
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

/** Reads the public reads' counter (null if the row is missing: then nothing is cached). */
export function publicReadsVersion(db: Db) {
  return async (): Promise<number | null> => {
    const [row] = await db
      .select({ version: cacheVersions.version })
      .from(cacheVersions)
      .where(eq(cacheVersions.scope, PUBLIC_READS_SCOPE))
      .limit(1);
    return row ? Number(row.version) : null;
  };
}
