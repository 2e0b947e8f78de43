/**
 * Login attempts are limited per account and per address (ADR 0005). Counted in the database,
 * so every instance sees the same numbers.
 */
import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginAttempts } from '../../db/schema';

export const LOGIN_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 30;

export async function isLoginThrottled(db: Db, email: string, ip: string, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS);
  const failures = (column: typeof loginAttempts.email | typeof loginAttempts.ip, value: string) =>
    db
      .select({ n: count() })
      .from(loginAttempts)
      .where(and(eq(column, value), eq(loginAttempts.succeeded, false), gt(loginAttempts.createdAt, since)));
  const [[byAccount], [byAddress]] = await Promise.all([
    failures(loginAttempts.email, email),
    failures(loginAttempts.ip, ip),
  ]);
  return (byAccount?.n ?? 0) >= MAX_FAILURES_PER_ACCOUNT || (byAddress?.n ?? 0) >= MAX_FAILURES_PER_ADDRESS;
}

export async function recordLoginAttempt(db: Db, email: string, ip: string, succeeded: boolean, now: Date) {
  await db.insert(loginAttempts).values({ email, ip, succeeded, createdAt: now });
  if (succeeded) {
    // A successful sign-in clears the account's earlier failures.
    await db
      .delete(loginAttempts)
      .where(and(eq(loginAttempts.email, email), eq(loginAttempts.succeeded, false)));
  }
}

export async function pruneLoginAttempts(db: Db, now: Date) {
  await db
    .delete(loginAttempts)
    .where(lt(loginAttempts.createdAt, new Date(now.getTime() - LOGIN_WINDOW_MS)));
}
