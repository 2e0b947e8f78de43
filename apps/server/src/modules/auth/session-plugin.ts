/**
 * Sessions and CSRF (ADR 0005). Every /api request is matched to its server-side session row;
 * every non-GET /api request must echo the session's CSRF token in the X-CSRF-Token header.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '@stg/domain/validation';
import { API_PREFIX } from '@stg/domain/api/endpoint';
import { paymentsApi } from '@stg/domain/api/payments.endpoints';
import type { Database, Db } from '../../db/client';
import { requestVersions, signedInSessionCache } from '../public-read-cache/cache';
import {
  createSession,
  findSessionByHash,
  touchSession,
  type LoadedSession,
  type SessionRow,
  type UserRow,
} from './session-repo';
import { HttpError } from '../../http/errors';
import { safeEqual, sha256 } from '../../http/tokens';

export const SESSION_COOKIE = 'stg_session';
export const CSRF_HEADER = 'x-csrf-token';

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionRow | null;
    user: UserRow | null;
    /**
     * The signed-in reads' version read after this request began (ADR 0040), for the cached answers of
     * a signed-in user; undefined when the request carried no session cookie, null when it could not be
     * read (answers are then made fresh).
     */
    readVersion: number | null | undefined;
    /**
     * The public reads' version, read in the same statement as readVersion (ADR 0042, signed-in requests' statements): where
     * checkout takes the vendor's public pricing data from the public reads' cache. Undefined or null as
     * readVersion.
     */
    publicReadVersion: number | null | undefined;
  }
}

export interface SessionPluginOptions {
  db: Db;
  /** The database the signed-in reads' cache belongs to (ADR 0040). */
  database: Database;
  ttlDays: number;
  secureCookies: boolean;
  now: () => Date;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Called by other servers, never by a browser: no session, no CSRF token. */
const SESSIONLESS_PATHS = new Set<string>([paymentsApi.webhook.path]);

/** Anonymous sessions (a guest's token and answers) last a day without use; signed-in ones ttlDays. */
export const GUEST_SESSION_TTL_DAYS = 1;
const ttlFor = (opts: SessionPluginOptions, userId: number | null) =>
  userId === null ? GUEST_SESSION_TTL_DAYS : opts.ttlDays;

export const sessionPlugin = fp(async (app: FastifyInstance, opts: SessionPluginOptions) => {
  app.decorateRequest('session', null);
  app.decorateRequest('user', null);
  app.decorateRequest('readVersion', undefined);
  app.decorateRequest('publicReadVersion', undefined);

  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith(API_PREFIX)) return;
    // The payment provider's webhooks carry no session: their signature is their proof.
    if (SESSIONLESS_PATHS.has(req.url.split('?')[0]!)) return;
    await loadRequestSession(opts, req);
    if (SAFE_METHODS.has(req.method)) return;
    const sent = req.headers[CSRF_HEADER];
    if (!req.session || typeof sent !== 'string' || !safeEqual(sent, req.session.csrfToken)) {
      throw new HttpError(403, [MESSAGES.invalidAuthenticityToken]);
    }
  });
});

/**
 * Matches the request's session cookie to its row (req.session, req.user), as every /api request does; the
 * web app's pages (src/web-pages.ts) do the same for the session they carry. A signed-in session and its
 * user come from the sessions' cache while the `sessions` version is unchanged (ADR 0040, 0042): no query on
 * PGlite; on PostgreSQL one statement, shared by the requests in flight, reads that version with the
 * signed-in answers' and the public reads' (req.readVersion, req.publicReadVersion). The `sessions` version
 * moves only with writes to sessions and users (not with orders, payments or bookings), so the session
 * usually hits during checkout. The kept user's `paymentCustomerId` may be older than the row's (its write
 * bumps nothing): checkout reads it fresh. Reading a session writes nothing, but for the sliding expiry once
 * the session has used half its life (touchSession).
 */
export async function loadRequestSession(opts: SessionPluginOptions, req: FastifyRequest): Promise<void> {
  const token = req.cookies[SESSION_COOKIE];
  if (!token) return;
  const cache = await signedInSessionCache(opts.database);
  const versions = await (await requestVersions(opts.database)).current();
  req.readVersion = versions?.signedIn ?? null;
  req.publicReadVersion = versions?.publicReads ?? null;
  const version = versions?.sessions ?? null;
  const now = opts.now();
  const key = `session:${sha256(token)}`;
  let loaded = cache.peek<LoadedSession>(version, key);
  // A kept row past its expiry may have been extended by another process: read it again.
  if (!loaded || loaded.session.expiresAt <= now) {
    loaded = (await findSessionByHash(opts.db, sha256(token))) ?? undefined;
    // Only signed-in sessions are kept: a guest's is read each time (and unknown tokens never fill the cache).
    if (loaded?.user) cache.put(version, key, loaded);
  }
  if (!loaded || loaded.session.expiresAt <= now) return;
  req.session = loaded.session;
  req.user = loaded.user;
  const touched = await touchSession(opts.db, loaded.session, ttlFor(opts, loaded.session.userId), now);
  // The kept row learns its new expiry (a slide writes no version: it only lengthens the session's life).
  if (touched) Object.assign(loaded.session, touched);
}

/** Starts a new session (anonymous or signed in), sets its cookie and answers with its CSRF token. */
export async function startSession(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  userId: number | null,
): Promise<LoadedSession['session']> {
  const opts = app.sessionOptions;
  const started = await createSession(opts.db, {
    userId,
    ttlDays: ttlFor(opts, userId),
    now: opts.now(),
    ip: req.ip,
    userAgent: req.headers['user-agent'],
  });
  return sendSession(app, req, reply, started);
}

/** How long a signed-in session lasts (a guest's: GUEST_SESSION_TTL_DAYS). */
export const signedInTtlDays = (app: FastifyInstance) => app.sessionOptions.ttlDays;

/**
 * What starting a signed-in session needs from the request (sign-in, sign-up, a password reset): the
 * session it replaces (no fixation), the browser, the signed-in lifetime and the app's clock.
 */
export const signedInSessionOptions = (app: FastifyInstance, req: FastifyRequest) => ({
  previous: req.session,
  client: sessionClient(req),
  ttlDays: signedInTtlDays(app),
  now: app.deps.now(),
});

/** The browser a new session is started for, kept on its row. */
export const sessionClient = (req: FastifyRequest) => ({
  ip: req.ip,
  userAgent: req.headers['user-agent'],
});

/**
 * Hands a session created elsewhere (rotateSession, signOut) to the browser: its cookie,
 * its CSRF token in the answer's header; the request goes on with it.
 */
export function sendSession(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  started: { token: string; session: SessionRow },
): SessionRow {
  const opts = app.sessionOptions;
  const { token, session } = started;
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: opts.secureCookies,
    maxAge: ttlFor(opts, session.userId) * 86_400,
  });
  reply.header('X-CSRF-Token', session.csrfToken);
  req.session = session;
  return session;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessionOptions: SessionPluginOptions;
  }
}
