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

export class VersionGate<T = number> {
  private running: Promise<T | null> | null = null;
  private queued: Promise<T | null> | null = null;
  /** Reads made (for tests and measurements). */
  reads = 0;

  constructor(private readonly read: () => Promise<T | null>) {}

  /**
   * The counter as committed at some moment after this call; null when it could not be read (the
   * caller then answers without the cache).
   */
  current(): Promise<T | null> {
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

  private start(): Promise<T | null> {
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
  return scopeVersion(db, PUBLIC_READS_SCOPE);
}

/** The signed-in reads' version (migration 0024, ADR 0040): same counter, its own row and channel. */
export const SIGNED_IN_READS_SCOPE = 'signed_in_reads';
export const SIGNED_IN_READS_CHANNEL = 'signed_in_reads';

/**
 * The signed-in sessions' version (migration 0028, ADR 0042, signed-in requests' statements): bumped only by writes to the
 * session rows and to their users (but for the provider's customer id), so a checkout's writes leave the
 * kept sessions valid.
 */
export const SESSIONS_SCOPE = 'sessions';
export const SESSIONS_CHANNEL = 'sessions';

/** Reads one constant scope's counter (null if its row is missing), as publicReadsVersion. */
export function scopeVersion(
  db: Db,
  scope: typeof PUBLIC_READS_SCOPE | typeof SIGNED_IN_READS_SCOPE | typeof SESSIONS_SCOPE,
) {
  const statement = sql.raw(`select "version" from "cache_versions" where "scope" = '${scope}'`);
  return async (): Promise<number | null> => {
    const [row] = await queryRows<{ version: string | number }>(db, statement);
    return row ? Number(row.version) : null;
  };
}

/** The versions a signed-in request reads before its handler, all in one statement (ADR 0042). */
export interface RequestVersions {
  /** The signed-in answers' (`signed_in_reads`). */
  signedIn: number | null;
  /** The kept sessions' (`sessions`). */
  sessions: number | null;
  /** The public reads' (`public_reads`): checkout prices from the public vendor data kept under it. */
  publicReads: number | null;
}

/** Where a request's versions come from: one coalesced read (PostgreSQL) or the pushed values (PGlite). */
export interface RequestVersionSource {
  current(): Promise<RequestVersions | null> | RequestVersions | null;
}

const REQUEST_SCOPES: Record<string, keyof RequestVersions> = {
  [SIGNED_IN_READS_SCOPE]: 'signedIn',
  [SESSIONS_SCOPE]: 'sessions',
  [PUBLIC_READS_SCOPE]: 'publicReads',
};

/**
 * Reads the three counters a signed-in request uses in one constant statement (the simple protocol, as
 * publicReadsVersion); a missing row reads as null (its cache is then not used).
 */
export function requestVersionsReader(db: Db) {
  const scopes = Object.keys(REQUEST_SCOPES)
    .map((s) => `'${s}'`)
    .join(', ');
  const statement = sql.raw(`select "scope", "version" from "cache_versions" where "scope" in (${scopes})`);
  return async (): Promise<RequestVersions> => {
    const rows = await queryRows<{ scope: string; version: string | number }>(db, statement);
    const versions: RequestVersions = { signedIn: null, sessions: null, publicReads: null };
    for (const row of rows) {
      const name = REQUEST_SCOPES[row.scope];
      if (name) versions[name] = Number(row.version);
    }
    return versions;
  };
}

/** PGlite: the three versions as their notifications push them (see PushedVersion). */
export async function pushedRequestVersions(database: Database): Promise<RequestVersionSource> {
  const [signedIn, sessions, publicReads] = await Promise.all([
    PushedVersion.start(database, scopeVersion(database.db, SIGNED_IN_READS_SCOPE), SIGNED_IN_READS_CHANNEL),
    PushedVersion.start(database, scopeVersion(database.db, SESSIONS_SCOPE), SESSIONS_CHANNEL),
    PushedVersion.start(database, scopeVersion(database.db, PUBLIC_READS_SCOPE), PUBLIC_READS_CHANNEL),
  ]);
  return {
    current: () => ({
      signedIn: signedIn.current(),
      sessions: sessions.current(),
      publicReads: publicReads.current(),
    }),
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
  static async start(
    database: Database,
    read: () => Promise<number | null>,
    channel: string = PUBLIC_READS_CHANNEL,
  ): Promise<PushedVersion> {
    const pushed = new PushedVersion();
    await database.listen(channel, (payload) => pushed.heard(Number(payload)));
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

// ---- Versions by key: one vendor's schedule (ADR 0024) ------------------------------------------------

/** The triggers' NOTIFY channel for schedules (migration 0013): '<vendor id>:<version>', or '*' after a truncate. */
export const SCHEDULES_CHANNEL = 'schedules';

/** A version per key (a vendor id); a key never written is at version 0. */
export interface KeyedVersionSource {
  /** As VersionSource.current, for one key. */
  current(key: number): Promise<number | null> | number | null;
}

/** Reads one vendor's schedule version ('schedule:<id>' of cache_versions; 0 without a row). */
export function scheduleVersionReader(db: Db) {
  return async (vendorId: number): Promise<number | null> => {
    if (!Number.isSafeInteger(vendorId)) return null;
    // The id is a checked integer: written into the statement, the simple protocol (see publicReadsVersion).
    const statement = sql.raw(
      `select "version" from "cache_versions" where "scope" = 'schedule:${vendorId}'`,
    );
    const [row] = await queryRows<{ version: string | number }>(db, statement);
    return row ? Number(row.version) : 0;
  };
}

/** Every vendor's schedule version that has a row. */
export function allScheduleVersionsReader(db: Db) {
  const statement = sql.raw(
    `select substr("scope", 10) as "vendor", "version" from "cache_versions" where "scope" like 'schedule:%'`,
  );
  return async (): Promise<Map<number, number>> => {
    const rows = await queryRows<{ vendor: string; version: string | number }>(db, statement);
    return new Map(rows.map((r) => [Number(r.vendor), Number(r.version)]));
  };
}

/** At most this many keys keep a gate of their own (a gate is dropped when idle beyond it). */
const MAX_GATES = 10_000;

/** PostgreSQL: a VersionGate per key, so one vendor's reads are coalesced and never wait for another's. */
export class KeyedVersionGates implements KeyedVersionSource {
  private readonly gates = new Map<number, VersionGate>();

  constructor(private readonly read: (key: number) => Promise<number | null>) {}

  current(key: number): Promise<number | null> {
    let gate = this.gates.get(key);
    if (!gate) {
      if (this.gates.size >= MAX_GATES) this.gates.clear();
      gate = new VersionGate(() => this.read(key));
      this.gates.set(key, gate);
    }
    return gate.current();
  }
}

/**
 * PGlite: every key's version held in memory, from one read of them all at start and the notifications
 * since (delivered before the writing call returns, as for PushedVersion). A truncate ('*') makes every
 * version unknown (null: no cache) until they are read again.
 */
export class PushedKeyedVersions implements KeyedVersionSource {
  private versions: Map<number, number> | null = null;
  /** Versions heard while every version is being read again: merged into what the read returns. */
  private heardMeanwhile = new Map<number, number>();
  private reading = 0;

  private constructor(private readonly readAll: () => Promise<Map<number, number>>) {}

  /** Listens first, then reads, so no bump falls between the two. */
  static async start(
    database: Database,
    readAll: () => Promise<Map<number, number>>,
  ): Promise<PushedKeyedVersions> {
    const pushed = new PushedKeyedVersions(readAll);
    await database.listen(SCHEDULES_CHANNEL, (payload) => pushed.heard(payload));
    await pushed.reload();
    return pushed;
  }

  private heard(payload: string) {
    if (payload === '*') {
      void this.reload();
      return;
    }
    const colon = payload.indexOf(':');
    const key = Number(payload.slice(0, colon));
    const version = Number(payload.slice(colon + 1));
    if (!Number.isSafeInteger(key) || !Number.isSafeInteger(version)) return;
    const into = this.versions ?? this.heardMeanwhile;
    if (version > (into.get(key) ?? 0)) into.set(key, version);
  }

  private async reload() {
    const reading = ++this.reading;
    this.versions = null;
    this.heardMeanwhile = new Map();
    try {
      const read = await this.readAll();
      if (reading !== this.reading) return;
      for (const [key, version] of this.heardMeanwhile)
        if (version > (read.get(key) ?? 0)) read.set(key, version);
      this.versions = read;
    } catch {
      // Unknown until the next truncate notification or restart: answers are made without the cache.
    }
  }

  current(key: number) {
    return this.versions ? (this.versions.get(key) ?? 0) : null;
  }
}
