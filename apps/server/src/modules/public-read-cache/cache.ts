/**
 * The public reads' cache (ADR 0022): answers of GET /api/vendors, /api/vendors/{id} and
 * /api/vendors/{id}/reviews kept in process memory, each tagged with the version of `cache_versions`
 * read before it was made, and used only while a version read after the request began is still the same
 * (VersionGate). Answers carry a strong ETag (a hash of the exact body) and `Cache-Control: no-cache`, so a
 * browser revalidates every time and an unchanged answer costs a 304.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/client';
import {
  notifiesBeforeCommitReturns,
  publicReadsVersion,
  PushedVersion,
  pushedRequestVersions,
  requestVersionsReader,
  VersionGate,
  type RequestVersions,
  type RequestVersionSource,
  type VersionSource,
} from './version-gate';

/** A body ready to send, with its ETag. */
export interface Representation {
  body: string;
  etag: string;
}

export function representation(body: string): Representation {
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

/** The answer as fastify-type-provider-zod's serializer would write it: the schema's encoding as JSON. */
export function serializeWith<S extends z.ZodType>(schema: S) {
  return (data: z.output<S>): string => JSON.stringify(z.encode(schema, data));
}

/** Whether an If-None-Match header names this ETag (weak comparison, as RFC 9110 asks for GET). */
export function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}

/**
 * Sends the representation: 304 when the client already has it, else 200 with the body. `personal`
 * answers (one signed-in user's variant) are marked private so no shared cache keeps them.
 */
export function sendRepresentation(
  req: FastifyRequest,
  reply: FastifyReply,
  rep: Representation,
  opts: { personal: boolean },
) {
  reply
    .header('ETag', rep.etag)
    .header('Cache-Control', opts.personal ? 'private, no-cache' : 'no-cache')
    .header('Vary', 'Cookie');
  if (matches(req.headers['if-none-match'], rep.etag)) return reply.code(304).send();
  return reply.header('content-type', 'application/json; charset=utf-8').send(rep.body);
}

interface Entry {
  version: number;
  value: unknown;
}

/** At most this many answers are kept (oldest dropped first): a few per vendor. */
const MAX_ENTRIES = 5_000;

export class PublicReadCache {
  private readonly entries = new Map<string, Entry>();
  /** Answers made (cache misses), for tests and measurements. */
  misses = 0;

  constructor(
    readonly versions: VersionSource,
    private readonly maxEntries = MAX_ENTRIES,
  ) {}

  /**
   * The value under `key` as of now: the cached one if no write that changes public reads has been
   * committed since it was made, else `load()`'s (kept for the next request). Without a version (the
   * database did not answer), `load()` every time. `known`: a version read after the request began
   * (req.publicReadVersion), used instead of reading one.
   */
  async get<T>(key: string, load: () => Promise<T>, known?: number | null): Promise<T> {
    // A version the request read already (req.publicReadVersion: signed-in requests read it with their
    // session's, in one statement) is as good as a read now; without one, read it.
    return this.getAt(typeof known === 'number' ? known : await this.versions.current(), key, load);
  }

  /**
   * As get, with a version the caller read after its request began (one read shared by the request's
   * session and its answer, ADR 0040).
   */
  async getAt<T>(version: number | null, key: string, load: () => Promise<T>): Promise<T> {
    if (version === null) return load();
    const hit = this.peek<T>(version, key);
    if (hit !== undefined) return hit;
    this.misses++;
    const value = await load();
    this.put(version, key, value);
    return value;
  }

  /** The value kept under `key` if it was made at `version`, else undefined. */
  peek<T>(version: number | null, key: string): T | undefined {
    if (version === null) return undefined;
    const hit = this.entries.get(key);
    return hit && hit.version === version ? (hit.value as T) : undefined;
  }

  /** Keeps `value`, made after `version` was read, unless a newer one is kept already. */
  put(version: number | null, key: string, value: unknown): void {
    if (version === null) return;
    const now = this.entries.get(key);
    // A slower request that read an older version does not replace a newer answer.
    if (!now || now.version <= version) {
      this.entries.delete(key);
      this.entries.set(key, { version, value });
      if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    }
  }

  /** Forgets one answer (tests, and a value this process has just changed). */
  forget(key: string) {
    this.entries.delete(key);
  }

  /** Forgets every answer (tests). */
  clear() {
    this.entries.clear();
  }
}

const caches = new WeakMap<Database, Promise<PublicReadCache>>();

/**
 * The cache of the app on this database (one per app: the vendor and review routes share it): versions
 * pushed by the database's notifications where they are known to arrive before a write returns (PGlite),
 * else read per request (PostgreSQL).
 */
export function publicReadCache(database: Database): Promise<PublicReadCache> {
  let cache = caches.get(database);
  if (!cache) {
    cache = (async () => {
      const read = publicReadsVersion(database.db);
      const versions = (await notifiesBeforeCommitReturns(database))
        ? await PushedVersion.start(database, read)
        : new VersionGate(read);
      return new PublicReadCache(versions);
    })();
    caches.set(database, cache);
  }
  return cache;
}

/**
 * The signed-in reads' two caches (small session rows; the answers' rows and bytes), each under its own
 * version, and where a request reads those versions (with the public reads', in one statement).
 */
