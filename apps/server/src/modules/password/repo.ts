/** Password reset tokens: only the SHA-256 of a token is stored; a token is used at most once. */
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { passwordResetTokens } from '../../db/schema';
import { invalidateResetTokens } from '../users/queries';

/** First key of the advisory locks that serialise reset requests per account. */
const RESET_LOCK_CLASS = 7301;

/**
 * Issues a token unless the account already had `maxPerWindow` tokens issued within the window;
 * earlier unused tokens stop working. Serialised per account with an advisory lock, so concurrent
 * requests on any instance cannot exceed the limit. Returns false when the limit is reached.
 */
export async function issueResetToken(
  db: Db,
  opts: {
    userId: number;
    tokenHash: string;
    now: Date;
    ttlMs: number;
    maxPerWindow: number;
    windowMs: number;
  },
): Promise<boolean> {
  const { userId, now } = opts;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${RESET_LOCK_CLASS}, ${userId})`);
    const [recent] = await tx
      .select({ n: count() })
      .from(passwordResetTokens)
      .where(
        and(
          eq(passwordResetTokens.userId, userId),
          gt(passwordResetTokens.createdAt, new Date(now.getTime() - opts.windowMs)),
        ),
      );
    if ((recent?.n ?? 0) >= opts.maxPerWindow) return false;
    await invalidateResetTokens(tx, userId, now);
    await tx.insert(passwordResetTokens).values({
      userId,
      tokenHash: opts.tokenHash,
      createdAt: now,
      expiresAt: new Date(now.getTime() + opts.ttlMs),
    });
    return true;
  });
}

/** The user a token may reset, when the token is known, unused and unexpired; one indexed lookup. */
export async function findUsableResetToken(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ id: passwordResetTokens.id, userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Marks the token used if it still is usable, in one statement, so two requests racing with the
 * same token cannot both succeed. Returns the user id, or null when the token was taken meanwhile.
 */
export async function consumeResetToken(tx: Tx, tokenHash: string, now: Date): Promise<number | null> {
  const [row] = await tx
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId ?? null;
}
