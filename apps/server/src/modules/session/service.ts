/**
 * The session module's service: what GET/POST/DELETE /api/session answer (sessionPayload), sign-in,
 * sign-out, and the one rotation of a session (rotateSession) that sign-in, sign-up and a password
 * reset share.
 */
import { eq } from 'drizzle-orm';
import { MESSAGES } from '@stg/domain/validation';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { dummyPasswordDigest, verifyPassword } from '../auth/password';
import { presentBooking } from '../bookings/presenter';
import { adoptGuestSession, listOpenBookings } from '../bookings/service';
import { listCustomerOrders } from '../orders/repo';
import { presentCustomerOrder } from '../orders/presenter';
import { findGuestInputs } from '../pricing/repo';
import { findUserByEmail, listAddressesWithInputs } from '../users/repo';
import { presentAddress, presentUser } from '../users/presenter';
import { loadVendorDetail } from '../vendors/repo';
import { presentVendor } from '../vendors/presenter';
import { checkPasswordThrottled } from './login-throttle';
import {
  createSession,
  deleteSession,
  deleteUserSessions,
  type SessionRow,
  type UserRow,
} from './session-repo';

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

/**
 * Sign-in (POST /api/session): the throttled password check, then the session's rotation. An
 * unknown email costs the same hash as a known one, is throttled the same way, and gets the same 401.
 */
export async function signIn(
  db: Db,
  opts: Omit<Rotation, 'user' | 'endUserSessions'> & { email: string; password: string },
): Promise<{ user: UserRow; started: StartedSession }> {
  const { email, password, now } = opts;
  const user = await findUserByEmail(db, email);
  const ok = await checkPasswordThrottled(db, { email, ip: opts.client.ip, now }, () =>
    user
      ? verifyPassword(user.passwordDigest, password)
      : dummyPasswordDigest()
          .then((d) => verifyPassword(d, password))
          .then(() => false),
  );
  if (!user || !ok) throw new HttpError(401, [MESSAGES.invalidCredentials]);
  return { user, started: await rotateSession(db, { ...opts, user }) };
}

/** Sign-out (DELETE /api/session): the session ends (a guest's bookings with it); a new guest session starts. */
export async function signOut(
  db: Db,
  opts: { previous: SessionRow | null; client: SessionClient; ttlDays: number; now: Date },
): Promise<StartedSession> {
  return db.transaction(async (tx) => {
    if (opts.previous) await deleteSession(tx, opts.previous.id);
    return createSession(tx, {
      userId: null,
      ttlDays: opts.ttlDays,
      now: opts.now,
      ip: opts.client.ip,
      userAgent: opts.client.userAgent,
    });
  });
}

export async function sessionPayload(
  db: Db,
  user: UserRow | null,
  session: SessionRow | null,
  urlFor: (key: string) => string,
  now: Date,
) {
  const bookings = (await listOpenBookings(db, { user, session })).map(presentBooking);
  if (!user) {
    return {
      user: null,
      addresses: [],
      orders: [],
      vendor: null,
      bookings,
      guestInputs: session ? await findGuestInputs(db, session.id) : {},
    };
  }
  const [addressRows, orderRows, vendorDetail] = await Promise.all([
    listAddressesWithInputs(db, user.id),
    listCustomerOrders(db, user.id),
    user.vendorId ? loadVendorDetail(db, user.vendorId) : Promise.resolve(null),
  ]);
  return {
    user: presentUser(user),
    addresses: addressRows.map(({ address, inputs }) => presentAddress(address, inputs)),
    orders: orderRows.map((row) => presentCustomerOrder(row, urlFor, now)),
    vendor: vendorDetail ? presentVendor(vendorDetail, urlFor, { owner: true }) : null,
    bookings,
    guestInputs: {},
  };
}
