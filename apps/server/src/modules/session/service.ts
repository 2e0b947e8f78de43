/**
 * The session module's service: what GET/POST/DELETE /api/session answer (sessionPayload), sign-in and
 * sign-out. The session store, the login throttle and rotateSession are the lower auth module's.
 */
import { MESSAGES } from '@stg/domain/validation';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { dummyPasswordDigest, verifyPassword } from '../auth/password';
import { presentBooking } from '../bookings/presenter';
import { listOpenBookings } from '../bookings/service';
import { listCustomerOrders } from '../orders/queries';
import { customerOrderClock, presentCustomerOrderAt } from '../orders/presenter';
import { findGuestInputs } from '../pricing/queries';
import { findUserByEmail, listAddressesWithInputs } from '../users/queries';
import { presentAddress, presentUser } from '../users/presenter';
import { loadVendorDetail } from '../vendors/service';
import { presentVendor } from '../vendors/presenter';
import { checkPasswordThrottled } from '../auth/login-throttle';
import {
  rotateSession,
  type Rotation,
  type SessionClient,
  type StartedSession,
} from '../session-rotation/rotate-session';
import { createSession, deleteSession } from '../auth/queries';
import type { SessionRow, UserRow } from '../../db/rows';
import { AnswerBytes, serializeWith, signedInRead, type SignedInReadAt } from '../public-read-cache/cache';
import { sessionResponseSchema } from '@stg/domain/api/session';

/**
 * Sign-in (POST /api/session): the throttled password check, then the session's rotation. An
 * unknown email costs the same hash as a known one, is throttled the same way, and gets the same 401.
 */
export async function signIn(
  db: Db,
  opts: Omit<Rotation, 'user' | 'endUserSessions'> & {
    email: string;
    password: string;
    /** The request's device cookie (a trusted device of the account is throttled on its own). */
    device?: string | undefined;
  },
): Promise<{ user: UserRow; started: StartedSession }> {
  const { email, password, now } = opts;
  const user = await findUserByEmail(db, email);
  const ok = await checkPasswordThrottled(
    db,
    { email, ip: opts.client.ip, now, action: 'signIn', device: opts.device },
    () =>
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
  at?: SignedInReadAt,
) {
  if (!user) return guestPayload(db, session);
  const rows = await signedInRows(db, user, session, at);
  return signedInPayload(user, rows, urlFor, customerClocks(rows, now));
}

async function guestPayload(db: Db, session: SessionRow | null) {
  const bookings = (await listOpenBookings(db, { user: null, session })).map(presentBooking);
  return {
    user: null,
    addresses: [],
    orders: [],
    vendor: null,
    bookings,
    guestInputs: session ? await findGuestInputs(db, session.id) : {},
  };
}

/** A signed-in user's rows (theirs, not the session's), from the signed-in reads' cache (ADR 0040). */
function signedInRows(db: Db, user: UserRow, session: SessionRow | null, at: SignedInReadAt | undefined) {
  return signedInRead(at, `session:user:${user.id}`, async () => {
    const [bookingRows, addressRows, orderRows, vendorDetail] = await Promise.all([
      listOpenBookings(db, { user, session }),
      listAddressesWithInputs(db, user.id),
      listCustomerOrders(db, user.id),
      user.vendorId ? loadVendorDetail(db, user.vendorId) : Promise.resolve(null),
    ]);
    return { bookingRows, addressRows, orderRows, vendorDetail, bytes: new AnswerBytes() };
  });
}
type SignedInRows = Awaited<ReturnType<typeof signedInRows>>;

const customerClocks = (rows: SignedInRows, now: Date) =>
  rows.orderRows.map((row) => customerOrderClock(row, now));

/** The answer of a signed-in user: a function of the user, the rows and what the orders read from the clock. */
function signedInPayload(
  user: UserRow,
  rows: SignedInRows,
  urlFor: (key: string) => string,
  clocks: ReturnType<typeof customerClocks>,
) {
  return {
    user: presentUser(user),
    addresses: rows.addressRows.map(({ address, inputs }) => presentAddress(address, inputs)),
    orders: rows.orderRows.map((row, i) => presentCustomerOrderAt(row, urlFor, clocks[i]!)),
    vendor: rows.vendorDetail ? presentVendor(rows.vendorDetail, urlFor, { owner: true }) : null,
    bookings: rows.bookingRows.map(presentBooking),
    guestInputs: {},
  };
}

const sessionJson = serializeWith(sessionResponseSchema);

/**
 * GET /api/session, serialized. A signed-in user's answer is made from the cached rows and its bytes are
 * kept with them while what the orders read from the clock is unchanged (the user row comes from the same
 * version of the cache as the rows, ADR 0040).
 */
export async function sessionBody(
  db: Db,
  user: UserRow | null,
  session: SessionRow | null,
  urlFor: (key: string) => string,
  now: Date,
  at: SignedInReadAt,
): Promise<string> {
  if (!user) return sessionJson(await guestPayload(db, session));
  const rows = await signedInRows(db, user, session, at);
  const clocks = customerClocks(rows, now);
  // The user row is part of the key: a kept body is never another user's or an older row's.
  return rows.bytes.of(JSON.stringify([user.id, user.updatedAt, clocks]), () =>
    sessionJson(signedInPayload(user, rows, urlFor, clocks)),
  );
}

/**
 * POST /api/session: sign-in (signIn), then the session answer for the new session. One request time
 * for both (the route used to read the clock twice, a few microseconds apart).
 */
export async function signInAndAnswer(
  db: Db,
  opts: Parameters<typeof signIn>[1] & { urlFor: (key: string) => string },
) {
  const { urlFor, ...signInOpts } = opts;
  const { user, started } = await signIn(db, signInOpts);
  return { user, started, answer: await sessionPayload(db, user, started.session, urlFor, opts.now) };
}

/** DELETE /api/session: sign-out (signOut), then the session answer for the new guest session. */
export async function signOutAndAnswer(
  db: Db,
  opts: Parameters<typeof signOut>[1] & { urlFor: (key: string) => string },
) {
  const { urlFor, ...signOutOpts } = opts;
  const started = await signOut(db, signOutOpts);
  return { started, answer: await sessionPayload(db, null, started.session, urlFor, opts.now) };
}
