/** Server-side session rows: the cookie holds a random token, the table holds only its hash. */
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { SessionRow, UserRow } from '../../db/rows';
import { bookings, sessions, users } from '../../db/schema';
import { newToken, sha256 } from '../../http/tokens';
import { oneRow } from '../../db/one-row';
import { preparedPerDb } from '../../db/prepared';

export type { SessionRow, UserRow } from '../../db/rows';

export interface LoadedSession {
  session: SessionRow;
  user: UserRow | null;
}

/** Every signed-in request's read (issue 27): built once per database. */
const sessionByHash = preparedPerDb((db) =>
  db
    .select({ session: sessions, user: users })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('session_by_hash'),
);

/** The session whose token has this hash, with its user, expired or not (the caller checks the expiry). */
export async function findSessionByHash(db: Db, tokenHash: string): Promise<LoadedSession | null> {
  const rows = await sessionByHash(db).execute({ tokenHash });
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

/**
 * Slides the expiry forward once the session has used half its life (issue 27: a session read writes
 * nothing, but for this one update every ttlDays / 2 of use); answers what it wrote, or null.
 */
export async function touchSession(
  db: Db,
  session: SessionRow,
  ttlDays: number,
  now: Date,
): Promise<Pick<SessionRow, 'lastSeenAt' | 'expiresAt'> | null> {
  const ttlMs = ttlDays * 86_400_000;
  if (session.expiresAt.getTime() - now.getTime() > ttlMs / 2) return null;
  const slid = { lastSeenAt: now, expiresAt: new Date(now.getTime() + ttlMs) };
  await db.update(sessions).set(slid).where(eq(sessions.id, session.id));
  return slid;
}

export async function deleteExpiredSessions(db: Db, now: Date) {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
