/**
 * The signed-in user's password asked again before a sensitive change (users, vendors, calendar sync):
 * in the auth module, below them all, beside the login throttle it counts against.
 */
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/rows';
import { unprocessable } from '../../http/errors';
import { checkPasswordThrottled } from './login-throttle';
import { verifyPassword } from './password';

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
    /** The request's device cookie (a trusted device is throttled on its own). */
    device?: string | undefined;
    now: Date;
    required: string;
    incorrect: string;
  },
): Promise<void> {
  const { user, ip, now } = opts;
  if (!opts.password) throw unprocessable(opts.required);
  const password = opts.password;
  const ok = await checkPasswordThrottled(
    db,
    { email: user.email, ip, now, action: 'password', device: opts.device },
    () => verifyPassword(user.passwordDigest, password),
  );
  if (!ok) throw unprocessable(opts.incorrect);
}
