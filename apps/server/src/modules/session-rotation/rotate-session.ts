/**
 * The one rotation of a session (rotateSession) that sign-in, sign-up and a password reset share; the
 * session module's sign-in, the users' sign-up, the vendors' sign-up and the password reset use it.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';
import { adoptGuestSession } from '../bookings/service';
import { createSession, deleteSession, deleteUserSessions } from '../auth/queries';
import type { SessionRow, UserRow } from '../../db/rows';

/** A session just created: the cookie's token (never stored) and its row. */
export interface StartedSession {
  token: string;
  session: SessionRow;
}

/** Who is starting the new session: their address and browser, kept on the row. */
export interface SessionClient {
  ip: string;
  userAgent?: string;
}

export interface Rotation {
  /** The session the request came with (a guest's, or the user's own), if any. */
  previous: SessionRow | null;
  user: UserRow;
  client: SessionClient;
  /** How long the new session lasts. */
  ttlDays: number;
  now: Date;
  /** A password reset: every session of the user ends too (the new one is the only one left). */
  endUserSessions?: boolean;
}

/**
 * Sign-in, sign-up and password reset: the session the request came with is adopted (a guest's
 * pricing answers and bookings move to the account), deleted, and a new session for the user starts
 * (no fixation) — all in one transaction, so a failure anywhere leaves the old session, and its
 * bookings, as they were. The old session's row is locked first, so two rotations of one session
 * adopt it once: the later one finds it gone and only starts its own session.
 */
export async function rotateSession(db: Db, r: Rotation): Promise<StartedSession> {
  return db.transaction(async (tx) => {
    const [previous] = r.previous
      ? await tx.select().from(sessions).where(eq(sessions.id, r.previous.id)).for('update')
      : [];
    if (previous) {
      await adoptGuestSession(tx, previous, r.user, r.now);
      await deleteSession(tx, previous.id);
    }
    if (r.endUserSessions) await deleteUserSessions(tx, r.user.id);
    return createSession(tx, {
      userId: r.user.id,
      ttlDays: r.ttlDays,
      now: r.now,
      ip: r.client.ip,
      userAgent: r.client.userAgent,
    });
  });
}
