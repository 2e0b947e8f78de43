/**
 * Counters of the rate limits and password-guess throttles, in PostgreSQL so that every server process
 * counts together (issue 14). Each change is one atomic statement or one transaction with the bucket's
 * row locked, so simultaneous requests can never all pass a check that they together exceed.
 */
import { eq, lt, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { rateLimits } from '../../db/schema';
import { oneRow } from '../../db/one-row';

export interface Window {
  /** Requests allowed in one window. */
  limit: number;
  windowMs: number;
}

export interface Hit {
  allowed: boolean;
  /** Hits counted in the current window, this one included. */
  hits: number;
  /** When the current window ends. */
  resetAt: Date;
}

/**
 * Counts one request in the bucket's fixed window (a new window starts once the last one ended) and
 * says whether it is within the limit. One statement: the conflicting row is locked while it is updated.
 */
export async function hit(db: Db, bucket: string, window: Window, now: Date): Promise<Hit> {
  const resetAt = new Date(now.getTime() + window.windowMs);
  const expired = sql`${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz`;
  const row = oneRow(
    await db
      .insert(rateLimits)
      .values({ bucket, hits: 1, resetAt })
      .onConflictDoUpdate({
        target: rateLimits.bucket,
        set: {
          hits: sql`case when ${expired} then 1 else ${rateLimits.hits} + 1 end`,
          resetAt: sql`case when ${expired} then excluded.reset_at else ${rateLimits.resetAt} end`,
          nextAt: sql`case when ${expired} then null else ${rateLimits.nextAt} end`,
        },
      })
      .returning({ hits: rateLimits.hits, resetAt: rateLimits.resetAt }),
    'rate limit',
  );
  return { allowed: row.hits <= window.limit, hits: row.hits, resetAt: row.resetAt };
}

/**
 * As `hit`, for several buckets of one window in order (a route's limit per address, then per user), in one
 * statement (issue 27: one round trip before the handler instead of one per bucket): each bucket is counted
 * only while the ones before it were within the limit, as calling `hit` for each in turn and stopping at the
 * first refusal would. Answers the buckets counted, in order (the last one refused, if any was).
 */
export async function hitInOrder(
  db: Db,
  buckets: readonly string[],
  window: Window,
  now: Date,
): Promise<Hit[]> {
  if (buckets.length <= 1) return Promise.all(buckets.map((b) => hit(db, b, window, now)));
  const resetAt = new Date(now.getTime() + window.windowMs).toISOString();
  const expired = sql`"rate_limits"."reset_at" <= ${now.toISOString()}::timestamptz`;
  const upsert = (bucket: string, onlyIf: SQL) =>
    sql`insert into "rate_limits" ("bucket", "hits", "reset_at")
      select ${bucket}::text, 1, ${resetAt}::timestamptz ${onlyIf}
      on conflict ("bucket") do update set
        "hits" = case when ${expired} then 1 else "rate_limits"."hits" + 1 end,
        "reset_at" = case when ${expired} then excluded."reset_at" else "rate_limits"."reset_at" end,
        "next_at" = case when ${expired} then null else "rate_limits"."next_at" end
      returning "hits", "reset_at"`;
  const ctes = buckets.map(
    (bucket, i) =>
      sql`${sql.raw(`c${i}`)} as (${upsert(bucket, i === 0 ? sql`` : sql`where (select "hits" from ${sql.raw(`c${i - 1}`)}) <= ${window.limit}`)})`,
  );
  const rows = buckets.map(
    (_, i) =>
      sql`select ${i}::int as "i", "hits", (extract(epoch from "reset_at") * 1000)::bigint::text as "reset" from ${sql.raw(`c${i}`)}`,
  );
  const found = await queryRows<{ i: number; hits: number; reset: string }>(
    db,
    sql`with ${sql.join(ctes, sql`, `)} ${sql.join(rows, sql` union all `)} order by "i"`,
  );
  return found.map((r) => ({
    allowed: Number(r.hits) <= window.limit,
    hits: Number(r.hits),
    resetAt: new Date(Number(r.reset)),
  }));
}

/** Gives back one hit (a request that turned out not to count, e.g. a correct password). */
export async function refund(db: Db, bucket: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
    .where(eq(rateLimits.bucket, bucket));
}

/** Forgets the bucket (the account proved it is its owner's). */
export async function clear(db: Db, bucket: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.bucket, bucket));
}

export interface Backoff {
  /** Attempts in a window before waiting starts. */
  free: number;
  windowMs: number;
  /** The wait after the first attempt beyond `free`, doubled at each further one, up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
}

export type Claim = { allowed: true; hits: number } | { allowed: false; retryAt: Date };

/**
 * An attempt under exponential backoff: allowed when the bucket's earliest next attempt has come, and
 * then pushes the next one out (no wait between the first `free` attempts; the one after them waits
 * base, the next 2×base, 4×base… up to max).
 * The row is locked for the check and the update, so of simultaneous attempts only one can pass a wait.
 */
export async function claimWithBackoff(db: Db, bucket: string, backoff: Backoff, now: Date): Promise<Claim> {
  return db.transaction(async (tx) => {
    await tx
      .insert(rateLimits)
      .values({ bucket, hits: 0, resetAt: new Date(now.getTime() + backoff.windowMs) })
      .onConflictDoNothing();
    const row = oneRow(
      await tx.select().from(rateLimits).where(eq(rateLimits.bucket, bucket)).for('update'),
      'rate limit',
    );
    if (row.nextAt && row.nextAt > now) return { allowed: false, retryAt: row.nextAt };
    const fresh = row.resetAt <= now;
    const hits = fresh ? 1 : row.hits + 1;
    // The attempt after the `free` ones waits base, the next 2×base…
    const beyond = hits - backoff.free;
    const delay = beyond < 0 ? 0 : Math.min(backoff.maxDelayMs, backoff.baseDelayMs * 2 ** beyond);
    await tx
      .update(rateLimits)
      .set({
        hits,
        resetAt: fresh ? new Date(now.getTime() + backoff.windowMs) : row.resetAt,
        nextAt: new Date(now.getTime() + delay),
      })
      .where(eq(rateLimits.bucket, bucket));
    return { allowed: true, hits };
  });
}

/** Removes buckets whose window ended and whose wait is over. */
export async function pruneRateLimits(db: Db, now: Date): Promise<void> {
  await db
    .delete(rateLimits)
    .where(
      sql`${lt(rateLimits.resetAt, now)} and (${rateLimits.nextAt} is null or ${rateLimits.nextAt} < ${now.toISOString()}::timestamptz)`,
    );
}
