/** Account settings: the general form and the password change (spec §2 Account Settings). */
import { MESSAGES, type UserUpdate } from '@stg/domain/validation';
import type { Db } from '../../db/client';
import { notFound, unprocessable } from '../../http/errors';
import { hashPassword, verifyPassword } from '../auth/password';
import { invalidateResetTokens } from '../password/repo';
import { checkPasswordThrottled } from '../session/login-throttle';
import { deleteUserSessions, type UserRow } from '../session/session-repo';
import { isEmailTaken, isEmailUniqueViolation, updatePasswordDigest, updateUserProfile } from './repo';

export async function updateProfile(db: Db, userId: number, fields: UserUpdate, now: Date): Promise<UserRow> {
  if (await isEmailTaken(db, fields.email, userId)) throw unprocessable(MESSAGES.emailTaken);
  try {
    const updated = await updateUserProfile(db, userId, fields, now);
    if (!updated) throw notFound();
    return updated;
  } catch (err) {
    // Two accounts racing for one email: the unique index decides.
    if (isEmailUniqueViolation(err)) throw unprocessable(MESSAGES.emailTaken);
    throw err;
  }
}

/**
 * Changes the password after checking the current one. Wrong guesses count as failed sign-ins, so
 * a stolen session cannot be used to guess the password faster than the sign-in form allows.
 * Every other session of the user ends; the one making the change stays signed in.
 */
export async function changePassword(
  db: Db,
  opts: {
    user: UserRow;
    keepSessionId: number;
    ip: string;
    currentPassword: string;
    newPassword: string;
    now: Date;
  },
): Promise<UserRow> {
  const { user, ip, now } = opts;
  const ok = await checkPasswordThrottled(db, { email: user.email, ip, now }, () =>
    verifyPassword(user.passwordDigest, opts.currentPassword),
  );
  if (!ok) throw unprocessable(MESSAGES.currentPasswordIncorrect);
  const updated = await updatePasswordDigest(db, user.id, await hashPassword(opts.newPassword), now);
  if (!updated) throw notFound();
  await deleteUserSessions(db, user.id, opts.keepSessionId);
  await invalidateResetTokens(db, user.id, now);
  return updated;
}

/**
 * Confirms a signed-in user's password before a sensitive change (a vendor's business details,
 * deactivating a listing). Wrong guesses count as failed sign-ins and are throttled the same way.
 */
export async function confirmPassword(
  db: Db,
  opts: {
    user: UserRow;
    password: string | undefined;
    ip: string;
    now: Date;
    required: string;
    incorrect: string;
  },
): Promise<void> {
  const { user, ip, now } = opts;
  if (!opts.password) throw unprocessable(opts.required);
  const password = opts.password;
  const ok = await checkPasswordThrottled(db, { email: user.email, ip, now }, () =>
    verifyPassword(user.passwordDigest, password),
  );
  if (!ok) throw unprocessable(opts.incorrect);
}
