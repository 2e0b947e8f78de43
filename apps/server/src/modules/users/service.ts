/** Customer sign-up and the account settings: the general form and the password change (spec §2). */
import { MESSAGES, type AddressInput, type CustomerSignUp, type UserUpdate } from '@stg/domain/validation';
import type { Db } from '../../db/client';
import { notFound, unprocessable } from '../../http/errors';
import { hashPassword, verifyPassword } from '../auth/password';
import { checkPasswordThrottled } from '../auth/login-throttle';
import { rotateSession, type Rotation, type StartedSession } from '../session-rotation/rotate-session';
import type { UserRow } from '../../db/rows';
import { deleteUserSessions } from '../auth/queries';
import { forgetTrustedDevices } from '../auth/trusted-devices';
import {
  createCustomer,
  isEmailTaken,
  invalidateResetTokens,
  isEmailUniqueViolation,
  updatePasswordDigest,
  updateUserAddress,
  updateUserProfile,
} from './repo';
import { listAddressInputs } from '../pricing/queries';

/**
 * Customer sign-up (POST /api/users): the customer and their address in one transaction, then the
 * request's session rotates to the new account (a guest's answers and bookings come along).
 */
export async function signUpCustomer(
  db: Db,
  input: CustomerSignUp,
  rotation: Omit<Rotation, 'user' | 'endUserSessions'>,
): Promise<Awaited<ReturnType<typeof createCustomer>> & { started: StartedSession }> {
  const { password, passwordConfirmation: _confirmation, address, ...fields } = input;
  if (await isEmailTaken(db, fields.email)) throw unprocessable(MESSAGES.emailTaken);
  let created;
  try {
    created = await createCustomer(db, { ...fields, passwordDigest: await hashPassword(password) }, address);
  } catch (err) {
    // Two sign-ups racing for one email: the unique index decides.
    if (isEmailUniqueViolation(err)) throw unprocessable(MESSAGES.emailTaken);
    throw err;
  }
  return { ...created, started: await rotateSession(db, { ...rotation, user: created.user }) };
}

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
    /** The request's device cookie: a trusted device is throttled on its own, and stays trusted. */
    device?: string | undefined;
    currentPassword: string;
    newPassword: string;
    now: Date;
  },
): Promise<UserRow> {
  const { user, ip, now } = opts;
  const ok = await checkPasswordThrottled(
    db,
    { email: user.email, ip, now, action: 'password', device: opts.device },
    () => verifyPassword(user.passwordDigest, opts.currentPassword),
  );
  if (!ok) throw unprocessable(MESSAGES.currentPasswordIncorrect);
  const updated = await updatePasswordDigest(db, user.id, await hashPassword(opts.newPassword), now);
  if (!updated) throw notFound();
  await deleteUserSessions(db, user.id, opts.keepSessionId);
  await invalidateResetTokens(db, user.id, now);
  await forgetTrustedDevices(db, user.id, opts.device);
  return updated;
}

/**
 * Updates one of the user's addresses, with its saved pricing answers. Only the user's own address
 * matches: another user's, or a vendor's business address, is "not found" alike.
 */
export async function updateAddress(
  db: Db,
  addressId: number,
  userId: number,
  input: AddressInput,
  now: Date,
) {
  const address = await updateUserAddress(db, addressId, userId, input, now);
  if (!address) throw notFound();
  return { address, inputs: await listAddressInputs(db, address.id) };
}
