/**
 * Trusted devices (issue 23 #21, ADR 0021): a browser that signed in to an account gets a device cookie,
 * a random token whose hash is kept in `trusted_devices` with the account. A password check that carries
 * a token known for that account is not subject to the per-address limits of the password throttle (five
 * wrong guesses from a shared office or carrier address must not lock the owner out); it is counted per
 * device instead. A forged or foreign token matches no row of the account and changes nothing; a stolen
 * one gives its thief only that device's own small allowance.
 */
import { and, desc, eq, gt, lt, notInArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_ROOT } from '@stg/domain/api/endpoint';
import type { Db } from '../../db/client';
import { trustedDevices, users } from '../../db/schema';
import { newToken, sha256 } from '../../http/tokens';
import { sendSession } from './session-plugin';
import type { SessionRow } from '../../db/rows';

export const DEVICE_COOKIE = 'stg_device';
/** A device stays trusted this long after its last sign-in. */
export const TRUSTED_DEVICE_DAYS = 90;
/** An account keeps at most this many trusted devices (the most recently signed in). */
export const MAX_TRUSTED_DEVICES = 20;
const DAY_MS = 86_400_000;
/** What newToken() makes: 32 random bytes in base64url. Anything else is not looked up. */
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

const wellFormed = (token: string | undefined): token is string =>
  typeof token === 'string' && TOKEN_FORMAT.test(token);

/** The request's device token (its cookie), if any. */
export const deviceToken = (req: FastifyRequest): string | undefined => req.cookies[DEVICE_COOKIE];

/** The id of the trusted device the token names for the account with this email, or null. */
export async function findTrustedDevice(
  db: Db,
  token: string | undefined,
  email: string,
  now: Date,
): Promise<number | null> {
  if (!wellFormed(token)) return null;
  const [row] = await db
    .select({ id: trustedDevices.id })
    .from(trustedDevices)
    .innerJoin(users, eq(users.id, trustedDevices.userId))
    .where(
      and(
        eq(trustedDevices.tokenHash, sha256(token)),
        sql`lower(${users.email}) = ${email.trim().toLowerCase()}`,
        gt(trustedDevices.expiresAt, now),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/**
 * After a successful sign-in: the browser's token, if already trusted for this account, is kept and its
 * trust extended; otherwise a new random token is trusted (a token the browser brought for another
 * account, or one planted in it, is never adopted). Keeps the account's newest MAX_TRUSTED_DEVICES.
 * Answers the token for the cookie.
 */
export async function trustDevice(
  db: Db,
  opts: { token: string | undefined; userId: number; now: Date },
): Promise<string> {
  const { userId, now } = opts;
  const expiresAt = new Date(now.getTime() + TRUSTED_DEVICE_DAYS * DAY_MS);
  return db.transaction(async (tx) => {
    if (wellFormed(opts.token)) {
      const [kept] = await tx
        .update(trustedDevices)
        .set({ lastSignInAt: now, expiresAt })
        .where(and(eq(trustedDevices.tokenHash, sha256(opts.token)), eq(trustedDevices.userId, userId)))
        .returning({ id: trustedDevices.id });
      if (kept) return opts.token;
    }
    const token = newToken();
    await tx
      .insert(trustedDevices)
      .values({ userId, tokenHash: sha256(token), lastSignInAt: now, expiresAt });
    const newest = tx
      .select({ id: trustedDevices.id })
      .from(trustedDevices)
      .where(eq(trustedDevices.userId, userId))
      .orderBy(desc(trustedDevices.lastSignInAt), desc(trustedDevices.id))
      .limit(MAX_TRUSTED_DEVICES);
    await tx
      .delete(trustedDevices)
      .where(and(eq(trustedDevices.userId, userId), notInArray(trustedDevices.id, newest)));
    return token;
  });
}

/** Sets the device cookie (httpOnly, the session cookie's SameSite and Secure). */
export function sendDeviceCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(DEVICE_COOKIE, token, {
    path: API_ROOT,
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: TRUSTED_DEVICE_DAYS * 86_400,
  });
}

/**
 * The browser just proved the account's password (sign-in, sign-up, a reset through the mailbox): it
 * becomes (or stays) a trusted device of the account, and gets its cookie. Call after sendSession.
 */
export async function trustThisDevice(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  userId: number,
): Promise<void> {
  const token = await trustDevice(app.deps.db, { token: deviceToken(req), userId, now: app.deps.now() });
  sendDeviceCookie(reply, token, app.sessionOptions.secureCookies);
}

/** Hands a session that proved the account's password to the browser, which becomes a trusted device. */
export async function sendSignedInSession(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  started: { token: string; session: SessionRow },
  userId: number,
): Promise<void> {
  sendSession(app, req, reply, started);
  await trustThisDevice(app, req, reply, userId);
}

/**
 * The password changed (a change, or a reset through the mailbox): the account trusts no device any more
 * but the one that changed it, if any.
 */
export async function forgetTrustedDevices(db: Db, userId: number, keepToken?: string): Promise<void> {
  await db
    .delete(trustedDevices)
    .where(
      and(
        eq(trustedDevices.userId, userId),
        wellFormed(keepToken) ? sql`${trustedDevices.tokenHash} <> ${sha256(keepToken)}` : undefined,
      ),
    );
}

/** Removes devices whose trust has run out. */
export async function pruneTrustedDevices(db: Db, now: Date): Promise<void> {
  await db.delete(trustedDevices).where(lt(trustedDevices.expiresAt, now));
}
