/** Server-side session rows: the cookie holds a random token, the table holds only its hash. */
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { SessionRow, UserRow } from '../../db/rows';
import { bookings, sessions, users } from '../../db/schema';
import { newToken, sha256 } from '../../http/tokens';
import { oneRow } from '../../db/one-row';

export type { SessionRow, UserRow } from '../../db/rows';

export interface LoadedSession {
  session: SessionRow;
  user: UserRow | null;
}

export async function findSession(db: Db, token: string, now: Date): Promise<LoadedSession | null> {
  const rows = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sha256(token)), gt(sessions.expiresAt, now)))
    .limit(1);
  const row = rows[0];
  return row ? { session: row.session, user: row.user } : null;
}

export async function createSession(
  db: Db,
  opts: { userId: number | null; ttlDays: number; now: Date; ip?: string; userAgent?: string },
): Promise<{ token: string; session: SessionRow }> {
  const token = newToken();
  const rows = await db
    .insert(sessions)
    .values({
      tokenHash: sha256(token),
      userId: opts.userId,
      csrfToken: newToken(),
      ip: opts.ip ?? null,
      userAgent: opts.userAgent?.slice(0, 300) ?? null,
      createdAt: opts.now,
      lastSeenAt: opts.now,
      expiresAt: new Date(opts.now.getTime() + opts.ttlDays * 86_400_000),
    })
    .returning();
  return { token, session: oneRow(rows, 'session') };
}

/** Ends a session; a guest's bookings, owned by nothing else, end with it. */
export async function deleteSession(db: Db, id: number) {
  await db.transaction(async (tx) => {
    await tx.delete(bookings).where(and(eq(bookings.sessionId, id), isNull(bookings.userId)));
    await tx.delete(sessions).where(eq(sessions.id, id));
  });
}

/** Ends every session of a user (password change, reset), optionally keeping one. */
export async function deleteUserSessions(db: Db, userId: number, exceptSessionId?: number) {
  await db
    .delete(sessions)
    .where(
      exceptSessionId === undefined
        ? eq(sessions.userId, userId)
        : and(eq(sessions.userId, userId), sql`${sessions.id} <> ${exceptSessionId}`),
    );
}

/** Slides the expiry forward, at most once every few minutes per session. */
export async function touchSession(db: Db, session: SessionRow, ttlDays: number, now: Date) {
  if (now.getTime() - session.lastSeenAt.getTime() < 5 * 60_000) return;
  await db
    .update(sessions)
    .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + ttlDays * 86_400_000) })
    .where(eq(sessions.id, session.id));
}

export async function deleteExpiredSessions(db: Db, now: Date) {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
