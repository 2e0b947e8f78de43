/**
 * Availability answers kept in process memory (ADR 0024). An answer is reused only while both hold:
 * - the vendor's schedule version (cache_versions 'schedule:<id>', bumped in the same transaction as every
 *   write to its orders, checkout holds, synced busy entries or calendar settings, migration 0013) is the
 *   one read before the answer was made, as read after the request began (KeyedVersionGates on PostgreSQL)
 *   or as pushed by the database (PGlite);
 * - the request's time is before the answer's `validUntil` (next local midnight, next step with no minimum
 *   notice, first hold expiry, the synced calendar's freshness: see vendorAvailability).
 * Requests that miss together on one key and version wait for one computation instead of each loading 2,000
 * entries (at 100 clients, an expired answer would otherwise be computed 100 times at once).
 */
import type { Database } from '../../db/client';
import type { Representation } from '../public-read-cache/cache';
import {
  allScheduleVersionsReader,
  KeyedVersionGates,
  notifiesBeforeCommitReturns,
  PushedKeyedVersions,
  scheduleVersionReader,
  type KeyedVersionSource,
} from '../public-read-cache/version-gate';

/** What a computation gives: the answer to send and until when it stays true (epoch ms, excluded). */
export interface TimedRepresentation {
  rep: Representation;
  validUntil: number;
}

interface Entry extends TimedRepresentation {
  version: number;
}

/** At most this many answers are kept (the oldest dropped first). */
const MAX_ENTRIES = 2_000;

export class AvailabilityCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<TimedRepresentation>>();
  /** Answers computed (misses), for tests and measurements. */
  misses = 0;

  constructor(readonly versions: KeyedVersionSource) {}

  /**
   * The answer under `key` (which starts with the vendor's id) at `nowMs`: the cached one if still true,
   * else `load()`'s, kept for the next request when it is true beyond now.
   */
  async get(
    vendorId: number,
    key: string,
    nowMs: number,
    load: () => Promise<TimedRepresentation>,
    /** The vendor's version, read after the request began (the caller may start it early, beside other reads). */
    versionRead: Promise<number | null> | number | null = this.versions.current(vendorId),
  ) {
    const version = await versionRead;
    if (version === null) return (await load()).rep;
    const hit = this.entries.get(key);
    if (hit && hit.version === version && nowMs < hit.validUntil) return hit.rep;
    // Requests that share the version share one computation (made after the version was read).
    const flight = `${version}|${key}`;
    let made = this.loading.get(flight);
    if (!made) {
      this.misses++;
      made = load().finally(() => this.loading.delete(flight));
      this.loading.set(flight, made);
      void made.then(
        (value) => this.keep(key, version, value),
        () => undefined,
      );
    }
    // A request that joins a computation under way gets its answer, as if it had come a moment earlier: no
    // schedule write has been committed since (the version read after it began is the same).
    return (await made).rep;
  }

  private keep(key: string, version: number, value: TimedRepresentation) {
    if (value.validUntil === Number.NEGATIVE_INFINITY) return; // never reusable (e.g. made while syncing)
    const current = this.entries.get(key);
    // A slower computation that read an older version does not replace a newer answer.
    if (current && current.version > version) return;
    this.entries.delete(key);
    this.entries.set(key, { ...value, version });
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
  }

  /** Forgets every answer (tests). */
  clear() {
    this.entries.clear();
  }
}

const caches = new WeakMap<Database, Promise<AvailabilityCache>>();

/** The availability cache of the app on this database (versions pushed on PGlite, read on PostgreSQL). */
export function availabilityCache(database: Database): Promise<AvailabilityCache> {
  let cache = caches.get(database);
  if (!cache) {
    cache = (async () => {
      const versions = (await notifiesBeforeCommitReturns(database))
        ? await PushedKeyedVersions.start(database, allScheduleVersionsReader(database.db))
        : new KeyedVersionGates(scheduleVersionReader(database.db));
      return new AvailabilityCache(versions);
    })();
    caches.set(database, cache);
  }
  return cache;
}
