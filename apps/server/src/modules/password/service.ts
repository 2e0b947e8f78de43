/** Forgot and reset password: single-use, hashed, one-hour tokens mailed as a link. */
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps';
import { MESSAGES } from '@stg/domain/validation';
import { escapeHtml, type MailMessage } from '../../adapters/mail/mailer';
import { unprocessable } from '../../http/errors';
import { newToken, sha256 } from '../../http/tokens';
import { hashPassword } from '../auth/password';
import { clearPasswordFailures } from '../auth/login-throttle';
import { forgetTrustedDevices } from '../auth/trusted-devices';
import { rotateSession, type Rotation, type StartedSession } from '../session-rotation/rotate-session';
import type { UserRow } from '../../db/rows';
import { findUserByEmail, invalidateResetTokens, updatePasswordDigest } from '../users/queries';
import { loadVendorDetail } from '../vendors/service';
import { consumeResetToken, findUsableResetToken, issueResetToken } from './repo';

export const RESET_TOKEN_TTL_MS = 60 * 60_000;
export const MAX_RESET_MAILS_PER_HOUR = 3;

export function resetLink(publicUrl: string, token: string): string {
  return `${publicUrl}/password/reset?token=${encodeURIComponent(token)}`;
}

export function resetMail(user: Pick<UserRow, 'email' | 'firstName'>, link: string): MailMessage {
  const intro = 'We received a request to reset the password of your Servo account.';
  const outro =
    'The link works once and expires in 1 hour. If you did not ask for it, ignore this email: your password stays the same.';
  return {
    to: user.email,
    subject: 'Reset your Servo password',
    text: `Hi ${user.firstName},\n\n${intro} Open this link to choose a new password:\n\n${link}\n\n${outro}\n`,
    html:
      `<p>Hi ${escapeHtml(user.firstName)},</p>` +
      `<p>${escapeHtml(intro)}</p>` +
      `<p><a href="${escapeHtml(link)}">Choose a new password</a></p>` +
      `<p>Or copy this address into your browser:<br>${escapeHtml(link)}</p>` +
      `<p>${escapeHtml(outro)}</p>`,
  };
}

/**
 * Starts a reset for the account with that email, if there is one. The token and the mail are made
 * in the background, so the answer, and its timing, is the same whether or not the account exists.
 * At most MAX_RESET_MAILS_PER_HOUR mails per account; beyond that nothing is sent.
 */
export async function requestPasswordReset(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'background' | 'publicUrl'>,
  email: string,
  now: Date,
  log: Pick<FastifyBaseLogger, 'info'>,
): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user) return;
  deps.background.run('password-reset-mail', async () => {
    const token = newToken();
    const issued = await issueResetToken(deps.db, {
      userId: user.id,
      tokenHash: sha256(token),
      now,
      ttlMs: RESET_TOKEN_TTL_MS,
      maxPerWindow: MAX_RESET_MAILS_PER_HOUR,
      windowMs: 60 * 60_000,
    });
    if (!issued) {
      log.info({ userId: user.id }, 'password reset mail limit reached; no mail sent');
      return;
    }
    await deps.mailer.send(resetMail(user, resetLink(deps.publicUrl, token)));
  });
}

/**
 * Sets a new password with a reset token. Null when the token is unknown, used or expired.
 * The token is found by its hash (one indexed lookup, no comparison loop) and consumed atomically.
 */
export async function resetPassword(
  deps: Pick<AppDeps, 'db'>,
  token: string,
  password: string,
  now: Date,
): Promise<UserRow | null> {
  const tokenHash = sha256(token);
  if (!(await findUsableResetToken(deps.db, tokenHash, now))) return null;
  const digest = await hashPassword(password);
  return deps.db.transaction(async (tx) => {
    const userId = await consumeResetToken(tx, tokenHash, now);
    if (userId === null) return null;
    await invalidateResetTokens(tx, userId, now);
    return updatePasswordDigest(tx, userId, digest, now);
  });
}

/**
 * POST /api/password/reset: sets the new password with the mailed token, then every session of the
 * account ends and the request's session rotates to the user (signed in; a guest's answers and
 * bookings come along, as on sign-in). Proving control of the mailbox clears the account's failed
 * sign-ins. Answers the user and their vendor (for its owner's view); a 422 for a bad token.
 */
export async function resetPasswordAndSignIn(
  deps: Pick<AppDeps, 'db'>,
  opts: Omit<Rotation, 'user' | 'endUserSessions'> & { token: string; password: string },
): Promise<{
  user: UserRow;
  vendor: Awaited<ReturnType<typeof loadVendorDetail>>;
  started: StartedSession;
}> {
  const { db } = deps;
  const user = await resetPassword(deps, opts.token, opts.password, opts.now);
  if (!user) throw unprocessable(MESSAGES.resetTokenInvalid);
  const started = await rotateSession(db, { ...opts, user, endUserSessions: true });
  await clearPasswordFailures(db, user.email, opts.client.ip);
  await forgetTrustedDevices(db, user.id);
  const vendor = user.vendorId ? await loadVendorDetail(db, user.vendorId) : null;
  return { user, vendor, started };
}
