/**
 * Password guesses are throttled (ADR 0005, issue 14): every check of a password — sign-in, password
 * change, and each "confirm with your password" action — goes through `checkPasswordThrottled`, which
 * counts the attempt BEFORE the password is hashed, in PostgreSQL (every instance counts together):
 *
 * - per address and account pair: 5 wrong guesses in 15 minutes, then that address waits for that
 *   account until the window ends (the guesser is stopped, the owner elsewhere is not);
 * - per address: 30 guesses in 15 minutes over all accounts (credential stuffing from one address);
 * - per account, from anywhere: after 5 wrong guesses each further attempt waits 1 s, 2 s, 4 s… up to
 *   a minute after the previous one — a slower backoff, never a lock-out of the owner.
 *
 * Each counter changes atomically with its row locked, so simultaneous guesses cannot all pass.
 * A correct password gives the address its attempt back and clears the pair's and the account's counts.
 *
 * A browser that signed in to the account before (a trusted device, issue 23 #21: its cookie's token is
 * kept hashed in PostgreSQL with the account) is counted on its own instead: 5 wrong guesses in 15
 * minutes per device, and none of the address's or account's counts, so guessers behind the owner's
 * office or carrier address can neither lock the owner out nor slow them down. A forged token names no
 * device of the account and is throttled like no token at all.
 */
import type { Db } from '../../db/client';
import { tooManyRequests } from '../../http/errors';
import { findTrustedDevice } from './trusted-devices';
import { claimWithBackoff, clear, hit, refund, type Backoff, type Window } from '../rate-limits/queries';

const FIFTEEN_MINUTES = 15 * 60_000;
export const PASSWORD_THROTTLE = {
  perPair: { limit: 5, windowMs: FIFTEEN_MINUTES } satisfies Window,
  perAddress: { limit: 30, windowMs: FIFTEEN_MINUTES } satisfies Window,
  /** A trusted device's own limit, instead of the address's and account's. */
  perDevice: { limit: 5, windowMs: FIFTEEN_MINUTES } satisfies Window,
  perAccount: {
    free: 5,
    windowMs: FIFTEEN_MINUTES,
    baseDelayMs: 1_000,
    maxDelayMs: 60_000,
  } satisfies Backoff,
};

const buckets = (email: string, ip: string) => {
  const account = email.trim().toLowerCase();
  return {
    address: `password:ip:${ip}`,
    pair: `password:pair:${ip}:${account}`,
    account: `password:account:${account}`,
  };
};

/**
 * Runs `check` (the password verification) only if the throttles allow one more guess for this account
 * from this address; throws a 429 with Retry-After otherwise. Answers what `check` answered.
 */
export async function checkPasswordThrottled(
  db: Db,
  attempt: {
    email: string;
    ip: string;
    now: Date;
    /** What a refusal says was throttled: a sign-in, or a password asked again by a signed-in user. */
    action: 'signIn' | 'password';
    /** The request's device cookie: a trusted device of this account is counted on its own. */
    device?: string | undefined;
  },
  check: () => Promise<boolean>,
): Promise<boolean> {
  const { now } = attempt;
  const b = buckets(attempt.email, attempt.ip);
  const refused = (retryAt: Date) => tooManyRequests(attempt.action, retryAt, now);

  const deviceId = await findTrustedDevice(db, attempt.device, attempt.email, now);
  if (deviceId !== null) {
    const bucket = `password:device:${deviceId}`;
    const device = await hit(db, bucket, PASSWORD_THROTTLE.perDevice, now);
    if (!device.allowed) throw refused(device.resetAt);
    const ok = await check();
    // The owner proved who they are on their device; the guessers' counts are left as they are.
    if (ok) await clear(db, bucket);
    return ok;
  }

  const address = await hit(db, b.address, PASSWORD_THROTTLE.perAddress, now);
  if (!address.allowed) throw refused(address.resetAt);
  const pair = await hit(db, b.pair, PASSWORD_THROTTLE.perPair, now);
  if (!pair.allowed) {
    await refund(db, b.address);
    throw refused(pair.resetAt);
  }
  const account = await claimWithBackoff(db, b.account, PASSWORD_THROTTLE.perAccount, now);
  if (!account.allowed) {
    await refund(db, b.address);
    await refund(db, b.pair);
    throw refused(account.retryAt);
  }

  const ok = await check();
  if (ok) {
    await refund(db, b.address);
    await clearPasswordFailures(db, attempt.email, attempt.ip);
  }
  return ok;
}

/** The owner proved who they are (a correct password, a reset through their mailbox): counts start over. */
export async function clearPasswordFailures(db: Db, email: string, ip: string): Promise<void> {
  const b = buckets(email, ip);
  await clear(db, b.pair);
  await clear(db, b.account);
}
