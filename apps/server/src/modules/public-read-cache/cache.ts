/**
 * The public reads' cache (ADR 0022): answers of GET /api/vendors, /api/vendors/{id} and
 * /api/vendors/{id}/reviews kept in process memory, each tagged with the version of `cache_versions`
 * read before it was made, and used only while a version read after the request began is still the same
 * (VersionGate). Answers carry a strong ETag (a hash of the exact body) and `Cache-Control: no-cache`, so a
 * browser revalidates every time and an unchanged answer costs a 304.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/client';
import {
  notifiesBeforeCommitReturns,
  publicReadsVersion,
  PushedVersion,
  VersionGate,
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

  constructor(readonly versions: VersionSource) {}

  /**
   * The value under `key` as of now: the cached one if no write that changes public reads has been
   * committed since it was made, else `load()`'s (kept for the next request). Without a version (the
   * database did not answer), `load()` every time.
   */
  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const version = await this.versions.current();
    if (version === null) return load();
    const hit = this.entries.get(key);
    if (hit && hit.version === version) return hit.value as T;
    this.misses++;
    const value = await load();
    const now = this.entries.get(key);
    // A slower request that read an older version does not replace a newer answer.
    if (!now || now.version <= version) {
      this.entries.delete(key);
      this.entries.set(key, { version, value });
      if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    }
    return value;
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