interface SignedInCaches {
  sessions: PublicReadCache;
  answers: PublicReadCache;
  versions: RequestVersionSource;
}
const signedInCaches = new WeakMap<Database, Promise<SignedInCaches>>();
/** Signed-in sessions kept (a session and its user: about a kilobyte each). */
const MAX_SESSIONS = 20_000;
/**
 * Answers kept (oldest dropped first): their rows and bytes, a few kilobytes for most users, up to a few
 * hundred for a vendor's page of 50 orders; so a few hundred megabytes at the very worst.
 */
const MAX_SIGNED_IN_ANSWERS = 1_000;

/** One of a request's versions, as a VersionSource of its own. */
function scopeOf(versions: RequestVersionSource, scope: keyof RequestVersions): VersionSource {
  return {
    current: () => {
      const read = versions.current();
      return read instanceof Promise ? read.then((v) => v?.[scope] ?? null) : (read?.[scope] ?? null);
    },
  };
}

/**
 * The signed-in reads' caches of the app on this database (ADR 0040): a session and its user, a customer's
 * orders and session rows, a vendor's order pages and earnings, the operator's console, kept per key and
 * used only while their version is unchanged: `sessions` for the sessions (bumped by writes to the session
 * rows and their users, migration 0028), `signed_in_reads` for the answers (bumped by every write to what
 * they are made of, migration 0027). A request reads both, and the public reads' version, in one statement
 * (coalesced with the requests in flight) on PostgreSQL; on PGlite the three are pushed.
 */
function signedInCachesOf(database: Database): Promise<SignedInCaches> {
  let caches = signedInCaches.get(database);
  if (!caches) {
    caches = (async () => {
      const versions: RequestVersionSource = (await notifiesBeforeCommitReturns(database))
        ? await pushedRequestVersions(database)
        : new VersionGate<RequestVersions>(requestVersionsReader(database.db));
      return {
        sessions: new PublicReadCache(scopeOf(versions, 'sessions'), MAX_SESSIONS),
        answers: new PublicReadCache(scopeOf(versions, 'signedIn'), MAX_SIGNED_IN_ANSWERS),
        versions,
      };
    })();
    signedInCaches.set(database, caches);
  }
  return caches;
}

/** The signed-in sessions' cache (the session plugin's), kept under the `sessions` version. */
export const signedInSessionCache = async (database: Database) => (await signedInCachesOf(database)).sessions;

/**
 * Where a signed-in request reads its versions (the session plugin, once per request): the signed-in
 * answers', the sessions' and the public reads', in one statement on PostgreSQL.
 */
export const requestVersions = async (database: Database) => (await signedInCachesOf(database)).versions;

/** The signed-in answers' cache. */
const signedInReadCache = async (database: Database) => (await signedInCachesOf(database)).answers;

/** Where a signed-in answer may be read from: the app's database and the version its request read. */
export interface SignedInReadAt {
  database: Database;
  /** req.readVersion: read after the request began; null or undefined: make the answer fresh. */
  version: number | null | undefined;
}

/**
 * A signed-in answer's data under `key`, from the signed-in reads' cache when it was made at the version
 * the request read, else `load()`'s (kept for the next request). Without `at`, `load()`. Keep what does not
 * depend on the clock (rows), and present it with the request's time.
 */
export async function signedInRead<T>(
  at: SignedInReadAt | undefined,
  key: string,
  load: () => Promise<T>,
): Promise<T> {
  if (!at || at.version === null || at.version === undefined) return load();
  return (await signedInReadCache(at.database)).getAt(at.version, key, load);
}

/** The request's signed-in read position (its app's database, the version its session read). */
export const readAt = (app: FastifyInstance, req: FastifyRequest): SignedInReadAt => ({
  database: app.deps.database,
  version: req.readVersion,
});

/**
 * The bytes of an answer made from cached rows, kept with them for one reading of the clock (ADR 0040):
 * an answer that is a function of its rows and of a small part read from the clock (an order's allowed
 * actions) is serialized again only when that part changes. Lives inside a cached value, so it is
 * dropped with the rows when the version moves.
 */
export class AnswerBytes {
  private kept: { clock: string; body: string } | null = null;

  /** The body for this reading of the clock: the kept one when the reading is the same, else make()'s. */
  of(clock: string, make: () => string): string {
    if (this.kept?.clock === clock) return this.kept.body;
    const body = make();
    this.kept = { clock, body };
    return body;
  }
}

/** Sends a serialized JSON answer as the route's serializer would have written it. */
export function sendJson(reply: FastifyReply, body: string) {
  return reply.header('content-type', 'application/json; charset=utf-8').send(body);
}

/**
 * As signedInRead, for an answer that also depends on the clock in a way its keeper can check: the kept
 * value is used only while `fits(kept)` (e.g. no payout falls due between the moment it was made and
 * now); otherwise it is made again and replaces the kept one.
 */
export async function signedInReadWhile<T>(
  at: SignedInReadAt | undefined,
  key: string,
  fits: (kept: T) => boolean,
  load: () => Promise<T>,
): Promise<T> {
  if (!at || at.version === null || at.version === undefined) return load();
  const cache = await signedInReadCache(at.database);
  const hit = cache.peek<T>(at.version, key);
  if (hit !== undefined && fits(hit)) return hit;
  cache.misses++;
  const value = await load();
  cache.put(at.version, key, value);
  return value;
}
